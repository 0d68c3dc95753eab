"""mobilepa-gym: MobilePA-Bench as Gymnasium RL environments.

``import mpb_env`` registers ``mpb/MobilePA-v0`` and ``mpb/MobilePA-Admissible-v0`` (K proposed turns per
step, a ``Discrete(K)`` action: ``mpb_env.envs.admissible``). The sandbox lives here; the Gymnasium adapters are
``mpb_env.envs`` and the rollout tools and CLI ``mpb_env.rollouts``.
"""

from __future__ import annotations

import gymnasium

from mpb_env import scoring
from mpb_env.tasks import load_tasks
from mpb_env.tasks.model import Task

__version__ = "0.1.0"
__all__ = ["Task", "__version__", "load_tasks", "scoring"]

ENV_ID = "mpb/MobilePA-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(
        id=ENV_ID,
        entry_point="mpb_env.envs.single:MobilePAEnv",
        vector_entry_point="mpb_env.envs.vector:MobilePAVectorEnv",
    )

ADMISSIBLE_ENV_ID = "mpb/MobilePA-Admissible-v0"
if ADMISSIBLE_ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ADMISSIBLE_ENV_ID, entry_point="mpb_env.envs.admissible:AdmissibleEnv")
