"""The shapes of event the new-event and edit pages offer by name, and what each decides.

A shape is a preset over the event's own settings (the Event's fields stay the truth): its
first phase's structure, which phase settings the organizer sets (`shown`, grouped per phase
on the page: `PHASE_GROUPS`), which of them it needs (`required`), and the value every other
phase setting keeps (`NEUTRAL`). The page's script hides the settings a shape does not use;
without it every setting shows and `shape_check` has the last word: a setting the shape does
not use keeps its neutral value or is refused with a sentence that says what to do, a setting
it needs is asked for.

A new shape is one entry of `SHAPES` (with its settings' neutral values in `NEUTRAL` if it
brings new ones), its case in `shape_of`, and its sentence in presenters/phases.py and
js/event-shapes.js.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field

from django import forms
from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_lazy

from tournaments.models import EventStructure
from tournaments.services.round_robin import MAX_GROUPS

# Each phase setting's value when the shape does not use it.
NEUTRAL: dict[str, object] = {
    "rounds": None, "groups": None, "cycles": 1, "head_to_head": False,
    "day2_points": None, "day2_rounds": None, "top_cut": 0, "third_place": False,
    "grand_final_reset": True,
}


@dataclass(frozen=True)
class Shape:
    key: str
    label: Promise
    description: Promise
    structure: str
    shown: tuple[str, ...]
    required: tuple[str, ...] = ()
    # What the page's script fills in when the shape is chosen and the setting is still at
    # its neutral value (a top cut of none for a shape that needs one).
    defaults: Mapping[str, object] = field(default_factory=dict)


SWISS, SWISS_TOP_CUT, TWO_DAY = "swiss", "swiss_top_cut", "two_day"
GROUPS_TOP_CUT, KNOCKOUT, ROUND_ROBIN = "round_robin_top_cut", "single_elimination", "round_robin"
DOUBLE = "double_elimination"

SHAPES: tuple[Shape, ...] = (
    Shape(SWISS, gettext_lazy("Swiss"),
          gettext_lazy("Every round pairs players with the same record; the best record "
                       "after the last round wins."),
          EventStructure.SWISS, shown=("rounds",)),
    Shape(SWISS_TOP_CUT, gettext_lazy("Swiss + top cut"),
          gettext_lazy("Swiss rounds, then the best players play a single elimination "
                       "bracket for the title."),
          EventStructure.SWISS, shown=("rounds", "top_cut", "third_place"),
          required=("top_cut",), defaults={"top_cut": 8}),
    Shape(TWO_DAY, gettext_lazy("Two-day Swiss, day-2 cut, top cut"),
          gettext_lazy("Swiss rounds on day 1; everyone with enough match points plays more "
                       "Swiss rounds on day 2, then a top cut."),
          EventStructure.SWISS,
          shown=("rounds", "day2_points", "day2_rounds", "top_cut", "third_place"),
          required=("day2_points", "day2_rounds"),
          defaults={"day2_points": 9, "day2_rounds": 3, "top_cut": 8}),
    Shape(GROUPS_TOP_CUT, gettext_lazy("Round robin groups + single elimination"),
          gettext_lazy("Everyone plays everyone in their group; the best of each group go "
                       "on to a single elimination bracket."),
          EventStructure.ROUND_ROBIN,
          shown=("groups", "cycles", "head_to_head", "top_cut", "third_place"),
          required=("groups", "top_cut"), defaults={"groups": 2, "top_cut": 4}),
    Shape(KNOCKOUT, gettext_lazy("Single elimination"),
          gettext_lazy("One bracket of the whole field, seeded by rating: a loss is out."),
          EventStructure.SINGLE_ELIMINATION, shown=("third_place",)),
    Shape(DOUBLE, gettext_lazy("Double elimination"),
          gettext_lazy("One bracket of the whole field, seeded by rating: a player is out at "
                       "their second loss."),
          EventStructure.DOUBLE_ELIMINATION, shown=("grand_final_reset",)),
    Shape(ROUND_ROBIN, gettext_lazy("Round robin only"),
          gettext_lazy("Everyone plays everyone in their group; the group tables are the "
                       "final standings."),
          EventStructure.ROUND_ROBIN, shown=("groups", "cycles", "head_to_head"),
          required=("groups",), defaults={"groups": 1}),
)
BY_KEY = {shape.key: shape for shape in SHAPES}

# The phase settings grouped as the page's phase editor shows them, in the phases' order:
# (group, the shapes that show the group, its settings). A group's title is chosen by shape
# in the template (the bracket is phase 1 of a single elimination, the top cut elsewhere).
PHASE_GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("swiss", ("rounds",)),
    ("round_robin", ("groups", "cycles", "head_to_head")),
    ("day_two", ("day2_points", "day2_rounds")),
    ("bracket", ("top_cut", "third_place", "grand_final_reset")),
)


def shapes_showing(name: str) -> list[str]:
    """The keys of the shapes that show the setting `name`."""
    return [shape.key for shape in SHAPES if name in shape.shown]


def shape_of(*, structure: str, top_cut: int, day2_points: int | None,
             day2_rounds: int | None = None) -> Shape:
    """The shape of an event's settings (an event made before the shapes, or by the API)."""
    if structure == EventStructure.SINGLE_ELIMINATION:
        return BY_KEY[KNOCKOUT]
    if structure == EventStructure.DOUBLE_ELIMINATION:
        return BY_KEY[DOUBLE]
    if structure == EventStructure.ROUND_ROBIN:
        return BY_KEY[GROUPS_TOP_CUT if top_cut else ROUND_ROBIN]
    if day2_points is not None or day2_rounds is not None:
        return BY_KEY[TWO_DAY]
    return BY_KEY[SWISS_TOP_CUT if top_cut else SWISS]


