from __future__ import annotations

import math
from typing import Any

from axes.helpers import get_cool_off
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import RegisterForm
from accounts.services import user_register
from accounts.throttles import registration_allowed


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
        )
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("profile")
    return render(request, "accounts/register.html", {"form": form})


def locked_out(request: HttpRequest, original_response: Any = None, credentials: Any = None) -> HttpResponse:
    """django-axes' answer to a locked-out login (site or admin): a page that says why, and for how long."""
    cool_off = get_cool_off(request)
    minutes = math.ceil(cool_off.total_seconds() / 60) if cool_off else 0
    return render(request, "accounts/locked_out.html", {"minutes": minutes}, status=429)
