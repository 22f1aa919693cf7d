"""The event file through the REST API (Django REST Framework)."""
