"""docs/android.md: every rule's bench families exist and draw bench tasks, from two families or more."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from mpb_env.tasks import load_tasks
from mpb_env.tasks.gen import load_families

DOC = Path(__file__).resolve().parent.parent / "docs" / "android.md"


def _rules() -> dict[str, list[str]]:
    """``{rule: [family ids]}`` from the doc's table (the last column's backticked names)."""
    out: dict[str, list[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if not line.startswith("| ") or line.startswith("| Rule") or line.startswith("|---"):
            continue
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        assert len(cells) == 5, line
        out[cells[0]] = re.findall(r"`([a-z_]+\.[a-z_]+)`", cells[4])
    return out


def test_the_table_names_rules_and_families() -> None:
    rules = _rules()
    assert len(rules) >= 10
    for rule, fams in rules.items():
        assert len(set(fams)) >= 2, f"{rule}: fewer than two families"


def test_every_rule_is_exercised_by_bench_tasks_of_two_families() -> None:
    """Each named family exists and draws at least one bench task, so every rule is exercised by
    bench tasks from two different families or more."""
    families = load_families()
    per_family = Counter(t.meta["family"] for t in load_tasks("bench"))
    for rule, fams in _rules().items():
        for fam in fams:
            assert fam in families, f"{rule}: no family {fam}"
            assert per_family[fam] >= 1, f"{rule}: {fam} has no bench task"
        assert len({f for f in fams if per_family[f]}) >= 2, f"{rule}: bench tasks of fewer than two families"
