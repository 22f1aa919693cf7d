"""Operations listed in test_schema_fuzz.KNOWN_FAILURES are expected to fail until fixed."""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    from tests.api.test_schema_fuzz import KNOWN_FAILURES

    for item in items:
        # schemathesis names each generated test after its operation, e.g. "GET /api/games/".
        operation = getattr(item, "operation_label", None)
        if item.module.__name__ == "tests.api.test_schema_fuzz" and operation in KNOWN_FAILURES:
            item.add_marker(pytest.mark.xfail(reason=KNOWN_FAILURES[operation], strict=True))
