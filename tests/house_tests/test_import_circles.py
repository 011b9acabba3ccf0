"""No circle of imports among the files of the product: a reader can start at any file and read downwards.

Every import counts, also one inside a function or under `if TYPE_CHECKING:`: a circle there still
means two files that cannot be understood one without the other. A package's `__init__.py` is a file
like any other (importing `from ..storage import X` leans on `bot/storage/__init__.py`).
"""

from __future__ import annotations

import pytest
from support.imports import PACKAGES, circles, import_graph


@pytest.mark.parametrize("package", PACKAGES)
def test_no_circle_of_imports(package: str) -> None:
    graph = import_graph()
    inside = {m: {t for t in ts if t.split(".")[0] == package} for m, ts in graph.items() if m.split(".")[0] == package}
    assert circles(inside) == [], f"files of {package}/ that import each other in a circle"


def test_circles_are_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert circles(graph) == [["a", "b", "c"]]
    assert circles({"x": {"y"}, "y": set()}) == []
