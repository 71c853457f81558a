#include "vgdl/text.h"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <system_error>

namespace vgdl::lang {

FileRead ReadFileCapped(const std::filesystem::path& path) {
  FileRead result;
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    result.error = "is a directory, not a file";
    return result;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    result.error = "cannot open file";
    return result;
  }
  // Read in pieces up to the cap: a buffer of the cap's size would be zeroed (and its pages
  // faulted in) for every file, several milliseconds for a file of a few hundred bytes.
  constexpr size_t kPiece = 64 * 1024;
  while (in && result.bytes.size() <= kMaxFileBytes) {
    const size_t old_size = result.bytes.size();
    result.bytes.resize(old_size + kPiece);
    in.read(result.bytes.data() + old_size, static_cast<std::streamsize>(kPiece));
    result.bytes.resize(old_size + static_cast<size_t>(in.gcount()));
  }
  if (in.bad()) {
    result.bytes.clear();
    result.error = "cannot read file";
    return result;
  }
  if (result.bytes.size() > kMaxFileBytes) {
    result.bytes.clear();
    result.error = "file is larger than " + std::to_string(kMaxFileBytes >> 20) + " MiB";
  }
  return result;
}

std::vector<std::string_view> SplitLines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t start = 0;
  size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (c == '\n' || c == '\r') {
      lines.push_back(text.substr(start, i - start));
      i += (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ? size_t{2} : size_t{1};
      start = i;
    } else {
      ++i;
    }
  }
  if (start < text.size()) lines.push_back(text.substr(start));
  return lines;
}

namespace {

// The length of the longest prefix of text[i...] that begins a well-formed UTF-8 sequence
// (the "maximal subpart" a decoder replaces with one U+FFFD), at least 1; `code_point` is set
// when the whole sequence is well formed, else -1.
size_t DecodeOne(std::string_view text, size_t i, int32_t& code_point) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  code_point = -1;
  if (lead < 0x80) {
    code_point = lead;
    return 1;
  }
  size_t len = 0;
  int32_t cp = 0;
  unsigned char low = 0x80;  // the second byte's range depends on the lead
  unsigned char high = 0xBF;
  if (lead >= 0xC2 && lead <= 0xDF) {
    len = 2;
    cp = lead & 0x1F;
  } else if (lead >= 0xE0 && lead <= 0xEF) {
    len = 3;
    cp = lead & 0x0F;
    if (lead == 0xE0) low = 0xA0;   // no overlong forms
    if (lead == 0xED) high = 0x9F;  // no surrogates
  } else if (lead >= 0xF0 && lead <= 0xF4) {
    len = 4;
    cp = lead & 0x07;
    if (lead == 0xF0) low = 0x90;   // no overlong forms
    if (lead == 0xF4) high = 0x8F;  // nothing beyond U+10FFFF
  } else {
    return 1;
  }
  for (size_t k = 1; k < len; ++k) {
    if (i + k >= text.size()) return k;
    const unsigned char b = byte(i + k);
    if (b < (k == 1 ? low : 0x80) || b > (k == 1 ? high : 0xBF)) return k;
    cp = (cp << 6) | (b & 0x3F);
  }
  code_point = cp;
  return len;
}

// Length of the valid UTF-8 sequence starting at text[i], or 0 if it is invalid (overlong
// forms, surrogates and values beyond U+10FFFF included).
size_t Utf8SequenceLength(std::string_view text, size_t i) {
  int32_t code_point = 0;
  const size_t len = DecodeOne(text, i, code_point);
  return code_point < 0 ? 0 : len;
}

}  // namespace

int CharCount(std::string_view text, size_t bytes) {
  if (bytes > text.size()) bytes = text.size();
  int count = 0;
  size_t i = 0;
  while (i < bytes) {
    const size_t len = Utf8SequenceLength(text, i);
    i += len == 0 ? 1 : len;
    ++count;
  }
  return count;
}

size_t ByteOffsetOfChar(std::string_view text, size_t chars) {
  size_t i = 0;
  for (size_t n = 0; n < chars && i < text.size(); ++n) {
    const size_t len = Utf8SequenceLength(text, i);
    i += len == 0 ? 1 : len;
  }
  return i;
}

std::string Printable(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    const size_t len = Utf8SequenceLength(text, i);
    if (len == 0 || (c < 0x20 && c != '\t') || c == 0x7F) {
      out += '?';
      ++i;
    } else {
      out.append(text.substr(i, len));
      i += len;
    }
  }
  return out;
}

bool IsValidUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    const size_t len = Utf8SequenceLength(text, i);
    if (len == 0) return false;
    i += len;
  }
  return true;
}

std::u16string DecodeUtf8AsJava(std::string_view text, std::vector<size_t>* offsets) {
  std::u16string units;
  if (offsets != nullptr) offsets->clear();
  size_t i = 0;
  while (i < text.size()) {
    int32_t cp = 0;
    const size_t len = DecodeOne(text, i, cp);
    const auto add = [&](char32_t unit) {
      units.push_back(static_cast<char16_t>(unit));
      if (offsets != nullptr) offsets->push_back(i);
    };
    if (cp < 0) {
      add(0xFFFD);
    } else if (cp < 0x10000) {
      add(static_cast<char32_t>(cp));
    } else {
      const auto v = static_cast<char32_t>(cp - 0x10000);
      add(0xD800 + (v >> 10));
      add(0xDC00 + (v & 0x3FF));
    }
    i += len;
  }
  return units;
}

std::string JavaCharText(char16_t unit) {
  const auto u = static_cast<uint32_t>(unit);
  std::string out;
  if (u < 0x80) {
    out += static_cast<char>(u);
  } else if (u < 0x800) {
    out += static_cast<char>(0xC0 | (u >> 6));
    out += static_cast<char>(0x80 | (u & 0x3F));
  } else if (u >= 0xD800 && u <= 0xDFFF) {
    char hex[16];
    std::snprintf(hex, sizeof(hex), "U+%04X", static_cast<unsigned>(u));
    out = hex;
  } else {
    out += static_cast<char>(0xE0 | (u >> 12));
    out += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (u & 0x3F));
  }
  return out;
}

size_t FindControlChar(std::string_view text) {
  for (size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if ((c < 0x20 && c != '\t' && c != '\v' && c != '\f') || c == 0x7F) return i;
  }
  return std::string_view::npos;
}

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    auto lower = [](char c) {
      return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

std::string Quote(std::string_view text) {
  std::string out = "'";
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  out += "'";
  return out;
}

}  // namespace vgdl::lang
