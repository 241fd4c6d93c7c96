from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "friends"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from friends.seating import blocked_seat_rule
        from friends.selectors import is_blocked
        from games.identity.seating import seat_rule_register
        from notifications.mutes import mute_rule_register

        seat_rule_register(blocked_seat_rule)
        # Nothing notifies a player of anything from a player either of them blocked (a league invitation).
        mute_rule_register(is_blocked)
