"""The rules engines: Clash of Decks (clash/), The Spoils (spoils/), Berserk (berserk/)."""


def build() -> str:
    """Which build of the engine this process runs: "compiled" when the rules were loaded from
    the compiled build (engine/tools/build_compiled.py), else "python"."""
    from engine.clash import rules

    return "python" if rules.__file__.endswith(".py") else "compiled"
