#include "vgdl/level_chars.h"

#include <algorithm>

#include "vgdl/text.h"

namespace vgdl {

namespace {

// The code of `unit` in `wide` without adding it; nullopt when absent.
std::optional<unsigned char> FindLevelCharCode(char16_t unit, const std::vector<char16_t>& wide) {
  if (unit < kFirstWideCode) return static_cast<unsigned char>(unit);
  const auto it = std::find(wide.begin(), wide.end(), unit);
  if (it == wide.end()) return std::nullopt;
  return static_cast<unsigned char>(kFirstWideCode + static_cast<unsigned>(it - wide.begin()));
}

}  // namespace

std::optional<unsigned char> LevelCharCode(char16_t unit, std::vector<char16_t>& wide) {
  if (const auto code = FindLevelCharCode(unit, wide)) return code;
  if (wide.size() >= kMaxWideChars) return std::nullopt;
  wide.push_back(unit);
  return static_cast<unsigned char>(kFirstWideCode + wide.size() - 1);
}

MappingKey ReadMappingKey(std::string_view text, std::vector<char16_t>& wide) {
  const std::u16string units = lang::DecodeUtf8AsJava(text);
  if (units.empty()) return {};
  return {LevelCharCode(units.front(), wide), units.size() > 1};
}

std::string LevelCharText(unsigned char code, const std::vector<char16_t>& wide) {
  if (code < kFirstWideCode) return std::string(1, static_cast<char>(code));
  const size_t index = code - kFirstWideCode;
  return index < wide.size() ? lang::JavaCharText(wide[index]) : "?";
}

std::string LevelCharName(unsigned char code, const std::vector<char16_t>& wide) {
  const size_t index = code - kFirstWideCode;
  const bool surrogate = code >= kFirstWideCode && index < wide.size() && wide[index] >= 0xD800 &&
                         wide[index] <= 0xDFFF;
  return surrogate ? LevelCharText(code, wide) : lang::Quote(LevelCharText(code, wide));
}

}  // namespace vgdl
