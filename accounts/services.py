from __future__ import annotations

from django.db import transaction

from accounts.models import User


@transaction.atomic
def user_register(*, username: str, display_name: str, password: str) -> User:
    user = User(username=username, display_name=display_name)
    user.set_password(password)
    user.full_clean(exclude=["password"])
    user.save()
    return user
