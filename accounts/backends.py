"""Django's model backend, refusing accounts whose e-mail address is not confirmed yet.

An unconfirmed account may not sign in, by any way in (the login page, the API's basic auth):
until the link mailed at sign-up is opened, nothing shows the address belongs to whoever
signed up, and an account on someone else's address would get that person's password resets.
The confirmation link confirms the address (and signs no one in); a finished password reset
(its link went to the same address) confirms it too.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend

from accounts.selectors.profiles import is_confirmed


class ConfirmedBackend(ModelBackend):
    def user_can_authenticate(self, user) -> bool:  # noqa: ANN001
        return super().user_can_authenticate(user) and is_confirmed(user)

    def get_user(self, user_id):  # noqa: ANN001, ANN201
        """A session's user. A session exists only after a login, past the check above: no
        query for it on every page."""
        users = get_user_model()
        try:
            user = users._default_manager.get(pk=user_id)
        except users.DoesNotExist:
            return None
        return user if ModelBackend.user_can_authenticate(self, user) else None
