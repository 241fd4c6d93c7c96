from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    """A registered player. `display_name` is what other players and the leaderboards show."""

    display_name = models.CharField(max_length=40)

    def __str__(self) -> str:
        return self.display_name or self.username
