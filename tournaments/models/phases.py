"""An event's phases (`Phase`): the structures it plays one after the other, and who goes on
from one to the next.

An event is a sequence of phases, each with a structure (Swiss, round robin in groups, single
or double elimination) and, after the first, the rule of who advances into it (the top N, those
with at least X match points, the top K of each group). Today's "Swiss, then a top cut" is two
phases: the Swiss rounds, then a single elimination of the top N.

Before an event starts its settings are its plan; the start writes the plan as phases
(`tournaments.services.phases.phases_write`), fixed from then on like the settings they come
from. Each round belongs to one phase; a phase's `entrants` are the registrations that entered
it, in seed order, written when its first round is paired.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event


class PhaseStructure(models.TextChoices):
    SWISS = "swiss", _("Swiss")
    ROUND_ROBIN = "round_robin", _("Round robin")
    SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
    DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")


class PhaseAdvance(models.TextChoices):
    EVERYONE = "everyone", _("Everyone")  # the first phase: every registered player
    TOP = "top", _("The top players")  # the best `advance_count` of the standings
    POINTS = "points", _("Players with enough match points")  # a day-2 cut
    GROUP_TOP = "group_top", _("The top players of each group")


class Phase(models.Model):
    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="phases")
    number = models.PositiveSmallIntegerField()  # 1, 2, ... in the order they are played
    structure = models.CharField(max_length=20, choices=PhaseStructure.choices)
    advance = models.CharField(max_length=10, choices=PhaseAdvance.choices,
                               default=PhaseAdvance.EVERYONE)
    # TOP: how many advance; GROUP_TOP: how many of each group.
    advance_count = models.PositiveSmallIntegerField(null=True, blank=True)
    # POINTS: the match points a player needs to advance.
    advance_points = models.PositiveSmallIntegerField(null=True, blank=True)
    # Swiss: its number of rounds (the event's `rounds` for its Swiss phase).
    rounds = models.PositiveSmallIntegerField(null=True, blank=True)
    # Round robin: its groups and whether each pair meets once or twice.
    groups = models.PositiveSmallIntegerField(null=True, blank=True)
    cycles = models.PositiveSmallIntegerField(default=1)
    head_to_head = models.BooleanField(default=False)
    # Single elimination: a match between the semifinals' losers for third place.
    third_place = models.BooleanField(default=False)
    # Double elimination: a second final when the losers' bracket's player wins the first.
    bracket_reset = models.BooleanField(default=True)
    # Whether match points and who met whom carry over from the phases before.
    carry_over = models.BooleanField(default=True)
    # The registration ids that entered the phase, in seed order (best first).
    entrants = models.JSONField(default=list, blank=True)
    # Round robin: its groups as drawn at the start, group 1 first, each a list of
    # registration ids in the group's seed order (the order its Berger tables number them).
    group_members = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="one_phase_per_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="phase_number_from_1"),
            models.CheckConstraint(condition=Q(number=1, advance="everyone")
                                   | (Q(number__gt=1) & ~Q(advance="everyone")),
                                   name="only_the_first_phase_takes_everyone"),
            models.CheckConstraint(condition=~Q(advance__in=("top", "group_top"))
                                   | Q(advance_count__gte=1),
                                   name="a_top_cut_has_a_size"),
            models.CheckConstraint(condition=~Q(advance="points")
                                   | Q(advance_points__isnull=False),
                                   name="a_points_cut_has_a_threshold"),
            models.CheckConstraint(condition=Q(cycles__gte=1, cycles__lte=2),
                                   name="phase_cycles_1_or_2"),
        ]

    def __str__(self) -> str:
        return f"{self.event} phase {self.number}"
