"""Schema post-processing: the answers every paginated or filtered list gives, documented once
here rather than on each view.

- A list with a `page` parameter answers 404 for a page past the last one (DRF's paginator).
- A list with filters answers 400 when a filter value is malformed or names nothing (an
  unknown game, a set that does not exist).

Both answers have the API's one error shape (clash/api.py), the `ErrorOut` component.
"""

from __future__ import annotations

from typing import Any

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorOut"}}}
# Query parameters that are not filters: the page number and DRF's format suffix.
NOT_FILTERS = {"page", "format"}


def list_error_responses(result: dict[str, Any], generator: Any, request: Any,
                         public: bool) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        get = operations.get("get")
        if get is None:
            continue
        queries = {p["name"] for p in get.get("parameters", []) if p.get("in") == "query"}
        responses = get.setdefault("responses", {})
        if "page" in queries:
            responses.setdefault("404", {"description": "a page past the last one",
                                         "content": ERROR})
        if queries - NOT_FILTERS:
            responses.setdefault("400", {"description": "a filter value that is malformed or "
                                                        "names nothing",
                                         "content": ERROR})
    return result
