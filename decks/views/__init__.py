"""The decks pages: one module per page family. Views parse input, call one service (or
selector) and render; see STYLE.md, habit 3."""
