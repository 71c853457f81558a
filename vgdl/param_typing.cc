#include "vgdl/param_typing.h"

#include <array>
#include <charconv>
#include <limits>
#include <string>
#include <system_error>

#include "vgdl/text.h"

namespace vgdl::lang {

namespace {

struct IntConstant {
  std::string_view name;
  int32_t value;
};
// The public static int fields of ontology.Types.
constexpr std::array<IntConstant, 22> kIntConstants = {{
    {"PHYSICS_NONE", -1},
    {"GRID", 0},
    {"CONT", 1},
    {"VGDL_GAME_DEF", 0},
    {"VGDL_SPRITE_SET", 1},
    {"VGDL_INTERACTION_SET", 2},
    {"VGDL_LEVEL_MAPPING", 3},
    {"VGDL_TERMINATION_SET", 4},
    {"VGDL_PARAMETER_SET", 5},
    {"NUM_LEARNING_LEVELS", 5},
    {"NUM_TRAINING_LEVELS", 3},
    {"LEARNING_RESULT_DISQ", -1},
    {"LEARNING_FINISH_ROUND", -2},
    {"SCORE_DISQ", -1000},
    {"TYPE_AVATAR", 0},
    {"TYPE_RESOURCE", 1},
    {"TYPE_PORTAL", 2},
    {"TYPE_NPC", 3},
    {"TYPE_STATIC", 4},
    {"TYPE_FROMAVATAR", 5},
    {"TYPE_MOVABLE", 6},
    {"DEFAULT_SINGLE_PLAYER_KEYIDX", 0},
}};

struct DirConstant {
  std::string_view name;
  Vec2 value;
};
// Vector2d constants are converted to the Direction constant of the same value, so UP and
// DUP mean the same.
constexpr std::array<DirConstant, 12> kDirConstants = {{
    {"NIL", dir::kNil},
    {"NONE", dir::kNone},
    {"RIGHT", dir::kRight},
    {"LEFT", dir::kLeft},
    {"UP", dir::kUp},
    {"DOWN", dir::kDown},
    {"DNIL", dir::kNil},
    {"DNONE", dir::kNone},
    {"DRIGHT", dir::kRight},
    {"DLEFT", dir::kLeft},
    {"DUP", dir::kUp},
    {"DDOWN", dir::kDown},
}};

struct ColorConstant {
  std::string_view name;
  Color value;
};
constexpr std::array<ColorConstant, 21> kColorConstants = {{
    {"GREEN", {0, 200, 0}},
    {"BLUE", {0, 0, 200}},
    {"RED", {200, 0, 0}},
    {"GRAY", {90, 90, 90}},
    {"WHITE", {250, 250, 250}},
    {"BROWN", {140, 120, 100}},
    {"BLACK", {0, 0, 0}},
    {"ORANGE", {250, 160, 0}},
    {"YELLOW", {250, 250, 0}},
    {"PINK", {250, 200, 200}},
    {"GOLD", {250, 212, 0}},
    {"LIGHTRED", {250, 50, 50}},
    {"LIGHTORANGE", {250, 200, 100}},
    {"LIGHTBLUE", {50, 100, 250}},
    {"LIGHTGREEN", {50, 250, 50}},
    {"DARKGREEN", {35, 117, 29}},
    {"LIGHTYELLOW", {255, 250, 128}},
    {"LIGHTGRAY", {238, 238, 238}},
    {"DARKGRAY", {30, 30, 30}},
    {"DARKBLUE", {20, 20, 100}},
    {"RANDOM", {140, 80, 200}},
}};

// Array-valued public statics: they exist (so the value is taken as a constant) but fit no
// field.
constexpr std::array<std::string_view, 4> kOtherConstants = {"BASEDIRS", "DBASEDIRS", "COLOR_DISC",
                                                             "ALL_ACTIONS"};

bool IsDigit(char c) {
  return c >= '0' && c <= '9';
}
bool IsHexDigit(char c) {
  return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

std::optional<JavaValue> TypesConstant(std::string_view value) {
  JavaValue v;
  v.text = value;
  v.constant = value;
  for (const auto& c : kIntConstants) {
    if (c.name == value) {
      v.kind = JavaKind::kInt;
      v.i = c.value;
      return v;
    }
  }
  for (const auto& c : kDirConstants) {
    if (c.name == value) {
      v.kind = JavaKind::kDirection;
      v.dir = c.value;
      return v;
    }
  }
  if (const auto color = TypesColor(value)) {
    v.kind = JavaKind::kColor;
    v.color = *color;
    return v;
  }
  for (const auto name : kOtherConstants) {
    if (name == value) {
      v.kind = JavaKind::kOther;
      return v;
    }
  }
  return std::nullopt;
}

// Counts digits in s[i..) and advances i past them.
size_t SkipDigits(std::string_view s, size_t& i, bool hex) {
  const size_t start = i;
  while (i < s.size() && (hex ? IsHexDigit(s[i]) : IsDigit(s[i]))) ++i;
  return i - start;
}

// Whether a decimal literal whose conversion overflowed or underflowed is huge (infinity) or
// tiny (zero): the position of its first significant digit plus the exponent decides.
bool DecimalIsHuge(std::string_view mantissa, long exponent) {
  long magnitude = 0;
  bool seen_point = false;
  bool found = false;
  long digits_before_point = 0;
  long leading_fraction_zeros = 0;
  for (char c : mantissa) {
    if (c == '.') {
      seen_point = true;
      continue;
    }
    if (!found && c == '0') {
      if (seen_point) ++leading_fraction_zeros;
      continue;
    }
    found = true;
    if (!seen_point) ++digits_before_point;
  }
  magnitude = digits_before_point > 0 ? digits_before_point : -leading_fraction_zeros;
  return magnitude + exponent > 0;
}

}  // namespace

std::optional<Color> TypesColor(std::string_view name) {
  for (const auto& c : kColorConstants) {
    if (c.name == name) return c.value;
  }
  return std::nullopt;
}

std::string ColorName(Color c) {
  for (const auto& k : kColorConstants) {
    if (k.value == c && k.name != "RANDOM") return std::string(k.name);
  }
  return "rgb(" + std::to_string(c.r) + "," + std::to_string(c.g) + "," + std::to_string(c.b) + ")";
}

std::optional<int32_t> ParseJavaInt(std::string_view s) {
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  if (i == s.size()) return std::nullopt;
  int64_t value = 0;
  for (; i < s.size(); ++i) {
    if (!IsDigit(s[i])) return std::nullopt;
    value = value * 10 + (s[i] - '0');
    if (value > int64_t{std::numeric_limits<int32_t>::max()} + 1) return std::nullopt;
  }
  if (negative) value = -value;
  if (value > std::numeric_limits<int32_t>::max() || value < std::numeric_limits<int32_t>::min()) {
    return std::nullopt;
  }
  return static_cast<int32_t>(value);
}

std::optional<double> ParseJavaDouble(std::string_view s) {
  // Java trims characters <= ' ' first; VGDL tokens never contain them.
  size_t i = 0;
  bool negative = false;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) negative = s[i++] == '-';
  const std::string_view body = s.substr(i);
  const double sign = negative ? -1.0 : 1.0;
  if (body == "NaN") return std::numeric_limits<double>::quiet_NaN();
  if (body == "Infinity") return sign * std::numeric_limits<double>::infinity();

