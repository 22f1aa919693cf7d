"""The engine's command-line tools, above the rules packages they drive: bench, balance,
expert_bench, ladder, play, scenario and values (`python -m engine.tools.<tool>`). Each also
answers by its engine/clash path (`python -m engine.clash.<tool>`,
`python -m engine.clash.formats.values`)."""
