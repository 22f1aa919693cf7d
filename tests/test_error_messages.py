"""Errors in the reader's language (issue 17): every reason and code the engine raises has a
translatable sentence (core.error_messages); `from_engine` gives it in the active language,
filled in with the engine's params, and keeps the engine's English message otherwise; an API
answer of 400/409 keeps its code and gives its message in the language of Accept-Language."""

from __future__ import annotations

import ast
import importlib
import pathlib
import pkgutil
import re
import shutil
from collections.abc import Iterator

import pytest
from django.conf import settings
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real
from rest_framework.test import APIClient

import engine
from core.error_messages import ENGINE_CODES, ENGINE_REASONS, catalogue_message
from core.errors import Conflict, from_engine
from core.i18n_mo import compile_po
from engine.clash.errors import SetupError
from engine.errors import EngineError, IllegalAction
from tests.play.conftest import eager  # noqa: F401 (the fixture)

ENGINE_DIR = pathlib.Path(engine.__file__).parent
# The engine's error classes that take a reason as their first argument.
WITH_REASON = {"IllegalAction", "ExplainedIllegalAction", "IllegalStep", "IllegalCombat",
               "IllegalOpening", "IllegalChoice", "IllegalPlay"}


# The engine's codes and reasons, found in its source -------------------------------------


def _call_name(node: ast.Call) -> str | None:
    func = node.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)


def _strings_assigned_to(function: ast.AST, name: str) -> set[str]:
    """The string constants a function assigns to `name`, alone or in a tuple unpacking
    (`reason, where = ("a", ...) if ... else ("b", ...)`)."""
    found: set[str] = set()
    for node in ast.walk(function):
        if not isinstance(node, ast.Assign):
            continue
        for target in node.targets:
            if isinstance(target, ast.Name) and target.id == name:
                position = None
            elif isinstance(target, ast.Tuple):
                ids = [getattr(t, "id", None) for t in target.elts]
                if name not in ids:
                    continue
                position = ids.index(name)
            else:
                continue
            for value in ast.walk(node.value):
                if position is None and isinstance(value, ast.Constant):
                    found.add(value.value)
                if position is not None and isinstance(value, ast.Tuple):
                    item = value.elts[position]
                    if isinstance(item, ast.Constant):
                        found.add(item.value)
    return found


def raise_sites() -> Iterator[tuple[str, int, str, ast.Call]]:
    """(file, line, reason, call) for every reason-taking engine error the engine builds.

    A reason passed on from a caught error (`exc.reason`) is that error's, found at its own
    site; a procedure's `over_reason` is found where the procedure is given it."""
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = [n for n in ast.walk(tree)
                     if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            for keyword in node.keywords:
                if keyword.arg == "over_reason" and isinstance(keyword.value, ast.Constant):
                    yield str(path), node.lineno, keyword.value.value, node
            # A Berserk squad check reports its problems with a reason too (`Problem`), the
            # sentence a stored check without params is shown in.
            squad_problem = path.name == "squad_check.py" and _call_name(node) == "Problem"
            if _call_name(node) not in WITH_REASON and not squad_problem or not node.args:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant):
                yield str(path), node.lineno, first.value, node
            elif (isinstance(first, ast.Attribute) and first.attr == "reason"
                  or isinstance(first, ast.Name) and first.id == "over_reason"):
                continue  # passed on: found where it is first written
            elif isinstance(first, ast.Name):
                around = [f for f in functions
                          if f.lineno <= node.lineno <= (f.end_lineno or f.lineno)]
                values = set().union(*(_strings_assigned_to(f, first.id) for f in around))
                assert values, f"{path}:{node.lineno}: cannot tell the reason {first.id}"
                for value in sorted(values):
                    yield str(path), node.lineno, value, node
            else:
                raise AssertionError(f"{path}:{node.lineno}: a reason the scan cannot read: "
                                     f"{ast.unparse(first)}")


