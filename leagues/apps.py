from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from games.seating import seat_rule_register
        from games.signals import match_finished
        from leagues.receivers import on_match_finished
        from leagues.seating import league_seat_rule

        match_finished.connect(on_match_finished, dispatch_uid="leagues.project_match")
        seat_rule_register(league_seat_rule)
