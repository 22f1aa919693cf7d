"""Tournament models. Business logic lives in services.py and selectors.py, not here."""
