from __future__ import annotations

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A registered player. `display_name` is what other players and the leaderboards show.

    `email_verified_at`: when a link sent to `email` was followed (accounts.verification); None while
    the address is unconfirmed. An unconfirmed account plays like any other."""

    display_name = models.CharField(max_length=40)
    email_verified_at = models.DateTimeField(null=True, blank=True)

    class Meta(AbstractUser.Meta):  # type: ignore[name-defined]
        constraints = (
            # One account per address, whatever its case; accounts from before registration asked
            # for one have none.
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="accounts_user_email_ci_unique",
                violation_error_code="email_taken",
                violation_error_message=_("An account with this e-mail address already exists."),
            ),
        )

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def email_verified(self) -> bool:
        return bool(self.email) and self.email_verified_at is not None
