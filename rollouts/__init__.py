"""Rollouts: policies, the local and Ray executors, trajectories, reports and the ``mpb`` command line.

``run(tasks, policy, executor="local"|"ray", ...)`` plays every episode once and returns
``Trajectory`` records; ``build_report`` turns them into the paper's scores.
"""

from mpb_env.rollouts.chat import ChatPolicy, Completion, PolicyError
from mpb_env.rollouts.hf import HFPolicy
from mpb_env.rollouts.policies import NullPolicy, OraclePolicy, Policy, RandomPolicy, make_policy
from mpb_env.rollouts.report import build_report, format_table
from mpb_env.rollouts.runner import Trajectory, read_trajectories, run

__all__ = [
    "ChatPolicy",
    "Completion",
    "HFPolicy",
    "NullPolicy",
    "OraclePolicy",
    "Policy",
    "PolicyError",
    "RandomPolicy",
    "Trajectory",
    "build_report",
    "format_table",
    "make_policy",
    "read_trajectories",
    "run",
]
