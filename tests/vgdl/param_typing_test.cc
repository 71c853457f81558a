#include "vgdl/param_typing.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace vgdl::lang {
namespace {

TEST(JavaInt, ParsesLikeIntegerParseInt) {
  EXPECT_EQ(ParseJavaInt("42"), 42);
  EXPECT_EQ(ParseJavaInt("+7"), 7);
  EXPECT_EQ(ParseJavaInt("-2147483648"), std::numeric_limits<int32_t>::min());
  EXPECT_EQ(ParseJavaInt("2147483647"), std::numeric_limits<int32_t>::max());
  EXPECT_FALSE(ParseJavaInt("2147483648"));
  EXPECT_FALSE(ParseJavaInt("1.0"));
  EXPECT_FALSE(ParseJavaInt(""));
  EXPECT_FALSE(ParseJavaInt("-"));
  EXPECT_FALSE(ParseJavaInt("1e3"));
  EXPECT_FALSE(ParseJavaInt("99999999999999999999999"));
}

TEST(JavaDouble, ParsesLikeDoubleParseDouble) {
  EXPECT_EQ(ParseJavaDouble("0.5"), 0.5);
  EXPECT_EQ(ParseJavaDouble(".5"), 0.5);
  EXPECT_EQ(ParseJavaDouble("5."), 5.0);
  EXPECT_EQ(ParseJavaDouble("+1e3"), 1000.0);
  EXPECT_EQ(ParseJavaDouble("2.5f"), 2.5);
  EXPECT_EQ(ParseJavaDouble("2D"), 2.0);
  EXPECT_EQ(ParseJavaDouble("0x1.8p1"), 3.0);
  EXPECT_EQ(ParseJavaDouble("-Infinity"), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(*ParseJavaDouble("NaN")));
  EXPECT_EQ(ParseJavaDouble("1e999"), std::numeric_limits<double>::infinity());
  EXPECT_EQ(ParseJavaDouble("1e-999"), 0.0);
  EXPECT_FALSE(ParseJavaDouble("nan"));
  EXPECT_FALSE(ParseJavaDouble("inf"));
  EXPECT_FALSE(ParseJavaDouble("0x10"));  // Java needs the binary exponent
  EXPECT_FALSE(ParseJavaDouble("."));
  EXPECT_FALSE(ParseJavaDouble("1e"));
  EXPECT_FALSE(ParseJavaDouble("1,5"));
}

TEST(Cascade, TypesConstantsComeFirst) {
  EXPECT_EQ(TypeValue("orientation", "UP").kind, JavaKind::kDirection);
  EXPECT_EQ(TypeValue("orientation", "UP").dir, dir::kUp);
  EXPECT_EQ(TypeValue("orientation", "DNIL").dir, dir::kNil);
  EXPECT_EQ(TypeValue("color", "DARKGRAY").color, (Color{30, 30, 30}));
  const JavaValue grid = TypeValue("physicstype", "CONT");
  EXPECT_EQ(grid.kind, JavaKind::kInt);
  EXPECT_EQ(grid.i, 1);
  // A sprite called RED is the colour constant, whatever the field.
  EXPECT_EQ(TypeValue("stype", "RED").kind, JavaKind::kColor);
  EXPECT_EQ(TypeValue("stype", "BASEDIRS").kind, JavaKind::kOther);
}

TEST(Cascade, IntThenDoubleThenBoolThenString) {
  EXPECT_EQ(TypeValue("limit", "3").kind, JavaKind::kInt);
  EXPECT_EQ(TypeValue("speed", "0.5").kind, JavaKind::kDouble);
  EXPECT_EQ(TypeValue("solid", "True").kind, JavaKind::kBool);
  EXPECT_TRUE(TypeValue("solid", "TRUE").b);
  EXPECT_EQ(TypeValue("stype", "avatar").kind, JavaKind::kString);
}

TEST(Cascade, ScoreChangeStaysAString) {
  EXPECT_EQ(TypeValue("scoreChange", "1").kind, JavaKind::kString);
  EXPECT_EQ(TypeValue("scorechange", "1").kind, JavaKind::kString);  // equalsIgnoreCase
  EXPECT_EQ(TypeValue("scoreChangeIfKilled", "-2").kind, JavaKind::kString);
  EXPECT_EQ(TypeValue("counter", "1").kind, JavaKind::kInt);
}

TEST(Cascade, WinHiddenInvisibleKeepBooleansAsStrings) {
  EXPECT_EQ(TypeValue("win", "True").kind, JavaKind::kString);
  EXPECT_EQ(TypeValue("hidden", "true").kind, JavaKind::kString);
  EXPECT_EQ(TypeValue("invisible", "False").kind, JavaKind::kString);
}

TEST(Assign, ReflectionRules) {
  EXPECT_TRUE(Assignable(FieldType::kDouble, JavaKind::kInt));  // widening
  EXPECT_TRUE(Assignable(FieldType::kFloat, JavaKind::kInt));
  EXPECT_TRUE(Assignable(FieldType::kLong, JavaKind::kInt));
  EXPECT_FALSE(Assignable(FieldType::kInt, JavaKind::kDouble));
  EXPECT_FALSE(Assignable(FieldType::kFloat, JavaKind::kDouble));  // no narrowing
  EXPECT_FALSE(Assignable(FieldType::kString, JavaKind::kInt));
  EXPECT_FALSE(Assignable(FieldType::kString, JavaKind::kColor));
  EXPECT_FALSE(Assignable(FieldType::kOther, JavaKind::kString));
  EXPECT_TRUE(Assignable(FieldType::kDirection, JavaKind::kDirection));
  EXPECT_FALSE(Assignable(FieldType::kDirection, JavaKind::kInt));
}

}  // namespace
}  // namespace vgdl::lang