  const bool hex = body.size() > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X');
  size_t k = hex ? 2 : 0;
  const size_t int_digits = SkipDigits(body, k, hex);
  size_t frac_digits = 0;
  if (k < body.size() && body[k] == '.') {
    ++k;
    frac_digits = SkipDigits(body, k, hex);
  }
  if (int_digits + frac_digits == 0) return std::nullopt;
  const size_t mantissa_end = k;
  const char exp_char = hex ? 'p' : 'e';
  bool has_exponent = false;
  if (k < body.size() && (body[k] == exp_char || body[k] == exp_char - 32)) {
    ++k;
    if (k < body.size() && (body[k] == '+' || body[k] == '-')) ++k;
    if (SkipDigits(body, k, false) == 0) return std::nullopt;
    has_exponent = true;
  }
  if (hex && !has_exponent) return std::nullopt;  // Java requires the binary exponent
  const size_t number_end = k;
  if (k < body.size() && (body[k] == 'f' || body[k] == 'F' || body[k] == 'd' || body[k] == 'D')) {
    ++k;
  }
  if (k != body.size()) return std::nullopt;

  const std::string_view number = body.substr(hex ? 2 : 0, number_end - (hex ? 2 : 0));
  double value = 0.0;
  const auto format = hex ? std::chars_format::hex : std::chars_format::general;
  const auto [ptr, ec] =
      std::from_chars(number.data(), number.data() + number.size(), value, format);
  if (ec == std::errc::result_out_of_range) {
    long exponent = 0;
    if (has_exponent) {
      const std::string_view exp_text =
          body.substr(mantissa_end + 1, number_end - mantissa_end - 1);
      const auto sign_skip = (!exp_text.empty() && exp_text[0] == '+') ? 1u : 0u;
      const auto [p, e] =
          std::from_chars(exp_text.data() + sign_skip, exp_text.data() + exp_text.size(), exponent);
      if (e == std::errc::result_out_of_range) exponent = exp_text[0] == '-' ? -100000 : 100000;
      (void)p;
    }
    const std::string_view mantissa = body.substr(hex ? 2 : 0, mantissa_end - (hex ? 2 : 0));
    const bool huge = hex ? exponent > 0 : DecimalIsHuge(mantissa, exponent);
    value = huge ? std::numeric_limits<double>::infinity() : 0.0;
  } else if (ec != std::errc() || ptr != number.data() + number.size()) {
    return std::nullopt;
  }
  return sign * value;
}

bool ParseJavaBoolean(std::string_view s) {
  return EqualsIgnoreCase(s, "true");
}

JavaValue TypeValue(std::string_view key, std::string_view value) {
  if (auto constant = TypesConstant(value)) return *constant;
  JavaValue v;
  v.text = value;
  if (EqualsIgnoreCase(key, "scoreChange") || EqualsIgnoreCase(key, "scoreChangeIfKilled")) {
    v.kind = JavaKind::kString;
    return v;
  }
  if (const auto i = ParseJavaInt(value)) {
    v.kind = JavaKind::kInt;
    v.i = *i;
    return v;
  }
  if (const auto d = ParseJavaDouble(value)) {
    v.kind = JavaKind::kDouble;
    v.d = *d;
    return v;
  }
  const bool boolean = EqualsIgnoreCase(value, "true") || EqualsIgnoreCase(value, "false");
  if (boolean && !EqualsIgnoreCase(key, "win") && !EqualsIgnoreCase(key, "hidden") &&
      !EqualsIgnoreCase(key, "invisible")) {
    v.kind = JavaKind::kBool;
    v.b = ParseJavaBoolean(value);
    return v;
  }
  v.kind = JavaKind::kString;
  return v;
}

std::string_view FieldTypeName(FieldType t) {
  switch (t) {
    case FieldType::kInt:
      return "int";
    case FieldType::kLong:
      return "long";
    case FieldType::kFloat:
      return "float";
    case FieldType::kDouble:
      return "double";
    case FieldType::kBool:
      return "boolean";
    case FieldType::kString:
      return "String";
    case FieldType::kDirection:
      return "Direction";
    case FieldType::kColor:
      return "Color";
    case FieldType::kOther:
      return "internal object";
  }
  return "?";
}

std::string_view JavaKindName(JavaKind k) {
  switch (k) {
    case JavaKind::kInt:
      return "an Integer";
    case JavaKind::kDouble:
      return "a Double";
    case JavaKind::kBool:
      return "a Boolean";
    case JavaKind::kString:
      return "a String";
    case JavaKind::kDirection:
      return "a Direction";
    case JavaKind::kColor:
      return "a Color";
    case JavaKind::kOther:
      return "an array constant";
  }
  return "?";
}

bool Assignable(FieldType field, JavaKind value) {
  switch (value) {
    case JavaKind::kInt:
      return field == FieldType::kInt || field == FieldType::kLong || field == FieldType::kFloat ||
             field == FieldType::kDouble;
    case JavaKind::kDouble:
      return field == FieldType::kDouble;
    case JavaKind::kBool:
      return field == FieldType::kBool;
    case JavaKind::kString:
      return field == FieldType::kString;
    case JavaKind::kDirection:
      return field == FieldType::kDirection;
    case JavaKind::kColor:
      return field == FieldType::kColor;
    case JavaKind::kOther:
      return false;
  }
  return false;
}

}  // namespace vgdl::lang
