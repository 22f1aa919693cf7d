"""How a lower app hears from, and asks, the apps above it without importing them (the
layers: README, "Dependencies").

An app below declares its hooks in its own `hooks.py` (decks/hooks.py, play/hooks.py); an app
above fills them in its AppConfig.ready. Two kinds:

- `Listeners`: an announcement ("a decklist was saved", "a game finished"); every connected
  listener is called with the announcement's keyword arguments, in the order connected. A
  listener's error propagates to the announcer, so a DomainError raised inside the
  announcer's transaction undoes the change with everything else it wrote.
- `Provider`: a question one app answers ("where is this list registered?"); until one
  registers, the hook's `default` answers.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


class Listeners:
    def __init__(self, name: str) -> None:
        self.name = name
        self._listeners: list[Callable[..., None]] = []

    def connect(self, listener: Callable[..., None]) -> Callable[..., None]:
        """Add a listener; connecting the same one again changes nothing (AppConfig.ready may
        run more than once)."""
        if listener not in self._listeners:
            self._listeners.append(listener)
        return listener

    def disconnect(self, listener: Callable[..., None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def __contains__(self, listener: object) -> bool:
        return listener in self._listeners

    def send(self, **kwargs: Any) -> None:  # noqa: ANN401
        for listener in list(self._listeners):
            listener(**kwargs)


class Provider:
    def __init__(self, name: str, default: Callable[..., Any]) -> None:
        self.name = name
        self._default = default
        self._provider: Callable[..., Any] | None = None

    def register(self, provider: Callable[..., Any]) -> Callable[..., Any]:
        self._provider = provider
        return provider

    def __call__(self, **kwargs: Any) -> Any:  # noqa: ANN401
        return (self._provider or self._default)(**kwargs)
