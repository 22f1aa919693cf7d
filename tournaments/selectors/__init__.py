"""Reads of the tournaments app, one module per noun (STYLE.md, habit 2): the pages, the API,
the exports and the services read through the same functions. The modules, by concern, are
listed in docs/architecture.md."""
