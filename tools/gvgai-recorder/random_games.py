#!/usr/bin/env python3
"""Random VGDL games for checking the engine against GVGAI itself (differential testing).

Writes GVGAI-style grid-physics or continuous-physics games that combine sprite classes, parameters, effects and
terminations at random, each with one level, into OUT/<folder>/<name>.txt and
<name>_lvl0.txt. `differential.sh` beside this file records them with GVGAI
(TraceRecorder.java) and replays the traces through `vgdl verify-traces`; any game whose replay
differs is a behaviour GVGAI has and the engine lacks, or the reverse.

The games are not meant to be fun, only to reach many combinations. Classes whose behaviour
GVGAI draws from an unseeded generator (WalkerJumper's Math.random, RandomPathAltChaser
with several target types) are left out: no trace of them can be replayed.

usage: random_games.py OUT FIRST COUNT [grid|cont|grid+|cont+|grid++|cont++|grid+++|cont+++][-large][-2p]
  grid (default): OUT/gridphysics/rg<n>.txt; cont: continuous physics, OUT/contphysics/rc<n>.txt
  grid+, cont+: the same games with what `extend` adds (classes, avatars, parameters and an
  effect the plain games leave out), drawn from a second generator so that the plain games of
  every seed stay as they were
  grid++, cont++: the games of grid+ and cont+ with what a third generator adds (effect and
  termination parameters, avatar subtypes, lines with several second types, level characters
  with two types, second avatars, TIME lines and timers that GVGAI can run without a sprite),
  so that the games of grid+ and cont+ stay too
  grid+++, cont+++: the games of grid++ and cont++ with what a fourth generator adds (sprites
  narrower or wider than a cell, `wMult` and `hMult`; the game's counters, `no_counters`, with
  effects that add to them, `counter` and `counterElse`, and a Timeout that reads them)
  any of these with `-large` (grid-large, cont+++-large, ...): the same game on a level of
  20-50 by 12-30 cells with up to 30 sprites of each type, drawn from a generator of its own,
  where the engine finds collisions through its spatial index rather than by testing every pair
  any of these with `-2p` (grid-2p, cont+++-large-2p, ...): the same game for two players
  (`no_players=2`), with what a generator of its own adds: a second avatar, of a type of its own
  or of the first one's, score changes and win states that differ by player, lines for one
  player's type, and terminations that end the game when either player's avatar is gone
"""
import os
import random
import sys

DIRS = ["UP", "DOWN", "LEFT", "RIGHT"]


class Game:
    def __init__(self, rng, cont=False, extra=None):
        self.r = rng
        self.cont = cont  # continuous physics (contphysics) instead of grid physics
        self.x = extra  # the generator of the extended games (grid+, cont+), or None
        self.y = None  # the generator of the games of grid++ and cont++, or None
        self.z = None  # the generator of the games of grid+++ and cont+++, or None
        self.large = None  # the generator of a large level (a kind ending in -large), or None
        self.two = None  # the generator of the second player (a kind ending in -2p), or None
        self.no_counters = 0
        self.avatar_leaf = "avatar"  # the type the level's A places
        self.second_avatar_leaf = None  # the type the level's B places (two players)
        self.types = []  # (name, class, params, parent or None)
        self.moving = set()  # types that may move (for EOS lines)
        self.resources = []
        self.lines = []
        self.terms = []

    def names(self):
        return [t[0] for t in self.types]

    def leaf_names(self):
        parents = {t[3] for t in self.types if t[3]}
        return [t[0] for t in self.types if t[0] not in parents]

    def class_of(self, name):
        return next(t[1] for t in self.types if t[0] == name)

    def pick(self, exclude=()):
        choices = [n for n in self.names() if n not in exclude]
        return self.r.choice(choices)


def speed(r):
    return r.choice(["0.25", "0.5", "1", "1", "1", "2"])


def common(r, params):
    if r.random() < 0.2:
        params["cooldown"] = str(r.randint(1, 4))
    if r.random() < 0.15:
        params["shrinkfactor"] = r.choice(["0.5", "0.8"])
    if r.random() < 0.1:
        params["singleton"] = "True"


def npc(g, name, others):
    r = g.r
    cls = r.choice([
        "Immovable", "Immovable", "Passive", "Passive", "Missile", "Missile", "RandomMissile",
        "ErraticMissile", "Flicker", "OrientedFlicker", "Spreader", "RandomNPC", "Chaser",
        "Fleeing", "AlternateChaser", "RandomAltChaser", "PathChaser", "PathAltChaser",
        "SpawnPoint", "Bomber", "RandomBomber", "BomberRandomMissile", "SpawnPointMultiSprite",
        "Portal", "Door", "Resource", "Conveyor", "LOSChaser",
    ])
    p = {}
    target = lambda: r.choice(others + ["avatar"])
    if cls in ("Missile", "ErraticMissile", "OrientedFlicker", "Conveyor"):
        p["orientation"] = r.choice(DIRS)
    if cls in ("Missile", "RandomMissile", "ErraticMissile", "RandomNPC", "Chaser", "Fleeing",
               "AlternateChaser", "RandomAltChaser", "PathChaser", "PathAltChaser", "LOSChaser"):
        p["speed"] = speed(r)
        g.moving.add(name)
    if cls in ("Flicker", "OrientedFlicker", "Spreader"):
        p["limit"] = str(r.randint(1, 6))
    if cls == "Spreader":
        p["stype"] = r.choice(others + [name])
        p["spreadprob"] = r.choice(["0.1", "0.5", "1"])
    if cls == "RandomNPC" and r.random() < 0.5:
        p["cons"] = str(r.randint(1, 4))
    if cls in ("Chaser", "Fleeing", "PathChaser", "LOSChaser"):
        p["stype"] = target()
        if r.random() < 0.2:
            p["maxDistance"] = str(r.randint(2, 6))
    if cls in ("AlternateChaser", "RandomAltChaser", "PathAltChaser"):
        p["stype1"] = target()
        p["stype2"] = target()
        if cls == "RandomAltChaser":
            p["epsilon"] = r.choice(["0.1", "0.5"])
    if cls in ("SpawnPoint", "Bomber", "RandomBomber"):
        p["stype"] = r.choice(others) if others else name
        p["prob"] = r.choice(["0.05", "0.2", "0.5", "1"])
        p["cooldown"] = str(r.randint(1, 8))
        if r.random() < 0.4:
            p["total"] = str(r.randint(1, 6))
        if cls != "SpawnPoint":
            p["speed"] = speed(r)
            g.moving.add(name)
            if cls == "Bomber":
                p["orientation"] = r.choice(DIRS)
        if r.random() < 0.3:
            p["spawnorientation"] = r.choice(DIRS)
    if cls == "BomberRandomMissile":
        p["stypeMissile"] = ",".join(r.sample(others, min(2, len(others)))) if others else name
        p["prob"] = r.choice(["0.1", "0.5"])
        p["cooldown"] = str(r.randint(1, 5))
        p["speed"] = speed(r)
        g.moving.add(name)
    if cls == "SpawnPointMultiSprite":
        p["stypes"] = ",".join(r.sample(others, min(2, len(others)))) if others else name
        p["prob"] = r.choice(["0.1", "0.5"])
        p["cooldown"] = str(r.randint(1, 5))
    if cls == "Portal":
        p["stype"] = r.choice(others) if others else name
    if cls == "Resource":
        p["limit"] = str(r.randint(1, 5))
        if r.random() < 0.3:
            p["value"] = str(r.randint(1, 3))
        g.resources.append(name)
    common(r, p)
    return cls, p


