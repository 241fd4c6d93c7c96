from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.models import User
from games.identity.names import cleaned, reserved_reason


@transaction.atomic
def user_register(*, username: str, display_name: str, password: str, email: str = "") -> User:
    """Create an account. Neither name may be, or look like, an AI's name or carry the AI marker; the
    display name is stored without invisible and BiDi control characters. The e-mail address (no other
    account's, whatever its case) starts unverified."""
    display_name = cleaned(display_name)
    reasons = {"username": reserved_reason(username), "display_name": reserved_reason(display_name)}
    errors = {field: [reason] for field, reason in reasons.items() if reason is not None}
    if errors:
        raise ValidationError(errors)
    user = User(username=username, display_name=display_name, email=User.objects.normalize_email(email))
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user


@transaction.atomic
def user_email_change(*, user: User, email: str) -> bool:
    """Give the account another address, unverified until its link is followed; False (and nothing
    changed) when it is the address the account has. Raises ValidationError when another account
    has it."""
    email = User.objects.normalize_email(email)
    if email == user.email:
        return False
    if email.lower() != user.email.lower():  # only the case changed: still the verified mailbox
        user.email_verified_at = None
    user.email = email
    user.full_clean(exclude=["password"])
    user.save(update_fields=["email", "email_verified_at"])
    return True
