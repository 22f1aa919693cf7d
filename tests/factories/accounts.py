"""factory-boy factories for accounts: a person's profile (confirmed unless told)."""

from __future__ import annotations

import factory

from accounts.models import Profile
from tests.factories.users import UserFactory


class ProfileFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Profile
        django_get_or_create = ("user",)

    user = factory.SubFactory(UserFactory)
    display_name = ""
    email_confirmed = True
