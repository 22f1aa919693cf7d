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
    def authenticate(self, request, username=None, password=None, **kwargs):  # noqa: ANN001, ANN003, ANN201
        """Django's, hashing the password once whatever the account: a wrong password of an
        unconfirmed account takes the path of any wrong password (the login form once hashed
        it again to tell, and answered 386 ms against 196). The right password of an
        unconfirmed account marks the request (`unconfirmed_login`) so that the form can say
        why it is refused."""
        users = get_user_model()
        if username is None:
            username = kwargs.get(users.USERNAME_FIELD)
        if username is None or password is None:
            return None
        try:
            user = users._default_manager.get_by_natural_key(username)
        except users.DoesNotExist:
            users().set_password(password)  # Django's: an unknown name costs a hashing too
            return None
        if not (user.check_password(password) and super().user_can_authenticate(user)):
            return None
        if not is_confirmed(user):
            if request is not None:
                request.unconfirmed_login = True
            return None
        return user

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
