"""Reads of the event file (STYLE.md, habit 2): an event as its file."""
