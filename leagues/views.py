"""League pages. Reads through selectors, writes through services; refusals show on the page with their
HTTP status (403 not invited, 409 already a member or season over, ...)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any, cast

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_POST

from accounts.models import User
from games import packs
from games.ai import DEFAULT_VERSION
from games.catalog.ai_strength import ai_choices
from games.catalog.ai_words import choice_label, level_label, version_name
from games.catalog.option_meta import option_fields
from games.catalog.params import whole_number
from games.catalog.titles import game_title
from games.engine import available_games, get_rules
from games.errors import GameError
from games.identity.browser import request_origin
from games.live.actors import actor_from_request
from leagues import selectors, services
from leagues.models import Access, League, Scoring
from leagues.seasons import MAX_SEASON_DAYS, season_dates_check


class DateInput(forms.DateInput):
    """An <input type=date>: its value is always ISO (2026-11-30), whatever the page's language."""

    input_type = "date"

    def __init__(self, attrs: dict[str, Any] | None = None) -> None:
        super().__init__(attrs, format="%Y-%m-%d")


def _option_field(field: dict[str, Any]) -> forms.Field:
    """A form field for one rule option (games/catalog/option_meta.py); the engine's normalize_options judges
    the value, so the bounds only guide the input."""
    label, default = field["label"], field["default"]
    help_text = field.get("help", "")
    if field["kind"] == "bool":
        return forms.BooleanField(label=label, required=False, initial=default, help_text=help_text)
    if field["kind"] == "choice":
        coerce: Callable[[Any], Any] = type(default)
        choices = [(value, text) for value, text in field["choices"]]
        return forms.TypedChoiceField(
            label=label, choices=choices, coerce=coerce, initial=default, help_text=help_text
        )
    if field["kind"] == "number":
        bounds: dict[str, Any] = {k: field[k] for k in ("min", "max") if k in field}
        return forms.IntegerField(
            label=label, initial=default, help_text=help_text, widget=forms.NumberInput(attrs=bounds)
        )
    return forms.CharField(label=label, initial=default, help_text=help_text)


