"""Labels begin with their capital in the source, never by `capfirst` (issue 14): capfirst
upper-cases the first letter by itself, which is wrong for some languages (Turkish's dotted
i), so the game's words have written-out labels and the templates use no capfirst."""

from __future__ import annotations

from pathlib import Path

from decks.templatetags.words import VOCABULARY, WORDS, word, words

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def test_no_template_capitalises_with_capfirst():
    used = sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")
                  if "capfirst" in p.read_text(encoding="utf-8"))
    assert used == []


def test_no_template_makes_a_plural_with_the_pluralize_filter():
    """Counts agree in number through whole sentences a translator can give every plural
    form of ({% blocktranslate count %}, ngettext), not an English "s" glued to a word."""
    used = sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")
                  if "pluralize" in p.read_text(encoding="utf-8"))
    assert used == []


def test_a_counted_sentence_agrees_in_number_for_one_and_for_many():
    from django.template import Context, Template

    sentence = Template(
        "{% load i18n %}{% blocktranslate count n=count %}{{ n }} player registered"
        "{% plural %}{{ n }} players registered{% endblocktranslate %}")
    assert sentence.render(Context({"count": 1})) == "1 player registered"
    assert sentence.render(Context({"count": 2})) == "2 players registered"


def test_every_word_of_the_engines_vocabularies_has_a_written_label():
    missing = [w for w in VOCABULARY if w not in WORDS]
    assert missing == []
    for key in VOCABULARY:
        label = WORDS[key]
        assert label[0].isupper() and label.lower() == key, (key, label)


def test_a_label_list_begins_with_its_label_and_reads_on_as_written():
    assert words(["splash", "pierce"]) == "Splash, pierce"
    assert word("sprint") == "Sprint" and word("top") == "Top" and word(None) == ""
    assert word("ice") == "ice"  # free text from a card file stays as it was written
