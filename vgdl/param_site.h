// What a parameter setter needs from the loader while it stores one "key=value": resolving
// sprite and effect names written as values, parsing GVGAI's comma lists, and reporting
// problems at the parameter's position.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "vgdl/game_def.h"

namespace vgdl::lang {

class ParamSite {
 public:
  virtual ~ParamSite() = default;
  // A sprite name; unknown names are reported (GVGAI would fail) and give kNoType.
  virtual TypeId Sprite(std::string_view name) = 0;
  // A sprite name GVGAI looks up with getRegisteredSpriteValue, which gives -1 for an unknown
  // name and loads: kNoType then, with a warning that ends with `consequence`.
  virtual TypeId SpriteOrMinusOne(std::string_view name, std::string_view consequence) = 0;
  // A comma list of sprite names, split as Java's String.split(",") does.
  virtual std::vector<TypeId> SpriteList(std::string_view list) = 0;
  // The same for a list GVGAI looks up with getRegisteredSpriteValue: an unknown name is
  // kNoType in its place, with SpriteOrMinusOne's warning.
  virtual std::vector<TypeId> SpriteListOrMinusOne(std::string_view list,
                                                   std::string_view consequence) = 0;
  // The same for a list GVGAI never looks up: unknown names are only warned about and left out.
  virtual std::vector<TypeId> SpriteListLenient(std::string_view list) = 0;
  // A per-player or per-counter integer list ("1,-1"); elements GVGAI cannot parse count 0.
  virtual std::vector<int> IntList(std::string_view list) = 0;
  // A per-player boolean list ("True,False"), each element as Boolean.parseBoolean reads it.
  virtual std::vector<bool> BoolList(std::string_view list) = 0;
  // An effect name (shieldFrom's and addTimer's ftype).
  virtual EffectKind Effect(std::string_view name) = 0;
  virtual void Warn(std::string message) = 0;
  virtual void Fail(std::string message) = 0;
};

}  // namespace vgdl::lang
