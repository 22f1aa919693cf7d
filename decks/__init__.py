"""Django app: card catalogue, collections, decklists and ban-two sessions."""
