from django.contrib import admin

from friends.models import Block, Friendship, TableInvitation


@admin.register(Friendship)
class FriendshipAdmin(admin.ModelAdmin):
    list_display = ("asker", "asked", "created_at", "accepted_at")
    list_filter = ("accepted_at",)
    search_fields = ("asker__username", "asked__username")
    raw_id_fields = ("asker", "asked")


@admin.register(Block)
class BlockAdmin(admin.ModelAdmin):
    list_display = ("blocker", "blocked", "created_at")
    search_fields = ("blocker__username", "blocked__username")
    raw_id_fields = ("blocker", "blocked")


@admin.register(TableInvitation)
class TableInvitationAdmin(admin.ModelAdmin):
    list_display = ("sender", "recipient", "match", "created_at")
    search_fields = ("sender__username", "recipient__username")
    raw_id_fields = ("sender", "recipient", "match")
