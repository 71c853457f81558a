#include "agents/common/large_table.h"

#include <algorithm>
#include <cstdlib>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace vgdl {

namespace {

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kSmallPage = size_t{4} << 10;

}  // namespace

void* AllocateLargeTable(size_t bytes) {
  const size_t rounded = std::max(kHugePage, (bytes + kHugePage - 1) / kHugePage * kHugePage);
  void* table = std::aligned_alloc(kHugePage, rounded);
  if (table == nullptr) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
  // Advice only: where transparent huge pages are off the table simply stays on small pages.
  madvise(table, rounded, MADV_HUGEPAGE);
#endif
  return table;
}

void FreeLargeTable(void* table) noexcept {
  std::free(table);
}

void PrefaultLargeTable(void* table, size_t bytes) noexcept {
  auto* bytes_of = static_cast<volatile unsigned char*>(table);
  for (size_t offset = 0; offset < bytes; offset += kSmallPage) bytes_of[offset] = 0;
}

}  // namespace vgdl
