"""Seeds: where every random draw of the site starts, and how an event proves its draws fair.

Nobody may compute or steer a hidden or random outcome (a draft's next reveal, a pairing, a
shuffle) from what they can read or choose while it is in progress, so:

- `new_seed()` draws a seed on the server from the operating system's secure source
  (`secrets`): 62 bits, which fit a signed 64-bit column and the engine's seed check, and
  are far too many to try one by one. No page or API lets a user choose one.
- `derive_seed(parent, purpose)` gives each procedure of an event (a pair's draft, a match's
  engine job, an online game) its own seed, through SHA-256. The engine's generator is
  SplitMix64, whose output can be run backwards, so a seed drawn from a parent's stream would
  give the parent away, and with it every sibling; a hash cannot be run backwards, so a
  finished procedure may show its seed without telling anything about the others.
- `seed_commitment(seed, nonce)` is what an event publishes when it starts: the SHA-256 of
  the canonical text `clash-event-seed:v1:<seed>:<nonce>` (UTF-8; the seed in decimal
  without leading zeros, the nonce 32 lowercase hex digits drawn by `new_nonce()`). The
  nonce keeps the hash from being searched seed by seed. When the event ends it reveals the
  seed and the nonce: anyone can then hash them, compare with what was published, and
  replay every draw from the seed.

Management commands run by the operator (demos, benchmarks) may still pass a seed of their
own; the services draw one when none is given.
"""

from __future__ import annotations

import hashlib
import secrets

SEED_BITS = 62
NONCE_HEX = 32  # 128 bits
COMMITMENT_PREFIX = "clash-event-seed:v1"


def new_seed() -> int:
    """A fresh seed from the secure source: a whole number in [0, 2**62)."""
    return secrets.randbits(SEED_BITS)


def new_nonce() -> str:
    return secrets.token_hex(NONCE_HEX // 2)


def derive_seed(parent: int, purpose: str) -> int:
    """The seed of one procedure of `parent`'s: the first 8 bytes of
    SHA-256(`clash-seed:v1:<parent>:<purpose>`) as a big-endian number, shifted right by 2
    (62 bits). One-way: knowing it tells nothing about `parent` or other purposes."""
    digest = hashlib.sha256(f"clash-seed:v1:{parent}:{purpose}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - SEED_BITS)


def commitment_text(seed: int, nonce: str) -> str:
    return f"{COMMITMENT_PREFIX}:{seed}:{nonce}"


def seed_commitment(seed: int, nonce: str) -> str:
    """The SHA-256 (64 lowercase hex digits) an event publishes for its seed and nonce."""
    return hashlib.sha256(commitment_text(seed, nonce).encode()).hexdigest()
