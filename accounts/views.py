from __future__ import annotations

import math
from typing import Any

from axes.helpers import get_cool_off
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.forms import EmailChangeForm, RegisterForm
from accounts.models import User
from accounts.recovery import password_reset_completed
from accounts.services import user_email_change, user_register
from accounts.throttles import email_change_allowed, registration_allowed
from accounts.verification import Outcome, verification_confirm, verification_send

MODEL_BACKEND = "django.contrib.auth.backends.ModelBackend"


def register(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("profile")
    form = RegisterForm(request.POST or None)
    if request.method == "POST" and not registration_allowed(request):
        return render(request, "accounts/register.html", {"form": form, "throttled": True}, status=429)
    if request.method == "POST" and form.is_valid():
        user = user_register(
            username=form.cleaned_data["username"],
            display_name=form.cleaned_data["display_name"],
            password=form.cleaned_data["password1"],
            email=form.cleaned_data["email"],
        )
        login(request, user, backend=MODEL_BACKEND)
        _send_verification(request, user)
        return redirect("profile")
    return render(request, "accounts/register.html", {"form": form})


def _send_verification(request: HttpRequest, user: User) -> None:
    # The profile, where both views lead, says that the link is on its way.
    verification_send(user=user, base_url=request.build_absolute_uri("/"))


def email_verify(request: HttpRequest, token: str) -> HttpResponse:
    """A verification link followed: the address is confirmed, or a page says why not."""
    outcome, user = verification_confirm(token)
    status = 200 if outcome is Outcome.VERIFIED else 400
    return render(
        request, "accounts/email_verify.html", {"outcome": outcome.value, "verified": user}, status=status
    )


@login_required
@require_POST
def email_verify_resend(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    if user.email_verified:
        messages.info(request, _("Your e-mail address is already confirmed."))
    elif verification_send(user=user, base_url=request.build_absolute_uri("/")):
        messages.info(request, _("We sent a new link to %(email)s.") % {"email": user.email})
    else:
        messages.warning(
            request, _("A link was sent a moment ago: please check your inbox, or try again in a minute.")
        )
    return redirect("profile")


@login_required
def email_change(request: HttpRequest) -> HttpResponse:
    user: Any = request.user
    form = EmailChangeForm(request.POST or None, instance=User.objects.get(pk=user.pk))
    if request.method == "POST" and not email_change_allowed(request):
        # an unbound form: a bound one would tell, in its errors, whether the address is taken
        unbound = EmailChangeForm(instance=User.objects.get(pk=user.pk))
        return render(request, "accounts/email_change.html", {"form": unbound, "throttled": True}, status=429)
    if request.method == "POST" and form.is_valid():
        changed = user_email_change(user=user, email=form.cleaned_data["email"])
        if changed:
            _send_verification(request, user)
        return redirect("profile")
    return render(request, "accounts/email_change.html", {"form": form})


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """Django's, and then the reset lifts the username's login lockout and logs the player in (a
    login through the form could be locked again by a stranger meanwhile)."""

    template_name = "accounts/password_reset_confirm.html"
    post_reset_login = True
    post_reset_login_backend = MODEL_BACKEND

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        password_reset_completed(form.user)
        return response


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """django-axes' answer to a locked-out login (site or admin): a page that says why, and for how long."""
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else 0
    return render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
