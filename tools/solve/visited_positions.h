// The positions a search has reached, each stored as its whole PositionKey: two positions
// whose keys hash alike are still told apart by comparing the keys, so that a hash collision
// can never make the search skip a position it has not seen (and so claim a proof it does not
// have).
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <unordered_set>

namespace vgdl::tools {

template <class Hash = std::hash<std::string>>
class VisitedPositions {
 public:
  // Adds `key`; false when an equal key was already there.
  bool Insert(std::string key) {
    const size_t size = key.capacity();
    if (!keys_.insert(std::move(key)).second) return false;
    bytes_ += size + kBytesPerEntry;
    return true;
  }
  size_t size() const { return keys_.size(); }
  // About what the stored keys take: their characters and the hash set's node and bucket per
  // key (libstdc++: a node holds the string, its cached hash and the next pointer).
  size_t bytes() const { return bytes_; }

 private:
  static constexpr size_t kBytesPerEntry = sizeof(std::string) + 2 * sizeof(void*) + sizeof(size_t);
  std::unordered_set<std::string, Hash> keys_;
  size_t bytes_ = 0;
};

}  // namespace vgdl::tools
