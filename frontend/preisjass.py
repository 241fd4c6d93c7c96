"""The Preisjass quick start (seed 003): one page that opens a run against three AIs. It is the site's
only quick start so far; the templates find it in frontend.quickstarts, never by the game's name."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import ensure_csrf_cookie

from frontend.quickstarts import QuickStart
from frontend.views import page_context

QUICK_START = QuickStart(game="preisjass", url_name="preisjass", label=_("Preisjass quick start"))


@ensure_csrf_cookie
def quick_start(request: HttpRequest) -> HttpResponse:
    return render(request, "frontend/preisjass.html", page_context(request))
