"""Renderers the apps' endpoints share."""

from __future__ import annotations

from rest_framework.renderers import BaseRenderer


class CSVRenderer(BaseRenderer):
    """text/csv for the export; an error reaching a client that asked only for CSV is sent
    as its message."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None) -> bytes:  # noqa: ANN001
        if isinstance(data, dict) and "error" in data:
            data = f"{data['error']['code']}: {data['error']['message']}\n"
        return str(data).encode(self.charset)
