#include "gvgai/trace/java_format.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace vgdl::trace {
namespace {

TEST(FormatJavaFixedTest, RoundsHalfUpOnTheShortestDecimal) {
  // The shortest decimal of the double nearest 0.125 is "0.125": Java rounds it up, C's
  // printf (exact binary value, ties to even) prints 0.12.
  EXPECT_EQ(FormatJavaFixed(0.125, 2), "0.13");
  // 0.705 is stored as 0.70499999999999996..., printf gives 0.70; Java sees "0.705".
  EXPECT_EQ(FormatJavaFixed(0.705, 2), "0.71");
  EXPECT_EQ(FormatJavaFixed(2.675, 2), "2.68");
  EXPECT_EQ(FormatJavaFixed(1.0005, 3), "1.001");
  EXPECT_EQ(FormatJavaFixed(0.0049, 2), "0.00");
  EXPECT_EQ(FormatJavaFixed(0.005, 2), "0.01");
  EXPECT_EQ(FormatJavaFixed(1.5, 0), "2");
  EXPECT_EQ(FormatJavaFixed(2.5, 0), "3");
}

TEST(FormatJavaFixedTest, CarriesIntoNewDigits) {
  EXPECT_EQ(FormatJavaFixed(0.995, 2), "1.00");
  EXPECT_EQ(FormatJavaFixed(9.995, 2), "10.00");
  EXPECT_EQ(FormatJavaFixed(99.9996, 3), "100.000");
  EXPECT_EQ(FormatJavaFixed(-0.996, 2), "-1.00");
}

TEST(FormatJavaFixedTest, KeepsTheSignOfNegativeValuesThatRoundToZero) {
  EXPECT_EQ(FormatJavaFixed(-0.0, 2), "-0.00");
  EXPECT_EQ(FormatJavaFixed(0.0, 2), "0.00");
  EXPECT_EQ(FormatJavaFixed(-0.001, 2), "-0.00");
  EXPECT_EQ(FormatJavaFixed(-0.0, 3), "-0.000");
}

TEST(FormatJavaFixedTest, PadsAndPrintsIntegersInFull) {
  EXPECT_EQ(FormatJavaFixed(14.0, 3), "14.000");
  EXPECT_EQ(FormatJavaFixed(-1000.0, 3), "-1000.000");
  EXPECT_EQ(FormatJavaFixed(123456.789, 3), "123456.789");
  EXPECT_EQ(FormatJavaFixed(1e20, 3), "100000000000000000000.000");
  EXPECT_EQ(FormatJavaFixed(1e-10, 2), "0.00");
  EXPECT_EQ(FormatJavaFixed(0.004, 2), "0.00");
  EXPECT_EQ(FormatJavaFixed(7.0, 0), "7");
}

TEST(FormatJavaFixedTest, FormatsOrientationsLikeTheTraces) {
  // Unit vectors at 45 and 30 degrees, as continuous-physics avatars produce them.
  EXPECT_EQ(FormatJavaFixed(std::sqrt(0.5), 2), "0.71");
  EXPECT_EQ(FormatJavaFixed(-std::sqrt(0.5), 2), "-0.71");
  EXPECT_EQ(FormatJavaFixed(std::cos(std::numbers::pi / 6), 2), "0.87");
  EXPECT_EQ(FormatJavaFixed(std::sin(std::numbers::pi / 6), 2), "0.50");
  EXPECT_EQ(FormatJavaFixed(-1.0, 2), "-1.00");
  // cos(pi/2) is 6.1e-17, not zero.
  EXPECT_EQ(FormatJavaFixed(std::cos(std::numbers::pi / 2), 2), "0.00");
  EXPECT_EQ(FormatJavaFixed(-std::cos(std::numbers::pi / 2), 2), "-0.00");
}

TEST(FormatJavaFixedTest, PrintsSpecialValuesAsJavaDoes) {
  EXPECT_EQ(FormatJavaFixed(std::numeric_limits<double>::quiet_NaN(), 2), "NaN");
  EXPECT_EQ(FormatJavaFixed(std::numeric_limits<double>::infinity(), 2), "Infinity");
  EXPECT_EQ(FormatJavaFixed(-std::numeric_limits<double>::infinity(), 3), "-Infinity");
}

TEST(FormatJavaFixedTest, HandlesExtremeMagnitudes) {
  EXPECT_EQ(FormatJavaFixed(std::numeric_limits<double>::denorm_min(), 3), "0.000");
  const std::string max = FormatJavaFixed(std::numeric_limits<double>::max(), 1);
  EXPECT_EQ(max.size(), 311u);  // 309 integer digits, '.', one decimal
  EXPECT_EQ(max.substr(0, 17), "17976931348623157");
}

}  // namespace
}  // namespace vgdl::trace
