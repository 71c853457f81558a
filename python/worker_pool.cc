// The worker pool (worker_pool.h). Tasks are handed out one at a time under the mutex: a task
// is a game tick (microseconds), so the lock is not what limits the pool.
#include "python/worker_pool.h"

namespace vgdl::python {

WorkerPool::WorkerPool(int threads) {
  for (int i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

WorkerPool::~WorkerPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
}

void WorkerPool::Run(size_t count, const std::function<void(size_t)>& task) {
  {
    std::lock_guard lock(mutex_);
    task_ = &task;
    count_ = count;
    next_ = 0;
    finished_ = 0;
    error_ = nullptr;
    ++generation_;
  }
  wake_.notify_all();
  TakeTasks();
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return finished_ == count_; });
  task_ = nullptr;
  if (error_) std::rethrow_exception(error_);
}

void WorkerPool::TakeTasks() {
  std::unique_lock lock(mutex_);
  while (task_ != nullptr && next_ < count_) {
    const size_t i = next_++;
    const auto* task = task_;
    lock.unlock();
    std::exception_ptr error;
    try {
      (*task)(i);
    } catch (...) {
      error = std::current_exception();
    }
    lock.lock();
    if (error && !error_) error_ = error;
    if (++finished_ == count_) done_.notify_all();
  }
}

void WorkerPool::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
      if (stopping_) return;
      seen = generation_;
    }
    TakeTasks();
  }
}

}  // namespace vgdl::python
