"""Test scenes come from the factories: tests/factories/ holds one module per app (users,
accounts, decks, play, lab, tournaments), and a test module writes no row of accounts, decks,
lab, play or tournaments by hand. This reads the test modules and fails on
`Model.objects.create(...)`, `Model.objects.bulk_create(...)` or `Model(...).save()` for a model
of those apps outside the modules allowed below, and on a model the tests create that has no
factory in its app's module. A required field added to a model is then filled in once, in its
factory."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import factory
import pytest
from django.apps import apps

TESTS = Path(__file__).resolve().parent
APPS = ("accounts", "decks", "lab", "play", "tournaments")
FACTORY_MODULES = ("users", "accounts", "decks", "play", "lab", "tournaments")
# The factories module of each app label (the accounts are Django's own app).
MODULE_OF_APP = {"auth": "users", **{app: app for app in APPS}}
# Modules that write rows by hand on purpose, and why.
ALLOWED = {
    "tournaments/engine_scene.py": "the backlog tests ask for thousands of AI seats and "
                                   "matches: one bulk insert each, not a query per row",
}
# The models whose rows the tests set up as a scene (the rest come from the services).
SCENE_MODELS = {
    "accounts": ("Profile",),
    "decks": ("CollectionEntry", "Decklist", "DecklistVersion"),
    "play": ("OnlineGame", "SoloResult"),
    "lab": ("LabRun",),
    "tournaments": ("Announcement", "ClockChange", "DeckCheck", "DraftPair", "EngineGame",
                    "Event", "Match", "MatchJob", "Pod", "PodSeat", "Rating", "Registration",
                    "Round"),
}


def app_models() -> dict[str, type]:
    """The models of accounts, decks, lab, play and tournaments, by class name."""
    return {model.__name__: model for app in APPS
            for model in apps.get_app_config(app).get_models()}


def hand_built(source: str, models: dict[str, type]) -> list[tuple[int, str]]:
    """The (line, model) of each row of `models` that `source` writes without a factory."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        func = node.func
        if func.attr in ("create", "bulk_create"):
            manager = func.value
            if (isinstance(manager, ast.Attribute) and manager.attr == "objects"
                    and isinstance(manager.value, ast.Name) and manager.value.id in models):
                found.append((node.lineno, manager.value.id))
        elif func.attr == "save":
            built = func.value
            if (isinstance(built, ast.Call) and isinstance(built.func, ast.Name)
                    and built.func.id in models):
                found.append((node.lineno, built.func.id))
    return sorted(found)


def scanned_modules() -> list[str]:
    return sorted(path.relative_to(TESTS).as_posix() for path in TESTS.rglob("*.py")
                  if "factories" not in path.relative_to(TESTS).parts)


def factories() -> dict[str, list[type]]:
    """The model factories defined in each tests/factories module."""
    found = {}
    for name in FACTORY_MODULES:
        module = importlib.import_module(f"tests.factories.{name}")
        found[name] = [value for value in vars(module).values()
                       if isinstance(value, type)
                       and issubclass(value, factory.django.DjangoModelFactory)
                       and value.__module__ == module.__name__ and value._meta.model]
    return found


def test_no_test_module_writes_rows_by_hand():
    models = app_models()
    rows = {name: lines for name in scanned_modules() if name not in ALLOWED
            and (lines := hand_built((TESTS / name).read_text(), models))}
    assert rows == {}, "set these rows up with the factories of tests/factories/"


def test_each_allowed_module_still_needs_it():
    models = app_models()
    assert [name for name in ALLOWED
            if not hand_built((TESTS / name).read_text(), models)] == []


def test_each_model_the_tests_create_has_a_factory_in_its_apps_module():
    made = {(factory_class._meta.model._meta.app_label, factory_class._meta.model.__name__)
            for classes in factories().values() for factory_class in classes}
    models = app_models()
    wanted = {(app, model) for app, names in SCENE_MODELS.items() for model in names}
    # The rows the allowed modules write by hand are scene rows too.
    wanted |= {(models[model]._meta.app_label, model) for name in ALLOWED
               for _, model in hand_built((TESTS / name).read_text(), models)}
    assert sorted(wanted - made) == []


def test_each_factory_lives_in_its_apps_module():
    misplaced = {factory_class.__name__: module
                 for module, classes in factories().items() for factory_class in classes
                 if MODULE_OF_APP.get(factory_class._meta.model._meta.app_label) != module}
    assert misplaced == {}


@pytest.mark.parametrize("line", [
    "Decklist.objects.create(owner=user, name='Aggro')",
    "seat = Registration.objects.create(event=event)",
    "Match.objects.bulk_create([Match(round=rnd, table=1)])",
    "LabRun(owner=user, games=10).save()",
])
def test_the_scan_sees_each_kind_of_hand_built_row(line):
    assert [line for line, _ in hand_built(line, app_models())] == [1]


@pytest.mark.parametrize("line", [
    "DecklistFactory(owner=user, name='Aggro')",
    "old.get_model('lab', 'LabRun').objects.create(games=1)",  # a migration's historical model
    "get_user_model().objects.create_superuser('boss', 'boss@example.com', 'pw')",
    "Decklist.objects.filter(owner=user).exists()",
    "event.save()",
    "'Match.objects.create(round=rnd)'",
])
def test_the_scan_leaves_factories_reads_and_other_models_alone(line):
    assert hand_built(line, app_models()) == []
