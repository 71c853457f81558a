// A fixed set of threads that run the tasks 0..n-1 of one call at a time, the calling thread
// taking part: the vector environment's step, which must not pay for starting threads.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace vgdl::python {

class WorkerPool {
 public:
  // `threads` in all, the caller included (1: everything runs on the caller).
  explicit WorkerPool(int threads);
  ~WorkerPool();
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  // Runs task(i) for every i < count and returns when all have; rethrows the first exception.
  void Run(size_t count, const std::function<void(size_t)>& task);
  int threads() const { return static_cast<int>(workers_.size()) + 1; }

 private:
  void WorkerLoop();
  void TakeTasks();  // runs tasks of the current call until none is left

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::condition_variable done_;
  const std::function<void(size_t)>* task_ = nullptr;
  size_t count_ = 0;
  size_t next_ = 0;      // the next task to hand out
  size_t finished_ = 0;  // tasks finished in this call
  uint64_t generation_ = 0;
  bool stopping_ = false;
  std::exception_ptr error_;
};

}  // namespace vgdl::python
