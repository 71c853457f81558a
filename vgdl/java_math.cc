// fdlibm's atan and atan2, the algorithm that Java's StrictMath (and so Math.atan2) specifies:
// argument reduction to one of five intervals around atan's breakpoints 0.5, 1, 1.5 and
// infinity, then one odd polynomial. The constants are fdlibm's (Sun Microsystems, 1993:
// "Permission to use, copy, modify, and distribute this software is freely granted, provided
// that this notice is preserved.").
//
// Built with -ffp-contract=off (CMakeLists.txt): a fused multiply-add would change the bits.
#include "vgdl/java_math.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <string_view>

namespace vgdl {

namespace {

// The high and low 32-bit words of a double, as fdlibm reads them.
int32_t HighWord(double x) {
  return static_cast<int32_t>(std::bit_cast<uint64_t>(x) >> 32);
}
uint32_t LowWord(double x) {
  return static_cast<uint32_t>(std::bit_cast<uint64_t>(x));
}

// atan of the breakpoints 0.5, 1, 1.5 and infinity, each as a high part and a low correction.
constexpr double kAtanHi[] = {4.63647609000806093515e-01, 7.85398163397448278999e-01,
                              9.82793723247329054082e-01, 1.57079632679489655800e+00};
constexpr double kAtanLo[] = {2.26987774529616870924e-17, 3.06161699786838301793e-17,
                              1.39033110312309984516e-17, 6.12323399573676603587e-17};
// atan(x) ~ x - x * (aT[0] z + aT[1] z^2 + ... + aT[10] z^11), z = x^2.
constexpr double kAtanPoly[] = {
    3.33333333333329318027e-01,  -1.99999999998764832476e-01, 1.42857142725034663711e-01,
    -1.11111104054623557880e-01, 9.09088713343650656196e-02,  -7.69187620504482999495e-02,
    6.66107313738753120669e-02,  -5.83357013379057348645e-02, 4.97687799461593236017e-02,
    -3.65315727442169155270e-02, 1.62858201153657823623e-02};

constexpr double kPiOver4 = 7.8539816339744827900e-01;
constexpr double kPiOver2 = 1.5707963267948965580e+00;
constexpr double kPi = 3.1415926535897931160e+00;
constexpr double kPiLo = 1.2246467991473531772e-16;
// Added to results that are not exact, as fdlibm does to raise the inexact flag; it never
// changes a rounded result.
constexpr double kTiny = 1.0e-300;

double FdlibmAtan(double x) {
  const int32_t hx = HighWord(x);
  const int32_t ix = hx & 0x7fffffff;
  if (ix >= 0x44100000) {  // |x| >= 2^66, or NaN
    if (ix > 0x7ff00000 || (ix == 0x7ff00000 && LowWord(x) != 0)) return x + x;
    return hx > 0 ? kAtanHi[3] + kAtanLo[3] : -kAtanHi[3] - kAtanLo[3];
  }
  int id = -1;
  if (ix < 0x3fdc0000) {            // |x| < 0.4375
    if (ix < 0x3e200000) return x;  // |x| < 2^-29: atan(x) rounds to x
  } else {
    x = std::fabs(x);
    if (ix < 0x3ff30000) {    // |x| < 1.1875
      if (ix < 0x3fe60000) {  // 7/16 <= |x| < 11/16
        id = 0;
        x = (2.0 * x - 1.0) / (2.0 + x);
      } else {  // 11/16 <= |x| < 19/16
        id = 1;
        x = (x - 1.0) / (x + 1.0);
      }
    } else if (ix < 0x40038000) {  // 19/16 <= |x| < 2.4375
      id = 2;
      x = (x - 1.5) / (1.0 + 1.5 * x);
    } else {  // 2.4375 <= |x| < 2^66
      id = 3;
      x = -1.0 / x;
    }
  }
  const double z = x * x;
  const double w = z * z;
  // The polynomial's odd and even terms, summed separately as fdlibm does.
  const double s1 =
      z * (kAtanPoly[0] +
           w * (kAtanPoly[2] +
                w * (kAtanPoly[4] + w * (kAtanPoly[6] + w * (kAtanPoly[8] + w * kAtanPoly[10])))));
  const double s2 =
      w * (kAtanPoly[1] +
           w * (kAtanPoly[3] + w * (kAtanPoly[5] + w * (kAtanPoly[7] + w * kAtanPoly[9]))));
  if (id < 0) return x - x * (s1 + s2);
  const double r = kAtanHi[id] - ((x * (s1 + s2) - kAtanLo[id]) - x);
  return hx < 0 ? -r : r;
}

bool IsNaNWords(int32_t high_abs, uint32_t low) {
  return (high_abs | static_cast<int32_t>((low | (0u - low)) >> 31)) > 0x7ff00000;
}

}  // namespace

double JavaAtan2(double y, double x) {
  const int32_t hx = HighWord(x);
  const int32_t ix = hx & 0x7fffffff;
  const uint32_t lx = LowWord(x);
  const int32_t hy = HighWord(y);
  const int32_t iy = hy & 0x7fffffff;
  const uint32_t ly = LowWord(y);
  if (IsNaNWords(ix, lx) || IsNaNWords(iy, ly)) return x + y;
  if (x == 1.0) return FdlibmAtan(y);
  // 2 * (x < 0) + (y < 0), by sign bits (so -0.0 counts as negative).
  const int m = ((hy >> 31) & 1) | ((hx >> 30) & 2);
  if ((iy | static_cast<int32_t>(ly)) == 0) {  // y is +-0
    switch (m) {
      case 0:
      case 1:
        return y;
      case 2:
        return kPi + kTiny;
      default:
        return -kPi - kTiny;
    }
  }
  if ((ix | static_cast<int32_t>(lx)) == 0) return hy < 0 ? -kPiOver2 - kTiny : kPiOver2 + kTiny;
  if (ix == 0x7ff00000) {  // x is infinite
    if (iy == 0x7ff00000) {
      switch (m) {
        case 0:
          return kPiOver4 + kTiny;
        case 1:
          return -kPiOver4 - kTiny;
        case 2:
          return 3.0 * kPiOver4 + kTiny;
        default:
          return -3.0 * kPiOver4 - kTiny;
      }
    }
    switch (m) {
      case 0:
        return 0.0;
      case 1:
        return -0.0;
      case 2:
        return kPi + kTiny;
      default:
        return -kPi - kTiny;
    }
  }
  if (iy == 0x7ff00000) return hy < 0 ? -kPiOver2 - kTiny : kPiOver2 + kTiny;
  // |y / x| by the exponents: beyond 2^60 either way the quotient is not needed.
  const int32_t k = (iy - ix) >> 20;
  double z;
  if (k > 60) {
    z = kPiOver2 + 0.5 * kPiLo;
  } else if (hx < 0 && k < -60) {
    z = 0.0;
  } else {
    z = FdlibmAtan(std::fabs(y / x));
  }
  switch (m) {
    case 0:
      return z;
    case 1:
      return -z;
    case 2:
      return kPi - (z - kPiLo);
    default:
      return (z - kPiLo) - kPi;
  }
}

namespace {

// The digits and decimal exponent of the shortest representation that reads back as `v`.
void ShortestDigits(double v, std::string& digits, int& exponent) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  const std::string_view s(buf, static_cast<size_t>(end - buf));
  const size_t e = s.find('e');
  digits.clear();
  for (const char c : s.substr(0, e)) {
    if (c >= '0' && c <= '9') digits += c;
  }
  exponent = 0;
  std::from_chars(s.data() + e + 1 + (s[e + 1] == '+' ? 1 : 0), s.data() + s.size(), exponent);
  while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
}

}  // namespace

std::string JavaDoubleString(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
  if (value == 0.0) return std::signbit(value) ? "-0.0" : "0.0";
  std::string out = value < 0 ? "-" : "";
  const double mag = std::fabs(value);
  std::string digits;
  int exp = 0;
  ShortestDigits(mag, digits, exp);
  if (mag >= 1e-3 && mag < 1e7) {
    if (exp >= 0) {
      const auto int_len = static_cast<size_t>(exp) + 1;
      if (digits.size() < int_len) digits.append(int_len - digits.size(), '0');
      out += digits.substr(0, int_len);
      out += '.';
      out += digits.size() > int_len ? digits.substr(int_len) : "0";
    } else {
      out += "0.";
      out.append(static_cast<size_t>(-exp - 1), '0');
      out += digits;
    }
    return out;
  }
  out += digits[0];
  out += '.';
  out += digits.size() > 1 ? digits.substr(1) : "0";
  out += 'E';
  out += std::to_string(exp);
  return out;
}

}  // namespace vgdl
