"""The tournaments REST API (Django REST Framework)."""
