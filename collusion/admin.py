"""Staff read the collusion monitor: the pairs of accounts (flagged ones first, by their test statistic)
and, per pair, the matches and the decisions that make its case. Read-only: the monitor only points;
what to do about a pair is a decision staff take elsewhere (nothing is banned automatically)."""

from __future__ import annotations

import math
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from collusion import selectors
from collusion.models import CollusionPair
from collusion.services import threshold
from games.ai.collusion import statistic


@admin.register(CollusionPair)
class CollusionPairAdmin(admin.ModelAdmin):
    list_display = (
        "id",
        "user_low",
        "user_high",
        "z",
        "effect",
        "flagged",
        "matches",
        "deals",
        "decisions",
        "shared_addresses",
        "shared_devices",
        "updated_at",
    )
    list_display_links = ("id", "user_low", "user_high")
    list_filter = ("flagged",)
    search_fields = ("user_low__username", "user_high__username")
    ordering = ("-flagged", "-z", "id")
    list_select_related = ("user_low", "user_high")
    fields = (
        "user_low",
        "user_high",
        "z",
        "effect",
        "threshold",
        "flagged",
        "matches",
        "tables",
        "deals",
        "scored_deals",
        "decisions",
        "total",
        "shared_addresses",
        "shared_devices",
        "common_origins",
        "updated_at",
        "evidence",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # pairs come only from the projection

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the next projection of their matches would bring the pair back

    @admin.display(description="effect (z / √deals scored)")
    def effect(self, obj: CollusionPair) -> str:
        return f"{obj.z / math.sqrt(obj.scored_deals):.2f}" if obj.scored_deals else "-"

    @admin.display(description="flagged at")
    def threshold(self, obj: CollusionPair) -> str:
        return f"z >= {threshold()} with an effect of at least {statistic.EFFECT}"

    @admin.display(description="tables together")
    def tables(self, obj: CollusionPair) -> str:
        t = selectors.pair_tables(obj)
        return (
            f"{t.together} together; {t.low} and {t.high} matches in all "
            f"({100 * t.share:.0f}% of the fewer played together)"
        )

    @admin.display(description="addresses and devices both used")
    def common_origins(self, obj: CollusionPair) -> str:
        addresses, devices = selectors.common_origins(obj)
        return (
            f"addresses: {', '.join(addresses) or 'none'}; device signatures: {', '.join(devices) or 'none'}"
        )

    @admin.display(description="evidence")
    def evidence(self, obj: CollusionPair) -> SafeString:
        return SafeString(
            render_to_string("admin/collusion/evidence.html", {"matches": selectors.pair_matches(obj)})
        )
