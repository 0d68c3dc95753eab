"""Gymnasium adapters over the sandbox: the single-task env, the copy-on-write vector env, spaces."""

from mpb_env.envs.single import MobilePAEnv
from mpb_env.envs.vector import MobilePAVectorEnv

__all__ = ["MobilePAEnv", "MobilePAVectorEnv"]