AVATARS = {
    "MovingAvatar": False, "HorizontalAvatar": False, "VerticalAvatar": False,
    "OrientedAvatar": False, "OngoingAvatar": False, "OngoingTurningAvatar": False,
    "MissileAvatar": False, "ShootAvatar": True, "FlakAvatar": True, "OngoingShootAvatar": True,
    "ShootOnlyAvatar": True,
}


def choose_avatar(g, classes, shots):
    """An avatar class of `classes` (class -> whether it shoots), with its missile type."""
    cls = g.r.choice(list(classes))
    return cls, ({"stype": shots} if classes[cls] else {})


def health(r, p):
    if r.random() < 0.3:
        p["healthPoints"] = str(r.randint(1, 4))
        p["limitHealthPoints"] = str(r.randint(4, 8))


def avatar(g, shots):
    r = g.r
    cls, p = choose_avatar(g, AVATARS, shots)
    if AVATARS[cls] and r.random() < 0.25 and g.resources:
        p["ammo"] = r.choice(g.resources)
    health(r, p)
    if r.random() < 0.2:
        p["speed"] = r.choice(["0.5", "1", "2"])
    common(r, p)
    return cls, p


CONT_DIRS = DIRS + ["DLEFT", "DRIGHT", "DUP", "DDOWN"]


def physics(r, p, gravity=True):
    """Continuous-physics parameters: friction, gravity, mass."""
    p["physicstype"] = "CONT"
    if r.random() < 0.5:
        p["friction"] = r.choice(["0.02", "0.1", "0.15"])
    if gravity and r.random() < 0.5:
        p["gravity"] = r.choice(["0.3", "0.5", "1", "2"])
    if r.random() < 0.3:
        p["mass"] = r.choice(["0.5", "2"])


def cont_npc(g, name, others):
    r = g.r
    cls = r.choice(["Immovable", "Immovable", "Passive", "Missile", "Missile", "Missile",
                    "RandomNPC", "RandomInertial", "Walker", "SpawnPoint", "Chaser", "Resource"])
    p = {}
    if cls in ("Missile", "RandomNPC", "Chaser"):
        physics(r, p)
        p["speed"] = r.choice(["1", "3", "4", "7", "10", "25"])
        if cls == "Missile":
            p["orientation"] = r.choice(CONT_DIRS)
        if cls == "Chaser":
            p["stype"] = r.choice(others + ["avatar"])
        g.moving.add(name)
    if cls == "Passive" and r.random() < 0.6:
        physics(r, p)
        g.moving.add(name)
    if cls == "RandomInertial":
        p["speed"] = r.choice(["1", "3", "5"])
        if r.random() < 0.5:
            p["friction"] = r.choice(["0.02", "0.1"])
        g.moving.add(name)
    if cls == "Walker":
        p["physicstype"] = "CONT"
        p["gravity"] = r.choice(["0.5", "1", "2"])
        if r.random() < 0.5:
            p["speed"] = r.choice(["1", "3", "5"])
            p["max_speed"] = r.choice(["3", "5", "8"])
        if r.random() < 0.3:
            p["airsteering"] = "True"
        g.moving.add(name)
    if cls == "SpawnPoint":
        p["stype"] = r.choice(others) if others else name
        p["prob"] = r.choice(["0.05", "0.2", "0.5", "1"])
        p["cooldown"] = str(r.randint(1, 12))
        if r.random() < 0.5:
            p["total"] = str(r.randint(1, 8))
    if cls == "Resource":
        p["limit"] = str(r.randint(1, 5))
        g.resources.append(name)
    if cls == "Immovable" and r.random() < 0.3:
        p["solid"] = "True"  # ground for walkers and platformers
    if r.random() < 0.15:
        p["shrinkfactor"] = r.choice(["0.5", "0.8", "1.2"])
    if r.random() < 0.1:
        p["singleton"] = "True"
    return cls, p


CONT_AVATARS = {
    "AimedAvatar": True, "SpaceshipAvatar": True, "LanderAvatar": False, "BirdAvatar": False,
    "CarAvatar": False, "PlatformerAvatar": False, "MovingAvatar": False,
    "OrientedAvatar": False, "FlakAvatar": True, "MissileAvatar": False,
}


def cont_avatar(g, shots):
    r = g.r
    cls, p = choose_avatar(g, CONT_AVATARS, shots)
    if cls in ("LanderAvatar", "SpaceshipAvatar") and r.random() < 0.5:
        p["angle_diff"] = r.choice(["0.1", "0.2", "0.3"])
    if cls in ("PlatformerAvatar", "BirdAvatar"):
        p["jump_strength"] = r.choice(["5", "10", "30"])
    physics(r, p, gravity=cls not in ("AimedAvatar", "CarAvatar"))
    if cls in ("LanderAvatar", "PlatformerAvatar", "BirdAvatar") and "gravity" not in p:
        p["gravity"] = r.choice(["0.3", "1", "2"])
    if r.random() < 0.4:
        p["speed"] = r.choice(["0.5", "1", "2", "5"])
    if r.random() < 0.2:
        p["max_speed"] = r.choice(["5", "10", "30"])
    health(r, p)
    return cls, p


