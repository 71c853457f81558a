// Text helpers shared by the game and level readers: bounded file reading, Java's
// BufferedReader.readLine line splitting, and UTF-8 aware columns for diagnostics.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace vgdl::lang {

// Game and level files are untrusted: anything larger is refused before it is parsed.
inline constexpr size_t kMaxFileBytes = size_t{4} << 20;

struct FileRead {
  std::string bytes;
  std::string error;  // non-empty when the file could not be read or is too large
};
// Reads at most kMaxFileBytes (+1 to detect larger files).
FileRead ReadFileCapped(const std::filesystem::path& path);

// Splits like Java's readLine: "\n", "\r\n" and "\r" end lines; a last line without an
// end-of-line counts; an empty text has no lines.
std::vector<std::string_view> SplitLines(std::string_view text);

// Number of characters (UTF-8 code points; invalid bytes count one each) in text[0, bytes).
int CharCount(std::string_view text, size_t bytes);
inline int CharCount(std::string_view text) {
  return CharCount(text, text.size());
}

// Byte offset of the character with index `chars` (UTF-8 code points; invalid bytes count one
// each), or text.size() when the text is shorter.
size_t ByteOffsetOfChar(std::string_view text, size_t chars);

// `text` with control characters and invalid UTF-8 bytes shown as '?' (one '?' per byte, so
// character columns stay put). Tabs are kept.
std::string Printable(std::string_view text);

// True if `text` is valid UTF-8.
bool IsValidUtf8(std::string_view text);

// `text` as the Java chars (UTF-16 code units) GVGAI reads from a UTF-8 file: a character
// outside the Basic Multilingual Plane is two units (its surrogates), and each maximal
// invalid subpart of a byte sequence one U+FFFD, as Java's UTF-8 decoder replaces it. With
// `offsets`, the byte offset each unit starts at (both surrogates of a pair share one).
std::u16string DecodeUtf8AsJava(std::string_view text, std::vector<size_t>* offsets = nullptr);

// A Java char back as UTF-8 ("\u00e9" -> "é"); a lone surrogate has no UTF-8 form: "U+D83D".
std::string JavaCharText(char16_t unit);

// Byte offset of the first control character (C0 except tab/VT/FF, or DEL) in `text`, or
// npos.
size_t FindControlChar(std::string_view text);

bool EqualsIgnoreCase(std::string_view a, std::string_view b);

// Quotes a name for a message, escaping unprintable bytes: 'abc', '\x01'.
std::string Quote(std::string_view text);

}  // namespace vgdl::lang
