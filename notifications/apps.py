from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_out

        # Imported for what they register: the system checks and the Celery task (enqueued by name).
        from games.signals import turn_due
        from notifications import checks, tasks  # noqa: F401
        from notifications.receivers import on_logged_out, on_turn_due

        turn_due.connect(on_turn_due, dispatch_uid="notifications.your_turn")
        user_logged_out.connect(on_logged_out, dispatch_uid="notifications.push_forget")