CONT_EFFECTS = [
    ("wallStop", {}), ("wallStop", {}), ("wallBounce", {}), ("wallBounce", {}),
    ("wallReverse", {}), ("bounceDirection", {}), ("halfSpeed", {}),
    ("killIfSlow", {"limspeed": "3"}), ("killIfFast", {"limspeed": "3"}),
    ("killIfNotUpright", {}), ("killIfFromAbove", {}), ("waterPhysics", {}),
    ("pullWithIt", {}), ("pullWithIt", {"pixelPerfect": "True"}),
    ("stepBack", {"pixelPerfect": "True"}), ("bounceForward", {}),
]


def effect(g, a, b):
    """One effect for the pair (a, b), with its parameters."""
    r = g.r
    names = g.names()
    options = [
        ("killSprite", {}), ("killSprite", {}), ("stepBack", {}), ("stepBack", {}),
        ("killBoth", {}), ("killIfAlive", {}), ("undoAll", {}), ("bounceForward", {}),
        ("reverseDirection", {}), ("turnAround", {}), ("flipDirection", {}),
        ("wrapAround", {}), ("cloneSprite", {}), ("transformTo", {"stype": r.choice(names)}),
        ("transformToAll", {"stype": r.choice(names), "stypeTo": r.choice(names)}),
        ("transformToSingleton", {"stype": r.choice(names), "stype_other": r.choice(names)}),
        ("spawn", {"stype": r.choice(names)}), ("spawnBehind", {"stype": r.choice(names)}),
        ("killIfFromAbove", {}), ("killIfFrontal", {}), ("killIfNotFrontal", {}),
        ("killAll", {"stype": r.choice(names)}), ("removeScore", {}),
        ("addHealthPoints", {"value": str(r.randint(1, 2))}),
        ("addHealthPointsToMax", {}),
        ("subtractHealthPoints", {"value": str(r.randint(1, 2))}),
        ("pullWithIt", {}), ("attractGaze", {}), ("align", {}),
        ("halfSpeed", {}), ("wallStop", {}),
        ("setSpeedForAll", {"stype": r.choice(names), "value": r.choice(["0.5", "1", "2"])}),
        ("increaseSpeedToAll", {"stype": r.choice(names), "value": "0.5"}),
        ("decreaseSpeedToAll", {"stype": r.choice(names), "value": "0.5"}),
        ("transformIfCount", {"stype": r.choice(names), "stypeCount": r.choice(names),
                              "geq": str(r.randint(0, 3)), "leq": str(r.randint(2, 6))}),
        ("killIfSlow", {"limspeed": "0.6"}), ("killIfFast", {"limspeed": "0.6"}),
    ]
    if g.resources:
        res = r.choice(g.resources)
        options += [
            ("changeResource", {"resource": res, "value": r.choice(["1", "-1", "2"])}),
            ("changeResource", {"resource": res, "value": "1"}),

            ("killIfHasMore", {"resource": res, "limit": str(r.randint(0, 3))}),
            ("killIfHasLess", {"resource": res, "limit": str(r.randint(0, 3))}),
            ("killIfOtherHasMore", {"resource": res, "limit": str(r.randint(0, 3))}),
            ("spawnIfHasMore", {"resource": res, "limit": str(r.randint(0, 3)),
                                "stype": r.choice(names)}),
            ("spawnIfHasLess", {"resource": res, "limit": str(r.randint(0, 3)),
                                "stype": r.choice(names)}),
        ]
        if a in g.resources:  # as collectResource below
            options.append(("collectResourceIfHeld", {"heldResource": res}))
    options += [
        ("spawnAbove", {"stype": r.choice(names)}), ("spawnBelow", {"stype": r.choice(names)}),
        ("spawnLeft", {"stype": r.choice(names), "stepBack": r.choice(["True", "False"])}),
        ("spawnRight", {"stype": r.choice(names)}),
        ("wallReverse", {}), ("wallBounce", {}), ("bounceDirection", {}),
        ("shieldFrom", {"stype": r.choice(names), "ftype": r.choice(["killSprite", "stepBack"])}),
        ("transformTo", {"stype": r.choice(names), "forceOrientation": "True"}),
        ("stepBack", {"pixelPerfect": "True"}),
        ("undoAll", {"notStype": r.choice(names)}),
        ("addTimer", {"timer": str(r.randint(1, 30)), "ftype": r.choice(["killSprite", "transformToAll"]),
                      "stype": r.choice(names), "stypeTo": r.choice(names)}),
    ]
    parents = sorted({t[3] for t in g.types if t[3]})
    if parents:
        options.append(("transformToRandomChild", {"stype": r.choice(parents)}))
    spawners = [t[0] for t in g.types if t[1] in ("SpawnPoint", "Bomber", "RandomBomber")]
    if spawners:
        options.append(("updateSpawnType", {"spawnPoint": r.choice(spawners),
                                            "stype": r.choice(names)}))
    if g.cont:
        options += CONT_EFFECTS * 2
    if g.x and parents:
        options.append(extended_effect(g, parents))
    # collectResource on a first sprite that is no Resource scores as the effect's previous
    # run did in GVGAI; the engine does not score (spec quirk 38b, FIX).
    if a in g.resources:
        options.append(("collectResource", {}))
    # GVGAI ignores teleportToExit (with a warning) unless the second sprite is a portal.
    if g.class_of(b) in ("Portal", "Door"):
        options.append(("teleportToExit", {}))
    kind, params = r.choice(options)
    params = dict(params)
    if r.random() < 0.3:
        params["scoreChange"] = str(r.choice([-1, 1, 2, 5]))
    if r.random() < 0.1:
        params["prob"] = r.choice(["0.2", "0.5"])
    if kind == "subtractHealthPoints" and r.random() < 0.3:
        params["scoreChangeIfKilled"] = "3"
    # killSecond on the avatar removes it without a win state in GVGAI (spec quirk 10, FIX).
    if kind == "transformTo" and b != "avatar" and r.random() < 0.3:
        params["killSecond"] = "True"
    if kind == "wrapAround" and r.random() < 0.3:
        params["offset"] = "1"
    if g.x and kind in ("bounceForward", "stepBack", "killSprite") and g.x.random() < 0.2:
        params["repeat"] = str(g.x.randint(2, 4))
    if g.y:
        params = more_effect_params(g, a, b, kind, params)
    return kind, params


