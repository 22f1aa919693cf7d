"""The engine's command-line tools, above the rules packages they drive: bench, balance,
ladder, play, scenario and values (`python -m engine.tools.<tool>`). Each keeps its old path
too (`python -m engine.clash.<tool>`, `python -m engine.clash.formats.values`)."""
