from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import match_finished
        from leagues.receivers import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="leagues.project_match")
