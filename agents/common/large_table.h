// Memory for an agent's large, long-lived tables (the MCTS node pool), on 2 MiB pages where
// the kernel allows them, faulted in before the timed decisions start.
//
// Why (docs/agents.md, "Time discipline", point 5): on the reference VM, a thread whose
// working set spans many 4 KiB pages is charged CPU time in lumps of 5-30 ms now and then
// while both cores are busy, apparently for re-establishing its address translations after a
// context switch; with a 512 MiB working set touched at random, 204 lumps over 5 ms came in
// 4 minutes on 4 KiB pages and none on 2 MiB pages (32 MiB on 4 KiB pages: 5). One lump at the
// end of an action is a disqualification no safety margin can prevent, so tables large
// enough to matter go on huge pages. Faulting a 2 MiB page in costs up to 5 ms there, too much
// inside a 40 ms action, so Prefault does it at initialisation.
#pragma once

#include <cstddef>

namespace vgdl {

// Room for `bytes` (rounded up to 2 MiB), aligned to 2 MiB and advised as huge pages; pages
// are not touched. Throws std::bad_alloc when out of memory.
void* AllocateLargeTable(size_t bytes);
// Frees memory from AllocateLargeTable (null is ignored).
void FreeLargeTable(void* table) noexcept;
// Faults in the pages of [table, table + bytes) by writing a zero to each 4 KiB page: for raw
// memory whose contents do not matter yet (the tree constructs a node when it appends it).
void PrefaultLargeTable(void* table, size_t bytes) noexcept;

}  // namespace vgdl
