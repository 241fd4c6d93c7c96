from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from games.names import reserved_reason


class RegisterForm(UserCreationForm):
    display_name = forms.CharField(
        label=_("Display name"), max_length=40, help_text=_("Shown at the table and on leaderboards.")
    )

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "display_name")

    def clean_username(self) -> str:
        username: str = super().clean_username()
        _refuse_reserved(username)
        return username

    def clean_display_name(self) -> str:
        name = " ".join(self.cleaned_data["display_name"].split())
        if not name:
            raise forms.ValidationError(_("A display name is required."))
        _refuse_reserved(name)
        return name


def _refuse_reserved(name: str) -> None:
    reason = reserved_reason(name)
    if reason is not None:
        raise forms.ValidationError(reason, code="name_reserved")
