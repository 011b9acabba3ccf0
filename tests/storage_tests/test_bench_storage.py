"""bench/bench_storage.py's quick mode runs and prints its figures, so the bench cannot break unnoticed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from support.bench_runs import bench_output

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_storage_bench_prints_both_backends_for_both_checkouts() -> None:
    """--against this very checkout: the side-by-side path (children importing a given checkout) runs too."""
    out = bench_output("bench_storage.py", "--quick", "--against", str(ROOT), timeout=600)
    rows = re.findall(r"^(this|against) +(SQLite|PostgreSQL) +([\d.]+) ms +([\d.]+) ms +([\d.]+) ms", out, re.M)
    assert {(label, backend) for label, backend, *_ in rows} == {
        (label, backend) for label in ("this", "against") for backend in ("SQLite", "PostgreSQL")
    }, out
    assert all(float(baseline) > 0 and 0 < float(p50) <= float(p95) for *_, baseline, p50, p95 in rows)
    assert re.search(r"^PostgreSQL save p50, this / against: [\d.]+x$", out, re.M), out


def test_another_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / "bench_storage.py"), "--quick", "--against", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2 and "is not a checkout of this project" in done.stderr