def shape_field() -> forms.ChoiceField:
    return forms.ChoiceField(
        label=gettext_lazy("What shape is your event?"), required=False,
        choices=[(shape.key, shape.label) for shape in SHAPES], initial=SWISS,
        widget=ShapeSelect)


def _unused(name: str, shape: str, key: str) -> str:
    """Why a setting the shape (`key`, its label `shape`) does not use is refused, and what
    to do."""
    values = {"shape": shape}
    if name == "rounds":
        return gettext("“%(shape)s” plays no Swiss rounds: leave the Swiss rounds empty, or "
                       "choose a Swiss shape.") % values
    if name in ("groups", "cycles", "head_to_head"):
        return gettext("“%(shape)s” has no groups: leave the round robin's settings as they "
                       "are (no groups, each pair once, no head-to-head), or choose a round "
                       "robin shape.") % values
    if name in ("day2_points", "day2_rounds"):
        return gettext("“%(shape)s” has no day 2: leave day 2's settings empty, or choose the "
                       "two-day shape.") % values
    if name == "top_cut":
        return gettext("“%(shape)s” has no top cut: choose “No top cut”, or a shape with a "
                       "top cut.") % values
    if key == DOUBLE:
        return gettext("“%(shape)s” has no match for third place: the losers bracket decides "
                       "third place. Leave the match for third place off.") % values
    return gettext("“%(shape)s” has no bracket: leave the match for third place off, or "
                   "choose a shape with a single elimination.") % values


def _missing(name: str, shape: str) -> str:
    """Why a setting the shape needs is asked for."""
    values = {"shape": shape, "most": MAX_GROUPS}
    if name == "top_cut":
        return gettext("“%(shape)s” needs a top cut: choose how many players make it.") % values
    if name == "day2_points":
        return gettext("“%(shape)s” needs the match points that make day 2: say how many.") % (
            values)
    if name == "day2_rounds":
        return gettext("“%(shape)s” needs the number of Swiss rounds on day 2: say how "
                       "many.") % values
    return gettext("“%(shape)s” needs its number of groups: say how many (1 to "
                   "%(most)d).") % values


def shape_check(form: forms.Form, data: dict) -> None:
    """Apply the shape chosen on `form` to its cleaned `data`: the first phase's structure,
    the neutral value of each phase setting the shape does not use (refused when typed
    otherwise), and a problem on each setting it needs and lacks. A form posted without a
    shape (an older page, a script) keeps its settings as they are, whatever their shape. A
    locked shape (the event started) changes nothing."""
    if "shape" not in form.fields or form.fields["shape"].disabled:
        return
    if not data.get("shape"):
        return
    shape = BY_KEY[data["shape"]]
    label = str(shape.label)
    posted = form.data
    if form.add_prefix("structure") in posted and data.get("structure") != shape.structure:
        form.add_error("shape", gettext("“%(shape)s” does not start with this first phase: "
                                        "choose the shape, not the first phase.")
                       % {"shape": label})
    data["structure"] = shape.structure
    for name, neutral in NEUTRAL.items():
        if name in shape.shown or name not in form.fields or form.fields[name].disabled:
            continue
        if name in data and form.add_prefix(name) in posted and data[name] != neutral:
            form.add_error(name, _unused(name, label, shape.key))
        else:
            data[name] = neutral
    for name in shape.required:
        lacking = data.get(name) is None or (name == "top_cut" and not data[name])
        if name in form.fields and not form.fields[name].disabled and (
                lacking and name not in form.errors):
            form.add_error(name, _missing(name, label))


class ShapeSelect(forms.RadioSelect):
    """The shapes as radio cards, each with the settings the page's script fills in when it
    is chosen (`Shape.defaults`)."""

    def create_option(self, name, value, label, selected, index, subindex=None,  # noqa: ANN001, ANN201, PLR0913
                      attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        shape = BY_KEY.get(str(value))
        if shape is not None:
            option["attrs"]["data-defaults"] = json.dumps(dict(shape.defaults))
            option["attrs"]["data-structure"] = shape.structure
        return option


class ShapeFormMixin:
    """What the shape cards and the phase editor of an event's form show."""

    def shape_cards(self) -> list[tuple[object, Promise]]:
        """Each shape's radio with its description."""
        return [(radio, BY_KEY[str(radio.data["value"])].description)
                for radio in self["shape"]]  # type: ignore[index]

    def phase_groups(self) -> list[dict]:
        """The phase settings grouped per phase, each group and setting with the shapes that
        show it (the page's script hides the others)."""
        groups = []
        for key, names in PHASE_GROUPS:
            fields = [(self[name], " ".join(shapes_showing(name)))  # type: ignore[index]
                      for name in names if name in self.fields]  # type: ignore[attr-defined]
            shapes = [s.key for s in SHAPES if any(name in s.shown for name in names)]
            groups.append({"key": key, "shapes": " ".join(shapes), "fields": fields,
                           "knockout": KNOCKOUT, "double": DOUBLE,
                           "cut_shapes": " ".join(s for s in shapes
                                                  if s not in (KNOCKOUT, DOUBLE))})
        return groups