# What the extended games (grid+, cont+) add, drawn from g.x. Classes whose behaviour GVGAI
# draws from an unseeded generator stay out, as above; ResourcePack too, which GVGAI cannot
# create (spec quirk 26).
GRID_EXTRA_NPCS = ["SpriteProducer", "RandomPathAltChaser"]
CHASERS = ("Chaser", "Fleeing", "PathChaser", "LOSChaser")


def extend_npc(g, name, others, cls, p):
    """Another class for some NPCs, and parameters the plain games never set."""
    x = g.x
    p = dict(p)
    if not g.cont and x.random() < 0.15:
        cls = x.choice(GRID_EXTRA_NPCS)
        p = {}
        # No longer the resource or the mover the plain game made it (collectResource on a
        # first sprite that is no Resource is quirk 38b, which the engine fixes).
        if name in g.resources:
            g.resources.remove(name)
        g.moving.discard(name)
        if cls == "RandomPathAltChaser":
            # One type each: GVGAI picks among several with an unseeded generator (quirk 19).
            p["stype1"] = x.choice(others + ["avatar"])
            p["stype2"] = x.choice(others + ["avatar"])
            p["epsilon"] = x.choice(["0", "0.2", "0.5"])
            p["speed"] = x.choice(["0.5", "1"])
            g.moving.add(name)
    if cls in CHASERS and x.random() < 0.3:
        p["cons"] = str(x.randint(1, 3))
    if cls in ("PathAltChaser", "RandomPathAltChaser") and x.random() < 0.4:
        p["randomTarget"] = "True"
    if cls in ("Passive", "Immovable", "Resource", "Flicker") and x.random() < 0.2:
        # A sprite that the plain games keep still, set moving along an orientation.
        p["orientation"] = x.choice(CONT_DIRS if g.cont else DIRS)
        p["speed"] = x.choice(["0.5", "1", "2"] if not g.cont else ["1", "3"])
        g.moving.add(name)
    if x.random() < 0.12:
        p["timeToLive"] = str(x.randint(3, 60))
    if x.random() < 0.05:
        # Overrides that change which sprites move (the engine's static types).
        p[x.choice(["is_static", "only_active"])] = x.choice(["True", "False"])
    return cls, p


def extend_avatar(g, npcs, cls, p):
    """Avatars and avatar parameters the plain games leave out."""
    x = g.x
    p = dict(p)
    shots = p.get("stype") or x.choice(npcs)
    if g.cont and x.random() < 0.2:
        cls = "WizardAvatar"
        p = {"stype": shots, "physicstype": "CONT", "gravity": x.choice(["0.5", "1"])}
        if x.random() < 0.5:
            p["ground_speedup_factor"] = x.choice(["1.5", "2"])
            p["air_slowdown_factor"] = x.choice(["1", "3"])
        return cls, p
    if not g.cont and x.random() < 0.05:
        return "NullAvatar", {}
    oriented = cls not in ("MovingAvatar", "HorizontalAvatar", "VerticalAvatar", "FlakAvatar")
    if oriented and not g.cont and x.random() < 0.3:
        p["rotateInPlace"] = x.choice(["True", "False"])
    if oriented and x.random() < 0.2:
        p["orientation"] = x.choice(DIRS)
    if cls == "OngoingTurningAvatar" and x.random() < 0.6:
        p["spawnBehind"] = x.choice(npcs)
    if cls in ("ShootAvatar", "OngoingShootAvatar", "ShootOnlyAvatar") and x.random() < 0.4:
        # Two weapons in priority order, the first with ammunition where a resource exists.
        p["stype"] = ",".join(dict.fromkeys([shots, x.choice(npcs)]))
        if g.resources and x.random() < 0.6:
            p["ammo"] = x.choice(g.resources)
    if cls == "FlakAvatar" and g.resources and x.random() < 0.5:
        p["ammo"] = x.choice(g.resources)
        p["minAmmo"] = str(x.randint(0, 2))
        p["ammoCost"] = str(x.randint(1, 2))
    return cls, p


def extended_effect(g, parents):
    """spawnIfCounterSubTypes, which only the extended games use."""
    x = g.x
    names = g.names()
    return ("spawnIfCounterSubTypes", {
        "stype": x.choice(names), "estype": x.choice(names),
        "stypeCount": x.choice(parents), "subTypesNum": str(x.randint(0, 2)),
        "limit": str(x.randint(0, 3))})


# What the games of grid++ and cont++ add, drawn from g.y.
def is_avatar(g, name):
    return name == "avatar" or any(t[0] == name and t[3] == "avatar" for t in g.types)


def kills_its_second(params):
    """Whether an effect's parameters make it kill its second sprite."""
    return params.get("killSecond") == "True" or params.get("killResource") == "True"


