import threading

from django.apps import AppConfig
from django.conf import settings


class AnalysisConfig(AppConfig):
    name = "analysis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from analysis import projection, tasks  # noqa: F401  (tasks: registered for the workers)
        from analysis.running import embedded_sweep_loop
        from analysis.services import on_match_finished
        from games.results.projections import Projection, projection_register
        from games.signals import match_finished, match_published

        # With ANALYSIS_ON_FINISH every finished (or released) match is analysed without being asked.
        match_finished.connect(on_match_finished, dispatch_uid="analysis.on_finish")
        match_published.connect(on_match_finished, dispatch_uid="analysis.on_publish")
        projection_register(Projection(name="analysis", wipe=projection.wipe, rebuild=projection.rebuild))
        # The embedded server (scripts/serve) runs the periodic work in threads, beat's in Celery.
        if settings.AI_RUNNER == "thread" and settings.WATCHDOG_THREAD:
            threading.Thread(target=embedded_sweep_loop, name="analysis-sweep", daemon=True).start()
