from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    name = "leagues"
    default_auto_field = "django.db.models.BigAutoField"