def more_effect_params(g, a, b, kind, params):
    """Parameters of effects that the other games leave at their defaults."""
    y = g.y
    names = g.names()
    p = dict(params)
    # Parameters that make an effect kill its second sprite: never the avatar, which some of
    # them kill "transformed", ending GVGAI's game without a winner (spec quirk 10, FIX).
    kills_second = not is_avatar(g, b) and b not in ("EOS", "TIME")
    if kind == "align" and y.random() < 0.5:
        p["orient"] = "False"
    elif kind == "attractGaze" and y.random() < 0.5:
        p["align"] = "True"
    elif kind == "bounceDirection" and y.random() < 0.6:
        p["maxBounceAngleDeg"] = y.choice(["0", "30", "45", "90"])
    elif kind == "changeResource" and kills_second and y.random() < 0.4:
        p["killResource"] = "True"
    elif kind in ("collectResource", "collectResourceIfHeld") and y.random() < 0.5:
        p["killResource"] = "False"
        if kind == "collectResourceIfHeld":
            p["value"] = y.choice(["2", "3"])
    elif kind == "killIfOtherHasMore" and y.random() < 0.5:
        p["subtract"] = "True"
    elif kind == "spawnIfHasMore" and y.random() < 0.6:
        p["spend"] = str(y.randint(1, 2))
    elif kind == "transformToSingleton" and y.random() < 0.5:
        p["takeOrientation"] = "True"
    elif kind in ("transformIfCount", "transformToAll", "transformToRandomChild"):
        if y.random() < 0.3:
            p["forceOrientation"] = "True"
        if kills_second and y.random() < 0.3:
            p["killSecond"] = "True"
        if kind == "transformIfCount" and y.random() < 0.5:
            p["estype"] = y.choice(names)
    elif kind == "removeScore":
        if y.random() < 0.5:
            p["stype"] = y.choice(names)
        if kills_second and y.random() < 0.4:
            p["killSecond"] = "True"
    elif kind == "subtractHealthPoints":
        if y.random() < 0.4:
            p["stype"] = y.choice(names)
        if y.random() < 0.3:
            p["limit"] = str(y.randint(-2, 2))
    elif kind in ("addHealthPoints", "addHealthPointsToMax") and kills_second and y.random() < 0.3:
        p["killSecond"] = "True"
    elif kind in ("spawnAbove", "spawnBelow", "spawnRight") and y.random() < 0.5:
        p["stepBack"] = "True"
    elif kind == "wrapAround" and y.random() < 0.5:
        p["offset"] = y.choice(["0.5", "2"])
    elif kind in ("increaseSpeedToAll", "decreaseSpeedToAll", "setSpeedForAll") and y.random() < 0.5:
        p["value"] = y.choice(["0", "0.25", "1.5", "3"])
    elif kind in ("killIfSlow", "killIfFast") and y.random() < 0.5:
        p["limspeed"] = y.choice(["0.2", "1", "2", "8"])
    return p


# Effects that GVGAI runs on a TIME line without a second sprite and without a warning
# (a warning a firing ends the game at its logger's limit, quirk 11), and the delegates an
# addTimer can run with no sprite at all.
TIME_EFFECTS = [
    "killSprite", "transformTo", "spawn", "cloneSprite", "addHealthPoints",
    "addHealthPointsToMax", "subtractHealthPoints", "turnAround", "reverseDirection",
    "flipDirection", "transformToAll", "killAll", "setSpeedForAll", "increaseSpeedToAll",
    "decreaseSpeedToAll", "halfSpeed", "killIfHasMore", "killIfHasLess", "spawnIfHasMore",
    "spawnIfHasLess", "transformToRandomChild", "removeScore", "wrapAround", "stepBack",
    "undoAll", "killIfNotUpright", "spawnIfCounterSubTypes",
]
TIMER_DELEGATES = ["killAll", "transformToAll", "undoAll", "setSpeedForAll",
                   "increaseSpeedToAll", "decreaseSpeedToAll"]


def related(g, a, b):
    """Whether a and b are the same type, or one is a parent of the other."""
    parent = {t[0]: t[3] for t in g.types}
    return a == b or parent.get(a) == b or parent.get(b) == a


def adds_to_the_group_it_walks(g, first, kind, params):
    """Whether a TIME line's effect creates sprites of the type GVGAI is walking through (a
    ConcurrentModificationException in GVGAI, quirk 13), as does an addTimer's transformToAll
    into the type it transforms."""
    if kind == "cloneSprite":
        return True
    if kind == "transformToAll":
        return related(g, params["stype"], params["stypeTo"]) or related(g, first, params["stypeTo"])
    if kind not in ("spawn", "transformTo", "spawnIfHasMore", "spawnIfHasLess",
                    "transformToRandomChild", "spawnIfCounterSubTypes", "transformIfCount"):
        return False
    made = [params["stype"]] + ([params["estype"]] if "estype" in params else [])
    return kind == "transformToRandomChild" or any(related(g, first, m) for m in made)


def runs_without_a_sprite(kind, params, delegates):
    """Whether an addTimer's delegate needs no sprite, or whether another effect is one of
    `delegates` and kills no second sprite (which a TIME line does not have)."""
    if kind == "addTimer":
        return params.get("ftype") in TIMER_DELEGATES
    return kind in delegates and not kills_its_second(params)


def effect_drawn_from(g, rng, a, b):
    """effect(), with every draw from `rng` (the generators that the game's kind has all stand
    in for by it), so that the draws of the game's own generators stay as they were."""
    saved = g.r, g.x, g.y
    g.r = rng
    g.x = rng if g.x else None
    g.y = rng if g.y else None
    try:
        return effect(g, a, b)
    finally:
        g.r, g.x, g.y = saved


def time_lines(g):
    """TIME lines and addTimer effects that GVGAI runs without warnings."""
    y = g.y
    lines = []
    for _ in range(y.choice([1, 1, 2, 3])):
        first = y.choice(g.names())
        for _ in range(20):  # draw until an effect fits a TIME line
            kind, params = effect_drawn_from(g, y, first, y.choice(g.names()))
            if (runs_without_a_sprite(kind, params, TIME_EFFECTS) and kind != "addTimer"
                    and not adds_to_the_group_it_walks(g, first, kind, params)):
                break
        else:
            continue
        params = dict(params, timer=str(y.randint(1, 30)),
                      repeating=y.choice(["True", "True", "False"]))
        lines.append(("TIME", first, kind, params) if y.random() < 0.3 else (first, "TIME", kind, params))
    names = g.names()
    if y.random() < 0.5:
        ftype = y.choice(TIMER_DELEGATES)
        params = {"timer": str(y.randint(1, 25)), "ftype": ftype, "stype": y.choice(names),
                  "repeating": y.choice(["True", "False"])}
        if ftype == "transformToAll":
            params["stypeTo"] = y.choice([n for n in names if not related(g, n, params["stype"])])
        if ftype in ("setSpeedForAll", "increaseSpeedToAll", "decreaseSpeedToAll"):
            params["value"] = y.choice(["0.5", "1", "2"])
        if ftype == "undoAll":
            params.pop("stype")
        lines.append((y.choice(names), y.choice(names), "addTimer", params))
    return lines


