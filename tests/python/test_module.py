"""vgdl's games and states: loading, copies, the forward model, observation arrays, frames,
and the errors bad input raises."""
import re

import numpy as np
import pytest

import vgdl
from conftest import DATA

# A game with a resource, written here: the avatar collects gems and a box it pushes.
GEMS = """BasicGame
    SpriteSet
        gem > Resource limit=5 color=BLUE
        wall > Immovable color=GRAY
        avatar > MovingAvatar
    LevelMapping
        g > gem
        w > wall
        A > avatar
    InteractionSet
        avatar wall > stepBack
        gem avatar > collectResource scoreChange=2
    TerminationSet
        SpriteCounter stype=gem limit=0 win=True
"""
GEMS_LEVEL = "wwwwww\nwAggww\nwwwwww\n"


def test_load_game_from_a_file(coins):
    game = vgdl.load_game(coins)
    assert game.name == "coins"
    assert game.level_count == 1
    assert game.type_names[game.type_id("coin")] == "coin"
    with pytest.raises(KeyError, match="no sprite type 'dragon'"):
        game.type_id("dragon")


def test_load_game_chooses_parameter_values():
    designed = str(DATA.parent / "parameters" / "designed.txt")
    assert vgdl.load_game(designed, parameters={"ECONS": 3, "ESPEED": 0.3}).level_count == 2
    with pytest.raises(vgdl.LoadError, match="'9' is not a value of ECONS"):
        vgdl.load_game(designed, parameters={"ECONS": 9})


def test_a_state_is_a_value(coins):
    state = vgdl.load_game(coins).start(0, seed=7)
    copy = state.copy()
    copy.advance(vgdl.Action.RIGHT)
    assert (state.tick, copy.tick) == (0, 1)
    assert state.avatar_cell == (1, 1) and copy.avatar_cell == (2, 1)
    # A copy continues the same random stream: the same actions give the same states.
    again = state.copy()
    again.advance(vgdl.Action.RIGHT)
    assert again.same_position(copy) and again.hash() == copy.hash()


def test_forward_model_reaches_the_goal(maze):
    state = vgdl.load_game(maze).start(0)
    for action in "RRRRDDDD":
        state.advance({"R": vgdl.Action.RIGHT, "D": vgdl.Action.DOWN}[action])
    assert state.game_over and state.winner == vgdl.Winner.WINS and state.score == 1


def test_observation_arrays(coins):
    game = vgdl.load_game(coins)
    state = game.start(0)
    counts = state.type_counts()
    assert counts.dtype == np.uint8 and counts.shape == (4, 6, 8)
    assert counts[game.type_id("coin")].sum() == 5
    assert counts[game.type_id("avatar"), 1, 1] == 1
    grid = state.type_grid()
    assert grid.dtype == np.int16 and grid.shape == (1, 6, 8)
    # The two views agree: each cell's ids are the types counted there.
    for t in range(len(game.type_names)):
        assert ((grid == t).sum(axis=0) == counts[t]).all()
    assert (state.type_grid(depth=3)[1:] == -1).all()


def test_resources_events_and_score():
    game = vgdl.game_from_text(GEMS, [GEMS_LEVEL], name="gems")
    state = game.start(0)
    state.advance(vgdl.Action.RIGHT)
    assert state.resources == {"gem": 1} and state.score == 2
    assert state.events(since_tick=0) == [{"tick": 0, "from_avatar": False, "active": "avatar",
                                           "passive": "gem", "position": (2.0 * state.block_size,
                                                                          state.block_size)}]
    state.advance(vgdl.Action.RIGHT)
    # The game is won: GVGAI reports no avatar, nor its resources, once it is over.
    assert state.score == 4 and state.winner == vgdl.Winner.WINS and state.resources == {}
    assert len(state.events(since_tick=1)) == 1 and len(state.events()) == 2


def test_frame_is_rgb(coins):
    state = vgdl.load_game(coins).start(0)
    frame = state.frame()
    assert frame.dtype == np.uint8 and frame.shape == (600, 800, 3)
    shapes = state.frame(sprites=False, scale=2)
    assert shapes.shape == (1200, 1600, 3)
    # The wall at cell (0, 0) is drawn in GRAY (GVGAI's 90, 90, 90) as a shape.
    assert tuple(shapes[10, 10]) == (90, 90, 90)
    with pytest.raises(ValueError, match="scale"):
        state.frame(scale=0)


def test_a_broken_game_raises_the_loaders_diagnostic():
    broken = GEMS.replace("collectResource", "collectResorce")
    with pytest.raises(vgdl.LoadError) as error:
        vgdl.game_from_text(broken, [GEMS_LEVEL], name="gems")
    assert isinstance(error.value, ValueError)
    assert re.search(r"gems\.txt:12:22: error: unknown effect \'collectResorce\'", str(error.value))
    assert "did you mean 'collectResource'" in str(error.value)


def test_a_broken_level_or_file_raises():
    game = vgdl.game_from_text(GEMS, name="gems")
    with pytest.raises(vgdl.LoadError, match=r"gems_lvl\.txt:1:1: error: the first line"):
        game.start_text("\nwAw\n")
    with pytest.raises(vgdl.LoadError, match="no game"):
        vgdl.load_game("/nonexistent/game.txt")
    with pytest.raises(IndexError, match="not level 3"):
        vgdl.game_from_text(GEMS, [GEMS_LEVEL]).start(3)


def test_bad_actions_raise(coins):
    state = vgdl.load_game(coins).start(0)
    with pytest.raises(ValueError, match="no action 9"):
        state.advance(9)
    with pytest.raises(TypeError, match="not str"):
        state.advance("UP")
    state.advance(4)  # an int is an action
    assert state.avatar_cell == (2, 1)
