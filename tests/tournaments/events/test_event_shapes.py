"""The new-event page's shapes (tournaments/forms/shapes.py): each shape chosen by name makes
the event's settings it stands for; a setting the shape does not use keeps its neutral value
when it is left out (the page's script leaves it out) and is refused, with a sentence saying
what to do, when it is typed otherwise; a setting the shape needs is asked for. A refused form
saves nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from tests.factories import UserFactory
from tests.web import html, signed_in
from tournaments.forms.shapes import BY_KEY, NEUTRAL, SHAPES, shape_of
from tournaments.models import Event

pytestmark = pytest.mark.django_db

BASE = {"name": "Shapes night", "format": "preconstructed", "match_length": 3,
        "late_entry_until_round": 0, "round_minutes": 50, "time_zone": "UTC"}

PHASE = ("structure", "rounds", "groups", "cycles", "head_to_head", "day2_points",
         "day2_rounds", "top_cut", "third_place", "grand_final_reset")


def post(**fields):  # noqa: ANN201
    client = signed_in(UserFactory())
    return client.post(reverse("tournaments:event_new"), {**BASE, **fields})


def made() -> dict:
    event = Event.objects.get(name=BASE["name"])
    return {name: getattr(event, name) for name in PHASE}


def settings(**changes) -> dict:
    return {"structure": "swiss", **NEUTRAL, **changes}


# What the page posts for each shape once its script hid the others' settings (a hidden
# input is disabled, so it is not sent), and the event each makes.
HAPPY = {
    "swiss": ({"rounds": "5"}, settings(rounds=5)),
    "swiss_top_cut": ({"rounds": "4", "top_cut": "8", "third_place": "on"},
                      settings(rounds=4, top_cut=8, third_place=True)),
    "two_day": ({"rounds": "6", "day2_points": "9", "day2_rounds": "3", "top_cut": "8"},
                settings(rounds=6, day2_points=9, day2_rounds=3, top_cut=8)),
    "round_robin_top_cut": ({"groups": "2", "cycles": "2", "head_to_head": "on",
                             "top_cut": "4"},
                            settings(structure="round_robin", groups=2, cycles=2,
                                     head_to_head=True, top_cut=4)),
    "single_elimination": ({"third_place": "on"},
                           settings(structure="single_elimination", third_place=True)),
    "round_robin": ({"groups": "3"}, settings(structure="round_robin", groups=3)),
    # The reset's box left unticked: one grand final.
    "double_elimination": ({}, settings(structure="double_elimination",
                                        grand_final_reset=False)),
}


def test_every_shape_on_the_page_has_a_happy_path():
    assert set(HAPPY) == {shape.key for shape in SHAPES}


@pytest.mark.parametrize("shape", HAPPY)
def test_each_shape_makes_the_settings_it_stands_for(shape):
    given, expected = HAPPY[shape]
    response = post(shape=shape, **given)
    assert response.status_code == 302, response.context["form"].errors
    assert made() == expected
    event = Event.objects.get(name=BASE["name"])
    assert shape_of(structure=event.structure, top_cut=event.top_cut,
                    day2_points=event.day2_points).key == shape


@pytest.mark.parametrize("shape", HAPPY)
def test_without_the_script_every_setting_is_sent_and_the_defaults_fit_every_shape(shape):
    """The page without its script sends every setting: the ones a shape does not use at
    their initial values are no problem."""
    untouched = {"rounds": "", "groups": "", "cycles": "1", "day2_points": "",
                 "day2_rounds": "", "top_cut": "0"}
    given, expected = HAPPY[shape]
    response = post(shape=shape, **{**untouched, **given})
    assert response.status_code == 302, response.context["form"].errors
    assert made() == expected


# A shape with a setting it does not use typed otherwise, or without one it needs: the
# setting refused and the sentence it gets.
WRONG = [
    ("swiss", {"top_cut": "8"}, "top_cut",
     "“Swiss” has no top cut: choose “No top cut”, or a shape with a top cut."),
    ("swiss", {"day2_points": "9", "day2_rounds": "2"}, "day2_points",
     "“Swiss” has no day 2: leave day 2's settings empty, or choose the two-day shape."),
    ("swiss", {"groups": "2"}, "groups",
     "“Swiss” has no groups: leave the round robin's settings as they are (no groups, each "
     "pair once, no head-to-head), or choose a round robin shape."),
    ("swiss", {"third_place": "on"}, "third_place",
     "“Swiss” has no bracket: leave the match for third place off, or choose a shape with a "
     "single elimination."),
    ("swiss_top_cut", {"top_cut": "0"}, "top_cut",
     "“Swiss + top cut” needs a top cut: choose how many players make it."),
    ("swiss_top_cut", {"top_cut": "8", "day2_rounds": "2"}, "day2_rounds",
     "“Swiss + top cut” has no day 2: leave day 2's settings empty, or choose the two-day "
     "shape."),
    ("two_day", {"day2_rounds": "3", "top_cut": "8"}, "day2_points",
     "“Two-day Swiss, day-2 cut, top cut” needs the match points that make day 2: say how "
     "many."),
    ("two_day", {"day2_points": "9", "top_cut": "8"}, "day2_rounds",
     "“Two-day Swiss, day-2 cut, top cut” needs the number of Swiss rounds on day 2: say how "
     "many."),
    ("two_day", {"day2_points": "9", "day2_rounds": "3", "cycles": "2"}, "cycles",
     "“Two-day Swiss, day-2 cut, top cut” has no groups: leave the round robin's settings as "
     "they are (no groups, each pair once, no head-to-head), or choose a round robin shape."),
    ("round_robin_top_cut", {"top_cut": "4"}, "groups",
     "“Round robin groups + single elimination” needs its number of groups: say how many (1 "
     "to 32)."),
    ("round_robin_top_cut", {"groups": "2"}, "top_cut",
     "“Round robin groups + single elimination” needs a top cut: choose how many players "
     "make it."),
    ("round_robin_top_cut", {"groups": "2", "top_cut": "4", "rounds": "3"}, "rounds",
     "“Round robin groups + single elimination” plays no Swiss rounds: leave the Swiss "
     "rounds empty, or choose a Swiss shape."),
    ("single_elimination", {"top_cut": "8"}, "top_cut",
     "“Single elimination” has no top cut: choose “No top cut”, or a shape with a top cut."),
    ("single_elimination", {"rounds": "3"}, "rounds",
     "“Single elimination” plays no Swiss rounds: leave the Swiss rounds empty, or choose a "
     "Swiss shape."),
    ("round_robin", {"groups": "2", "top_cut": "4"}, "top_cut",
     "“Round robin only” has no top cut: choose “No top cut”, or a shape with a top cut."),
    ("double_elimination", {"top_cut": "8", "grand_final_reset": "on"}, "top_cut",
     "“Double elimination” has no top cut: choose “No top cut”, or a shape with a top cut."),
    ("double_elimination", {"third_place": "on"}, "third_place",
     "“Double elimination” has no match for third place: the losers bracket decides third "
     "place. Leave the match for third place off."),
    ("double_elimination", {"rounds": "4"}, "rounds",
     "“Double elimination” plays no Swiss rounds: leave the Swiss rounds empty, or choose a "
     "Swiss shape."),
    ("round_robin", {}, "groups",
     "“Round robin only” needs its number of groups: say how many (1 to 32)."),
    ("round_robin", {"groups": "2", "head_to_head": "on", "third_place": "on"}, "third_place",
     "“Round robin only” has no bracket: leave the match for third place off, or choose a "
     "shape with a single elimination."),
]


@pytest.mark.parametrize(("shape", "given", "field", "message"), WRONG)
def test_a_setting_that_does_not_fit_the_shape_is_refused_and_nothing_saved(
        shape, given, field, message):
    response = post(shape=shape, **given)
    assert response.status_code == 400
    assert response.context["form"].errors[field] == [message]
    assert escape(message) in html(response)  # beside the field
    assert not Event.objects.exists()


def test_a_first_phase_posted_against_the_shape_is_refused():
    response = post(shape="swiss", structure="round_robin", groups="2")
    assert response.status_code == 400
    assert response.context["form"].errors["shape"] == [
        "“Swiss” does not start with this first phase: choose the shape, not the first "
        "phase."]
    assert not Event.objects.exists()


def test_an_unknown_shape_is_refused():
    response = post(shape="ladder")
    assert response.status_code == 400
    assert "shape" in response.context["form"].errors
    assert not Event.objects.exists()


def test_a_form_posted_without_a_shape_keeps_its_settings():
    """An older page or a script posts the first phase and its settings: they decide."""
    response = post(structure="round_robin", groups="2", top_cut="4")
    assert response.status_code == 302
    assert made() == settings(structure="round_robin", groups=2, top_cut=4)


def test_the_page_offers_the_shapes_as_cards_with_their_descriptions():
    page = html(signed_in(UserFactory()).get(reverse("tournaments:event_new")))
    assert "What shape is your event?" in page
    for shape in SHAPES:
        assert f'value="{shape.key}"' in page
        assert str(shape.description) in page
    assert 'src="/static/js/event-shapes.js"' in page
    assert page.index('id="event-shape"') < page.index('id="id_name"')
    # Each phase setting is marked with the shapes that show it, for the script.
    assert 'data-shapes="swiss_top_cut two_day round_robin_top_cut"' in page  # top_cut
    assert 'data-defaults="{&quot;top_cut&quot;: 8}"' in page


def test_a_shapes_defaults_make_a_valid_event():
    """What the script fills in when a shape is chosen is accepted as it is."""
    for shape in SHAPES:
        Event.objects.all().delete()
        response = post(shape=shape.key, **{k: str(v) for k, v in shape.defaults.items()})
        assert response.status_code == 302, (shape.key, response.context["form"].errors)
        assert BY_KEY[shape.key].structure == Event.objects.get().structure