def engine_reasons() -> set[str]:
    return {reason for _, _, reason, _ in raise_sites()}


def engine_codes() -> set[str]:
    """The `code` of every engine error class (every module of the engine imported)."""
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        if not module.name.endswith("__main__"):
            importlib.import_module(module.name)
    codes, todo = set(), [EngineError]
    while todo:
        cls = todo.pop()
        codes.add(cls.code)
        todo.extend(cls.__subclasses__())
    return codes


def test_the_scan_finds_reasons_written_every_way_the_engine_writes_them():
    reasons = engine_reasons()
    assert {"not_enough_mana", "cell_priority", "over_assigned", "mulligan_used"} <= reasons
    assert {"already_recruited", "not_in_deal"} <= reasons  # a reason chosen in a tuple
    assert {"bans_over", "draft_over"} <= reasons  # a procedure's over_reason
    assert {"setup", "record", "deck", "decklist", "catalogue", "illegal"} <= engine_codes()


def test_every_engine_reason_has_a_sentence_and_every_sentence_a_reason():
    reasons = engine_reasons()
    assert sorted(reasons - set(ENGINE_REASONS)) == []
    assert sorted(set(ENGINE_REASONS) - reasons) == []


def test_every_engine_code_has_a_sentence_and_every_sentence_a_code():
    codes = engine_codes()
    assert sorted(codes - set(ENGINE_CODES)) == []
    assert sorted(set(ENGINE_CODES) - codes) == []


def _placeholders(entry) -> set[str]:
    return set(re.findall(r"%\((\w+)\)", entry))


def test_a_sentence_names_only_params_every_raise_of_its_reason_gives():
    for path, line, reason, call in raise_sites():
        wanted = _placeholders(ENGINE_REASONS[reason])
        if not wanted:
            continue
        given = next((k.value for k in call.keywords if k.arg == "params"), None)
        keys = ({k.value for k in given.keys if isinstance(k, ast.Constant)}
                if isinstance(given, ast.Dict) else set())
        assert wanted <= keys, f"{path}:{line}: {reason} needs params {sorted(wanted - keys)}"
    for code, entry in ENGINE_CODES.items():
        assert not _placeholders(entry), f"{code}: a code's sentence names no params"


def test_the_sentences_are_whole_sentences():
    for key, text in {**ENGINE_REASONS, **ENGINE_CODES}.items():
        assert (text[0].isupper() or text.startswith("%(")) and text.endswith("."), key


# A made-up Russian catalogue ---------------------------------------------------------------

MSGFMT = shutil.which("msgfmt") or "/usr/bin/msgfmt"

RUSSIAN = {
    ENGINE_REASONS["not_enough_mana"]: "Для этой карты не хватает маны.",
    ENGINE_REASONS["not_an_incantation"]: "%(card)s — существо: сыграйте его на линию.",
    ENGINE_REASONS["no_target"]: "Целью может быть только существо в игре.",
    ENGINE_CODES["setup"]: "Эти колоды, зёрна или настройки не могут начать игру.",
}
RUSSIAN_INVALID = {"invalid input in %(fields)s": "неверные данные в поле %(fields)s"}
RUSSIAN_PLURAL = (
    "Round %(round)d has a result in at table %(tables)s: its pairing stands",
    "Round %(round)d has results in at tables %(tables)s: its pairing stands",
    ["В раунде %(round)d есть результат за столом %(tables)s: пары остаются",
     "В раунде %(round)d есть результаты за столами %(tables)s: пары остаются",
     "В раунде %(round)d есть результаты за столами %(tables)s: пары остаются"],
)


