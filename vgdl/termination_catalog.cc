#include "vgdl/termination_catalog.h"

#include <array>
#include <span>

#include "vgdl/names.h"

namespace vgdl::lang {

namespace {

using D = TerminationDef;
using FT = FieldType;
using K = TerminationKind;

// Termination's public fields (canEnd is a JVM-global static GVGAI sets from StopCounter).
constexpr std::array<TerminationField, 4> kBaseFields = {{
    {"win", FT::kString, &SetBoolList<D, &D::win>},
    {"limit", FT::kInt, &SetInt<D, &D::limit>},
    {"count_score", FT::kBool, &SetBool<D, &D::count_score>},
    {"canEnd", FT::kBool, nullptr},
}};
constexpr std::array<TerminationField, 2> kSpriteCounterFields = {{
    {"stype", FT::kString, &SetSprite<D, &D::stype>},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<TerminationField, 7> kMultiSpriteCounterFields = {{
    {"stype1", FT::kString, &SetSprite<D, &D::stype1>},
    {"stype2", FT::kString, &SetSprite<D, &D::stype2>},
    {"stype3", FT::kString, &SetSprite<D, &D::stype3>},
    {"min", FT::kBool, &SetBool<D, &D::min>},
    {"itype1", FT::kInt, nullptr},
    {"itype2", FT::kInt, nullptr},
    {"itype3", FT::kInt, nullptr},
}};
constexpr std::array<TerminationField, 3> kSubTypesFields = {{
    {"stype1", FT::kString, &SetSprite<D, &D::stype1>},
    {"subTypesNum", FT::kInt, &SetInt<D, &D::sub_types_num>},
    {"itype1", FT::kInt, nullptr},
}};
constexpr std::array<TerminationField, 3> kTimeoutFields = {{
    {"use_counter", FT::kBool, &SetBool<D, &D::use_counter>},
    {"compare", FT::kBool, &SetBool<D, &D::compare>},
    {"limits", FT::kString, &SetIntList<D, &D::limits>},
}};

struct TerminationInfo {
  TerminationKind kind;
  std::string_view name;
  std::span<const TerminationField> own;
};

const std::array<TerminationInfo, 6> kTerminations = {{
    {K::kSpriteCounter, "SpriteCounter", kSpriteCounterFields},
    {K::kSpriteCounterMore, "SpriteCounterMore", kSpriteCounterFields},
    {K::kMultiSpriteCounter, "MultiSpriteCounter", kMultiSpriteCounterFields},
    {K::kMultiSpriteCounterSubTypes, "MultiSpriteCounterSubTypes", kSubTypesFields},
    {K::kTimeout, "Timeout", kTimeoutFields},
    {K::kStopCounter, "StopCounter", kMultiSpriteCounterFields},
}};

const TerminationInfo& Info(TerminationKind kind) {
  return kTerminations[static_cast<size_t>(kind)];
}

std::vector<std::span<const TerminationField>> FieldTables(TerminationKind kind) {
  return {Info(kind).own, kBaseFields};
}

}  // namespace

const TerminationField* FindTerminationField(TerminationKind kind, std::string_view name) {
  return FindField<TerminationDef>(FieldTables(kind), name);
}

std::vector<std::string_view> TerminationFieldNames(TerminationKind kind) {
  std::vector<std::string_view> names;
  for (const auto& table : FieldTables(kind)) {
    for (const TerminationField& field : table) names.push_back(field.name);
  }
  return names;
}

void ApplyTerminationDefaults(TerminationKind kind, TerminationDef& def) {
  switch (kind) {
    case K::kMultiSpriteCounter:
    case K::kStopCounter:
    case K::kMultiSpriteCounterSubTypes:
      // itype1 starts at -1: a counter without stype1 does not count it.
      def.stype1 = kNoType;
      def.stype2 = kNoType;
      def.stype3 = kNoType;
      break;
    case K::kTimeout:
      def.limits = {0};
      break;
    default:
      break;
  }
}

std::vector<std::string_view> RequiredTerminationParams(TerminationKind kind) {
  if (kind == K::kSpriteCounter || kind == K::kSpriteCounterMore) return {"stype"};
  return {};
}

bool GvgaiThrowsWithout(TerminationKind kind, std::string_view field) {
  return kind != K::kTimeout &&
         (field == "stype" || field == "stype1" || field == "stype2" || field == "stype3");
}

std::vector<std::string_view> TerminationNames() {
  std::vector<std::string_view> names;
  for (const TerminationInfo& info : kTerminations) names.push_back(info.name);
  return names;
}

}  // namespace vgdl::lang

namespace vgdl {

std::string_view TerminationKindName(TerminationKind k) {
  return lang::Info(k).name;
}

std::optional<TerminationKind> FindTerminationKind(std::string_view name) {
  for (const lang::TerminationInfo& info : lang::kTerminations) {
    if (info.name == name) return info.kind;
  }
  return std::nullopt;
}

}  // namespace vgdl
