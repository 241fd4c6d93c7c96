from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from accounts.forms import AdminPlayerChangeForm, AdminPlayerCreationForm
from accounts.models import User
from games.models import AccountLink


@admin.register(User)
class PlayerAdmin(UserAdmin):
    # Staff cannot give an account an AI's name either (accounts.forms.PlayerNamesMixin).
    form = AdminPlayerChangeForm
    add_form = AdminPlayerCreationForm
    list_display = ("username", "display_name", "email", "is_staff", "date_joined")
    search_fields = ("username", "display_name", "email")
    fieldsets = (
        *(UserAdmin.fieldsets or ()),
        ("Player", {"fields": ("display_name", "email_verified_at")}),
        ("One person, one entry", {"fields": ("linked_accounts",)}),
    )
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Player", {"fields": ("display_name",)}))
    readonly_fields = ("linked_accounts",)

    @admin.display(description="Linked accounts")
    def linked_accounts(self, user: User) -> str:
        """The accounts that look like this one's person's (games.identity.entries), and why."""
        links = AccountLink.objects.filter(Q(user_a=user) | Q(user_b=user)).select_related("user_a", "user_b")
        rows = [
            (
                reverse("admin:games_accountlink_changelist") + f"?q={other.get_username()}",
                other.get_username(),
                link.get_reason_display(),
                "cleared" if link.cleared_at else "counts",
            )
            for link in links.order_by("-last_seen")
            for other in [link.user_b if link.user_a_id == user.pk else link.user_a]
        ]
        if not rows:
            return "none"
        return format_html("<ul>{}</ul>", format_html_join("", '<li><a href="{}">{}</a>: {} ({})</li>', rows))
