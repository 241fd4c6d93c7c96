from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.models import User
from games.identity.names import cleaned, reserved_reason


@transaction.atomic
def user_register(*, username: str, display_name: str, password: str) -> User:
    """Create an account. Neither name may be, or look like, an AI's name or carry the AI marker; the
    display name is stored without invisible and BiDi control characters."""
    display_name = cleaned(display_name)
    reasons = {"username": reserved_reason(username), "display_name": reserved_reason(display_name)}
    errors = {field: [reason] for field, reason in reasons.items() if reason is not None}
    if errors:
        raise ValidationError(errors)
    user = User(username=username, display_name=display_name)
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user