def keep_line(g, a, b, kind, params):
    """Whether a line of the other generators stays in a game of grid++ or cont++: TIME lines
    and timers that GVGAI cannot run without warnings or exceptions go."""
    if kind == "addTimer":
        return (runs_without_a_sprite(kind, params, ())
                and not adds_to_the_group_it_walks(g, params["stype"], params["ftype"], params))
    # GVGAI ignores teleportToExit with a warning a run unless the second sprite is a Portal
    # (EOS is none).
    if kind == "teleportToExit":
        return b in g.names() and g.class_of(b) == "Portal"
    if "TIME" in (a, b):
        first = b if a == "TIME" else a
        return (runs_without_a_sprite(kind, params, TIME_EFFECTS)
                and not adds_to_the_group_it_walks(g, first, kind, params))
    return True


def more_second_types(g, lines):
    """Some lines name two second types (`a b c > effect`), which GVGAI reads as two pairs."""
    y = g.y
    out = []
    for a, b, kind, params in lines:
        if (b not in ("EOS", "TIME") and a != "TIME" and kind != "teleportToExit"
                and y.random() < 0.15):
            extra = y.choice([n for n in g.names() if n != b])
            if not (is_avatar(g, extra) and kills_its_second(params)):
                b = f"{b} {extra}"
        out.append((a, b, kind, params))
    return out


def avatar_subtypes(g):
    """The avatar type becomes a parent of two subtypes, the level places the first, and lines
    change one into the other (the hand-over between avatar types)."""
    y = g.y
    cls = g.class_of("avatar")
    g.types.append(("avatarc0", cls, {}, "avatar"))
    g.types.append(("avatarc1", cls, {}, "avatar"))
    g.moving |= {"avatarc0", "avatarc1"}
    g.avatar_leaf = "avatarc0"
    npcs = [n for n in g.names() if not is_avatar(g, n) and n != "wall"]
    lines = [("avatarc0", y.choice(npcs), "transformTo", {"stype": "avatarc1"})]
    if y.random() < 0.6:
        lines.append(("avatarc1", y.choice(npcs), "transformTo", {"stype": "avatarc0"}))
    for line in lines:
        if y.random() < 0.3:
            line[3]["scoreChange"] = str(y.choice([-1, 1, 2]))
    return lines


def more_terminations(g, npcs):
    y = g.y
    terms = []
    if y.random() < 0.3:
        a, b, c = y.sample(npcs, 3) if len(npcs) >= 3 else (npcs * 3)[:3]
        kind = y.choice(["MultiSpriteCounter", "StopCounter"])
        terms.append(f"{kind} stype1={a} stype2={b} stype3={c} limit={y.randint(0, 3)}"
                     f" min={y.choice(['True', 'False'])} win={y.choice(['True', 'False'])}")
    if y.random() < 0.2:
        terms.append(f"SpriteCounterMore stype={y.choice(npcs)} limit={y.randint(2, 8)}"
                     " win=True count_score=True")
    return terms


def more_sprite_params(g, p):
    y = g.y
    p = dict(p)
    if y.random() < 0.1:
        p["invisible"] = "True"
    if "healthPoints" in p and y.random() < 0.5:
        p["maxHealthPoints"] = str(y.randint(1, 6))
    return p


def extend_more(g, npcs):
    """What the third generator adds to a finished game of grid+ or cont+."""
    y = g.y
    g.lines = [line for line in g.lines if keep_line(g, *line)]
    g.types = [(n, c, more_sprite_params(g, p) if not parent else p, parent)
               for n, c, p, parent in g.types]
    extra = []
    if y.random() < 0.35:
        extra += avatar_subtypes(g)
    extra += time_lines(g)
    for _ in range(y.randint(0, 3)):
        a, b = y.choice(g.names()), y.choice(g.names())
        kind, params = effect_drawn_from(g, y, a, b)
        if keep_line(g, a, b, kind, params):
            extra.append((a, b, kind, params))
    lines = list(g.lines)
    for line in extra:  # the other lines keep their order
        lines.insert(y.randint(0, len(lines)), line)
    g.lines = more_second_types(g, lines)
    g.terms = g.terms[:-1] + more_terminations(g, npcs) + g.terms[-1:]


SIZE_MULTIPLIERS = ["0.5", "0.75", "1.25", "1.5", "2"]


def size_multipliers(g):
    """Some types (and their subtypes) get sprites of (int) (block * wMult) by (int) (block *
    hMult) pixels, which overlap cells and each other partly."""
    z = g.z
    types = []
    for name, cls, p, parent in g.types:
        if name != "wall" and not parent and z.random() < 0.3:
            p = dict(p)
            if z.random() < 0.7:
                p["wMult"] = z.choice(SIZE_MULTIPLIERS)
            if z.random() < 0.7:
                p["hMult"] = z.choice(SIZE_MULTIPLIERS)
        types.append((name, cls, p, parent))
    g.types = types


def counters(g):
    """Half the games count: one or two counters, effects that add to them (every effect adds
    its counter and, unless a condition says otherwise, its counterElse), and the Timeout
    judging by them. GVGAI's parser types a lone number as an Integer, which these String
    fields cannot take (it drops the parameter), so most values are lists."""
    z = g.z
    if z.random() < 0.5:
        return
    g.no_counters = z.choice([1, 1, 2])
    lines = []
    for a, b, kind, params in g.lines:
        if z.random() < 0.35:
            params = dict(params)
            params["counter"] = z.choice(["1,0", "1,1", "-1,0", "2,1", "1,-1", "1"])
            if z.random() < 0.3:
                params["counterElse"] = z.choice(["1,0", "-1,1", "0,1", "1"])
        lines.append((a, b, kind, params))
    g.lines = lines
    timeout = g.terms[-1]
    if z.random() < 0.8:
        timeout += " use_counter=True"
        if z.random() < 0.2:
            timeout += " compare=True"
        else:
            timeout += f" limits={z.randint(0, 6)},{z.randint(0, 6)}"
    g.terms = g.terms[:-1] + [timeout]


def more_level(g, text):
    """Some level characters place two types (`b > n0 n3`), and some levels a second avatar."""
    y = g.y
    types = [t[0] for t in g.types if t[0] != "wall" and not is_avatar(g, t[0])]
    for ch in sorted(g.mapping):
        if y.random() < 0.25:
            g.mapping[ch] += " " + y.choice(types)
    if y.random() < 0.1:
        cells = [i for i, c in enumerate(text) if c == " "]
        if cells:
            i = y.choice(cells)
            text = text[:i] + "A" + text[i + 1:]
    return text


