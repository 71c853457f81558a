#include "vgdl/sprite_catalog.h"

#include <array>
#include <span>

#include "vgdl/names.h"

namespace vgdl::lang {

namespace {

using D = SpriteDef;
using FT = FieldType;

void SetColor(D& def, const JavaValue& v, ParamSite&) {
  def.color = v.color;
  def.has_color = true;
}

void SetPhysics(D& def, const JavaValue& v, ParamSite& site) {
  if (v.i == 0 || v.i == 1) {
    def.physics = v.i == 0 ? PhysicsType::kGrid : PhysicsType::kContinuous;
  } else {
    site.Fail("physicstype must be GRID (0) or CONT (1)");
  }
}

// orientedImg names the image set and makes it directional; it wins over img in GVGAI's
// loadImage, whichever is written first.
void SetOrientedImg(D& def, const JavaValue& v, ParamSite&) {
  def.img = std::string(v.text);
  def.oriented_img = true;
}
void SetImg(D& def, const JavaValue& v, ParamSite&) {
  if (!def.oriented_img) def.img = std::string(v.text);
}

// The avatars look ammo up with getRegisteredSpriteValue and do not check it: an unknown name
// is -1, which no sprite holds, so that weapon never fires.
void SetFlakAmmo(D& def, const JavaValue& v, ParamSite& site) {
  def.ammo = {site.SpriteOrMinusOne(
      v.text, "no sprite holds it, so the avatar never shoots (unless minAmmo < 0)")};
}
void SetShootAmmo(D& def, const JavaValue& v, ParamSite& site) {
  def.ammo = site.SpriteListOrMinusOne(v.text, "no sprite holds it, so that weapon never fires");
}

// Spreader looks stype up without checking it: an unknown name is -1, which Spreader reads as
// no stype, spreading copies of itself.
void SetSpreaderStype(D& def, const JavaValue& v, ParamSite& site) {
  def.stype = site.SpriteOrMinusOne(v.text, "it spreads copies of itself, as without stype");
}

// AlternateChaser's stype2 is parsed from stype1 by GVGAI (§15.19); the names are kept for
// summaries but an unknown one is only a warning since GVGAI never looks it up.
void SetStype2(D& def, const JavaValue& v, ParamSite& site);

// VGDLSprite's public fields.
constexpr std::array<SpriteField, 56> kBaseFields = {{
    {"name", FT::kString, nullptr},
    {"is_static", FT::kBool, &SetBool<D, &D::is_static>},
    {"only_active", FT::kBool, &SetBool<D, &D::only_active>},
    {"is_avatar", FT::kBool, &SetBool<D, &D::is_avatar>},
    {"is_stochastic", FT::kBool, &SetBool<D, &D::is_stochastic>},
    {"color", FT::kColor, &SetColor},
    {"cooldown", FT::kInt, &SetInt<D, &D::cooldown>},
    {"speed", FT::kDouble, &SetDouble<D, &D::speed>},
    {"stationary", FT::kBool, &SetBool<D, &D::stationary>},
    {"mass", FT::kDouble, &SetDouble<D, &D::mass>},
    {"physicstype", FT::kInt, &SetPhysics},
    {"physics", FT::kOther, nullptr},
    {"gravity", FT::kDouble, &SetDouble<D, &D::gravity>},
    {"friction", FT::kDouble, &SetDouble<D, &D::friction>},
    {"shrinkfactor", FT::kDouble, &SetDouble<D, &D::shrinkfactor>},
    {"is_oriented", FT::kBool, &SetBool<D, &D::is_oriented>},
    {"draw_arrow", FT::kBool, &SetBool<D, &D::draw_arrow>},
    {"orientation", FT::kDirection, &SetDirection<D, &D::orientation>},
    {"rect", FT::kOther, nullptr},
    {"lastrect", FT::kOther, nullptr},
    {"lastmove", FT::kInt, nullptr},
    {"jump_strength", FT::kDouble, &SetDouble<D, &D::jump_strength>},
    {"singleton", FT::kBool, &Handled<D>},
    {"is_resource", FT::kBool, &SetBool<D, &D::is_resource>},
    {"portal", FT::kBool, &SetBool<D, &D::portal>},
    {"invisible", FT::kString, &SetBoolList<D, &D::invisible>},
    {"hidden", FT::kString, &SetBoolList<D, &D::hidden>},
    {"autotiling", FT::kBool, &SetBool<D, &D::autotiling>},
    {"randomtiling", FT::kDouble, &SetDouble<D, &D::randomtiling>},
    {"frameRate", FT::kDouble, &SetDouble<D, &D::frame_rate>},
    {"frameRemaining", FT::kDouble, nullptr},
    {"currentFrame", FT::kInt, nullptr},
    {"itypes", FT::kOther, nullptr},
    {"resources", FT::kOther, nullptr},
    {"images", FT::kOther, nullptr},
    {"image", FT::kOther, nullptr},
    {"img", FT::kString, &SetImg},
    {"orientedImg", FT::kString, &SetOrientedImg},
    {"is_npc", FT::kBool, &SetBool<D, &D::is_npc>},
    {"spriteID", FT::kInt, nullptr},
    {"is_from_avatar", FT::kBool, nullptr},
    {"bucket", FT::kInt, nullptr},
    {"bucketSharp", FT::kBool, nullptr},
    {"rotateInPlace", FT::kBool, &SetBool<D, &D::rotate_in_place>},
    {"isFirstTick", FT::kBool, nullptr},
    {"healthPoints", FT::kInt, &SetInt<D, &D::health_points>},
    {"maxHealthPoints", FT::kInt, &SetInt<D, &D::max_health_points>},
    {"limitHealthPoints", FT::kInt, &SetInt<D, &D::limit_health_points>},
    {"timeToLive", FT::kInt, &SetInt<D, &D::time_to_live>},
    {"rotation", FT::kDouble, &SetDouble<D, &D::rotation>},
    {"wMult", FT::kDouble, &SetDouble<D, &D::w_mult>},
    {"hMult", FT::kDouble, &SetDouble<D, &D::h_mult>},
    {"size", FT::kOther, nullptr},
    {"on_ground", FT::kBool, nullptr},
    {"solid", FT::kBool, &SetBool<D, &D::solid>},
    {"max_speed", FT::kDouble, &SetDouble<D, &D::max_speed>},
}};

constexpr std::array<SpriteField, 2> kFlickerFields = {{
    {"limit", FT::kInt, &SetInt<D, &D::limit>},
    {"age", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 3> kSpreaderFields = {{
    {"spreadprob", FT::kDouble, &SetDouble<D, &D::spreadprob>},
    {"stype", FT::kString, &SetSpreaderStype},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 4> kResourceFields = {{
    {"limit", FT::kInt, &SetInt<D, &D::limit>},
    {"value", FT::kInt, &SetInt<D, &D::value>},
    {"resource_name", FT::kString, nullptr},
    {"resource_type", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 1> kWalkerFields = {{
    {"airsteering", FT::kBool, &SetBool<D, &D::airsteering>},
}};
constexpr std::array<SpriteField, 1> kWalkerJumperFields = {{
    {"probability", FT::kDouble, &SetDouble<D, &D::probability>},
}};
constexpr std::array<SpriteField, 1> kRandomNpcFields = {{
    {"cons", FT::kInt, &SetInt<D, &D::cons>},
}};
constexpr std::array<SpriteField, 4> kChaserFields = {{
    {"stype", FT::kString, &SetSprite<D, &D::stype>},
    {"maxDistance", FT::kFloat, &SetFloat<D, &D::max_distance>},
    {"fleeing", FT::kBool, nullptr},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 5> kAlternateChaserFields = {{
    {"stype1", FT::kString, &SetSpriteList<D, &D::stypes>},
    {"stype2", FT::kString, &SetStype2},
    {"fleeing", FT::kBool, nullptr},
    {"itype1", FT::kOther, nullptr},
    {"itype2", FT::kOther, nullptr},
}};
constexpr std::array<SpriteField, 1> kEpsilonFields = {{
    {"epsilon", FT::kDouble, &SetDouble<D, &D::epsilon>},
}};
constexpr std::array<SpriteField, 1> kPathAltChaserFields = {{
    {"randomTarget", FT::kBool, &SetBool<D, &D::random_target>},
}};
constexpr std::array<SpriteField, 6> kSpawnPointFields = {{
    {"stype", FT::kString, &SetSprite<D, &D::stype>},
    {"prob", FT::kDouble, &SetDouble<D, &D::prob>},
    {"total", FT::kInt, &SetInt<D, &D::total>},
    {"spawnorientation", FT::kDirection, &SetDirection<D, &D::spawn_orientation>},
    {"counter", FT::kInt, nullptr},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 1> kBomberRandomMissileFields = {{
    {"stypeMissile", FT::kString, &SetSpriteList<D, &D::stypes>},
}};
constexpr std::array<SpriteField, 5> kSpawnPointMultiSpriteFields = {{
    {"stypes", FT::kString, &SetSpriteList<D, &D::stypes>},
    {"prob", FT::kDouble, &SetDouble<D, &D::prob>},
    {"total", FT::kInt, &SetInt<D, &D::total>},
    {"spawnorientation", FT::kDirection, &SetDirection<D, &D::spawn_orientation>},
    {"counter", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 2> kPortalFields = {{
    {"stype", FT::kString, &SetSprite<D, &D::stype>},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 4> kMovingAvatarFields = {{
    {"actions", FT::kOther, nullptr},
    {"actionsNIL", FT::kOther, nullptr},
    {"player", FT::kOther, nullptr},
    {"lastMovementType", FT::kOther, nullptr},
}};
constexpr std::array<SpriteField, 6> kFlakAvatarFields = {{
    {"stype", FT::kString, &SetSprite<D, &D::stype>},
    {"ammo", FT::kString, &SetFlakAmmo},
    {"minAmmo", FT::kInt, &SetInt<D, &D::min_ammo>},
    {"ammoCost", FT::kInt, &SetInt<D, &D::ammo_cost>},
    {"ammoId", FT::kInt, nullptr},
    {"itype", FT::kInt, nullptr},
}};
constexpr std::array<SpriteField, 6> kShootAvatarFields = {{
    {"stype", FT::kString, &SetSpriteList<D, &D::stypes>},
    {"ammo", FT::kString, &SetShootAmmo},
    {"stypes", FT::kOther, nullptr},
    {"ammos", FT::kOther, nullptr},
    {"ammoId", FT::kOther, nullptr},
    {"itype", FT::kOther, nullptr},
}};
constexpr std::array<SpriteField, 1> kOngoingTurningAvatarFields = {{
    {"spawnBehind", FT::kString, &SetSprite<D, &D::spawn_behind>},
}};
constexpr std::array<SpriteField, 1> kAngleFields = {{
    {"angle_diff", FT::kDouble, &SetDouble<D, &D::angle_diff>},
}};
constexpr std::array<SpriteField, 2> kCarAvatarFields = {{
    {"angle_diff", FT::kDouble, &SetDouble<D, &D::angle_diff>},
    {"facing", FT::kDouble, nullptr},
}};
constexpr std::array<SpriteField, 2> kPlatformerFields = {{
    {"ground_speedup_factor", FT::kDouble, &SetDouble<D, &D::ground_speedup_factor>},
    {"air_slowdown_factor", FT::kDouble, &SetDouble<D, &D::air_slowdown_factor>},
}};
constexpr std::array<SpriteField, 7> kWizardFields = {{
    {"ground_speedup_factor", FT::kDouble, &SetDouble<D, &D::ground_speedup_factor>},
    {"air_slowdown_factor", FT::kDouble, &SetDouble<D, &D::air_slowdown_factor>},
    {"stype", FT::kString, &SetSpriteList<D, &D::stypes>},
    {"stypes", FT::kOther, nullptr},
    {"itype", FT::kOther, nullptr},
    {"facing_dir", FT::kDirection, nullptr},
    {"last_block_time", FT::kInt, nullptr},
}};

struct ClassInfo {
  SpriteClass cls;
  std::string_view name;
  std::optional<SpriteClass> parent;  // nullopt: VGDLSprite
  std::span<const SpriteField> own;
};

using C = SpriteClass;
const std::array<ClassInfo, kSpriteClassCount> kClasses = {{
    {C::kImmovable, "Immovable", std::nullopt, {}},
    {C::kDoor, "Door", C::kImmovable, {}},
    {C::kConveyor, "Conveyor", std::nullopt, {}},
    {C::kPassive, "Passive", std::nullopt, {}},
    {C::kResource, "Resource", C::kPassive, kResourceFields},
    {C::kResourcePack, "ResourcePack", C::kResource, {}},
    {C::kFlicker, "Flicker", std::nullopt, kFlickerFields},
    {C::kOrientedFlicker, "OrientedFlicker", C::kFlicker, {}},
    {C::kSpreader, "Spreader", C::kFlicker, kSpreaderFields},
    {C::kMissile, "Missile", std::nullopt, {}},
    {C::kRandomMissile, "RandomMissile", C::kMissile, {}},
    {C::kErraticMissile, "ErraticMissile", C::kMissile, {}},
    {C::kWalker, "Walker", std::nullopt, kWalkerFields},
    {C::kWalkerJumper, "WalkerJumper", C::kWalker, kWalkerJumperFields},
    {C::kRandomNPC, "RandomNPC", std::nullopt, kRandomNpcFields},
    {C::kRandomInertial, "RandomInertial", C::kRandomNPC, {}},
    {C::kChaser, "Chaser", C::kRandomNPC, kChaserFields},
    {C::kFleeing, "Fleeing", C::kChaser, {}},
    {C::kLOSChaser, "LOSChaser", C::kChaser, {}},
    {C::kAlternateChaser, "AlternateChaser", C::kRandomNPC, kAlternateChaserFields},
    {C::kRandomAltChaser, "RandomAltChaser", C::kAlternateChaser, kEpsilonFields},
    {C::kPathChaser, "PathChaser", C::kRandomNPC, kChaserFields},
    {C::kPathAltChaser, "PathAltChaser", C::kAlternateChaser, kPathAltChaserFields},
    {C::kRandomPathAltChaser, "RandomPathAltChaser", C::kPathAltChaser, kEpsilonFields},
    {C::kSpriteProducer, "SpriteProducer", std::nullopt, {}},
    {C::kSpawnPoint, "SpawnPoint", C::kSpriteProducer, kSpawnPointFields},
    {C::kBomber, "Bomber", C::kSpawnPoint, {}},
    {C::kRandomBomber, "RandomBomber", C::kSpawnPoint, {}},
    {C::kBomberRandomMissile, "BomberRandomMissile", C::kSpawnPoint, kBomberRandomMissileFields},
    {C::kSpawnPointMultiSprite, "SpawnPointMultiSprite", C::kSpriteProducer,
     kSpawnPointMultiSpriteFields},
    {C::kPortal, "Portal", C::kSpriteProducer, kPortalFields},
    {C::kMovingAvatar, "MovingAvatar", std::nullopt, kMovingAvatarFields},
    {C::kHorizontalAvatar, "HorizontalAvatar", C::kMovingAvatar, {}},
    {C::kVerticalAvatar, "VerticalAvatar", C::kMovingAvatar, {}},
    {C::kNullAvatar, "NullAvatar", C::kHorizontalAvatar, {}},
    {C::kFlakAvatar, "FlakAvatar", C::kHorizontalAvatar, kFlakAvatarFields},
    {C::kOrientedAvatar, "OrientedAvatar", C::kMovingAvatar, {}},
    {C::kShootAvatar, "ShootAvatar", C::kOrientedAvatar, kShootAvatarFields},
    {C::kOngoingAvatar, "OngoingAvatar", C::kOrientedAvatar, {}},
    {C::kOngoingShootAvatar, "OngoingShootAvatar", C::kShootAvatar, {}},
    {C::kOngoingTurningAvatar, "OngoingTurningAvatar", C::kOrientedAvatar,
     kOngoingTurningAvatarFields},
    {C::kMissileAvatar, "MissileAvatar", C::kOrientedAvatar, {}},
    {C::kShootOnlyAvatar, "ShootOnlyAvatar", C::kShootAvatar, {}},
    {C::kAimedAvatar, "AimedAvatar", C::kShootAvatar, kAngleFields},
    {C::kSpaceshipAvatar, "SpaceshipAvatar", C::kShootAvatar, kAngleFields},
    {C::kLanderAvatar, "LanderAvatar", C::kOrientedAvatar, kAngleFields},
    {C::kCarAvatar, "CarAvatar", C::kOrientedAvatar, kCarAvatarFields},
    {C::kBirdAvatar, "BirdAvatar", C::kOrientedAvatar, {}},
    {C::kPlatformerAvatar, "PlatformerAvatar", C::kMovingAvatar, kPlatformerFields},
    {C::kWizardAvatar, "WizardAvatar", C::kMovingAvatar, kWizardFields},
}};

const ClassInfo& Info(SpriteClass cls) {
  return kClasses[static_cast<size_t>(cls)];
}

std::vector<std::span<const SpriteField>> FieldTables(SpriteClass cls) {
  std::vector<std::span<const SpriteField>> tables;
  for (std::optional<SpriteClass> c = cls; c; c = Info(*c).parent) tables.push_back(Info(*c).own);
  tables.emplace_back(kBaseFields);
  return tables;
}

void SetStype2(D& def, const JavaValue& v, ParamSite& site) {
  def.stypes2 = site.SpriteListLenient(v.text);
}

constexpr Color kGray{90, 90, 90};
constexpr Color kBlue{0, 0, 200};
constexpr Color kRed{200, 0, 0};
constexpr Color kJavaYellow{255, 255, 0};  // java.awt.Color.YELLOW, not Types.YELLOW
constexpr Color kBlack{0, 0, 0};
constexpr Color kOrange{250, 160, 0};
constexpr Color kWhite{250, 250, 250};
constexpr Color kGreen{0, 200, 0};

void SetClassColor(D& def, Color c) {
  def.color = c;
  def.has_color = true;
}

// One class's own loadDefaults() step (and its field initialisers).
void ApplyOwnDefaults(SpriteClass cls, D& def) {
  switch (cls) {
    case C::kImmovable:
      SetClassColor(def, kGray);
      def.is_static = true;
      break;
    case C::kDoor:
      def.portal = true;
      break;
    case C::kConveyor:
      def.is_static = true;
      SetClassColor(def, kBlue);
      def.jump_strength = 1;
      def.draw_arrow = true;
      def.is_oriented = true;
      break;
    case C::kPassive:
      SetClassColor(def, kRed);
      break;
    case C::kResource:
      def.limit = 2;
      def.value = 1;
      SetClassColor(def, kJavaYellow);
      def.is_resource = true;
      break;
    case C::kResourcePack:
      def.is_static = true;
      break;
    case C::kFlicker:
      def.limit = 1;
      SetClassColor(def, kRed);
      break;
    case C::kOrientedFlicker:
      def.draw_arrow = true;
      def.speed = 0;
      def.is_oriented = true;
      break;
    case C::kSpreader:
      def.spreadprob = 1.0;
      break;
    case C::kMissile:
      def.speed = 1;
      def.is_oriented = true;
      break;
    case C::kRandomMissile:
      def.orientation = dir::kNil;
      break;
    case C::kWalker:
      def.speed = 5;
      def.max_speed = 5;
      def.is_oriented = true;
      def.airsteering = false;
      def.is_stochastic = true;
      break;
    case C::kWalkerJumper:
      def.probability = 0.1;
      def.jump_strength = 1;
      def.max_speed = 5.0;
      break;
    case C::kRandomNPC:
      def.speed = 1;
      def.cons = 0;
      def.is_npc = true;
      def.is_stochastic = true;
      break;
    case C::kRandomInertial:
      def.physics = PhysicsType::kContinuous;
      def.is_oriented = true;
      break;
    case C::kChaser:
    case C::kPathChaser:
      def.max_distance = -1;
      break;
    case C::kRandomAltChaser:
    case C::kRandomPathAltChaser:
      def.epsilon = 0.0;
      break;
    case C::kPathAltChaser:
      def.random_target = false;
      break;
    case C::kSpawnPoint:
    case C::kSpawnPointMultiSprite:
      def.prob = 1.0;
      def.total = 0;
      SetClassColor(def, kBlack);
      def.cooldown = 1;
      def.is_static = true;
      def.spawn_orientation = dir::kNone;
      if (cls == C::kSpawnPointMultiSprite) {
        def.is_oriented = true;
        def.orientation = dir::kRight;
        def.is_npc = true;
      }
      break;
    case C::kBomber:
    case C::kRandomBomber:
    case C::kBomberRandomMissile:
      SetClassColor(def, kOrange);
      def.is_static = false;
      def.is_oriented = true;
      def.orientation = dir::kRight;
      def.is_npc = true;
      if (cls == C::kRandomBomber) {
        def.is_stochastic = true;
        def.speed = 1.0;
      }
      break;
    case C::kPortal:
      def.is_static = true;
      def.portal = true;
      SetClassColor(def, kBlue);
      break;
    case C::kMovingAvatar:
      SetClassColor(def, kWhite);
      def.speed = 1;
      def.is_avatar = true;
      break;
    case C::kNullAvatar:
      SetClassColor(def, kGreen);
      break;
    case C::kFlakAvatar:
      def.min_ammo = -1;
      def.ammo_cost = 1;
      SetClassColor(def, kGreen);
      break;
    case C::kOrientedAvatar:
      def.orientation = dir::kRight;
      def.draw_arrow = true;
      def.is_oriented = true;
      def.rotate_in_place = true;
      break;
    case C::kOngoingAvatar:
    case C::kOngoingShootAvatar:
    case C::kOngoingTurningAvatar:
    case C::kMissileAvatar:
      def.speed = 1;
      def.is_oriented = true;
      break;
    case C::kAimedAvatar:
      def.angle_diff = 0.15;
      def.speed = 0;
      def.stationary = true;
      break;
    case C::kSpaceshipAvatar:
    case C::kLanderAvatar:
      def.angle_diff = 0.3;
      def.speed = 5;
      def.orientation = dir::kNone;
      break;
    case C::kCarAvatar:
      def.angle_diff = 0.15;
      def.speed = 0;
      break;
    case C::kBirdAvatar:
      def.draw_arrow = true;
      def.jump_strength = 10;
      break;
    case C::kPlatformerAvatar:
    case C::kWizardAvatar:
      def.draw_arrow = false;
      def.jump_strength = 10;
      def.ground_speedup_factor = 1.0;
      def.air_slowdown_factor = 2.0;
      def.max_speed = 30.0;
      if (cls == C::kWizardAvatar) def.speed = 0;
      break;
    default:
      break;
  }
}

// The classes whose `prob` makes them stochastic: SpawnPoint's family, and
// SpawnPointMultiSprite, which has a prob of its own.
bool SpawnsWithProb(SpriteClass cls) {
  return IsSpawnPointClass(cls) || cls == C::kSpawnPointMultiSprite;
}

}  // namespace

const SpriteField* FindSpriteField(SpriteClass cls, std::string_view name) {
  return FindField<SpriteDef>(FieldTables(cls), name);
}

std::vector<std::string_view> SpriteFieldNames(SpriteClass cls) {
  std::vector<std::string_view> names;
  for (const auto& table : FieldTables(cls)) {
    for (const SpriteField& field : table) names.push_back(field.name);
  }
  return names;
}

std::vector<SpriteClass> SpriteClassChain(SpriteClass cls) {
  std::vector<SpriteClass> chain;
  for (std::optional<SpriteClass> c = cls; c; c = Info(*c).parent) chain.push_back(*c);
  return {chain.rbegin(), chain.rend()};
}

void ApplySpriteClassDefaults(SpriteClass cls, SpriteDef& def) {
  for (SpriteClass c : SpriteClassChain(cls)) ApplyOwnDefaults(c, def);
}

void PostProcessSprite(SpriteClass cls, SpriteDef& def) {
  if (def.orientation != dir::kNone) def.is_oriented = true;
  if (def.max_health_points == 0) def.max_health_points = def.health_points;
  if (def.health_points > def.max_health_points) def.health_points = def.max_health_points;
  if (def.cooldown < 1) def.cooldown = 1;
  const SpriteField* itype = FindSpriteField(cls, "itype");
  def.has_itype_field = itype != nullptr && itype->type == FT::kInt;
  if (SpawnsWithProb(cls)) def.is_stochastic = def.prob > 0 && def.prob < 1;
  if ((cls == C::kPathAltChaser || cls == C::kRandomPathAltChaser) && def.random_target) {
    def.is_stochastic = true;
  }
}

std::vector<std::string_view> SpriteClassNames() {
  std::vector<std::string_view> names;
  for (const ClassInfo& info : kClasses) names.push_back(info.name);
  return names;
}

}  // namespace vgdl::lang

namespace vgdl {

std::string_view SpriteClassName(SpriteClass c) {
  return lang::kClasses[static_cast<size_t>(c)].name;
}

std::optional<SpriteClass> FindSpriteClass(std::string_view name) {
  for (const lang::ClassInfo& info : lang::kClasses) {
    if (info.name == name) return info.cls;
  }
  return std::nullopt;
}

}  // namespace vgdl
