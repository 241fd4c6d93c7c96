from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    name = "leaderboard"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.results.projections import Projection, projection_register
        from games.signals import match_finished, match_published
        from leaderboard import projection
        from leaderboard.receivers import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="leaderboard.save_match")
        # A duplicate round's table is saved when its round is released, not when it finishes.
        match_published.connect(on_match_finished, dispatch_uid="leaderboard.save_published_match")
        projection_register(
            Projection(
                name=projection.NAME,
                wipe=projection.wipe,
                rebuild=projection.rebuild,
                withdraw=projection.withdraw,
                apply=projection.apply,
            )
        )