# What the games of a kind ending in -2p add, drawn from g.two.
PLAYER_WINS = ["True,False", "False,True", "True,True", "False,False"]
PLAYER_SCORES = ["-1", "0", "1", "2", "5"]


def player_score(t, params):
    """A score change of each player for some lines: a lone value goes to both players."""
    if "scoreChange" in params and t.random() < 0.5:
        params = dict(params, scoreChange=f"{params['scoreChange']},{t.choice(PLAYER_SCORES)}")
    elif t.random() < 0.15:
        params = dict(params, scoreChange=f"{t.choice(PLAYER_SCORES)},{t.choice(PLAYER_SCORES)}")
    return params


def player_wins(t, term):
    """A win state of each player for some terminations: a lone value is player 0's, and
    GVGAI reads a missing one as False."""
    words = term.split()
    for i, word in enumerate(words):
        if word.startswith("win=") and t.random() < 0.7:
            words[i] = "win=" + t.choice(PLAYER_WINS + [f"{word[4:]},{word[4:]}"])
    return " ".join(words)


def second_avatar_type(g):
    """The type of the second player's avatar: mostly one of its own beside the first player's
    under `avatar` (so that the lines naming `avatar` reach both), sometimes the first's."""
    t = g.two
    if t.random() < 0.2:
        return g.avatar_leaf
    cls = g.class_of("avatar")
    if g.avatar_leaf == "avatar":
        g.types.append(("avatarA", cls, {}, "avatar"))
        g.moving.add("avatarA")
        g.avatar_leaf = "avatarA"
    g.types.append(("avatarB", cls, {}, "avatar"))
    g.moving.add("avatarB")
    return "avatarB"


def player_lines(g):
    """Lines for one player's avatar type, scoring for that player."""
    t = g.two
    lines = []
    npcs = [n for n in g.names() if not is_avatar(g, n) and n != "wall"]
    for player, leaf in enumerate([g.avatar_leaf, g.second_avatar_leaf]):
        for _ in range(t.randint(0, 2)):
            other = t.choice(npcs)
            a, b = (leaf, other) if t.random() < 0.5 else (other, leaf)
            kind, params = effect_drawn_from(g, t, a, b)
            if not keep_line(g, a, b, kind, params):
                continue
            scores = ["0", "0"]
            scores[player] = t.choice(["1", "2", "-1"])
            lines.append((a, b, kind, dict(params, scoreChange=",".join(scores))))
    return lines


def two_players(g, text):
    """The game for two players: a second avatar placed by `B`, per-player score changes and
    win states, lines for one player, and terminations for each player's avatar (GVGAI clears
    a dead player's avatar, and the next score it adds to that player throws)."""
    t = g.two
    g.second_avatar_leaf = second_avatar_type(g)
    cells = [i for i, c in enumerate(text) if c == " "]
    if cells:
        i = t.choice(cells)
        text = text[:i] + "B" + text[i + 1:]
    lines = [(a, b, kind, player_score(t, params)) for a, b, kind, params in g.lines]
    for line in player_lines(g):
        lines.insert(t.randint(0, len(lines)), line)
    g.lines = lines
    terms = [player_wins(t, term) for term in g.terms]
    if g.second_avatar_leaf != g.avatar_leaf:
        for player, leaf in enumerate([g.avatar_leaf, g.second_avatar_leaf]):
            if t.random() < 0.8:
                wins = ["True", "True"]
                wins[player] = "False"
                terms.insert(0, f"SpriteCounter stype={leaf} limit=0 win={','.join(wins)}")
    g.terms = terms
    return text


def fmt(params):
    return "".join(f" {k}={v}" for k, v in params.items())


def generate(seed, cont=False, extended=0, large=False, two=False):
    g, lvl = generate_one_player(seed, cont, extended, large)
    if two:
        g.two = random.Random(seed * 7919 + 5)
        lvl = two_players(g, lvl)
    return g, lvl


def generate_one_player(seed, cont, extended, large):
    r = random.Random(seed)
    g = Game(r, cont, random.Random(seed * 7919 + 1) if extended else None)
    if large:
        g.large = random.Random(seed * 7919 + 4)
    if extended > 1:
        g.y = random.Random(seed * 7919 + 2)
    if extended > 2:
        g.z = random.Random(seed * 7919 + 3)
    # Odd block sizes make fractional speeds round (int (speed * block)).
    g.block = r.choice([5, 10, 10, 13, 20, 24])
    make_npc, make_avatar = (cont_npc, cont_avatar) if cont else (npc, avatar)
    count = r.randint(3, 7)
    npcs = [f"n{i}" for i in range(count)]
    g.types.append(("wall", "Immovable", {}, None))
    # Resources first, so that avatars and effects can name them.
    for name in npcs:
        others = [n for n in npcs if n != name]
        cls, p = make_npc(g, name, others)
        if g.x:
            cls, p = extend_npc(g, name, others, cls, p)
        g.types.append((name, cls, p, None))
    # Some types become parents of one or two subtypes of their class.
    if r.random() < 0.4:
        parent = r.choice(npcs)
        idx = next(i for i, t in enumerate(g.types) if t[0] == parent)
        for k in range(r.randint(1, 2)):
            child = f"{parent}c{k}"
            g.types.append((child, g.types[idx][1], {}, parent))
            if parent in g.moving:
                g.moving.add(child)
    shots = r.choice(npcs)
    cls, p = make_avatar(g, shots)
    if g.x:
        cls, p = extend_avatar(g, npcs, cls, p)
    g.types.append(("avatar", cls, p, None))
    g.moving.add("avatar")

    # Interactions: avatar against walls and EOS, then random pairs.
    lines = [("avatar", "wall", "stepBack", {}), ("avatar", "EOS", "stepBack", {})]
    for m in sorted(g.moving - {"avatar"}):
        if r.random() < 0.7:
            kind, params = r.choice([("killSprite", {}), ("reverseDirection", {}),
                                     ("stepBack", {}), ("wrapAround", {}), ("turnAround", {})])
            lines.append((m, "EOS", kind, params))
    for _ in range(r.randint(4, 12)):
        a = g.pick()
        b = g.pick()
        kind, params = effect(g, a, b)
        lines.append((a, b, kind, params))
    # Timed effects (TIME lines) on some type.
    for _ in range(r.choice([0, 0, 1, 2])):
        kind, params = effect(g, g.pick(), g.pick())
        params["timer"] = str(r.randint(1, 40))
        params["repeating"] = r.choice(["True", "False"])
        lines.append((g.pick(), "TIME", kind, params))
    r.shuffle(lines)
    g.lines = lines

    terms = ["SpriteCounter stype=avatar limit=0 win=False"]
    if r.random() < 0.6:
        terms.append(f"SpriteCounter stype={r.choice(npcs)} limit=0 win=True")
    if r.random() < 0.3:
        terms.append(f"SpriteCounterMore stype={r.choice(npcs)} limit={r.randint(3, 12)} win=False")
    if r.random() < 0.2:
        a, b = r.sample(npcs, 2)
        terms.append(f"MultiSpriteCounter stype1={a} stype2={b} limit=0 win=True")
    if r.random() < 0.15:
        a, b = r.sample(npcs, 2)
        terms.append(f"StopCounter stype1={a} stype2={b} limit={r.randint(0, 2)} win=False")
    if r.random() < 0.15:
        terms.append(f"SpriteCounter stype={r.choice(npcs)} limit={r.randint(1, 3)} win=True"
                     " count_score=True")
    parents = sorted({t[3] for t in g.types if t[3]})
    if parents and r.random() < 0.3:
        terms.append(f"MultiSpriteCounterSubTypes stype1={parents[0]} limit={r.randint(0, 2)}"
                     f" subTypesNum={r.randint(1, 2)} win=True")
    terms.append(f"Timeout limit={r.randint(100, 600)} win={r.choice(['True', 'False'])}"
                 + (" count_score=True" if r.random() < 0.2 else ""))
    g.terms = terms
    if g.y:
        extend_more(g, npcs)
        lvl = more_level(g, level(g))
        if g.z:
            size_multipliers(g)
            counters(g)
        return g, lvl
    return g, level(g)


