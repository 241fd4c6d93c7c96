from django.contrib import admin

from notifications.models import ChannelSetting, Notification, PushSubscription


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "created_at", "read_at", "in_site", "mailed_at", "pushed_at")
    list_filter = ("kind", "in_site")
    search_fields = ("user__username", "key")
    raw_id_fields = ("user",)
    readonly_fields = ("key", "params", "created_at", "mailed_at", "pushed_at")


@admin.register(ChannelSetting)
class ChannelSettingAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "channel", "enabled")
    list_filter = ("kind", "channel", "enabled")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)


@admin.register(PushSubscription)
class PushSubscriptionAdmin(admin.ModelAdmin):
    """The endpoint is a capability (whoever has it can send to the browser): staff see the service only."""

    list_display = ("user", "service", "created_at", "last_success_at", "last_failure_at", "last_failure")
    search_fields = ("user__username",)
    raw_id_fields = ("user",)
    fields = ("user", "service", "created_at", "last_success_at", "last_failure_at", "last_failure")
    readonly_fields = fields

    @admin.display(description="push service")
    def service(self, obj: PushSubscription) -> str:
        return obj.endpoint.split("/")[2] if obj.endpoint.count("/") >= 2 else ""

    def has_add_permission(self, request: object) -> bool:
        return False
