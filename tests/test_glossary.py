"""docs/glossary.md holds the game's words per language (issue 17). Its printed terms must be the
rulebooks' own: each is found on the seed line it cites. Its Serbian Latin column must be the
standard transliteration of the Cyrillic one, never a second choice. The seed texts live beside
RULES.md (outside the repository); the citation test runs where they are found."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
SEED_OF = {"sr": "000", "eo": "001", "cs": "002", "ru": "003", "tr": "004"}
CHOSEN, FROM_OTHER_GAME = "*", "°"
CITATION = re.compile(r"(\d{3}):(\d+)(?:\s*«([^»]+)»)?")

CYRILLIC_TO_LATIN = dict(zip(
    "абвгдђежзијклмнопрстћуфхцчш",
    ["a", "b", "v", "g", "d", "đ", "e", "ž", "z", "i", "j", "k", "l", "m", "n", "o", "p", "r",
     "s", "t", "ć", "u", "f", "h", "c", "č", "š"], strict=True))
CYRILLIC_TO_LATIN.update({"љ": "lj", "њ": "nj", "џ": "dž"})


def to_latin(text: str) -> str:
    """Serbian Cyrillic in the standard Latin alphabet; Љ, Њ and Џ are Lj, Nj and Dž before a
    lowercase letter and LJ, NJ and DŽ in a word written in capitals."""
    out = []
    for i, ch in enumerate(text):
        low = ch.lower()
        if low not in CYRILLIC_TO_LATIN:
            out.append(ch)
            continue
        latin = CYRILLIC_TO_LATIN[low]
        if ch != low:
            following = text[i + 1: i + 2]
            latin = latin.upper() if following.isupper() else latin.capitalize()
        out.append(latin)
    return "".join(out)


def term(cell: str) -> str:
    return cell.rstrip(CHOSEN + FROM_OTHER_GAME).strip()


def tables() -> list[tuple[list[str], list[list[str]]]]:
    """The glossary's term tables (those whose first column is `en`): headings and rows."""
    found, header, rows = [], None, []
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines() + [""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if header is None:
                header = cells
            elif not set("".join(cells)) <= set("- "):
                rows.append(cells)
            continue
        if header and header[0] == "en":
            found.append((header, rows))
        header, rows = None, []
    return found


def rows_with(column: str):
    for header, rows in tables():
        names = [h.split()[0] for h in header]
        if column in names:
            for row in rows:
                yield dict(zip(header, row, strict=True)), dict(zip(names, row, strict=True))


def test_the_glossary_has_its_tables():
    headers = [tuple(h.split()[0] for h in header) for header, _ in tables()]
    assert len(headers) >= 6
    for names in headers:
        assert {"en", "sr", "sr-latn", "eo", "tr", "cs", "ru"} <= set(names), names


@pytest.mark.parametrize(("cyrillic", "latin"), [
    ("Сукоб шпилова", "Sukob špilova"), ("Бастион/Тврђава", "Bastion/Tvrđava"),
    ("Махнитост", "Mahnitost"), ("Љубав", "Ljubav"), ("ЉУБАВ", "LJUBAV"), ("џеп", "džep"),
    ("ВИ шпил", "VI špil"), ("Регенерација мане", "Regeneracija mane"),
])
def test_serbian_latin_is_the_standard_transliteration(cyrillic, latin):
    assert to_latin(cyrillic) == latin


def test_every_serbian_latin_cell_transliterates_its_cyrillic_cell():
    wrong = [(row["en"], row["sr"], row["sr-latn"]) for _, row in rows_with("sr-latn")
             if row["sr-latn"] != to_latin(row["sr"])]
    assert not wrong, wrong


def test_the_serbian_cells_are_cyrillic():
    latin = [(row["en"], row["sr"]) for _, row in rows_with("sr")
             if re.search(r"[a-zčćđšž]", term(row["sr"]))
             and term(row["sr"]) not in {"DECK 1", "FAQ", "The Spoils"}]
    assert not latin, latin


def seeds_dir() -> Path | None:
    for candidate in (os.environ.get("CLASH_SEEDS"), ROOT.parent / "shared" / "seeds",
                      ROOT.parent.parent / "shared" / "seeds"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def seed_lines() -> dict[str, list[str]]:
    folder = seeds_dir()
    if folder is None:
        pytest.skip("the seed texts are not on this machine (set CLASH_SEEDS to their folder)")
    return {path.name[:3]: path.read_text(encoding="utf-8").splitlines()
            for path in folder.glob("[0-9][0-9][0-9]_*.txt")}


def test_every_printed_term_is_on_the_seed_line_it_cites():
    seeds = seed_lines()
    language_of = {seed: language for language, seed in SEED_OF.items()}
    problems = []
    for by_header, row in rows_with("en"):
        cited = by_header.get("printed at", "")
        citations = {m.group(1): (int(m.group(2)), m.group(3)) for m in CITATION.finditer(cited)}
        for heading, cell in by_header.items():
            language = heading.split()[0]
            if (language in SEED_OF and "(chosen)" not in heading
                    and not cell.endswith(CHOSEN) and SEED_OF[language] not in citations):
                problems.append(f"{row['en']}: {language} {cell!r} cites no line of "
                                f"{SEED_OF[language]}")
        for seed, (number, quote) in citations.items():
            lines = seeds[seed]
            text = quote or term(row[language_of[seed]])
            if not 1 <= number <= len(lines):
                problems.append(f"{row['en']}: {seed}:{number} is not a line")
            elif text.casefold() not in lines[number - 1].casefold():
                problems.append(f"{row['en']}: {text!r} is not on {seed}:{number}")
    assert not problems, "\n".join(problems)
