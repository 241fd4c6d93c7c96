from django.apps import AppConfig


class ChatConfig(AppConfig):
    name = "chat"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from chat.socket import ChatTalk
        from games.live.talk import talk_register

        talk_register(ChatTalk())
