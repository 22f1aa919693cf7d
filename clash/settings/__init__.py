"""Settings modules: base (shared), local, test, production. Choose with DJANGO_SETTINGS_MODULE."""
