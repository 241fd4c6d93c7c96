from django.apps import AppConfig


class ChallengesConfig(AppConfig):
    name = "challenges"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from challenges import projection
        from games.results.projections import Projection, projection_register
        from games.signals import match_finished

        # An entry is ranked the moment its match finishes, embargo or not: only its own player (and
        # the results pages' figures, never the log) learn of it before the challenge closes.
        match_finished.connect(projection.on_match_finished, dispatch_uid="challenges.entry_finished")
        projection_register(
            Projection(
                name=projection.NAME, wipe=projection.wipe, rebuild=projection.rebuild, apply=projection.apply
            )
        )
