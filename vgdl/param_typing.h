// GVGAI's parameter typing (spec §2.4). A "key=value" string becomes a Java object by a fixed
// cascade (a public constant of ontology.Types, else Integer, else Double, else Boolean, else
// String), and is then stored into the public field named `key` only if Java's reflection
// allows it (same type, or an Integer widened to long/float/double). Anything else is dropped
// without a word by GVGAI; the loader reports it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "vgdl/game_def.h"
#include "vgdl/geometry.h"

namespace vgdl::lang {

enum class JavaKind : uint8_t { kInt, kDouble, kBool, kString, kDirection, kColor, kOther };

struct JavaValue {
  JavaKind kind = JavaKind::kString;
  int32_t i = 0;
  double d = 0.0;
  bool b = false;
  Vec2 dir;
  Color color;
  std::string_view text;      // the value as written
  std::string_view constant;  // the Types constant it named, if any
};

// The cascade, exactly as VGDLFactory.parseParameters applies it to `key`'s value.
JavaValue TypeValue(std::string_view key, std::string_view value);

// The Java type of a public field of a GVGAI object.
enum class FieldType : uint8_t {
  kInt,
  kLong,
  kFloat,
  kDouble,
  kBool,
  kString,
  kDirection,
  kColor,
  kOther,  // arrays, collections, geometry, ...: no VGDL value can be stored in them
};

std::string_view FieldTypeName(FieldType t);  // "int", "String", ...
std::string_view JavaKindName(JavaKind k);    // "an Integer", "a String", ...

// java.lang.reflect.Field.set's rule for the values the cascade produces.
bool Assignable(FieldType field, JavaKind value);

// Integer.parseInt and Double.parseDouble, including their exact syntax (a leading '+',
// "Infinity", hexadecimal doubles, an f/d suffix).
std::optional<int32_t> ParseJavaInt(std::string_view s);
std::optional<double> ParseJavaDouble(std::string_view s);

// Boolean.parseBoolean: "true" in any case; anything else is false.
bool ParseJavaBoolean(std::string_view s);

// ontology.Types colour constants by name (GVGAI's RANDOM is drawn once per JVM from an
// unseeded generator; a fixed colour stands in for it).
std::optional<Color> TypesColor(std::string_view name);
std::string ColorName(Color c);  // "DARKGRAY" for a Types colour, else "rgb(r,g,b)"

}  // namespace vgdl::lang
