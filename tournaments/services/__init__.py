"""Services of the tournaments app: the writes, one module per use case (see STYLE.md, habit 2).

Which module holds which concern is the concern -> files table of docs/architecture.md. Each
module's public names are in its `__all__`; `guards` holds the checks and row locks the
services share, `states` the state machines, and `tournaments/rules.py` the pure checks and
limits the services, the selectors and the forms all read.
"""
