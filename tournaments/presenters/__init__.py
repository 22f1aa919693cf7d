"""What a page, an API answer or a socket shows of the tournaments' selected data: the
selectors read, the presenters put it into what a person sees. The modules are listed in
docs/architecture.md."""
