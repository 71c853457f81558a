// The class, effect and termination tables agree with game_def.h's enums and GVGAI's names.
#include <gtest/gtest.h>

#include "vgdl/effect_catalog.h"
#include "vgdl/names.h"
#include "vgdl/sprite_catalog.h"
#include "vgdl/termination_catalog.h"

namespace vgdl {
namespace {

TEST(Catalog, NamesRoundTripForEveryEnumValue) {
  for (int i = 0; i < kSpriteClassCount; ++i) {
    const auto cls = static_cast<SpriteClass>(i);
    EXPECT_EQ(FindSpriteClass(SpriteClassName(cls)), cls) << SpriteClassName(cls);
  }
  for (int i = 0; i < kEffectKindCount; ++i) {
    const auto kind = static_cast<EffectKind>(i);
    EXPECT_EQ(FindEffectKind(EffectKindName(kind)), kind) << EffectKindName(kind);
  }
  for (int i = 0; i <= static_cast<int>(TerminationKind::kStopCounter); ++i) {
    const auto kind = static_cast<TerminationKind>(i);
    EXPECT_EQ(FindTerminationKind(TerminationKindName(kind)), kind);
  }
  EXPECT_EQ(lang::EffectNames().size(), 58u);
  EXPECT_EQ(lang::SpriteClassNames().size(), 50u);
  EXPECT_FALSE(FindEffectKind("killIfScoreNegative"));  // invest.txt's unregistered effect
  EXPECT_FALSE(FindSpriteClass("immovable"));           // names are case-sensitive
}

TEST(Catalog, AvatarsAreTheAvatarClasses) {
  for (int i = 0; i < kSpriteClassCount; ++i) {
    const auto cls = static_cast<SpriteClass>(i);
    SpriteDef def;
    lang::ApplySpriteClassDefaults(cls, def);
    EXPECT_EQ(def.is_avatar, IsAvatarClass(cls)) << SpriteClassName(cls);
  }
}

TEST(Catalog, FieldsAreInheritedAlongTheJavaClassChain) {
  using lang::FindSpriteField;
  EXPECT_TRUE(FindSpriteField(SpriteClass::kRandomPathAltChaser, "stype1"));  // AlternateChaser
  EXPECT_TRUE(FindSpriteField(SpriteClass::kRandomPathAltChaser, "cons"));    // RandomNPC
  EXPECT_TRUE(FindSpriteField(SpriteClass::kRandomPathAltChaser, "epsilon"));
  EXPECT_TRUE(FindSpriteField(SpriteClass::kNullAvatar, "actions"));  // MovingAvatar
  EXPECT_FALSE(FindSpriteField(SpriteClass::kMissile, "limit"));
  EXPECT_FALSE(FindSpriteField(SpriteClass::kVerticalAvatar, "alternate_keys"));
  EXPECT_TRUE(FindSpriteField(SpriteClass::kBomber, "stype"));
  EXPECT_EQ(FindSpriteField(SpriteClass::kChaser, "maxDistance")->type, lang::FieldType::kFloat);
  EXPECT_TRUE(lang::FindEffectField(EffectKind::kAddTimer, "timer"));
  EXPECT_FALSE(lang::FindEffectField(EffectKind::kKillSprite, "timer"));
  EXPECT_TRUE(lang::FindTimeEffectField("nextExecution"));
  EXPECT_FALSE(lang::FindEffectField(EffectKind::kCollectResource, "changeScore"));
  EXPECT_TRUE(lang::FindTerminationField(TerminationKind::kTimeout, "limits"));
}

TEST(Catalog, ClassDefaultsFromClassDefaultsTxt) {
  const auto defaults = [](SpriteClass cls) {
    SpriteDef def;
    lang::ApplySpriteClassDefaults(cls, def);
    lang::PostProcessSprite(cls, def);
    return def;
  };
  EXPECT_EQ(defaults(SpriteClass::kFlicker).limit, 1);
  EXPECT_EQ(defaults(SpriteClass::kResource).limit, 2);
  EXPECT_EQ(defaults(SpriteClass::kResource).color, (Color{255, 255, 0}));
  EXPECT_EQ(defaults(SpriteClass::kRandomMissile).orientation, dir::kNil);
  EXPECT_TRUE(defaults(SpriteClass::kRandomMissile).is_oriented);
  EXPECT_EQ(defaults(SpriteClass::kBomber).orientation, dir::kRight);
  EXPECT_FALSE(defaults(SpriteClass::kBomber).is_static);
  EXPECT_TRUE(defaults(SpriteClass::kSpawnPoint).is_static);
  EXPECT_FALSE(defaults(SpriteClass::kRandomBomber).is_stochastic);  // prob=1 in postProcess
  EXPECT_EQ(defaults(SpriteClass::kRandomInertial).physics, PhysicsType::kContinuous);
  EXPECT_EQ(defaults(SpriteClass::kAimedAvatar).angle_diff, 0.15);
  EXPECT_TRUE(defaults(SpriteClass::kAimedAvatar).stationary);
  EXPECT_EQ(defaults(SpriteClass::kSpaceshipAvatar).speed, 5.0);
  EXPECT_EQ(defaults(SpriteClass::kSpaceshipAvatar).orientation, dir::kNone);
  EXPECT_EQ(defaults(SpriteClass::kPlatformerAvatar).max_speed, 30.0);
  EXPECT_EQ(defaults(SpriteClass::kWizardAvatar).speed, 0.0);
  EXPECT_EQ(defaults(SpriteClass::kWalker).max_speed, 5.0);
  EXPECT_TRUE(defaults(SpriteClass::kOrientedAvatar).rotate_in_place);
  EXPECT_FALSE(defaults(SpriteClass::kMissile).has_color);  // GVGAI draws a random colour
  EXPECT_EQ(defaults(SpriteClass::kImmovable).cooldown, 1);
}

}  // namespace
}  // namespace vgdl