def _po_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _russian_po() -> str:
    lines = ['msgid ""', 'msgstr ""', '"Project-Id-Version: test\\n"',
             '"PO-Revision-Date: 2026-01-01 00:00+0000\\n"', '"Last-Translator: test\\n"',
             '"Language-Team: ru\\n"', '"MIME-Version: 1.0\\n"',
             '"Content-Type: text/plain; charset=UTF-8\\n"',
             '"Content-Transfer-Encoding: 8bit\\n"', '"Language: ru\\n"',
             '"Plural-Forms: nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && '
             'n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\\n"', ""]
    for msgid, msgstr in {**RUSSIAN, **RUSSIAN_INVALID}.items():
        lines += ["#, python-format", f"msgid {_po_string(msgid)}",
                  f"msgstr {_po_string(msgstr)}", ""]
    one, many, forms = RUSSIAN_PLURAL
    lines += ["#, python-format", f"msgid {_po_string(one)}", f"msgid_plural {_po_string(many)}"]
    lines += [f"msgstr[{i}] {_po_string(form)}" for i, form in enumerate(forms)]
    return "\n".join(lines) + "\n"


def _reset_translations() -> None:
    trans_real._translations = {}
    trans_real._default = None
    clear = getattr(trans_real.check_for_language, "cache_clear", None)
    if clear is not None:
        clear()


@pytest.fixture
def russian(tmp_path):
    """A locale folder with a tiny Russian catalogue, the only one in LOCALE_PATHS (the
    project's own catalogues translate every sentence), and LocaleMiddleware in place (the
    language of each request from Accept-Language)."""
    folder = tmp_path / "locale" / "ru" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "django.po").write_text(_russian_po(), encoding="utf-8")
    compile_po(folder / "django.po", folder / "django.mo")
    middleware = list(settings.MIDDLEWARE)
    locale = "django.middleware.locale.LocaleMiddleware"
    if locale not in middleware:
        middleware.insert(middleware.index(
            "django.contrib.sessions.middleware.SessionMiddleware") + 1, locale)
    _reset_translations()
    with override_settings(LOCALE_PATHS=[str(tmp_path / "locale")], MIDDLEWARE=middleware):
        _reset_translations()
        yield
    _reset_translations()


# from_engine in the active language --------------------------------------------------------


def test_in_english_the_engine_keeps_its_own_precise_message():
    exc = IllegalAction("not_an_incantation", "ZOMBIE is a creature: play it to a lane",
                        params={"card": "ZOMBIE"})
    with translation.override("en"):
        error = from_engine(exc, "illegal")
    assert (error.code, error.message) == ("illegal", "ZOMBIE is a creature: play it to a lane")
    assert error.params["card"] == "ZOMBIE" and error.params["reason"] == "not_an_incantation"


def test_the_active_languages_sentence_is_used_filled_in_with_the_engines_params(russian):
    exc = IllegalAction("not_an_incantation", "ZOMBIE is a creature: play it to a lane",
                        params={"card": "ZOMBIE"})
    with translation.override("ru"):
        error = from_engine(exc, "illegal", kind=Conflict)
        setup = from_engine(SetupError("deck 9 does not exist"), "solo_options")
    assert isinstance(error, Conflict)
    assert (error.code, error.message) == ("illegal", "ZOMBIE — существо: сыграйте его на линию.")
    assert error.params["engine_message"] == "ZOMBIE is a creature: play it to a lane"
    assert (setup.code, setup.message) == ("solo_options",
                                           "Эти колоды, зёрна или настройки не могут начать игру.")
    assert setup.params["engine_code"] == "setup"


def test_a_sentence_the_catalogue_lacks_or_whose_params_are_missing_keeps_the_english(russian):
    with translation.override("ru"):
        untranslated = from_engine(IllegalAction("game_over", "the game is over"))
        no_card = from_engine(IllegalAction("not_an_incantation", "X is a creature"))
        plain = from_engine(ValueError("3 players cannot make a top 4"), "too_few_for_cut")
    assert untranslated.message == "the game is over"
    assert no_card.message == "X is a creature"
    assert plain.message == "3 players cannot make a top 4"


def test_the_table_answers_by_reason_first_then_by_code():
    assert catalogue_message("illegal", "not_enough_mana") is ENGINE_REASONS["not_enough_mana"]
    assert catalogue_message("illegal", "made_up") is ENGINE_CODES["illegal"]
    assert catalogue_message("made_up") is None


