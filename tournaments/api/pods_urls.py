"""URLs of the draft pod and rating API, mounted under /api/."""

urlpatterns: list = []
