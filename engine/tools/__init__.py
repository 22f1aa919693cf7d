"""The engine's command-line tools, above the rules packages they drive (`python -m
engine.tools.<tool>`); each also answers by its engine/clash path. docs/engine.md lists them."""
