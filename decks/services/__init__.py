"""Services of the decks app: one module per use case (see STYLE.md, habit 2)."""
