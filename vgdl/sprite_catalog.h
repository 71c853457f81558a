// GVGAI's sprite classes (spec §6, §7, class_defaults.txt): each class's Java parent, its
// public fields, the defaults its constructor loads and the part of postProcess that does not
// depend on other sprites.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "vgdl/field_setters.h"
#include "vgdl/game_def.h"

namespace vgdl::lang {

using SpriteField = Field<SpriteDef>;

// Every public field of a `cls` object (its own and inherited ones, VGDLSprite's included),
// or nullptr when GVGAI would log "Unknown field".
const SpriteField* FindSpriteField(SpriteClass cls, std::string_view name);
std::vector<std::string_view> SpriteFieldNames(SpriteClass cls);

// The class chain from VGDLSprite's first subclass down to `cls`.
std::vector<SpriteClass> SpriteClassChain(SpriteClass cls);

// The constructor's loadDefaults() chain and field initialisers, applied to `def`.
void ApplySpriteClassDefaults(SpriteClass cls, SpriteDef& def);

// postProcess(): orientation implies is_oriented, maxHealthPoints, the cooldown floor, and
// the classes whose stochastic flag depends on parameters.
void PostProcessSprite(SpriteClass cls, SpriteDef& def);

// Every registered class name, for suggestions.
std::vector<std::string_view> SpriteClassNames();

}  // namespace vgdl::lang
