from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts import checks  # noqa: F401  (registers the deploy check)
        from accounts.claims import claim_on_login

        user_logged_in.connect(claim_on_login, dispatch_uid="accounts.claim_on_login")
