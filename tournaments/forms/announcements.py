"""An announcement to the event's players."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from core.forms import AccessibleForm
from tournaments.models import MAX_ANNOUNCEMENT


class AnnouncementForm(AccessibleForm):
    """A message to the event's players. The service checks it (empty, too long), so the
    page and the API say the same; the browser is told the limit too."""

    text = forms.CharField(
        label=_("Message"), required=False, strip=False,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": MAX_ANNOUNCEMENT}))

    def __init__(self, *args, **kwargs) -> None:  # noqa: ANN002, ANN003
        super().__init__(*args, prefix="news", **kwargs)
        # Here, not on the field: a count's sentence is chosen in the reader's language.
        self.fields["text"].help_text = ngettext(
            "Plain text, up to %(limit)d character, e.g. “Round 3 starts at 14:30, tables "
            "1-20 in the back room”. It shows at the top of the event's page and pairings and "
            "on each player's Me page until you withdraw it.",
            "Plain text, up to %(limit)d characters, e.g. “Round 3 starts at 14:30, tables "
            "1-20 in the back room”. It shows at the top of the event's page and pairings and "
            "on each player's Me page until you withdraw it.", MAX_ANNOUNCEMENT) % {
                "limit": MAX_ANNOUNCEMENT}
