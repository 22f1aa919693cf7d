"""URLs of the draft pod and rating pages (in the tournaments namespace)."""

urlpatterns: list = []
