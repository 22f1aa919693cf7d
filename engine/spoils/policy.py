"""The default damage assignment of a speed step (rule S-6): destroy as many as possible.

S-6 lets each side's controller distribute the summed strength of that speed's characters
among the opposing party. When a battle does not say how, this policy does, for that step
alone (it does not look ahead to later steps):

1. Destroy as many opposing characters as the strength can (damage already taken in earlier
   steps counts: it is locked in).
2. Among the ways of destroying that many, destroy the toughest: the most remaining life
   taken out, so the least strength is left over. This is the seed's point about parties
   (S-7): the speed-4 attackers pool their 4 strength to destroy the 1/4/4 blocker that
   neither could destroy alone, rather than the 2/2/3 one.
3. Between choices still equal, take the characters listed last in the opposing party, as
   the seed's defender does when it destroys "the last card" of two identical 1/1/2 attackers.
4. Strength left over goes to the surviving opposing character with the least life left
   (listed last on a tie), where it brings a later step's kill closest; when nobody survives
   it is extra damage on the last character destroyed.

With these four choices the policy makes exactly the seed's choices in the worked example.
"""

from __future__ import annotations

from collections.abc import Sequence

# (character id, life left) in the opposing party's order.
Opponent = tuple[str, int]


def destroy_most(strength: int, opponents: Sequence[Opponent]) -> dict[str, int]:
    """How to split `strength` among `opponents`: {id: damage}, in the opponents' order."""
    if strength <= 0 or not opponents:
        return {}
    lives = [left for _, left in opponents]
    chosen = _most_kills(strength, lives)
    damage = [0] * len(lives)
    for i in chosen:
        damage[i] = lives[i]
    left_over = strength - sum(damage)
    if left_over:
        survivors = [i for i in range(len(lives)) if i not in chosen]
        # min() keeps the first of equals, so the scan starts from the last listed.
        where = (min(reversed(survivors), key=lambda i: lives[i]) if survivors
                 else max(chosen))
        damage[where] += left_over
    return {opponents[i][0]: d for i, d in enumerate(damage) if d}


def _most_kills(strength: int, lives: list[int]) -> set[int]:
    """Indices of the set to destroy: most characters, then most life, then listed last.

    reach[i][c] is a bit set of the life totals (up to `strength`) that some c of the first
    i characters add up to; every life is at least 1, so the tables stay small.
    """
    n = len(lives)
    cap = (1 << (strength + 1)) - 1
    reach = [[1] + [0] * n]
    for i, life in enumerate(lives):
        previous = reach[-1]
        current = previous[:]
        for count in range(1, i + 2):
            current[count] |= (previous[count - 1] << life) & cap
        reach.append(current)
    final = reach[n]
    count = max(c for c in range(n + 1) if final[c])
    total = final[count].bit_length() - 1
    chosen: set[int] = set()
    # Walk back from the last character, taking each one whenever the rest can still be made
    # from the characters before it: this prefers the characters listed last (choice 3).
    for i in range(n - 1, -1, -1):
        if count == 0:
            break
        life = lives[i]
        if total >= life and (reach[i][count - 1] >> (total - life)) & 1:
            chosen.add(i)
            count -= 1
            total -= life
    return chosen
