"""Reads of invitations: one by its code, a player's open ones."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from play.models import Invitation, InvitationStatus


def invitation_by_code(code: str) -> Invitation | None:
    return (Invitation.objects.select_related("created_by", "game")
            .filter(code=code).first())


def open_invitations_of(user: AbstractBaseUser) -> QuerySet[Invitation]:
    return Invitation.objects.filter(created_by=user, status=InvitationStatus.OPEN)