def level(g):
    # A large level is drawn from a generator of its own, so that the game's text is the same as
    # without `-large`.
    r = g.large or g.r
    if g.large:
        w, h = (r.randint(25, 50), r.randint(15, 30)) if g.cont else (r.randint(20, 40), r.randint(12, 25))
    else:
        w, h = (r.randint(8, 20), r.randint(6, 14)) if g.cont else (r.randint(5, 12), r.randint(4, 9))
    # Empty cells are spaces: GVGAI logs a warning for every unmapped '.', and ends the game
    # after 25 of them.
    grid = [[" " for _ in range(w)] for _ in range(h)]
    if r.random() < 0.7:
        for x in range(w):
            grid[0][x] = grid[h - 1][x] = "w"
        for y in range(h):
            grid[y][0] = grid[y][w - 1] = "w"
    free = [(x, y) for y in range(h) for x in range(w) if grid[y][x] == " "]
    r.shuffle(free)
    ax, ay = free.pop()
    grid[ay][ax] = "A"
    chars = {}
    placeable = [t[0] for t in g.types if t[0] != "wall" and not is_avatar(g, t[0])]
    letters = "bcdefghijklmnopqrstuvxyz"
    for i, name in enumerate(placeable):
        chars[letters[i]] = name
        if r.random() < 0.25:
            continue  # only made by spawns
        for _ in range(r.randint(3, 30) if g.large else r.randint(1, 4)):
            if not free:
                break
            x, y = free.pop()
            grid[y][x] = letters[i]
    g.mapping = chars
    return "\n".join("".join(row) for row in grid) + "\n"


def write(g, path):
    header = f"BasicGame square_size={g.block}"
    if g.r.random() < 0.3:
        header += " key_handler=Pulse"
    if g.no_counters:
        header += f" no_counters={g.no_counters}"
    if g.second_avatar_leaf:
        header += " no_players=2"
    # Path chasers need GVGAI's path finder, which only games with `obs=` have.
    if any(t[1] in ("PathChaser", "PathAltChaser", "RandomPathAltChaser") for t in g.types):
        obstacles = ["wall"] + [t[0] for t in g.types if t[1] == "Immovable" and g.r.random() < 0.3]
        header += " obs=" + ",".join(dict.fromkeys(obstacles))
    out = [header, "    SpriteSet"]
    children = {}
    for name, cls, p, parent in g.types:
        if parent:
            children.setdefault(parent, []).append(name)
    for name, cls, p, parent in g.types:
        if parent:
            continue
        out.append(f"        {name} > {cls}{fmt(p)}")
        for c in children.get(name, []):
            out.append(f"            {c} >")
    out.append("    LevelMapping")
    out.append("        w > wall")
    out.append(f"        A > {g.avatar_leaf}")
    if g.second_avatar_leaf:
        out.append(f"        B > {g.second_avatar_leaf}")
    for ch, name in g.mapping.items():
        out.append(f"        {ch} > {name}")
    out.append("    InteractionSet")
    for a, b, kind, params in g.lines:
        out.append(f"        {a} {b} > {kind}{fmt(params)}")
    out.append("    TerminationSet")
    for t in g.terms:
        out.append(f"        {t}")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    out, first, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    physics_kind = sys.argv[4] if len(sys.argv) > 4 else "grid"
    two = physics_kind.endswith("-2p")
    physics_kind = physics_kind.removesuffix("-2p")
    large = physics_kind.endswith("-large")
    physics_kind = physics_kind.removesuffix("-large")
    cont = physics_kind.startswith("cont")
    extended = len(physics_kind) - len(physics_kind.rstrip("+"))
    prefix = "rc" if cont else "rg"
    folder = os.path.join(out, "contphysics" if cont else "gridphysics")
    os.makedirs(folder, exist_ok=True)
    for n in range(first, first + count):
        g, lvl = generate(n, cont, extended, large, two)
        write(g, os.path.join(folder, f"{prefix}{n}.txt"))
        with open(os.path.join(folder, f"{prefix}{n}_lvl0.txt"), "w") as f:
            f.write(lvl)


if __name__ == "__main__":
    main()
