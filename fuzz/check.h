// The fuzzers' assertion: a broken property traps, which libFuzzer reports as a crash and
// saves the input for.
#pragma once

namespace vgdl::fuzz {

inline void Check(bool ok) {
  if (!ok) __builtin_trap();
}

}  // namespace vgdl::fuzz
