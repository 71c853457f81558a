#include "vgdl/effect_catalog.h"

#include <algorithm>
#include <array>
#include <initializer_list>
#include <span>

#include "vgdl/names.h"

namespace vgdl::lang {

namespace {

using D = EffectDef;
using FT = FieldType;
using K = EffectKind;

// Resource and health amounts are Java ints stored in EffectDef's double `value`.
void SetIntValue(D& def, const JavaValue& v, ParamSite&) {
  def.value = v.i;
}

// collectResourceIfHeld looks heldResource up without checking it (getRegisteredSpriteValue):
// an unknown name is -1, which no sprite holds, so the effect's "holds at least `value`" test
// fails for every value >= 1 (the default).
void SetHeldResource(D& def, const JavaValue& v, ParamSite& site) {
  def.held_resource = site.SpriteOrMinusOne(
      v.text, "no sprite holds it, so this effect never fires (unless value <= 0)");
}

// killIfOtherHasMore looks resource up without checking it either: s2 holds 0 of the -1 it
// gets, so the effect kills when limit <= 0 and never otherwise.
void SetOtherHasMoreResource(D& def, const JavaValue& v, ParamSite& site) {
  def.resource = site.SpriteOrMinusOne(
      v.text,
      "no sprite holds it, so this effect kills only when limit <= 0 (with subtract=True GVGAI "
      "also records the subtraction under resource -1, which no rule reads and which the "
      "agents' observations here leave out)");
}

// removeScore looks stype up without checking it: an unknown name is -1, GVGAI's value for no
// stype, so the effect clears the first sprite's score (if an avatar) as without one.
void SetRemoveScoreStype(D& def, const JavaValue& v, ParamSite& site) {
  def.stype = site.SpriteOrMinusOne(
      v.text, "the effect acts as without stype, clearing the first sprite's score");
}

void SetFtype(D& def, const JavaValue& v, ParamSite& site) {
  def.ftype = site.Effect(v.text);
}

// Effect's public fields.
constexpr std::array<EffectField, 14> kBaseFields = {{
    {"scoreChange", FT::kString, &SetIntList<D, &D::score_change>},
    {"counter", FT::kString, &SetIntList<D, &D::counter>},
    {"counterElse", FT::kString, &SetIntList<D, &D::counter_else>},
    {"prob", FT::kDouble, &SetDouble<D, &D::prob>},
    {"repeat", FT::kInt, &SetInt<D, &D::repeat>},
    {"enabled", FT::kBool, &SetBool<D, &D::enabled>},
    {"inBatch", FT::kBool, &SetBool<D, &D::in_batch>},
    {"is_kill_effect", FT::kBool, nullptr},
    {"is_stochastic", FT::kBool, nullptr},
    {"sequential", FT::kBool, nullptr},
    {"count", FT::kBool, nullptr},
    {"countElse", FT::kBool, nullptr},
    {"applyScore", FT::kBool, nullptr},
    {"hashCode", FT::kLong, nullptr},
}};

// TimeEffect's own public fields.
constexpr std::array<EffectField, 6> kTimeFields = {{
    {"timer", FT::kInt, &SetInt<D, &D::timer>},
    {"nextExecution", FT::kInt, &SetInt<D, &D::next_execution>},
    {"repeating", FT::kBool, &SetBool<D, &D::repeating>},
    {"itype", FT::kInt, nullptr},
    {"isNative", FT::kBool, nullptr},
    {"delegate", FT::kOther, nullptr},
}};
constexpr std::array<EffectField, 2> kAddTimerFields = {{
    {"ftype", FT::kString, &SetFtype},
    {"timerDelegate", FT::kOther, nullptr},
}};

constexpr EffectField kStype{"stype", FT::kString, &SetSprite<D, &D::stype>};
constexpr EffectField kItype{"itype", FT::kInt, nullptr};
constexpr EffectField kResource{"resource", FT::kString, &SetSprite<D, &D::resource>};
constexpr EffectField kResourceId{"resourceId", FT::kInt, nullptr};
constexpr EffectField kLimit{"limit", FT::kInt, &SetInt<D, &D::limit>};
constexpr EffectField kIntValue{"value", FT::kInt, &SetIntValue};
constexpr EffectField kDoubleValue{"value", FT::kDouble, &SetDouble<D, &D::value>};
constexpr EffectField kKillSecond{"killSecond", FT::kBool, &SetBool<D, &D::kill_second>};
constexpr EffectField kKillResource{"killResource", FT::kBool, &SetBool<D, &D::kill_resource>};
constexpr EffectField kPixelPerfect{"pixelPerfect", FT::kBool, &SetBool<D, &D::pixel_perfect>};
constexpr EffectField kForceOrientation{"forceOrientation", FT::kBool,
                                        &SetBool<D, &D::force_orientation>};
constexpr EffectField kLimspeed{"limspeed", FT::kDouble, &SetDouble<D, &D::limspeed>};
constexpr EffectField kStepBackFlag{"stepBack", FT::kBool, &SetBool<D, &D::step_back>};

constexpr std::array<EffectField, 1> kPixelPerfectFields = {kPixelPerfect};
constexpr std::array<EffectField, 2> kStypeFields = {kStype, kItype};
constexpr std::array<EffectField, 4> kTransformToFields = {kStype, kItype, kKillSecond,
                                                           kForceOrientation};
constexpr std::array<EffectField, 6> kTransformToAllFields = {{
    kStype,
    kItype,
    kKillSecond,
    kForceOrientation,
    {"stypeTo", FT::kString, &SetSprite<D, &D::stype_to>},
    {"itypeTo", FT::kInt, nullptr},
}};
constexpr std::array<EffectField, 10> kTransformIfCountFields = {{
    kStype,
    kItype,
    kKillSecond,
    kForceOrientation,
    {"stypeCount", FT::kString, &SetSprite<D, &D::stype_count>},
    {"itypeCount", FT::kInt, nullptr},
    {"estype", FT::kString, &SetSprite<D, &D::estype>},
    {"eitype", FT::kInt, nullptr},
    {"geq", FT::kInt, &SetInt<D, &D::geq>},
    {"leq", FT::kInt, &SetInt<D, &D::leq>},
}};
constexpr std::array<EffectField, 5> kTransformToSingletonFields = {{
    kStype,
    kItype,
    {"stype_other", FT::kString, &SetSprite<D, &D::stype_other>},
    {"itype_other", FT::kInt, nullptr},
    {"takeOrientation", FT::kBool, &SetBool<D, &D::take_orientation>},
}};
constexpr std::array<EffectField, 1> kWrapAroundFields = {{
    {"offset", FT::kDouble, &SetDouble<D, &D::offset>},
}};
constexpr std::array<EffectField, 4> kChangeResourceFields = {kResource, kResourceId, kIntValue,
                                                              kKillResource};
constexpr std::array<EffectField, 3> kResourceLimitFields = {kResource, kResourceId, kLimit};
constexpr std::array<EffectField, 4> kShieldFromFields = {{
    kStype,
    {"istype", FT::kInt, nullptr},
    {"ftype", FT::kString, &SetFtype},
    {"iftype", FT::kLong, nullptr},
}};
constexpr std::array<EffectField, 1> kUndoAllFields = {{
    {"notStype", FT::kString, &SetSpriteList<D, &D::not_stype>},
}};
constexpr std::array<EffectField, 6> kSpawnIfHasMoreFields = {{
    kResource,
    kResourceId,
    kLimit,
    kStype,
    kItype,
    {"spend", FT::kInt, &SetInt<D, &D::spend>},
}};
constexpr std::array<EffectField, 5> kSpawnIfHasLessFields = {kResource, kResourceId, kLimit,
                                                              kStype, kItype};
constexpr std::array<EffectField, 1> kCollectResourceFields = {kKillResource};
constexpr std::array<EffectField, 4> kCollectResourceIfHeldFields = {{
    {"heldResource", FT::kString, &SetHeldResource},
    {"heldResourceId", FT::kInt, nullptr},
    kKillResource,
    kIntValue,
}};
constexpr std::array<EffectField, 4> kKillIfOtherHasMoreFields = {{
    {"resource", FT::kString, &SetOtherHasMoreResource},
    kResourceId,
    kLimit,
    {"subtract", FT::kBool, &SetBool<D, &D::subtract>},
}};
constexpr std::array<EffectField, 1> kAttractGazeFields = {{
    {"align", FT::kBool, &SetBool<D, &D::align>},
}};
constexpr std::array<EffectField, 1> kAlignFields = {{
    {"orient", FT::kBool, &SetBool<D, &D::orient>},
}};
constexpr std::array<EffectField, 5> kSubtractHealthPointsFields = {{
    kIntValue,
    kStype,
    kItype,
    kLimit,
    {"scoreChangeIfKilled", FT::kString, &SetIntList<D, &D::score_change_if_killed>},
}};
constexpr std::array<EffectField, 2> kAddHealthPointsFields = {kKillSecond, kIntValue};
constexpr std::array<EffectField, 4> kUpdateSpawnTypeFields = {{
    kStype,
    kItype,
    {"spawnPoint", FT::kString, &SetSprite<D, &D::spawn_point>},
    {"ispawn", FT::kInt, nullptr},
}};
constexpr std::array<EffectField, 3> kRemoveScoreFields = {
    {{"stype", FT::kString, &SetRemoveScoreStype}, kItype, kKillSecond}};
constexpr std::array<EffectField, 3> kSpeedToAllFields = {kStype, kItype, kDoubleValue};
constexpr std::array<EffectField, 8> kSpawnIfCounterSubTypesFields = {{
    kStype,
    kItype,
    {"estype", FT::kString, &SetSprite<D, &D::estype>},
    {"eitype", FT::kInt, nullptr},
    {"stypeCount", FT::kString, &SetSprite<D, &D::stype_count>},
    {"citype", FT::kInt, nullptr},
    kLimit,
    {"subTypesNum", FT::kInt, &SetInt<D, &D::sub_types_num>},
}};
constexpr std::array<EffectField, 1> kBounceDirectionFields = {{
    {"maxBounceAngleDeg", FT::kDouble, &SetDouble<D, &D::max_bounce_angle_deg>},
}};
constexpr std::array<EffectField, 1> kLimspeedFields = {kLimspeed};
constexpr std::array<EffectField, 3> kSpawnSideFields = {kStype, kItype, kStepBackFlag};

struct EffectInfo {
  EffectKind kind;
  std::string_view name;
  std::span<const EffectField> own;
};

const std::array<EffectInfo, kEffectKindCount> kEffects = {{
    {K::kStepBack, "stepBack", kPixelPerfectFields},
    {K::kUndoAll, "undoAll", kUndoAllFields},
    {K::kBounceForward, "bounceForward", {}},
    {K::kPullWithIt, "pullWithIt", kPixelPerfectFields},
    {K::kWrapAround, "wrapAround", kWrapAroundFields},
    {K::kTeleportToExit, "teleportToExit", {}},
    {K::kTurnAround, "turnAround", {}},
    {K::kReverseDirection, "reverseDirection", {}},
    {K::kFlipDirection, "flipDirection", {}},
    {K::kAttractGaze, "attractGaze", kAttractGazeFields},
    {K::kAlign, "align", kAlignFields},
    {K::kWallStop, "wallStop", {}},
    {K::kWallBounce, "wallBounce", {}},
    {K::kWallReverse, "wallReverse", {}},
    {K::kBounceDirection, "bounceDirection", kBounceDirectionFields},
    {K::kHalfSpeed, "halfSpeed", {}},
    {K::kWaterPhysics, "waterPhysics", {}},
    {K::kIncreaseSpeedToAll, "increaseSpeedToAll", kSpeedToAllFields},
    {K::kDecreaseSpeedToAll, "decreaseSpeedToAll", kSpeedToAllFields},
    {K::kSetSpeedForAll, "setSpeedForAll", kSpeedToAllFields},
    {K::kKillSprite, "killSprite", {}},
    {K::kKillBoth, "killBoth", {}},
    {K::kKillAll, "killAll", kStypeFields},
    {K::kKillIfHasMore, "killIfHasMore", kResourceLimitFields},
    {K::kKillIfHasLess, "killIfHasLess", kResourceLimitFields},
    {K::kKillIfOtherHasMore, "killIfOtherHasMore", kKillIfOtherHasMoreFields},
    {K::kKillIfFromAbove, "killIfFromAbove", {}},
    {K::kKillIfFrontal, "killIfFrontal", {}},
    {K::kKillIfNotFrontal, "killIfNotFrontal", {}},
    {K::kKillIfSlow, "killIfSlow", kLimspeedFields},
    {K::kKillIfFast, "killIfFast", kLimspeedFields},
    {K::kKillIfAlive, "killIfAlive", {}},
    {K::kKillIfNotUpright, "killIfNotUpright", {}},
    {K::kSubtractHealthPoints, "subtractHealthPoints", kSubtractHealthPointsFields},
    {K::kRemoveScore, "removeScore", kRemoveScoreFields},
    {K::kSpawn, "spawn", kStypeFields},
    {K::kSpawnIfHasMore, "spawnIfHasMore", kSpawnIfHasMoreFields},
    {K::kSpawnIfHasLess, "spawnIfHasLess", kSpawnIfHasLessFields},
    {K::kSpawnBehind, "spawnBehind", kStypeFields},
    {K::kSpawnAbove, "spawnAbove", kSpawnSideFields},
    {K::kSpawnBelow, "spawnBelow", kSpawnSideFields},
    {K::kSpawnLeft, "spawnLeft", kSpawnSideFields},
    {K::kSpawnRight, "spawnRight", kSpawnSideFields},
    {K::kCloneSprite, "cloneSprite", {}},
    {K::kTransformTo, "transformTo", kTransformToFields},
    {K::kTransformToAll, "transformToAll", kTransformToAllFields},
    {K::kTransformIfCount, "transformIfCount", kTransformIfCountFields},
    {K::kTransformToSingleton, "transformToSingleton", kTransformToSingletonFields},
    {K::kTransformToRandomChild, "transformToRandomChild", kTransformToFields},
    {K::kUpdateSpawnType, "updateSpawnType", kUpdateSpawnTypeFields},
    {K::kSpawnIfCounterSubTypes, "spawnIfCounterSubTypes", kSpawnIfCounterSubTypesFields},
    {K::kCollectResource, "collectResource", kCollectResourceFields},
    {K::kCollectResourceIfHeld, "collectResourceIfHeld", kCollectResourceIfHeldFields},
    {K::kChangeResource, "changeResource", kChangeResourceFields},
    {K::kAddHealthPoints, "addHealthPoints", kAddHealthPointsFields},
    {K::kAddHealthPointsToMax, "addHealthPointsToMax", kAddHealthPointsFields},
    {K::kShieldFrom, "shieldFrom", kShieldFromFields},
    {K::kAddTimer, "addTimer", kAddTimerFields},
}};

const EffectInfo& Info(EffectKind kind) {
  return kEffects[static_cast<size_t>(kind)];
}

std::vector<std::span<const EffectField>> FieldTables(EffectKind kind, bool timed) {
  std::vector<std::span<const EffectField>> tables = {Info(kind).own};
  if (timed || kind == K::kAddTimer) tables.emplace_back(kTimeFields);
  tables.emplace_back(kBaseFields);
  return tables;
}

}  // namespace

const EffectField* FindEffectField(EffectKind kind, std::string_view name) {
  return FindField<EffectDef>(FieldTables(kind, false), name);
}

const EffectField* FindTimeEffectField(std::string_view name) {
  return FindField<EffectDef>({kTimeFields, kBaseFields}, name);
}

std::vector<std::string_view> EffectFieldNames(EffectKind kind, bool timed) {
  std::vector<std::string_view> names;
  for (const auto& table : FieldTables(kind, timed)) {
    for (const EffectField& field : table) names.push_back(field.name);
  }
  return names;
}

void ApplyEffectDefaults(EffectKind kind, EffectDef& def) {
  switch (kind) {
    case K::kCollectResource:
      def.kill_resource = true;
      break;
    case K::kCollectResourceIfHeld:
      def.kill_resource = true;
      def.value = 1;
      break;
    case K::kChangeResource:
      def.value = 1;
      def.kill_resource = false;
      break;
    case K::kIncreaseSpeedToAll:
    case K::kDecreaseSpeedToAll:
      def.value = 0.1;
      break;
    case K::kSetSpeedForAll:
      def.value = 0.0;
      break;
    case K::kTransformIfCount:
      def.geq = 0;
      def.leq = 10000;  // Game.getMaxSprites()
      break;
    case K::kSubtractHealthPoints:
      def.stype = kNoType;  // GVGAI's stype="" means "the first sprite itself"
      def.limit = 0;
      def.value = 1;
      break;
    case K::kRemoveScore:
      def.stype = kNoType;
      break;
    case K::kWallBounce:
    case K::kWallReverse:
      def.in_batch = true;
      break;
    case K::kBounceDirection:
      def.max_bounce_angle_deg = 60;
      break;
    case K::kKillIfSlow:
    case K::kKillIfFast:
      def.limspeed = 1.0;
      break;
    default:
      break;
  }
}

std::vector<std::string_view> RequiredEffectParams(EffectKind kind) {
  switch (kind) {
    case K::kKillAll:
    case K::kTransformTo:
    case K::kTransformToRandomChild:
    case K::kSpawn:
    case K::kSpawnBehind:
    case K::kSpawnAbove:
    case K::kSpawnBelow:
    case K::kSpawnLeft:
    case K::kSpawnRight:
    case K::kIncreaseSpeedToAll:
    case K::kDecreaseSpeedToAll:
    case K::kSetSpeedForAll:
      return {"stype"};
    case K::kTransformToAll:
      return {"stype", "stypeTo"};
    case K::kTransformIfCount:
      return {"stype", "stypeCount"};
    case K::kTransformToSingleton:
      return {"stype", "stype_other"};
    case K::kChangeResource:
    case K::kKillIfHasLess:
    case K::kKillIfHasMore:
    case K::kKillIfOtherHasMore:
      return {"resource"};
    case K::kSpawnIfHasMore:
    case K::kSpawnIfHasLess:
      return {"resource", "stype"};
    case K::kCollectResourceIfHeld:
      return {"heldResource"};
    case K::kShieldFrom:
      return {"stype", "ftype"};
    case K::kUpdateSpawnType:
      return {"stype", "spawnPoint"};
    case K::kSpawnIfCounterSubTypes:
      return {"stype", "estype", "stypeCount"};
    case K::kAddTimer:
      return {"ftype"};
    default:
      return {};
  }
}

// From the null checks at the top of each effect class's execute(). The side spawns test
// only the second sprite, which they spawn beside.
SpritesNeeded SpritesGvgaiNeeds(EffectKind kind) {
  switch (kind) {
    case K::kBounceForward:
    case K::kPullWithIt:
    case K::kTeleportToExit:
    case K::kAttractGaze:
    case K::kAlign:
    case K::kWallStop:
    case K::kWallBounce:
    case K::kWallReverse:
    case K::kBounceDirection:
    case K::kKillBoth:
    case K::kKillIfOtherHasMore:
    case K::kKillIfFromAbove:
    case K::kKillIfFrontal:
    case K::kKillIfNotFrontal:
    case K::kKillIfSlow:
    case K::kKillIfFast:
    case K::kKillIfAlive:
    case K::kTransformIfCount:
    case K::kTransformToSingleton:
    case K::kCollectResource:
    case K::kCollectResourceIfHeld:
    case K::kChangeResource:
      return {.first = true, .second = true};
    case K::kSpawnBehind:
    case K::kSpawnAbove:
    case K::kSpawnBelow:
    case K::kSpawnLeft:
    case K::kSpawnRight:
      return {.first = false, .second = true};
    case K::kStepBack:
    case K::kWrapAround:
    case K::kTurnAround:
    case K::kReverseDirection:
    case K::kFlipDirection:
    case K::kHalfSpeed:
    case K::kKillSprite:
    case K::kKillIfHasMore:
    case K::kKillIfHasLess:
    case K::kSubtractHealthPoints:
    case K::kRemoveScore:
    case K::kSpawn:
    case K::kSpawnIfHasMore:
    case K::kSpawnIfHasLess:
    case K::kCloneSprite:
    case K::kTransformTo:
    case K::kTransformToRandomChild:
    case K::kSpawnIfCounterSubTypes:
    case K::kAddHealthPoints:
    case K::kAddHealthPointsToMax:
    case K::kShieldFrom:
      return {.first = true, .second = false};
    default:
      return {};
  }
}

bool GvgaiThrowsWithout(EffectKind kind, std::string_view field) {
  const auto is = [&](std::initializer_list<std::string_view> fields) {
    return std::find(fields.begin(), fields.end(), field) != fields.end();
  };
  switch (kind) {
    case K::kKillAll:
    case K::kTransformTo:
    case K::kTransformToRandomChild:
    case K::kTransformIfCount:  // TransformTo's constructor; its stypeCount may be unknown
    case K::kSpawn:
    case K::kSpawnBehind:
    case K::kIncreaseSpeedToAll:
    case K::kDecreaseSpeedToAll:
    case K::kSetSpeedForAll:
    case K::kSubtractHealthPoints:  // only when given: it checks stype against ""
      return is({"stype"});
    case K::kTransformToAll:
      return is({"stype", "stypeTo"});
    case K::kTransformToSingleton:
      return is({"stype", "stype_other"});
    case K::kKillIfHasMore:
    case K::kKillIfHasLess:
      return is({"resource"});
    case K::kSpawnIfHasMore:
    case K::kSpawnIfHasLess:
      return is({"resource", "stype"});
    case K::kUpdateSpawnType:
      return is({"stype", "spawnPoint"});
    case K::kSpawnIfCounterSubTypes:
      return is({"stype", "estype", "stypeCount"});
    case K::kShieldFrom:
      return is({"stype"});  // a missing ftype throws too; an unknown one is only hashed
    case K::kAddTimer:
      return is({"ftype"});  // the delegate is built from it
    default:
      return false;
  }
}

std::vector<std::string_view> EffectNames() {
  std::vector<std::string_view> names;
  for (const EffectInfo& info : kEffects) names.push_back(info.name);
  return names;
}

}  // namespace vgdl::lang

namespace vgdl {

std::string_view EffectKindName(EffectKind k) {
  return lang::Info(k).name;
}

std::optional<EffectKind> FindEffectKind(std::string_view name) {
  for (const lang::EffectInfo& info : lang::kEffects) {
    if (info.name == name) return info.kind;
  }
  return std::nullopt;
}

}  // namespace vgdl
