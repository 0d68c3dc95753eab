"""Model output is data, never code: nothing in the sandbox or the env adapters evaluates text."""

from __future__ import annotations

import ast
from pathlib import Path

import orjson

from mpb_env.episode import Episode
from mpb_env.tasks import load_tasks
from mpb_env.world.generate import load_world

ROOT = Path(__file__).resolve().parent.parent
#: Calls that would run text as code or as a command, by name or as ``module.attribute``.
CODE_RUNNERS = {"eval", "exec", "compile", "__import__"}
RISKY_ATTRIBUTES = {("os", "system"), ("os", "popen"), ("pickle", "loads"), ("marshal", "loads")}
RISKY_MODULES = {"subprocess", "pickle", "marshal", "shelve"}


def _offences(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            f = node.func
            if isinstance(f, ast.Name) and f.id in CODE_RUNNERS:
                found.append(f"{path.name}:{node.lineno} calls {f.id}")
            named = isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name)
            if named and (f.value.id, f.attr) in RISKY_ATTRIBUTES:  # type: ignore[union-attr]
                found.append(f"{path.name}:{node.lineno} calls {f.value.id}.{f.attr}")  # type: ignore[union-attr]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            found += [
                f"{path.name}:{node.lineno} imports {n}" for n in names if n.split(".")[0] in RISKY_MODULES
            ]
    return found


def test_the_sandbox_and_the_envs_never_evaluate_text() -> None:
    files = [*(ROOT / "mpb_env").rglob("*.py"), *(ROOT / "envs").glob("*.py")]
    assert len(files) > 20
    assert [o for f in files for o in _offences(f)] == []


def test_code_in_an_action_is_only_text(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    code = f"__import__('os').system('touch {marker}')"
    task = load_tasks("starter")[0]
    ep = Episode(load_world("S"), task, "all")
    call = {"name": "search_tools", "arguments": {"query": code}}
    for action in (orjson.dumps(call).decode(), f"<tool_call>{code}</tool_call>", code):
        ep.restart(task)
        obs, *_ = ep.step(action)
        assert isinstance(obs, str)
    assert not marker.exists()
