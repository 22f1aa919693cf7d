"""The tools' worker processes (balance, ladder and the expert bench's --jobs, the bench's
--workers), which end with the tool that started them.

A pool's workers wait on a queue whose writing end they hold themselves: a tool killed while
they run (`timeout` sends SIGTERM, then SIGKILL) ran no code to stop them, and they played on
for as long as their share of the games took, then waited for more. Each worker now asks the
kernel for SIGTERM when its parent ends (Linux's PR_SET_PDEATHSIG); where there is no such
call, a thread of the worker watches its parent instead.
"""

from __future__ import annotations

import ctypes
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor

_PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCH_SECONDS = 1.0  # how often the watching thread looks, where it is needed


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` processes that end when this process does."""
    return ProcessPoolExecutor(max_workers=max(1, jobs), initializer=end_with_parent,
                               initargs=(os.getpid(),))


def end_with_parent(parent: int) -> None:
    """Run in each worker as it starts: end the worker when `parent` ends."""
    if not _ask_the_kernel():
        threading.Thread(target=_watch, args=(parent,), name="end-with-parent",
                         daemon=True).start()
    if os.getppid() != parent:  # the parent had already ended before the worker could ask
        os._exit(1)


def _ask_the_kernel() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0
    except (OSError, AttributeError):  # not Linux
        return False


def _watch(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)
