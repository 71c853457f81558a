// A std::vector whose copies keep room to grow.
//
// Copying a std::vector allocates exactly its size, so the first push_back on a copy moves the
// whole buffer. State copies made for agents' simulations create sprites within a few ticks
// (spawn points, shots), which would copy the sprite pool twice per simulation; a copy with a
// little headroom costs the same single allocation.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

namespace vgdl {

template <class T>
class HeadroomVector : public std::vector<T> {
 public:
  using std::vector<T>::vector;
  HeadroomVector() = default;
  HeadroomVector(const HeadroomVector& other) : std::vector<T>() { CopyFrom(other); }
  HeadroomVector& operator=(const HeadroomVector& other) {
    if (this != &other) CopyFrom(other);
    return *this;
  }
  HeadroomVector(HeadroomVector&&) noexcept = default;
  HeadroomVector& operator=(HeadroomVector&&) noexcept = default;
  ~HeadroomVector() = default;

 private:
  static size_t WithHeadroom(size_t n) { return n + n / 8 + 16; }
  void CopyFrom(const HeadroomVector& other) {
    if (this->capacity() < other.size()) {
      std::vector<T> fresh;
      fresh.reserve(WithHeadroom(other.size()));
      fresh.assign(other.begin(), other.end());
      std::vector<T>::operator=(std::move(fresh));
      return;
    }
    this->assign(other.begin(), other.end());
  }
};

}  // namespace vgdl
