"""Writes of the event file (STYLE.md, habit 2): reading a file, checking it as a whole and
importing it as a new event."""
