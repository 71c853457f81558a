"""vgdl: the C++ VGDL engine from Python (docs/python.md).

Games and states (load_game, game_from_text, Game, State), the built-in agents (Agent,
Budget, agents), and Gymnasium-style environments (Env, make, VectorEnv).
"""
from ._vgdl import (MAX_TICKS, Action, Agent, Budget, Game, LoadError, State, Winner, agents,
                    game_from_text, load_game)
from .env import Env, make
from .vector_env import VectorEnv

__all__ = ["MAX_TICKS", "Action", "Agent", "Budget", "Env", "Game", "LoadError", "State",
           "VectorEnv", "Winner", "agents", "game_from_text", "load_game", "make"]
