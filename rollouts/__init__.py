"""Rollouts: policies, the local executor, reports and the ``mpb`` command line."""
