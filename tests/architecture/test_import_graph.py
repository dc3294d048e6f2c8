"""No import circle anywhere in ``src/pasur``: every arrow between modules points one way.

The import contracts (``lint-imports``) say which packages may import which; this test says more
simply that no module imports itself again by any path, inside a package as well as between
packages, type-checking imports included. A circle would fail here with the modules in it.
"""

from __future__ import annotations

import grimp


def circles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan's algorithm), and modules
    that import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1 or module in graph.find_modules_directly_imported_by(module):
                found.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_module_of_pasur_is_in_an_import_circle() -> None:
    graph = grimp.build_graph("pasur", exclude_type_checking_imports=False)
    assert len(graph.modules) > 100, "the whole package was read"
    assert circles(graph) == []


def test_the_search_finds_a_circle() -> None:
    """The check itself: a graph with a circle in it is reported."""
    graph = grimp.ImportGraph()
    for module in ("a", "a.b", "a.c", "a.d"):
        graph.add_module(module)
    graph.add_import(importer="a.b", imported="a.c")
    graph.add_import(importer="a.c", imported="a.d")
    graph.add_import(importer="a.d", imported="a.b")
    assert circles(graph) == [["a.b", "a.c", "a.d"]]
