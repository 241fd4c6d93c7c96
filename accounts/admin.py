from django.contrib import admin
from django.contrib.auth.admin import UserAdmin

from accounts.forms import AdminPlayerChangeForm, AdminPlayerCreationForm
from accounts.models import User


@admin.register(User)
class PlayerAdmin(UserAdmin):
    # Staff cannot give an account an AI's name either (accounts.forms.PlayerNamesMixin).
    form = AdminPlayerChangeForm
    add_form = AdminPlayerCreationForm
    list_display = ("username", "display_name", "email", "is_staff", "date_joined")
    search_fields = ("username", "display_name", "email")
    fieldsets = (*(UserAdmin.fieldsets or ()), ("Player", {"fields": ("display_name",)}))
    add_fieldsets = (*UserAdmin.add_fieldsets, ("Player", {"fields": ("display_name",)}))
