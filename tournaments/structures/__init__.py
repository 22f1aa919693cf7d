"""The shapes of an event's phases beside Swiss, as pure Python (no Django, no rows): round
robin groups, single and double elimination brackets, who advances from one phase to the
next, and team matches. Players are names (strings) given in seed order; what the site
stores is built from these in its services. docs/architecture.md lists the modules."""
