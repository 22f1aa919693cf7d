"""What the serializers share: the length of a note, a status field with its own schema
component, a player named by username."""

from __future__ import annotations

import functools

from django.contrib.auth import get_user_model
from django.db import models
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

MAX_NOTE = 200


@functools.cache
def _status_field_class(choices: type[models.TextChoices]) -> type[serializers.ChoiceField]:
    # One class per choice set: the schema registers the component by the class.
    @extend_schema_field({"type": "string", "enum": list(choices.values)},
                         component_name=f"{choices.__name__}Enum")
    class StatusField(serializers.ChoiceField):
        pass

    return StatusField


def status_field(choices: type[models.TextChoices], **kwargs) -> serializers.ChoiceField:  # noqa: ANN003
    """A status with its own schema component (EventStatusEnum, ...): several models have a
    `status` with their own states, and components named after the field would collide."""
    return _status_field_class(choices)(choices=choices.choices, **kwargs)


def player_field(**kwargs) -> serializers.SlugRelatedField:  # noqa: ANN003
    return serializers.SlugRelatedField(
        slug_field="username", queryset=get_user_model().objects.all(),
        error_messages={"does_not_exist": "no player {value}"}, **kwargs)
