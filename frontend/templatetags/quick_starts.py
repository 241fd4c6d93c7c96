"""The quick-start pages for the templates: `{% quick_starts as starts %}` (frontend.quickstarts)."""

from __future__ import annotations

from django import template

from frontend import preisjass
from frontend.quickstarts import QuickStart

register = template.Library()

QUICK_STARTS: tuple[QuickStart, ...] = (preisjass.QUICK_START,)


@register.simple_tag
def quick_starts() -> tuple[QuickStart, ...]:
    return QUICK_STARTS
