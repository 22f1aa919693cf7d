"""Services of the decks app: one module per use case (see STYLE.md, habit 2), its use cases
in `__all__`. The pure checks and constants they share with the reads are decks/rules.py;
which module holds what: docs/architecture.md."""
