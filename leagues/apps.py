from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.identity.seating import seat_rule_register
        from games.results.projections import Projection, projection_register, published_at_register
        from games.signals import match_abandoned, match_finished, match_published
        from games.store.archive import ArchiveLink, archive_link_register
        from leagues import archive, projection
        from leagues.receivers import on_match_finished
        from leagues.seating import league_seat_rule

        match_finished.connect(on_match_finished, dispatch_uid="leagues.project_match")
        # A duplicate round's table counts when its round is released, not when it finishes.
        match_published.connect(on_match_finished, dispatch_uid="leagues.project_published_match")
        # An abandoned table projects nothing, but the last table of a round to end releases the round.
        match_abandoned.connect(on_match_finished, dispatch_uid="leagues.release_on_abandon")
        seat_rule_register(league_seat_rule)
        projection_register(
            Projection(
                name=projection.NAME,
                wipe=projection.wipe,
                rebuild=projection.rebuild,
                withdraw=projection.withdraw,
                apply=projection.apply,
            )
        )
        published_at_register("leagues.round_released_at", projection.round_released_at)
        archive_link_register(
            ArchiveLink(
                name="leagues",
                export=archive.league_link_export,
                restore=archive.league_link_restore,
                verify=archive.league_link_verify,
            )
        )
