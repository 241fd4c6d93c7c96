from django.apps import AppConfig


class LeaderboardConfig(AppConfig):
    name = "leaderboard"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.signals import match_finished
        from leaderboard.receivers import on_match_finished

        match_finished.connect(on_match_finished, dispatch_uid="leaderboard.save_match")
