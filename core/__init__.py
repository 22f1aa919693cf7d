"""The web plumbing every app shares, below all of them: domain errors, input checks, the
API's error shape and schema helpers, the accessible form base, bulk writes, job deliveries
and seeds. It imports no app and not the project package `clash`."""
