from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django import forms
from django.contrib.auth.forms import (
    AdminUserCreationForm,
    PasswordResetForm,
    UserChangeForm,
    UserCreationForm,
)
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from accounts.verification import mail_allowed
from games.identity.names import AI_MARKERS, cleaned, reserved_match


class PlayerNamesMixin(forms.BaseForm):
    """Neither the username nor the display name may be, or look like, an AI's name or carry the AI
    marker; the display name is kept without invisible and BiDi control characters."""

    def clean_username(self) -> str:
        free = getattr(super(), "clean_username", None)  # the creation forms check it is not taken
        username: str = free() if free else self.cleaned_data["username"]
        _refuse_reserved(username)
        return username

    def clean_display_name(self) -> str:
        name = cleaned(self.cleaned_data["display_name"])
        if not name:
            raise forms.ValidationError(_("A display name is required."))
        _refuse_reserved(name)
        return name


class EmailFieldMixin(forms.BaseForm):
    """An e-mail address no other account has, compared without regard to case."""

    def clean_email(self) -> str:
        email = User.objects.normalize_email(self.cleaned_data["email"])
        others = User.objects.filter(email__iexact=email)
        instance = getattr(self, "instance", None)
        if instance is not None and instance.pk:
            others = others.exclude(pk=instance.pk)
        if others.exists():
            raise forms.ValidationError(
                _("An account with this e-mail address already exists."), code="email_taken"
            )
        return email


def email_field() -> forms.EmailField:
    return forms.EmailField(
        label=_("E-mail address"),
        max_length=254,
        help_text=_(
            "We send a link to confirm it, and on request one to reset your password. Never shown to others."
        ),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class RegisterForm(PlayerNamesMixin, EmailFieldMixin, UserCreationForm):
    display_name = forms.CharField(
        label=_("Display name"), max_length=40, help_text=_("Shown at the table and on leaderboards.")
    )
    email = email_field()

    class Meta(UserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "display_name", "email")


class EmailChangeForm(EmailFieldMixin, forms.ModelForm):
    """A new address for one's account (an account from before registration asked for one has none).
    It asks for the password: the address is where a reset link goes, so a borrowed or stolen session
    alone must not be able to redirect it and then take the account over."""

    email = email_field()
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    class Meta:
        model = User
        fields = ("email",)

    def clean_password(self) -> str:
        password = str(self.cleaned_data["password"])
        if not self.instance.check_password(password):
            raise forms.ValidationError(_("That is not your password."), code="wrong_password")
        return password


class PlayerPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending one account at most one mail a minute (anybody may type anybody's
    address, again and again); the page answers the same either way."""

    def get_users(self, email: str) -> Iterator[Any]:
        for user in super().get_users(email):
            if mail_allowed(user, "reset"):
                yield user


class AdminPlayerCreationForm(PlayerNamesMixin, AdminUserCreationForm):
    class Meta(AdminUserCreationForm.Meta):  # type: ignore[name-defined]
        model = User
        fields = ("username", "display_name")


class AdminPlayerChangeForm(PlayerNamesMixin, UserChangeForm):
    class Meta(UserChangeForm.Meta):  # type: ignore[name-defined]
        model = User


def _refuse_reserved(name: str) -> None:
    match = reserved_match(name)
    if match is None:
        return
    params: dict[str, Any] = {"ai": match.ai_name, "markers": ", ".join(AI_MARKERS)}
    if match.marker:
        message = _("A name may not contain the AI marker %(markers)s.")
    elif match.same:
        message = _("This is the name of an AI player (%(ai)s); choose another name.")
    else:
        message = _("This looks like %(ai)s, the name of an AI player; choose another name.")
    raise forms.ValidationError(message, code="name_reserved", params=params)
