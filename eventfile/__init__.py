"""The event file (docs/event-file.md): a whole event as one JSON document, downloaded by its
organizers and imported elsewhere as a new event. It sits above tournaments, which never
imports it."""
