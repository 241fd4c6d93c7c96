from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out

        # Imported for what they register: the system checks and the Celery task (enqueued by name).
        from games.signals import turn_due, turn_overdue
        from notifications import checks, tasks  # noqa: F401
        from notifications.receivers import on_logged_out, on_turn_due, on_turn_overdue

        turn_due.connect(on_turn_due, dispatch_uid="notifications.your_turn")
        turn_overdue.connect(on_turn_overdue, dispatch_uid="notifications.turn_overdue")
        user_logged_out.connect(on_logged_out, dispatch_uid="notifications.push_forget")
