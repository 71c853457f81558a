#include "gvgai/trace/java_format.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string>
#include <system_error>

namespace vgdl::trace {
namespace {

// The shortest round-trip digits of a finite, non-negative double: `digits` without leading
// zeros (just "0" for zero) and the power of ten of the first digit.
struct Decimal {
  std::string digits;
  int exponent = 0;
};

Decimal ShortestDecimal(double magnitude) {
  if (magnitude == 0.0) return {"0", 0};
  char buf[64];
  const auto res = std::to_chars(buf, buf + sizeof buf, magnitude, std::chars_format::scientific);
  // Shortest scientific form: "d[.ddd]e[+-]xx".
  const std::string_view text(buf, static_cast<size_t>(res.ptr - buf));
  const size_t e_pos = text.find('e');
  Decimal d;
  for (const char c : text.substr(0, e_pos)) {
    if (c != '.') d.digits.push_back(c);
  }
  const std::string_view exp_text = text.substr(e_pos + 1);
  const char* first = exp_text.data() + (exp_text.front() == '+' ? 1 : 0);
  std::from_chars(first, exp_text.data() + exp_text.size(), d.exponent);
  // "1.50e+00" never appears (shortest form), but trailing zeros would be harmless anyway.
  while (d.digits.size() > 1 && d.digits.back() == '0') d.digits.pop_back();
  return d;
}

// Rounds `d` half-up so that its last digit has weight 10^-decimals, and returns the digits
// of round(value * 10^decimals) as a plain integer string.
std::string ScaledRoundedDigits(const Decimal& d, int decimals) {
  // Digit i has weight 10^(exponent - i); keep those with weight >= 10^-decimals.
  const long keep = static_cast<long>(d.exponent) + decimals + 1;
  if (keep < 0) return "0";
  if (keep == 0) return d.digits.front() >= '5' ? "1" : "0";
  std::string kept = d.digits.substr(0, std::min(static_cast<size_t>(keep), d.digits.size()));
  const bool round_up =
      static_cast<size_t>(keep) < d.digits.size() && d.digits[static_cast<size_t>(keep)] >= '5';
  kept.append(static_cast<size_t>(keep) - kept.size(), '0');
  if (round_up) {
    size_t i = kept.size();
    while (i > 0 && kept[i - 1] == '9') kept[--i] = '0';
    if (i == 0) {
      kept.insert(kept.begin(), '1');
    } else {
      ++kept[i - 1];
    }
  }
  const size_t nonzero = kept.find_first_not_of('0');
  return nonzero == std::string::npos ? "0" : kept.substr(nonzero);
}

}  // namespace

std::string FormatJavaFixed(double value, int decimals) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  decimals = std::clamp(decimals, 0, 30);
  std::string scaled = ScaledRoundedDigits(ShortestDecimal(std::fabs(value)), decimals);
  const auto frac_len = static_cast<size_t>(decimals);
  if (scaled.size() <= frac_len) scaled.insert(0, frac_len + 1 - scaled.size(), '0');
  std::string out = std::signbit(value) ? "-" : "";
  out.append(scaled, 0, scaled.size() - frac_len);
  if (decimals > 0) {
    out.push_back('.');
    out.append(scaled, scaled.size() - frac_len, frac_len);
  }
  return out;
}

}  // namespace vgdl::trace
