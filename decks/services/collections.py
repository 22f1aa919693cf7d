"""A player's collection: which cards they own and how many; CSV import (comma- or
semicolon-separated). The export is a read: decks.selectors.collections."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext, ngettext

from core.csv_cells import csv_uncell
from core.errors import DomainError
from core.inputs import csv_rows
from core.locks import lock
from decks.models import Card, CardSet, CollectionEntry
from decks.rules import CSV_COLUMNS, MAX_COUNT

__all__ = ["collection_add_set", "collection_import_csv", "collection_set_count"]


def _lock_collection(user: AbstractBaseUser) -> None:
    """One writer at a time per collection: the owner's row is locked first. A card's entry
    is created by whichever writer comes first; without the lock two writers both find no
    entry and the second insert breaks the one-entry-per-card constraint (a 500)."""
    lock(get_user_model().objects.filter(pk=user.pk))


@transaction.atomic
def collection_add_set(*, user: AbstractBaseUser, card_set: CardSet, copies: int = 1) -> int:
    """Add `copies` of every card of `card_set` (a whole Starter Kit in one step)."""
    if not 1 <= copies <= MAX_COUNT:
        raise DomainError("bad_count", gettext("copies must be between 1 and %(most)d")
                          % {"most": MAX_COUNT},
                          params={"most": MAX_COUNT})
    _lock_collection(user)
    cards = list(card_set.cards.all())
    (entries,) = lock(CollectionEntry.objects.filter(owner=user, card__in=cards))
    owned = {e.card_id: e for e in entries}
    for card in cards:
        entry = owned.get(card.id)
        if entry is None:
            CollectionEntry.objects.create(owner=user, card=card, count=copies)
        else:
            CollectionEntry.objects.filter(pk=entry.pk).update(
                count=min(MAX_COUNT, entry.count + copies))
    return len(cards)


@transaction.atomic
def collection_set_count(*, user: AbstractBaseUser, card: Card, count: int) -> None:
    """Own exactly `count` of `card` (0 removes it)."""
    if not isinstance(count, int) or not 0 <= count <= MAX_COUNT:
        raise DomainError("bad_count", gettext("count must be a whole number from 0 to %(most)d")
                          % {"most": MAX_COUNT},
                          params={"most": MAX_COUNT})
    _lock_collection(user)
    if count == 0:
        CollectionEntry.objects.filter(owner=user, card=card).delete()
    else:
        CollectionEntry.objects.update_or_create(owner=user, card=card,
                                                 defaults={"count": count})


@transaction.atomic
def collection_import_csv(*, user: AbstractBaseUser, text: str, replace: bool = False) -> int:
    """Set the counts of the cards listed in a CSV (`set,card,count`); with `replace`, cards
    not listed are removed. Every bad line is reported and nothing is imported if any is bad.
    Returns the number of cards imported."""
    rows = csv_rows(text)
    if not rows:
        raise DomainError("empty_csv",
                          gettext("the file is empty: expected a header set,card,count"))
    header = [h.strip().lower() for h in rows[0]]
    if header != CSV_COLUMNS:
        raise DomainError("bad_header", gettext("line 1: the header must be %(columns)s "
                                                "(or %(semicolons)s), not %(header)s")
                          % {"columns": ",".join(CSV_COLUMNS),
                             "semicolons": ";".join(CSV_COLUMNS), "header": ",".join(rows[0])},
                          params={"columns": list(CSV_COLUMNS), "header": list(rows[0])})
    sets = {s.code: s for s in CardSet.objects.all()}
    cards = {(c.card_set.code, c.name): c for c in Card.objects.select_related("card_set")}
    problems: list[str] = []
    counts: dict[int, int] = {}
    seen: dict[tuple[str, str], int] = {}
    for line, row in enumerate(rows[1:], start=2):
        if not row or all(not cell.strip() for cell in row):
            continue
        if len(row) != 3:
            problems.append(gettext("line %(line)d: expected 3 fields (set, card, count), got "
                                    "%(count)d") % {"line": line, "count": len(row)})
            continue
        # What the export wrote: a name a spreadsheet would take for a formula has an
        # apostrophe before it (core.csv_cells), taken away here.
        set_code, name, count_text = (csv_uncell(cell.strip()) for cell in row)
        if set_code not in sets:
            problems.append(gettext("line %(line)d: unknown set %(set)s")
                            % {"line": line, "set": repr(set_code)})
            continue
        card = cards.get((set_code, name))
        if card is None:
            problems.append(gettext("line %(line)d: %(card)s is not a card of %(set)s")
                            % {"line": line, "card": repr(name), "set": set_code})
            continue
        if (set_code, name) in seen:
            problems.append(gettext("line %(line)d: %(card)s is already listed on line "
                                    "%(first)d")
                            % {"line": line, "card": name, "first": seen[(set_code, name)]})
            continue
        seen[(set_code, name)] = line
        try:
            count = int(count_text)
        except ValueError:
            problems.append(gettext("line %(line)d: count %(count)s is not a whole number")
                            % {"line": line, "count": repr(count_text)})
            continue
        if not 0 <= count <= MAX_COUNT:
            problems.append(gettext("line %(line)d: count %(count)d must be from 0 to %(most)d")
                            % {"line": line, "count": count, "most": MAX_COUNT})
            continue
        counts[card.id] = count
    if problems:
        raise DomainError("bad_csv", ngettext("%(n)d bad line; nothing was imported",
                                              "%(n)d bad lines; nothing was imported",
                                              len(problems)) % {"n": len(problems)},
                          problems=problems,
                          params={"count": len(problems)})
    _lock_collection(user)
    if replace:
        CollectionEntry.objects.filter(owner=user).exclude(card_id__in=counts).delete()
    for card_id, count in counts.items():
        if count == 0:
            CollectionEntry.objects.filter(owner=user, card_id=card_id).delete()
        else:
            CollectionEntry.objects.update_or_create(owner=user, card_id=card_id,
                                                     defaults={"count": count})
    return len(counts)
