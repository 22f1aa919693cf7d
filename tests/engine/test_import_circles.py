"""No two modules of the engine import each other, directly or through others: a module's
reader finds what it builds on below it (docs/engine.md). A command's old path runs the
command by name rather than importing it, and a policy's protocol sits beside the view it
reads."""

import grimp


def test_no_module_of_the_engine_imports_one_that_imports_it_back():
    graph = grimp.build_graph("engine")
    circles = sorted(
        (module, other)
        for module in graph.modules
        for other in graph.find_modules_directly_imported_by(module)
        if graph.chain_exists(importer=other, imported=module)
    )
    assert circles == []
