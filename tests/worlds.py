"""A scene built once per test module, and seen fresh and unchanged by every test.

A permission matrix asks the same question of many cells (a role, a page, an endpoint), each
in the same scene: users, events, rounds, lists. Building that scene for every cell is most of
the matrix's time. ``built_once`` turns the function that builds a scene into a module-scoped
fixture that builds it once, inside an outer transaction that is rolled back when the module
(or the scene, see below) is done::

    @built_once
    def world_built() -> World:
        ...  # create the rows, return what the tests need of them

    @pytest.fixture
    def world(world_built) -> World:
        return fresh(world_built)

Each test still runs in pytest-django's own transaction; inside the outer one it becomes a
savepoint, rolled back after the test, so every test sees the scene as it was built and
nothing one test writes reaches the next. ``fresh`` hands each test its own Python objects:
every model instance in the scene (in dicts, lists, tuples and dataclasses) is fetched again
by its pk, so no attribute or cached relation one test changed in memory leaks either.

Several scenes in one module: a build function that takes an argument gets the fixture's
``request.param``; parametrize the tests with ``indirect=[<the fixture's name>]``. pytest
then runs the tests of one scene together, and rolls that scene back before it builds the
next, so two scenes never share the database.

Things to know:

* The caches are still cleared before each test (tests/conftest.py), now after the scene is
  built: what the build left in a cache (a throttle counter, a standings version) is gone.
  Sessions and login lockouts are rows or cache entries a test makes itself, so they are
  rolled back or cleared as before.
* While a module's scene is alive, every test of that module runs inside its transaction,
  even one that does not ask for it. A test that builds its own scene with the same names,
  or that needs ``transaction=True`` or real on_commit callbacks, belongs in another module.
* on_commit callbacks of the build never run (nothing is committed), as in any test.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable
from typing import Any

import pytest
from django.db import models, transaction


class _RollBack(Exception):
    """Raised into the outer transaction to undo the whole scene."""


def built_once(build: Callable[..., Any]) -> Any:
    """A module-scoped fixture, named after ``build``, yielding what ``build`` returns; the
    rows it made are rolled back when the module's tests are done (see the module's doc)."""
    takes_param = bool(inspect.signature(build).parameters)

    @pytest.fixture(scope="module", name=build.__name__)
    def fixture(request, django_db_setup, django_db_blocker):  # noqa: ANN001, ANN202
        outer = transaction.atomic()
        with django_db_blocker.unblock():
            outer.__enter__()
            # Like the test case's own blocks: a durable block inside is not refused.
            outer._from_testcase = True
            try:
                scene = build(request.param) if takes_param else build()
            except BaseException as error:
                outer.__exit__(type(error), error, error.__traceback__)
                raise
        try:
            yield scene
        finally:
            with django_db_blocker.unblock():
                error = _RollBack()
                outer.__exit__(_RollBack, error, None)

    return fixture


def fresh(value: Any) -> Any:
    """``value`` with every model instance in it fetched again from the database (by pk),
    and its dicts, lists, tuples and dataclasses rebuilt around the new objects."""
    if isinstance(value, models.Model):
        return type(value)._base_manager.get(pk=value.pk)
    if isinstance(value, dict):
        return {key: fresh(item) for key, item in value.items()}
    if isinstance(value, list):
        return [fresh(item) for item in value]
    if isinstance(value, tuple):
        return type(value)(*map(fresh, value)) if hasattr(value, "_fields") \
            else tuple(fresh(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.replace(value, **{field.name: fresh(getattr(value, field.name))
                                             for field in dataclasses.fields(value)
                                             if field.init})
    return value
