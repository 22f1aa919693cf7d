"""The scanner behind tests/test_translation_marks.py, on made-up templates and modules: it must
find the text a reader sees unmarked, and nothing else (issue 17)."""

from __future__ import annotations

from textwrap import dedent

from tests.translation_scan import main, report
from tests.translation_scan_python import scan_python_source
from tests.translation_scan_templates import scan_template_source
from tests.translation_scan_text import Finding, card_names


def texts(source: str) -> list[str]:
    """The texts found, in alphabetical order."""
    return sorted(f.text for f in scan_template_source(dedent(source), "t.html"))


def lines(source: str) -> list[tuple[int, str]]:
    return [(f.line, f.text) for f in scan_template_source(dedent(source), "t.html")]


def py(source: str, **kwargs) -> list[str]:
    """The findings' texts, in alphabetical order."""
    return sorted(f.text for f in scan_python_source(dedent(source), "m.py", **kwargs))


# Templates -----------------------------------------------------------------------------------

def test_plain_text_between_tags_is_found_with_its_line():
    assert lines("""\
        {% load i18n %}
        <h1>Standings</h1>
        <p>
          Round {{ round.number }} of {{ event.rounds }}
        </p>""") == [(2, "Standings"), (4, "Round {…} of")]


def test_translated_text_is_not_found():
    assert texts("""\
        {% load i18n %}
        <h1>{% translate "Standings" %}</h1>
        <p>{% blocktranslate with n=round.number %}Round {{ n }} of the event
        {% endblocktranslate %}</p>
        <p>{% blocktranslate count counter=n %}one player{% plural %}{{ counter }} players
        {% endblocktranslate %}</p>
        """) == []


def test_text_after_a_blocktranslate_is_found_again():
    assert texts("{% blocktranslate %}Marked{% endblocktranslate %} <b>Not marked</b>") == [
        "Not marked"]


def test_comments_scripts_styles_and_code_are_not_text():
    assert texts("""\
        {# a note for developers #}
        {% comment %}An old heading<h2>Old</h2>{% endcomment %}
        <!-- an HTML comment -->
        <script>const label = "Ready";</script>
        <style>.x::after { content: "More"; }</style>
        <p>Run <code>python manage.py migrate</code></p>""") == ["Run"]


def test_translate_no_marks_data_that_stays_as_it_is():
    assert texts('<p><span translate="no">Ridge <b>Captain</b></span> and <i>more</i></p>') == [
        "and", "more"]


def test_punctuation_symbols_numbers_and_entities_are_not_text():
    assert texts("""\
        <td>{{ a }} &ndash; {{ b }}</td><td>3/2/1</td><td>&times; &nbsp; · → 12:30</td>
        <td>+1 (−2)</td><td>{{ x }}%</td>""") == []


def test_entities_that_spell_words_are_text():
    assert texts("<p>Caf&eacute;</p>") == ["Café"]


def test_user_facing_attributes_are_found_and_others_are_not():
    assert lines("""\
        <a href="/x" class="button primary" id="go" title="Open the event">→</a>
        <input name="q"
               placeholder="Search players" type="search">
        <img src="x.png" alt="Fort face">
        <button aria-label="Close" data-kind="close">×</button>
        <input type="submit" value="Save">
        <input type="hidden" name="next" value="back">
        <meta name="description" content="Tournaments for everyone">""") == [
        (1, "Open the event"), (3, "Search players"), (4, "Fort face"), (5, "Close"),
        (6, "Save"), (8, "Tournaments for everyone")]


def test_attributes_built_from_tags_and_translations_are_not_found():
    assert texts("""\
        {% load i18n %}
        <a title="{% translate 'Open' %}" aria-label="{{ label }}" href="{% url 'home' %}">x</a>
        <option value="a" {% if s %}selected{% endif %}>{{ name }}</option>""") == ["x"]


def test_a_tag_split_by_template_tags_is_still_read():
    assert texts('<a href="{% url "e" e.id %}" title="Delete {{ e.name }}">{{ e.name }}</a>') == [
        "Delete"]


def test_text_inside_if_branches_is_found_as_one_run():
    assert texts("{% if open %}Open{% else %}Closed{% endif %}") == ["Open {…} Closed"]


def test_printed_filter_and_firstof_literals_are_found_and_translated_ones_are_not():
    assert texts("""\
        {{ winner|default:"nobody" }} {{ ok|yesno:"yes,no" }} {{ n|default:"—" }}
        {{ d|date:"Y-m-d" }} {{ w|default:_("nobody") }}
        {% firstof a b "none yet" %} {% firstof a _("none") %}""") == [
        "nobody", "none yet", "yes,no"]


def test_the_brand_and_card_names_are_allowed_but_not_the_words_around_them():
    assert "BOOM!" in card_names() and "MICROCTOPUS" in card_names()
    assert texts("""\
        <title>{{ title }} · Clash</title>
        <a class="brand">Clash</a>
        <li>BOOM!</li><li>MICROCTOPUS, OGRE</li>
        <p>Clash of Decks</p><p>Play Clash</p>""") == ["Clash of Decks", "Play Clash"]


def test_a_text_template_is_read_as_text():
    assert texts("Hello {{ user.username }},\n\nyour password was reset.\n") == [
        "Hello {…} , your password was reset."]


# Python --------------------------------------------------------------------------------------

