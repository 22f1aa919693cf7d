"""What the seed tests share (issue 13, part 4): the event seed they use, the catalogue, and
every integer a response shows a viewer (its headers and its body)."""

from __future__ import annotations

import re

from engine.clash.cards import load_catalogue

SEED = 0x2A5F_1C3D_9E7B_4461  # 62 bits, like the seeds the server draws
CATALOGUE = load_catalogue()

NUMBER = re.compile(r"\d+(?:[,._'\u00a0\u202f ]\d+)*")
HEX = re.compile(r"[0-9a-fA-F]{8,}")


def integers_in(text: str) -> set[int]:
    """Every integer the text shows: each run of digits, runs joined by thousands
    separators, and long hexadecimal runs (whole and in 16-digit pieces)."""
    found = set()
    for match in NUMBER.finditer(text):
        parts = re.split(r"\D", match.group())
        found.update(int(p) for p in parts)
        found.add(int("".join(parts)))
    for match in HEX.finditer(text):
        run = match.group()
        found.add(int(run, 16))
        found.update(int(run[i:i + 16], 16) for i in range(0, len(run), 16))
    return found


def shown(response) -> str:  # noqa: ANN001
    headers = "\n".join(f"{k}: {v}" for k, v in response.items())
    return headers + "\n" + response.content.decode("utf-8", "replace")
