"""Gymnasium adapters over the sandbox: the single-task env and its spaces."""

from mpb_env.envs.single import MobilePAEnv

__all__ = ["MobilePAEnv"]
