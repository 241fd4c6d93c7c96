from django.apps import AppConfig


class CollusionConfig(AppConfig):
    name = "collusion"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from collusion import projection, tasks  # noqa: F401  (tasks: registered for the workers)
        from collusion.receivers import on_match_finished
        from games.results.projections import Projection, projection_register
        from games.signals import match_finished, match_published

        match_finished.connect(on_match_finished, dispatch_uid="collusion.on_finish")
        # A duplicate round's table is read when its round is released: its deals stay hidden until then.
        match_published.connect(on_match_finished, dispatch_uid="collusion.on_publish")
        projection_register(Projection(name="collusion", wipe=projection.wipe, rebuild=projection.rebuild))
