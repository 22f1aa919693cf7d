"""Child processes the benchmarks start (a worker, a server): they inherit this process's
environment, so they reach the same database and broker."""

from __future__ import annotations

import os


def child_environment(**overrides: str) -> dict[str, str]:
    """This process's environment with `overrides`, for a child process (a worker the
    benchmark starts)."""
    environment = dict(os.environ)
    environment.update(overrides)
    return environment
