"""Services of the deck lab (see STYLE.md, habit 2): its modules, by concern, are listed in
docs/architecture.md ("Concerns and their files")."""