# The API: the code stays, the message follows Accept-Language ------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("eager")
def test_an_illegal_move_is_400_with_the_same_code_and_a_russian_message(russian):
    from tests.factories import UserFactory

    client = APIClient()
    client.force_authenticate(UserFactory(username="alice"))
    state = client.post("/api/play/games/", {"deck": 1, "ai_level": "random"},
                        format="json").json()
    url = f"/api/play/games/{state['id']}/actions/"
    # No creature is in play at the start: casting at one is refused (rule C-6.1).
    move = {"action": "C3At0", "seen": state["seen"]}
    english = client.post(url, move, format="json", HTTP_ACCEPT_LANGUAGE="en")
    russian_answer = client.post(url, move, format="json", HTTP_ACCEPT_LANGUAGE="ru")
    assert english.status_code == russian_answer.status_code == 400
    english_error, russian_error = english.json()["error"], russian_answer.json()["error"]
    assert english_error["code"] == russian_error["code"] == "illegal"
    assert english_error["message"] == "there is no creature at A top position 0"
    assert russian_error["message"] == "Целью может быть только существо в игре."


@pytest.mark.django_db
def test_a_service_conflict_is_409_with_the_same_code_and_a_russian_message(russian):
    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import organizer_of, pair, seats, settle, start

    event = OrganizedEventFactory(rounds=3, seed=7)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    client = APIClient()
    client.force_authenticate(organizer_of(event))
    url = f"/api/events/{event.pk}/rounds/1/unpair/"
    english = client.post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.8")
    russian_answer = client.post(url, {}, format="json", HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9")
    assert english.status_code == russian_answer.status_code == 409
    english_error, russian_error = english.json()["error"], russian_answer.json()["error"]
    assert english_error["code"] == russian_error["code"] == "results_in"
    assert english_error["message"].startswith("Round 1 has results in at tables 1, 2")
    assert russian_error["message"] == ("В раунде 1 есть результаты за столами 1, 2: "
                                        "пары остаются")


@pytest.mark.django_db
def test_a_page_shows_a_service_refusal_in_the_language_of_the_request(client, russian):
    from django.urls import reverse

    from tests.factories.tournaments import OrganizedEventFactory
    from tests.tournaments.event_steps import organizer_of, pair, seats, settle, start

    event = OrganizedEventFactory(rounds=3, seed=7)
    seats(event, "alice bob carol dave")
    start(event)
    settle(pair(event))
    client.force_login(organizer_of(event))
    url = reverse("tournaments:round_unpair", args=[event.pk])
    page = client.post(url, {"number": 1}, HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 409
    assert "В раунде 1 есть результаты за столами 1, 2: пары остаются" in page.content.decode()
    assert "its pairing stands" not in page.content.decode()


@pytest.mark.django_db
def test_a_bad_api_input_is_400_invalid_with_its_message_and_problems_in_russian(russian):
    from tests.factories import UserFactory

    client = APIClient()
    client.force_authenticate(UserFactory())
    body = {"kind": "constructed"}
    english = client.post("/api/decklists/", body, format="json", HTTP_ACCEPT_LANGUAGE="en")
    russian_answer = client.post("/api/decklists/", body, format="json",
                                 HTTP_ACCEPT_LANGUAGE="ru")
    assert english.status_code == russian_answer.status_code == 400
    english_error, russian_error = english.json()["error"], russian_answer.json()["error"]
    assert english_error["code"] == russian_error["code"] == "invalid"
    assert english_error["message"] == "invalid input in name"
    assert russian_error["message"] == "неверные данные в поле name"
    # DRF's own field messages come from its Russian catalogue, the field's name unchanged.
    assert english_error["problems"] == ["name: This field is required."]
    [problem] = russian_error["problems"]
    assert problem.startswith("name: ") and problem != english_error["problems"][0]
