from django.apps import AppConfig


class FriendsConfig(AppConfig):
    name = "friends"
    default_auto_field = "django.db.models.BigAutoField"
