"""Nobody registers under an AI's name or with the AI marker (the leaderboard would show them as an AI,
or an AI's result as theirs), nor under a name that only looks like one: invisible characters inside it,
letters of another script drawn alike, a BiDi override."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from accounts.models import User
from accounts.services import user_register

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"


def register(username: str, display_name: str, language: str = "en"):
    return Client().post(
        "/accounts/register/",
        {
            "username": username,
            "display_name": display_name,
            "email": f"{username}@example.org",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.mark.parametrize(
    ("username", "display_name", "field", "reason"),
    [
        ("anna", "Anna Berger", "username", "is the name of an AI player"),
        ("ANTON", "Toni", "username", "is the name of an AI player"),
        ("otto", "  mia ", "display_name", "is the name of an AI player"),
        ("otto", "Ｐａｕｌ", "display_name", "is the name of an AI player"),
        ("otto", "Bernd", "display_name", "is the name of an AI player"),
        ("otto", "Otto (KI)", "display_name", "may not contain the AI marker"),
        ("otto", "Otto ( ai )", "display_name", "may not contain the AI marker"),
        ("otto", "Отто (ИИ)", "display_name", "may not contain the AI marker"),
    ],
)
def test_registration_refuses_ai_names_and_the_marker(username, display_name, field, reason) -> None:
    r = register(username, display_name)
    assert r.status_code == 200
    assert reason in " ".join(r.context["form"].errors[field])
    assert not User.objects.exists()


def test_the_service_refuses_them_on_its_own() -> None:
    with pytest.raises(ValidationError) as refused:
        user_register(username="ben", display_name="Ben (AI)", password=PASSWORD)
    assert set(refused.value.message_dict) == {"username", "display_name"}
    assert not User.objects.exists()


def test_names_that_merely_contain_an_ai_name_are_fine() -> None:
    assert register("annabelle", "Paula Mia Bengtsson").status_code == 302
    assert User.objects.get(username="annabelle").display_name == "Paula Mia Bengtsson"


@pytest.mark.parametrize(
    ("username", "display_name", "field", "reason"),
    [
        # The names of issue 27: invisible characters inside an AI's name, the marker in Greek letters.
        ("otto", "Anton\u200b", "display_name", "This is the name of an AI player (Anton)"),
        ("otto", "An\u00adna", "display_name", "This is the name of an AI player (Anna)"),
        ("otto", "An\u2060na", "display_name", "This is the name of an AI player (Anna)"),
        ("otto", "\u202eAnton", "display_name", "This is the name of an AI player (Anton)"),
        ("otto", "(ΚΙ)", "display_name", "may not contain the AI marker"),
        ("otto", "Otto (Κι)", "display_name", "may not contain the AI marker"),
        # Letters of another script (or digits) drawn like the Latin ones: Unicode's confusables.
        ("otto", "Аnna", "display_name", "This looks like Anna, the name of an AI player"),
        ("otto", "Веrnd", "display_name", "This looks like Bernd, the name of an AI player"),
        ("otto", "Pau1", "display_name", "This looks like Paul, the name of an AI player"),
        ("otto", "Dоrа", "display_name", "This looks like Dora, the name of an AI player"),
        ("otto", "Mia\u2800", "display_name", "This is the name of an AI player (Mia)"),
        ("аnton", "Toni", "username", "This looks like Anton, the name of an AI player"),
        ("ΒΕΝ", "Toni", "username", "This looks like Ben, the name of an AI player"),
    ],
)
def test_registration_refuses_names_that_only_look_like_an_ai_s(username, display_name, field, reason):
    r = register(username, display_name)
    assert r.status_code == 200
    assert reason in " ".join(r.context["form"].errors[field])
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("\u202eanotnA", "anotnA"),  # the override would show it as "Antona" (and turn what follows)
        ("\u202enotnA", "notnA"),  # would be shown as "Anton"
        ("Ot\u200bto\u2066 \u2069Berger\u200f", "Otto Berger"),
    ],
)
def test_display_names_are_stored_without_invisible_and_bidi_control_characters(typed, stored) -> None:
    assert register("otto", typed).status_code == 302
    assert User.objects.get(username="otto").display_name == stored


def test_a_display_name_of_invisible_characters_only_is_no_name() -> None:
    r = register("otto", "\u200b\u2060\u202e")
    assert r.status_code == 200 and "A display name is required." in r.context["form"].errors["display_name"]
    assert not User.objects.exists()


@pytest.mark.parametrize(
    "display_name",
    # Russian and German names: "Анна" and "Антон" are the Russian spellings, drawn unlike the AIs' Latin
    # names ("н" is no "n"), so they are people's names; only Latin look-alikes are reserved.
    ["Анна", "Антон", "АННА", "Jürgen", "Ёлка", "Björn Groß", "Paula Mia Bengtsson", "Mía Sánchez", "Бернд"],
)
def test_real_names_in_other_scripts_and_with_accents_are_accepted(display_name) -> None:
    assert register("spieler", display_name).status_code == 302
    assert User.objects.get(username="spieler").display_name == display_name


def test_the_refusal_is_in_the_reader_s_language() -> None:
    german = register("otto", "Аnna", language="de").context["form"].errors["display_name"]
    assert german == ["Das sieht aus wie Anna, der Name eines KI-Spielers; wähle einen anderen Namen."]
    russian = register("otto", "Otto (ИИ)", language="ru").context["form"].errors["display_name"]
    assert russian == ["Имя не может содержать пометку ИИ (KI), (AI), (ИИ)."]


def test_staff_cannot_give_an_account_an_ai_s_name_in_the_admin() -> None:
    staff = User.objects.create_superuser("chef", "chef@example.org", PASSWORD, display_name="Chef")
    admin = Client()
    admin.force_login(staff)
    added = admin.post(
        "/admin/accounts/user/add/",
        {"username": "gast", "display_name": "Аnton", "usable_password": "false"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert added.status_code == 200 and "looks like Anton" in str(added.context["adminform"].form.errors)
    assert not User.objects.filter(username="gast").exists()
    player = User.objects.create_user("otto", password=PASSWORD, display_name="Otto")
    data = {"username": "otto", "display_name": "\u202eMia", "is_active": "on"}
    data |= {"date_joined_0": "2026-01-01", "date_joined_1": "12:00:00"}
    changed = admin.post(f"/admin/accounts/user/{player.pk}/change/", data, HTTP_ACCEPT_LANGUAGE="en")
    assert changed.status_code == 200
    assert "name of an AI player (Mia)" in str(changed.context["adminform"].form.errors)
    player.refresh_from_db()
    assert player.display_name == "Otto"
    data["display_name"] = "Otto\u200b Neu"
    assert admin.post(f"/admin/accounts/user/{player.pk}/change/", data).status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Otto Neu"
