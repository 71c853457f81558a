// The public fields of GVGAI's sprite, effect, termination and game objects, as tables: each
// entry names a field, gives its Java type (which decides whether a typed value can be
// stored, §2.4) and how to store it into our definition structs.
#pragma once

#include <cmath>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "vgdl/game_def.h"
#include "vgdl/param_site.h"
#include "vgdl/param_typing.h"

namespace vgdl::lang {

template <typename Def>
struct Field {
  std::string_view name;
  FieldType type;
  // nullptr: a field GVGAI has (so it is not "unknown") that this engine does not model.
  void (*set)(Def&, const JavaValue&, ParamSite&);
};

inline double AsDouble(const JavaValue& v) {
  return v.kind == JavaKind::kInt ? static_cast<double>(v.i) : v.d;
}

// The largest magnitude a decimal parameter may have. GVGAI reads NaN, Infinity and any double,
// then turns speeds, sizes and offsets into pixel counts in 32-bit integers, which such values
// overflow: the game would move its sprites by arbitrary amounts.
inline constexpr double kMaxDecimalParam = 1e6;

template <typename Def, double Def::*M>
void SetDouble(Def& def, const JavaValue& v, ParamSite& site) {
  const double value = AsDouble(v);
  if (!(std::abs(value) <= kMaxDecimalParam)) {  // NaN fails the test too
    const std::string bound = std::to_string(static_cast<long long>(kMaxDecimalParam));
    site.Fail("a decimal parameter must be a finite number from -" + bound + " to " + bound +
              " (GVGAI turns it into pixel counts in 32-bit integers, which a larger value "
              "overflows)");
    return;
  }
  def.*M = value;
}
// A Java float field: only an Integer can be stored (widened to float); doubles are dropped.
template <typename Def, double Def::*M>
void SetFloat(Def& def, const JavaValue& v, ParamSite&) {
  def.*M = static_cast<double>(static_cast<float>(v.i));
}
template <typename Def, int Def::*M>
void SetInt(Def& def, const JavaValue& v, ParamSite&) {
  def.*M = v.i;
}
template <typename Def, bool Def::*M>
void SetBool(Def& def, const JavaValue& v, ParamSite&) {
  def.*M = v.b;
}
template <typename Def, Vec2 Def::*M>
void SetDirection(Def& def, const JavaValue& v, ParamSite&) {
  def.*M = v.dir;
}
template <typename Def, TypeId Def::*M>
void SetSprite(Def& def, const JavaValue& v, ParamSite& site) {
  def.*M = site.Sprite(v.text);
}
template <typename Def, std::vector<TypeId> Def::*M>
void SetSpriteList(Def& def, const JavaValue& v, ParamSite& site) {
  def.*M = site.SpriteList(v.text);
}
template <typename Def, std::vector<int> Def::*M>
void SetIntList(Def& def, const JavaValue& v, ParamSite& site) {
  def.*M = site.IntList(v.text);
}
template <typename Def, std::vector<bool> Def::*M>
void SetBoolList(Def& def, const JavaValue& v, ParamSite& site) {
  def.*M = site.BoolList(v.text);
}
// A field the loader handles elsewhere (e.g. `singleton`, read from the node's own line).
template <typename Def>
void Handled(Def&, const JavaValue&, ParamSite&) {}

// Finds `name` in a list of field tables (the class's own fields first, then its ancestors').
template <typename Def>
const Field<Def>* FindField(const std::vector<std::span<const Field<Def>>>& tables,
                            std::string_view name) {
  for (const auto& table : tables) {
    for (const Field<Def>& field : table) {
      if (field.name == name) return &field;
    }
  }
  return nullptr;
}

}  // namespace vgdl::lang
