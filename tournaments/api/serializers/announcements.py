"""An event's announcements."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.models import MAX_ANNOUNCEMENT


class AnnouncementIn(serializers.Serializer):
    # The limits are the service's (it answers 400 invalid_announcement); blank passes here
    # so that an empty message gets the service's own words.
    text = serializers.CharField(allow_blank=True, trim_whitespace=False,
                                 help_text=f"plain text, 1 to {MAX_ANNOUNCEMENT} characters "
                                           f"once the surrounding blanks are cut")


class AnnouncementOut(serializers.Serializer):
    id = serializers.IntegerField()
    text = serializers.CharField(help_text="plain text: escape it where you show it")
    posted_at = serializers.DateTimeField()
    withdrawn_at = serializers.DateTimeField(allow_null=True,
                                             help_text="null while it is shown")