class LeagueForm(forms.Form):
    """The rule options of every game are fields named opt_<game>_<key>, grouped per game on the page;
    only the chosen game's are read (and required)."""

    name = forms.CharField(label=_("Name"), max_length=services.MAX_NAME)
    game = forms.ChoiceField(label=_("Game"))
    starts_on = forms.DateField(label=_("Season start"), widget=DateInput)
    ends_on = forms.DateField(label=_("Season end"), widget=DateInput)
    access = forms.ChoiceField(
        label=_("Joining"), choices=[(Access.OPEN, _("open")), (Access.INVITE, _("invite only"))]
    )
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=[
            (Scoring.TOTAL, _("total points")),
            (Scoring.AVERAGE, _("average per match")),
            (Scoring.WINS, _("match wins")),
        ],
    )
    recurs = forms.BooleanField(label=_("Start the next season when one ends"), required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        games = cast(forms.ChoiceField, self.fields["game"])
        names = packs.names()
        games.choices = [(g, game_title(g)) for g in names]
        chosen = self.data.get("game") if self.is_bound else None
        self.option_keys: dict[str, list[str]] = {}
        for game in names:
            self.option_keys[game] = []
            # The league's AI level, per game (each has its own levels), fixed with the league.
            self.fields[f"ai_{game}"] = forms.ChoiceField(
                label=_("AI level of the league's tables"),
                choices=_ai_levels(game),
                initial=DEFAULT_VERSION,
                required=False,  # not sent: Anton
            )
            for field in option_fields(game):
                name = f"opt_{game}_{field['key']}"
                self.fields[name] = _option_field(field)
                self.fields[name].required = field["kind"] != "bool" and game == chosen
                self.option_keys[game].append(name)
        today = timezone.localdate()
        ends = cast(forms.DateField, self.fields["ends_on"])
        ends.widget.attrs["max"] = (today + dt.timedelta(days=MAX_SEASON_DAYS - 1)).isoformat()
        if not self.is_bound:
            self.initial.setdefault("starts_on", today)
            self.initial.setdefault("ends_on", today + dt.timedelta(days=27))

    def base_fields_shown(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if not name.startswith(("opt_", "ai_"))]

    def option_groups(self) -> list[dict[str, Any]]:
        return [
            {
                "game": game,
                "title": game_title(game),
                "ai_level": self[f"ai_{game}"],
                "fields": [self[name] for name in names],
            }
            for game, names in self.option_keys.items()
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("starts_on") and data.get("ends_on"):
            try:
                season_dates_check(
                    starts_on=data["starts_on"], ends_on=data["ends_on"], today=timezone.localdate()
                )
            except ValidationError as exc:
                self.add_error("ends_on", exc)
        game = data.get("game", "")
        prefix = f"opt_{game}_"
        data["options"] = {
            name[len(prefix) :]: data[name] for name in self.option_keys.get(game, []) if name in data
        }
        data["ai_version"] = data.get(f"ai_{game}") or None
        for game_, names in self.option_keys.items():
            data.pop(f"ai_{game_}", None)
            for name in names:
                data.pop(name, None)
        return data


def _user(request: HttpRequest) -> User:
    return cast(User, request.user)


@ensure_csrf_cookie
def league_index(request: HttpRequest) -> HttpResponse:
    form = LeagueForm(request.POST or None) if request.user.is_authenticated else None
    status = 200
    if request.method == "POST":
        if form is None:
            return render(request, "leagues/index.html", _index_context(None), status=403)
        if form.is_valid():
            try:
                league = services.league_create(creator=_user(request), **form.cleaned_data)
            except GameError as exc:
                form.add_error(None, exc.message)
                status = exc.status
            else:
                return HttpResponseRedirect(reverse("league", args=[league.pk]))
        else:
            status = 400
    return render(request, "leagues/index.html", _index_context(form), status=status)


def _index_context(form: LeagueForm | None) -> dict[str, Any]:
    leagues = [
        {"league": lg, "title": game_title(lg.game), "season": selectors.current_season(lg)}
        for lg in selectors.league_list()
    ]
    return {"leagues": leagues, "form": form}


def _detail(request: HttpRequest, league: League, *, error: str = "", status: int = 200) -> HttpResponse:
    try:
        number = whole_number(request.GET.get("season"), name="season")
    except GameError as exc:  # the page still shows, with the current season
        number, error, status = None, exc.message, exc.status
    season = selectors.season_for(league, number)
    user = request.user
    players = get_rules(league.game).players(league.options) if league.game in available_games() else 0
    context = {
        "league": league,
        "title": game_title(league.game),
        "season": season,
        "seasons": selectors.league_seasons(league),
        "rows": [
            # the AI versions the row's results were against, by name (a frozen table may not know)
            {**row, "against": ", ".join(version_name(v) for v in row.get("opponent_ai_versions", []))}
            for row in (selectors.season_table(season) if season else [])
        ],
        "members": selectors.league_members(league),
        "is_member": selectors.is_member(league, user),
        "is_manager": selectors.is_manager(league, user),
        "invitation": selectors.pending_invitation(league, user),
        "can_invite": selectors.is_manager(league, user)
        or (league.access == Access.OPEN and selectors.is_member(league, user)),
        "ai_choices": list(range(players)),
        "ai_level": level_label(league.game, league.ai_version) if league.game in available_games() else "",
        "error": error,
    }
    return render(request, "leagues/detail.html", context, status=status)


def _ai_levels(game: str) -> list[tuple[str, str]]:
    """The AI levels a member may seat at a league table, each with its figure in words."""
    if game not in available_games():
        return []
    return [(c.version, choice_label(c)) for c in ai_choices(game)]


@ensure_csrf_cookie
def league_detail(request: HttpRequest, league_id: int) -> HttpResponse:
    return _detail(request, get_object_or_404(League, pk=league_id))


@require_POST
def league_join(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    try:
        services.league_join(league_id=league.pk, user=_user(request))
    except GameError as exc:
        return _detail(request, league, error=exc.message, status=exc.status)
    return HttpResponseRedirect(reverse("league", args=[league.pk]))


@require_POST
def league_invite(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    try:
        invitation = services.invitation_create(
            league_id=league.pk, inviter=_user(request), username=request.POST.get("username", "").strip()
        )
    except GameError as exc:
        return _detail(request, league, error=exc.message, status=exc.status)
    invitee = invitation.user
    messages.success(
        request,
        _("Invitation sent to %(name)s. They see it in their lobby and on this page.")
        % {"name": invitee.display_name or invitee.get_username()},
    )
    return HttpResponseRedirect(reverse("league", args=[league.pk]))


@require_POST
def league_decline(request: HttpRequest, league_id: int) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    try:
        services.invitation_decline(league_id=league.pk, user=_user(request))
    except GameError as exc:
        return _detail(request, league, error=exc.message, status=exc.status)
    messages.success(request, _("Invitation declined."))
    # from the lobby's list back to the lobby; from the league page back to it
    back = "/" if request.POST.get("next") == "/" else reverse("league", args=[league.pk])
    return HttpResponseRedirect(back)


@require_POST
def league_table(request: HttpRequest, league_id: int) -> HttpResponse:
    """'Open a league table': seat 0 for the opener, then free seats for members, then AI seats."""
    league = get_object_or_404(League, pk=league_id)
    n = get_rules(league.game).players(league.options)
    try:
        ai = whole_number(request.POST.get("ai_seats", "0"), name="ai_seats")
    except GameError:
        ai = None
    if ai is None or not 0 <= ai < n:
        return _detail(
            request, league, error=str(_("Choose how many AI players sit at the table.")), status=400
        )
    version = request.POST.get("ai_version") or None  # the league's own level; another is refused
    seats = ["human"] * (n - ai) + ["ai"] * ai
    try:
        match = services.league_table_open(
            league_id=league.pk,
            user=_user(request),
            seats=seats,
            ai_version=version,
            origin=request_origin(request),
        )
    except GameError as exc:
        return _detail(request, league, error=exc.message, status=exc.status)
    return HttpResponseRedirect(reverse("table", args=[match.pk]))


def league_player(request: HttpRequest, league_id: int, username: str) -> HttpResponse:
    league = get_object_or_404(League, pk=league_id)
    # a NUL no account has, and PostgreSQL cannot even compare
    player = None if "\x00" in username else User.objects.filter(username=username).first()
    if player is None:
        raise Http404("no such player")
    context = {
        "league": league,
        "player": player,
        "name": selectors.display_name(player),
        "matches": [
            {**row, "ai": level_label(league.game, row["ai_version"]) if row["ai_version"] else ""}
            for row in selectors.player_league_matches(league, player, actor_from_request(request))
        ],
        "ratings": selectors.ratings_for_user(player),
    }
    return render(request, "leagues/player.html", context)
