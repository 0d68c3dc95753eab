"""``mpb eval --ray --address HOST:PORT`` against a Ray cluster started on its own (``ray start --head``),
as a user with a cluster runs it: the driver joins the cluster, steps the actors through Ray actor calls,
and writes the same trajectories as an in-process run; and a wrong address fails at once, in one line.

The head runs in a temp dir of its own (so it never becomes the machine's "current" cluster that a
bare ``ray.init()`` would join) with token authentication off (its token would live there too)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

MPB = [sys.executable, "-m", "mpb_env.rollouts.cli"]
RAY = [sys.executable, "-c", "from ray.scripts.scripts import main; main()"]
ENV = {**os.environ, "RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    # A short path: Ray's Unix sockets live under it, and a socket path may not exceed 107 bytes.
    temp_dir = Path(tempfile.mkdtemp(prefix="mpb-ray-"))
    head = subprocess.Popen(
        [*RAY, "start", "--head", "--block", "--port=0", "--num-cpus=2", "--include-dashboard=false"]
        + [f"--temp-dir={temp_dir}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own process group, for the kill below if it will not stop
        env=ENV,
    )
    try:
        current = temp_dir / "ray_current_cluster"
        deadline = time.monotonic() + 120
        while not (current.exists() and current.read_text().strip()):
            assert head.poll() is None and time.monotonic() < deadline, "the Ray head did not start"
            time.sleep(0.1)
        yield current.read_text().strip()
    finally:
        head.send_signal(signal.SIGTERM)  # --block: the head shuts down what it started
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
        shutil.rmtree(temp_dir, ignore_errors=True)


def test_eval_on_an_existing_cluster_matches_the_local_run(cluster: str, tmp_path: Path) -> None:
    common = ["eval", "--split", "starter", "--policy", "random", "--seed", "3", "--no-progress", "--json"]
    local = subprocess.run([*MPB, *common, "--out", str(tmp_path / "local")], capture_output=True, text=True)
    assert local.returncode == 0, local.stderr
    remote = subprocess.run(
        [*MPB, *common, "--out", str(tmp_path / "ray"), "--ray", "--address", cluster, "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        env=ENV,
    )
    assert remote.returncode == 0, remote.stderr
    assert (tmp_path / "local/trajectories.jsonl").read_bytes() == (
        tmp_path / "ray/trajectories.jsonl"
    ).read_bytes()


def test_a_wrong_address_fails_at_once_in_one_line(tmp_path: Path) -> None:
    """Nothing listens at port 1: Ray's own connect would retry for many minutes (20 tries of ~40 s),
    far past this ``timeout``; the probe (Ray's GCS client with short windows) ends the run with one
    line naming the address."""
    bad = subprocess.run(
        [*MPB, "eval", "--split", "starter", "--no-progress", "--ray", "--address", "127.0.0.1:1"],
        capture_output=True,
        text=True,
        timeout=180,
        env=ENV,
        cwd=tmp_path,
    )
    assert bad.returncode == 1
    assert bad.stderr.strip().splitlines() == [
        "mpb: error: cannot connect to the Ray cluster at 127.0.0.1:1: Ray's GCS client (waiting up to "
        "5 s) failed there: RpcError: Timed out while waiting for GCS to become available."
    ]
