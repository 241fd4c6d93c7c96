from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "friends"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from friends.seating import blocked_seat_rule
        from games.identity.seating import seat_rule_register

        seat_rule_register(blocked_seat_rule)
