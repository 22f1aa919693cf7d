"""The project's date formats per language (settings.FORMAT_MODULE_PATH), read before Django's
own (docs/languages.md, "Dates and numbers").

Each `<locale>/formats.py` gives, for one language, the three formats of the site's own beside
Django's (`{{ value|date:"DAY_TIME_FORMAT" }}`, `formats.date_format(value, "...")`):

- `DAY_TIME_FORMAT`: a day and a time of this year's kind, without the year ("7 Dec, 15:30"):
  the audit trails, announcements, penalties;
- `DAY_TIME_SECONDS_FORMAT`: the same with the seconds ("7 Dec, 15:30:05");
- `WEEKDAY_DATETIME_FORMAT`: a whole date with its weekday and time ("Monday 7 December 2026,
  15:30"): when an event starts;

and corrects Django's where they are wrong for the language or not the site's (English
writes "7 Dec 2026, 15:30"; Russian and Czech months take the genitive after a day, "7
декабря", "7. prosince", the `E` of a format; Esperanto's and Serbian's abbreviated months
are capitalized with Django, so their formats name the month in full, in lower case; Turkish
writes the day without a leading zero). Django's `DECIMAL_SEPARATOR` and
`THOUSAND_SEPARATOR` are right for every language and are kept.

Every language of settings.LANGUAGES has its module, defining every name above
(tests/test_formats.py).
"""

from __future__ import annotations

from django.utils.translation import gettext_noop

# Django's Russian catalogue names the weekdays capitalized ("Понедельник"), as a heading
# would; within a date ("понедельник, 7 декабря") they are written in lower case. The
# project's catalogues are read before Django's, so they carry the weekday names, marked here
# for them (`dateformat` asks for exactly these msgids), each as written within a date.
WEEKDAYS = (gettext_noop("Monday"), gettext_noop("Tuesday"), gettext_noop("Wednesday"),
            gettext_noop("Thursday"), gettext_noop("Friday"), gettext_noop("Saturday"),
            gettext_noop("Sunday"))

# The names each module defines beside Django's.
OWN_FORMATS = ("DAY_TIME_FORMAT", "DAY_TIME_SECONDS_FORMAT", "WEEKDAY_DATETIME_FORMAT")
