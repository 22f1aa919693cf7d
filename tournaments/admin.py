"""Admin registrations for the tournaments app."""
