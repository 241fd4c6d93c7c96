"""The address form answers whether another account has an address, as registration does; so it is
limited as registration is (THROTTLE_REGISTRATIONS, 30 an hour), per account: one account cannot test
address after address."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.test import Client

from accounts.models import User
from tests import factories

pytestmark = pytest.mark.django_db
PW = "kartentisch-pw-1"  # tests.factories.user's


def test_the_31st_address_tried_in_an_hour_is_refused_and_changes_nothing() -> None:
    cache.clear()
    ben = factories.user("ben")
    User.objects.filter(pk=ben.pk).update(email="ben@example.org")
    anna = factories.user("anna")
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.force_login(anna)
    for i in range(30):
        r = page.post("/accounts/email/", {"email": f"guess{i}@example.org", "password": PW})
        assert r.status_code == 302, i
    refused = page.post("/accounts/email/", {"email": "ben@example.org", "password": PW})
    assert refused.status_code == 429
    body = refused.content.decode()
    assert "Too many address changes" in body and "already exists" not in body
    for lang, words in (("de", "Zu viele Adressänderungen"), ("ru", "Слишком много смен адреса")):
        again = Client(HTTP_ACCEPT_LANGUAGE=lang)
        again.force_login(anna)
        assert (
            words
            in again.post("/accounts/email/", {"email": "x@example.org", "password": PW}).content.decode()
        )
    anna.refresh_from_db()
    assert anna.email == "guess29@example.org"
    other = Client()
    other.force_login(ben)  # another account is not held up
    assert other.post("/accounts/email/", {"email": "ben2@example.org", "password": PW}).status_code == 302
