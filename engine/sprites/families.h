// The update of each non-avatar sprite family (spec §6), one file per family. UpdateSprite
// (update.cc) dispatches to them. Internal to engine/sprites/.
#pragma once

#include <span>
#include <vector>

#include "engine/state.h"

namespace vgdl {

// flicker.cc
void UpdateFlicker(State& state, SpriteRef s);
void UpdateFlickers(State& state, TypeId t);  // every sprite of type t (UpdateSpritesOfType)
void UpdateSpreader(State& state, SpriteRef s);

// missile.cc (Missile and ErraticMissile use BaseUpdate).
void UpdateRandomMissile(State& state, SpriteRef s);

// random_npc.cc
void UpdateRandomNpc(State& state, SpriteRef s);
void UpdateRandomNpcs(State& state, TypeId t);  // every sprite of type t
// RandomNPC.getRandomMove: repeats the previous random move while the `cons` counter runs,
// otherwise draws a new base direction. Shared by Chaser and PathChaser.
Vec2 RandomNpcMove(State& state, Sprite& s, const SpriteDef& d);

// chaser.cc
void UpdateChaser(State& state, SpriteRef s);  // Chaser, Fleeing, LOSChaser
void UpdateChasers(State& state, TypeId t);    // every sprite of type t
// Chaser.closestTargets: the sprites of exactly `stype` (or, when there are none, of its
// subtype set) at minimal physics distance, ties kept in iteration order.
void ChaserClosestTargets(const State& state, SpriteRef self, TypeId stype,
                          std::vector<SpriteRef>& targets);
// Chaser.movesToward: appends the base directions whose 1-pixel probe brings `self` strictly
// closer to (fleeing: farther from) `target`.
void AppendMovesToward(const State& state, SpriteRef self, SpriteRef target, bool fleeing,
                       std::vector<Vec2>& moves);

// alternate_chaser.cc
void UpdateAlternateChaser(State& state, SpriteRef s);
void UpdateRandomAltChaser(State& state, SpriteRef s);
// AlternateChaser.closestTargets: appends the chased sprites (GVGAI's duplicates included);
// with `random_target`, one of them drawn uniformly.
void AlternateClosestTargets(State& state, SpriteRef self, bool random_target,
                             std::vector<SpriteRef>& targets);
// The AlternateChaser move: a uniform choice among `moves`, or a random base direction.
Vec2 ChooseMoveOrRandom(State& state, std::span<const Vec2> moves);

// path_chaser.cc
void UpdatePathChaser(State& state, SpriteRef s);
void UpdatePathAltChaser(State& state, SpriteRef s);
void UpdateRandomPathAltChaser(State& state, SpriteRef s);

// spawn_point.cc
void UpdateSpawnPoint(State& state, SpriteRef s);  // SpawnPoint, Bomber
void UpdateSpawnPoints(State& state, TypeId t);    // every sprite of type t
void UpdateRandomBomber(State& state, SpriteRef s);
void UpdateBomberRandomMissile(State& state, SpriteRef s);
void UpdateSpawnPointMultiSprite(State& state, SpriteRef s);

// walker.cc
void UpdateWalker(State& state, SpriteRef s);
void UpdateWalkerJumper(State& state, SpriteRef s);

}  // namespace vgdl
