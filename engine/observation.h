// What agents see of a game: GVGAI's StateObservation surface (spec §11), as free functions
// over a State, plus a fast state hash and equality for determinism detection and pruning.
//
// Agents never see the game's generator, hidden sprites, NPC internals or the rules.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "engine/state.h"

namespace vgdl {

// GVGAI's observation categories (§11.3), first match wins in this order of tests:
// avatar, resource, portal, npc, static, from-avatar, movable.
enum class ObsCategory : uint8_t {
  kAvatar = 0,
  kResource = 1,
  kPortal = 2,
  kNpc = 3,
  kStatic = 4,
  kFromAvatar = 5,
  kMovable = 6,
};

struct Observation {
  ObsCategory category = ObsCategory::kMovable;
  TypeId type = kNoType;
  int32_t id = 0;        // GVGAI's obsID = spriteID
  Vec2 position;         // top-left corner, pixels
  double sq_dist = 0.0;  // squared distance to the reference position, when sorted
};

// The actions the player's avatar offers, in GVGAI's order; empty when the game is over or
// there is no avatar. `with_nil` appends ACTION_NIL as getAvailableActions(true) does.
std::vector<Action> AvailableActions(const State& state, int player = 0, bool with_nil = false);

double Score(const State& state, int player = 0);
bool IsGameOver(const State& state);
Winner GameWinner(const State& state, int player = 0);

// The avatar, or nothing once the game is over or the avatar is gone (GVGAI returns (-1,-1)).
bool HasAvatar(const State& state, int player = 0);
Vec2 AvatarPosition(const State& state, int player = 0);
Vec2 AvatarOrientation(const State& state, int player = 0);
double AvatarSpeed(const State& state, int player = 0);
TypeId AvatarType(const State& state, int player = 0);
int AvatarHealth(const State& state, int player = 0);
int AvatarMaxHealth(const State& state, int player = 0);
int AvatarLimitHealth(const State& state, int player = 0);
bool IsAvatarAlive(const State& state, int player = 0);
// The action the avatar last applied (GVGAI's getAvatarLastAction): NIL before its first
// update, and NIL for an action it does not have in the real game.
Action AvatarLastAction(const State& state, int player = 0);
// Resources the avatar has ever touched (amounts may be 0), ascending type id.
std::vector<std::pair<TypeId, int>> AvatarResources(const State& state, int player = 0);

// The category of a sprite as agents see it, and whether it is hidden from `player`.
ObsCategory CategoryOf(const State& state, SpriteRef s);
bool IsHiddenFrom(const State& state, SpriteRef s, int player = 0);
// Hiding is a property of the type: every sprite of exactly type `t` is hidden or none is.
bool IsTypeHiddenFrom(const State& state, TypeId t, int player = 0);

// GVGAI's getXPositions(ref): one list per sprite type of the category that currently has
// visible sprites, ascending type id, each sorted by squared distance to `reference` (stable,
// creation order on ties). Pass the avatar position for GVGAI's usual call.
std::vector<std::vector<Observation>> ObservationsOf(const State& state, ObsCategory category,
                                                     Vec2 reference, int player = 0);
// GVGAI's getXPositions() without a reference: the same lists, each in creation order, with
// sq_dist measured from (-1, -1) as GVGAI measures it (from Types.NIL).
std::vector<std::vector<Observation>> UnsortedObservationsOf(const State& state,
                                                             ObsCategory category, int player = 0);

// GVGAI's getObservationGrid: x-major (grid[x][y]); a sprite not aligned to the grid also
// appears in the cells its rectangle overlaps to the right and below.
using ObservationGrid = std::vector<std::vector<std::vector<Observation>>>;
ObservationGrid BuildObservationGrid(const State& state, int player = 0);

// A 64-bit hash of everything that decides the game's future as an agent can influence it:
// every sprite's type, rectangle, orientation, speed, health and resources, the scores, win
// states, tick and counters. Equal states hash equally; sprite ids are not hashed.
uint64_t StateHash(const State& state);

// Whether two states of the same game are the same position (the fields StateHash covers).
bool SameGameState(const State& a, const State& b);

}  // namespace vgdl
