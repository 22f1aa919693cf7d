"""What online play shows of selected data, for the pages, the API and the sockets alike:
docs/architecture.md lists the modules and what each holds."""
