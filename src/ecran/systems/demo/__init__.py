"""`demo`: a one-check system that exists only to prove the machinery (not a game)."""

from ecran.systems.demo.system import SYSTEM

__all__ = ["SYSTEM"]
