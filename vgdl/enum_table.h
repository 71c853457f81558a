// Tables with one row per value of an enum, read by indexing with the enum (the catalogues'
// trait tables): the row order is checked when the table is compiled.
#pragma once

#include <array>
#include <cstddef>

namespace vgdl {

// Whether row i names the enum value i (through `key`) for every row.
template <class Row, class Enum, size_t N>
constexpr bool RowsInEnumOrder(const std::array<Row, N>& rows, Enum Row::*key) {
  for (size_t i = 0; i < N; ++i) {
    if (static_cast<size_t>(rows[i].*key) != i) return false;
  }
  return true;
}

}  // namespace vgdl
