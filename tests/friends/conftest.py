from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from tests import factories


@pytest.fixture
def players() -> list[User]:
    return [factories.user(name) for name in ("anna", "ben", "carl")]


def client_for(user: User | None = None) -> APIClient:
    c = APIClient()
    if user is not None:
        c.force_authenticate(user)
    return c
