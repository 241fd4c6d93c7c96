from django.apps import AppConfig


class AnalysisConfig(AppConfig):
    name = "analysis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from analysis import projection, tasks  # noqa: F401  (tasks: registered for the workers)
        from games.projections import Projection, projection_register

        projection_register(Projection(name="analysis", wipe=projection.wipe, rebuild=projection.rebuild))
