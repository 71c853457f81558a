// Java's floating-point functions where C++'s give other bits.
//
// GVGAI turns orientations into angles with Math.atan2, which Java defines as StrictMath.atan2:
// fdlibm's algorithm, the same bits on every platform. glibc's atan2 is also accurate to an
// ulp or so, but not the same: it differs from Java's in about one argument pair in seven.
// A rotation one ulp off is enough to steer a continuous-physics avatar whose velocity cancels
// out (an AimedAvatar aiming while it moves) another way, so the engine computes Java's.
#pragma once

#include <string>

namespace vgdl {

// Java's Math.atan2(y, x) (fdlibm's __ieee754_atan2 and atan), bit for bit.
double JavaAtan2(double y, double x);

// Java's Double.toString: "12.0", "-3.5", "1.0E7", "1.0E-4", "NaN", "Infinity".
std::string JavaDoubleString(double value);

}  // namespace vgdl
