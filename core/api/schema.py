"""Schema post-processing: the answers every paginated or filtered list gives, documented once
here rather than on each view.

- A list with a `page` parameter answers 404 for a page past the last one (DRF's paginator).
- A list with filters answers 400 when a filter value is malformed or names nothing (an
  unknown game, a set that does not exist).

Both answers have the API's one error shape (core/api/errors.py), the `ErrorOut` component, as
have the answers every operation may give (`limit_responses`):

- 429 when the caller's HTTP basic login is locked after failed ones (core/logins.py), or a
  write comes over the caller's rate (core/api/throttles.py);
- 413 when a request body is over its size limit (core/inputs.py).
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


WRITES = {"post", "put", "patch", "delete"}


def limit_responses(result: dict[str, Any], generator: Any, request: Any,
                    public: bool) -> dict[str, Any]:
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            responses = operation["responses"]
            writes = method in WRITES
            responses.setdefault("429", {
                "description": "a locked login (too many failed ones for this username from "
                               "this address)" + (", or too many writes a minute" if writes
                                                  else ""),
                "content": ERROR})
            if "requestBody" in operation:
                responses.setdefault("413", {"description": "a request body over its size "
                                                            "limit", "content": ERROR})
    return result
