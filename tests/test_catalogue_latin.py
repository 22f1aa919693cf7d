"""The Latin-script Serbian catalogue is the transliteration of the Cyrillic one."""

from __future__ import annotations

from core.i18n_mo import parse_po
from core.management.commands.catalogue_latin import latin_catalogue, to_latin


def test_each_letter_is_mapped() -> None:
    cyrillic = "абвгдђежзијклљмнњопрстћуфхцчџш"
    assert to_latin(cyrillic) == "abvgdđežzijklljmnnjoprstćufhcčdžš"
    assert to_latin(cyrillic.upper()) == "ABVGDĐEŽZIJKLLJMNNJOPRSTĆUFHCČDŽŠ"


def test_digraphs_take_the_case_of_their_word() -> None:
    assert to_latin("Љубав") == "Ljubav"
    assert to_latin("ЉУБАВ") == "LJUBAV"
    assert to_latin("Њега") == "Njega"
    assert to_latin("ЊЕГА") == "NJEGA"
    assert to_latin("Џеп") == "Džep"
    assert to_latin("ЏЕП") == "DŽEP"
    assert to_latin("ВИ играч Б") == "VI igrač B"


def test_placeholders_tags_entities_and_latin_words_stay() -> None:
    text = ('<a href="%(url)s">Шпил %(name)s</a> &mdash; %d карата, BOOM! и '
            'MICROCTOPUS, правило C-4.3 %s')
    assert to_latin(text) == ('<a href="%(url)s">Špil %(name)s</a> &mdash; %d karata, BOOM! i '
                              'MICROCTOPUS, pravilo C-4.3 %s')
    assert to_latin('<span class="чч">ч</span>') == '<span class="чч">č</span>'


CYRILLIC_PO = '''# header comment
#, fuzzy
msgid ""
msgstr ""
"Language: sr\\n"
"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : 2);\\n"

#: templates/x.html:3
#, python-format
msgid "Deck %(name)s"
msgstr "Шпил %(name)s"

msgctxt "seat letter"
msgid "B"
msgstr "Б"

msgid "%(n)d card"
msgid_plural "%(n)d cards"
msgstr[0] "%(n)d карта"
msgstr[1] "%(n)d карте"
msgstr[2] ""
"%(n)d "
"карата"
'''


def test_a_catalogue_keeps_its_msgids_and_gets_its_own_header() -> None:
    latin = latin_catalogue(CYRILLIC_PO)
    assert "Language: sr_Latn" in latin
    assert "Language: sr\\n" not in latin
    assert "nplurals=3" in latin
    entries = {(e.context, e.msgid): e for e in parse_po(latin) if e.msgid}
    assert list(entries[(None, "Deck %(name)s")].forms.values()) == ["Špil %(name)s"]
    assert list(entries[("seat letter", "B")].forms.values()) == ["B"]
    assert [entries[(None, "%(n)d card")].forms[i] for i in range(3)] == [
        "%(n)d karta", "%(n)d karte", "%(n)d karata"]
    assert "#: templates/x.html:3" in latin
    assert latin_catalogue(CYRILLIC_PO) == latin
