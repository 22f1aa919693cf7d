"""The event file's pages: the organizers' download and the import page. Views parse input,
call one service (or selector) and render; see STYLE.md, habit 3."""
