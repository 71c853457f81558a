// A growable array of trivially copyable records whose copies keep room to grow.
//
// Used for the State's arrays that a tick grows (the sprite pool, the per-type slot order, the
// free slots): a state copied for a simulation then advances without allocating.
//
// Copying a std::vector allocates exactly its size, so the first push_back on a copy moves the
// whole buffer. State copies made for agents' simulations create sprites within a few ticks
// (spawn points, shots), which would copy the sprite pool twice per simulation; a copy with a
// little headroom costs the same single allocation. And a std::vector copies records that have
// default member initialisers (Sprite) one by one; this copies them as bytes.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>

namespace vgdl {

template <class T>
class HeadroomVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);

 public:
  HeadroomVector() = default;
  HeadroomVector(const HeadroomVector& other) { CopyFrom(other); }
  HeadroomVector& operator=(const HeadroomVector& other) {
    if (this != &other) CopyFrom(other);
    return *this;
  }
  HeadroomVector(HeadroomVector&& other) noexcept { Swap(other); }
  HeadroomVector& operator=(HeadroomVector&& other) noexcept {
    HeadroomVector(std::move(other)).Swap(*this);
    return *this;
  }
  ~HeadroomVector() { Release(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  T& operator[](size_t i) { return data_[i]; }
  const T& operator[](size_t i) const { return data_[i]; }
  T* begin() { return data_; }
  T* end() { return data_ + size_; }
  const T* begin() const { return data_; }
  const T* end() const { return data_ + size_; }

  // Appends a value-initialised record (default member initialisers applied).
  T& emplace_back() {
    if (size_ == capacity_) Grow(WithHeadroom(capacity_ * 2));
    T* slot = ::new (static_cast<void*>(data_ + size_)) T{};
    ++size_;
    return *slot;
  }
  void push_back(const T& value) {
    const T copy = value;  // `value` may live in this array
    if (size_ == capacity_) Grow(WithHeadroom(capacity_ * 2));
    std::memcpy(data_ + size_, &copy, sizeof(T));
    ++size_;
  }
  void pop_back() { --size_; }
  T& back() { return data_[size_ - 1]; }
  const T& back() const { return data_[size_ - 1]; }
  T* data() { return data_; }
  const T* data() const { return data_; }
  void clear() { size_ = 0; }
  // Makes the size n; records added are zero bytes.
  void Resize(size_t n) {
    if (n > capacity_) Grow(WithHeadroom(n));
    if (n > size_) std::memset(static_cast<void*>(data_ + size_), 0, (n - size_) * sizeof(T));
    size_ = n;
  }
  // Inserts `value` before position `index` (<= size()).
  void Insert(size_t index, const T& value) {
    const T copy = value;  // `value` may live in this array
    if (size_ == capacity_) Grow(WithHeadroom(capacity_ * 2));
    std::memmove(data_ + index + 1, data_ + index, (size_ - index) * sizeof(T));
    std::memcpy(data_ + index, &copy, sizeof(T));
    ++size_;
  }
  // Removes the record at position `index`.
  void Erase(size_t index) {
    std::memmove(data_ + index, data_ + index + 1, (size_ - index - 1) * sizeof(T));
    --size_;
  }

 private:
  static size_t WithHeadroom(size_t n) { return n + n / 8 + 16; }

  void CopyFrom(const HeadroomVector& other) {
    if (capacity_ < other.size_) {
      Release();
      Allocate(WithHeadroom(other.size_));
    }
    if (other.size_ > 0) std::memcpy(data_, other.data_, other.size_ * sizeof(T));
    size_ = other.size_;
  }
  void Grow(size_t capacity) {
    T* old = data_;
    const size_t old_capacity = capacity_;
    Allocate(capacity);
    if (size_ > 0) std::memcpy(data_, old, size_ * sizeof(T));
    if (old != nullptr) std::allocator<T>().deallocate(old, old_capacity);
  }
  void Allocate(size_t capacity) {
    data_ = std::allocator<T>().allocate(capacity);
    capacity_ = capacity;
  }
  void Release() {
    if (data_ != nullptr) std::allocator<T>().deallocate(data_, capacity_);
    data_ = nullptr;
    capacity_ = 0;
    size_ = 0;
  }
  void Swap(HeadroomVector& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  T* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
};

}  // namespace vgdl
