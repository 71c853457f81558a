// Level characters outside ASCII. GVGAI reads game and level files as UTF-8 into Java chars
// (UTF-16 code units), and a level cell is one char: 'é' is one cell; a character outside the
// Basic Multilingual Plane is two cells (its surrogates), of which a LevelMapping key keeps
// the first. Level rows and CharMapping here are indexed by one byte: an ASCII char stands for
// itself, and any other char for the code 0x80 + its index in a table of them
// (GameDef::wide_chars, LevelDef::wide_chars), so the engine never sees anything but bytes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vgdl {

inline constexpr unsigned kFirstWideCode = 0x80;
// Codes 0x80-0xFF: the most chars outside ASCII a game and one level can use together.
inline constexpr size_t kMaxWideChars = 0x100 - kFirstWideCode;

// The code of `unit`: itself below 0x80, else 0x80 + its index in `wide`, added there when
// absent; nullopt when `wide` is full.
std::optional<unsigned char> LevelCharCode(char16_t unit, std::vector<char16_t>& wide);

// A LevelMapping key (the word before '>') as GVGAI reads it: its first Java char, whose
// code is taken from (or added to) `wide`, and whether more chars follow, which GVGAI ignores.
struct MappingKey {
  std::optional<unsigned char> code;  // nullopt when `wide` is full
  bool has_more = false;
};
MappingKey ReadMappingKey(std::string_view text, std::vector<char16_t>& wide);

// The text of the level character with `code`, as UTF-8 ("x", "é"), or U+D83D for half of a
// surrogate pair.
std::string LevelCharText(unsigned char code, const std::vector<char16_t>& wide);

// How messages name the level character with `code`: 'x', 'é', '\x01' or U+D83D (half of a
// surrogate pair, which has no text of its own).
std::string LevelCharName(unsigned char code, const std::vector<char16_t>& wide);

}  // namespace vgdl
