"""`{{ user|shown_name }}`: the name shown for a person on the site's pages, their display
name where set, else their username (accounts.selectors.profiles.shown_name). In lists,
select `profile` with the user, or each row asks for it."""

from __future__ import annotations

from django import template

from accounts.selectors.profiles import shown_name as _shown_name

register = template.Library()


@register.filter
def shown_name(user) -> str:  # noqa: ANN001
    return "" if user is None else _shown_name(user)