def test_form_labels_help_texts_choices_widgets_and_errors_are_found():
    assert py('''\
        from django import forms
        from django.utils.translation import gettext_lazy as _

        class F(forms.Form):
            name = forms.CharField(label="Name", help_text=_("Your name."))
            kind = forms.ChoiceField(label=_("Kind"), choices=[("a", "Any"), ("b", _("Both"))])
            card = forms.ModelChoiceField(
                queryset=None, empty_label="Choose a card",
                widget=forms.Select(attrs={"class": "x", "title": "Pick"}))
            count = forms.IntegerField(error_messages={"required": "Say how many."})

            def clean(self):
                self.add_error("name", "Too long")
                self.add_error("name", _("Too short"))
                raise forms.ValidationError(f"bad {self.x}")
        ''') == ["ValidationError: bad {...}", "add_error: Too long", "choice label: Any",
                 "empty_label: Choose a card", "error message: Say how many.", "label: Name",
                 "widget title: Pick"]


def test_api_help_texts_stay_english_but_their_errors_do_not():
    source = '''\
        from rest_framework import serializers
        class S(serializers.Serializer):
            name = serializers.CharField(help_text="The list's name.")
            def validate(self, data):
                raise serializers.ValidationError("send a name")
        '''
    assert py(source, api_module=True) == ["ValidationError: send a name"]
    assert py(source) == ["ValidationError: send a name", "help_text: The list's name."]


def test_choices_classes_show_their_labels():
    assert py('''\
        from django.db import models
        from django.utils.translation import gettext_lazy as _
        class Status(models.TextChoices):
            OPEN = "open", "Open"
            DONE = "done", _("Done")
            CODE = "code"
        ''') == ["choice label: Open"]


def test_domain_errors_with_a_literal_message_are_found_and_translated_ones_are_not():
    assert py('''\
        from core import errors
        from core.errors import Conflict, DomainError
        from django.utils.translation import gettext as _

        def f(n, problems):
            raise Conflict("late", _("The round has started."))
            raise errors.Forbidden("not_yours", message="not your list")
            raise DomainError("many", _("%(n)s cards") % {"n": n}, params={"n": n})
            raise DomainError("joined", "; ".join(problems), problems=problems)
        ''') == ["Forbidden message: not your list"]


def test_domain_errors_are_reported_exactly():
    found = scan_python_source(dedent('''\
        from core.errors import DomainError, NotFound
        def f(n):
            raise DomainError("too_many", "too many cards")
            raise NotFound("not_found", f"no list {n}")
            raise DomainError("late", "the round " + str(n) + " has started")
            raise DomainError("joined", "; ".join(problems), problems=problems)
        '''), "m.py")
    assert [(f.line, f.text) for f in found] == [
        (3, "DomainError message: too many cards"), (4, "NotFound message: no list {...}"),
        (5, "DomainError message: the round")]


def test_other_errors_with_the_same_name_are_not_domain_errors():
    assert py('''\
        class NotFound(Exception):
            pass
        def f():
            raise NotFound("x", "a local error")
        ''') == []


def test_messages_calls_with_a_literal_are_found():
    assert py('''\
        from django.contrib import messages
        from django.utils.translation import gettext as _
        def view(request, card):
            messages.success(request, "Saved.")
            messages.info(request, f"You banned {card}.")
            messages.error(request, _("Not saved."))
            messages.add_message(request, messages.INFO, "Hello")
        ''') == ["messages.add_message: Hello", "messages.info: You banned {...}.",
                 "messages.success: Saved."]


def test_gettext_with_anything_but_one_literal_cannot_be_extracted():
    assert py('''\
        from django.utils.translation import gettext as _, ngettext
        def f(n, word):
            _(f"{n} cards")
            _(word)
            _("fine")
            ngettext("one card", "%(n)s cards", n)
        ''') == ["_() needs one plain literal to be extracted",
                 "_() needs one plain literal to be extracted"]


# The command line ----------------------------------------------------------------------------

def test_the_report_groups_by_file_and_counts_by_app():
    text = report([Finding("decks/forms.py", 3, "label: Name"),
                   Finding("templates/decks/list.html", 2, "Cards"),
                   Finding("templates/decks/list.html", 9, "Add")])
    assert "templates/decks/list.html (2)\n  2: Cards\n  9: Add" in text
    assert "  decks: 1\n  templates/decks: 2" in text
    assert text.endswith("total: 3 in 2 files")


def test_the_command_line_prints_the_counts(capsys):
    code = main(["--summary", "--python"])
    out = capsys.readouterr().out
    assert "total:" in out and code in (0, 1)


def test_rating_symbols_are_allowed_but_not_their_spelt_out_names():
    assert texts("<td>μ {{ mu }}</td><td>μ - 3σ</td><td>mu - 3 sigma</td>") == [
        "mu - 3 sigma"]


def test_addresses_are_not_text_but_the_words_around_them_are():
    assert texts("""\
        <a href="/health/">/health/</a> <a>https://example.org/a?b=c</a> <p>info@example.fr</p>
        <p>Write to info@example.fr</p><p>a/b</p>""") == ["Write to info@example.fr", "a/b"]


def test_the_apps_own_kinds_of_domain_error_are_domain_errors():
    assert py('''\
        from core.errors import Conflict, DomainError

        class RateLimited(Conflict):
            def __init__(self, message, *, wait):
                super().__init__("rate_limited", message, params={"wait": wait})

        class InputError(DomainError):
            pass

        class Refused(DomainError):
            def __init__(self, problems):
                super().__init__("refused", "; ".join(problems), problems=problems)

        def f(problems):
            raise RateLimited("slow down", wait=3)
            raise InputError("bad_input", f"not JSON: {problems}")
            raise Refused(["a problem"])
        ''') == ["InputError message: not JSON: {...}", "RateLimited message: slow down"]
