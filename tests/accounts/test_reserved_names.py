"""Nobody registers under an AI's name or with the AI marker (the leaderboard would show them as an AI,
or an AI's result as theirs)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from accounts.models import User
from accounts.services import user_register

pytestmark = pytest.mark.django_db
PASSWORD = "Kartentisch-2026!"


def register(username: str, display_name: str):
    return Client().post(
        "/accounts/register/",
        {"username": username, "display_name": display_name, "password1": PASSWORD, "password2": PASSWORD},
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
