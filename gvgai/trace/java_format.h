// Numbers printed the way GVGAI's traces print them: Java's String.format("%.Nf").
//
// Java formats a double by first taking the shortest decimal string that reads back as the
// same double (Double.toString's digits) and then rounding that string HALF-UP to the
// requested precision. C's printf rounds the exact binary value instead, so 0.125 prints as
// "0.13" in Java and "0.12" in C; the traces need Java's answer.
#pragma once

#include <string>

namespace vgdl::trace {

// Java's String.format("%.<decimals>f", value): half-up rounding of the shortest decimal
// form, a '-' for every negative value including -0.0 ("-0.00"), and "NaN", "Infinity",
// "-Infinity" for the special values. `decimals` is clamped to [0, 30].
std::string FormatJavaFixed(double value, int decimals);

}  // namespace vgdl::trace
