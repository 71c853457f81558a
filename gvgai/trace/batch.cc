#include "gvgai/trace/batch.h"

#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <mutex>
#include <optional>
#include <thread>

namespace vgdl::trace {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// Results come back from a child process as one verdict letter followed by the detail text.
char VerdictLetter(Verdict v) {
  switch (v) {
    case Verdict::kPass:
      return 'P';
    case Verdict::kSkip:
      return 'S';
    case Verdict::kFail:
      break;
  }
  return 'F';
}

std::optional<Outcome> DecodeOutcome(const std::string& bytes) {
  if (bytes.empty()) return std::nullopt;
  Outcome o;
  switch (bytes.front()) {
    case 'P':
      o.verdict = Verdict::kPass;
      break;
    case 'S':
      o.verdict = Verdict::kSkip;
      break;
    case 'F':
      o.verdict = Verdict::kFail;
      break;
    default:
      return std::nullopt;
  }
  o.detail = bytes.substr(1);
  return o;
}

// Orders results: `report` sees result i only after results 0..i-1.
class InOrderReporter {
 public:
  InOrderReporter(std::vector<BatchResult>& results,
                  const std::function<void(const BatchResult&)>& report)
      : results_(results), done_(results.size(), false), report_(report) {}

  void Done(size_t i) {
    done_[i] = true;
    while (next_ < done_.size() && done_[next_]) {
      if (report_) report_(results_[next_]);
      ++next_;
    }
  }

 private:
  std::vector<BatchResult>& results_;
  std::vector<bool> done_;
  const std::function<void(const BatchResult&)>& report_;
  size_t next_ = 0;
};

// Isolated runs use a pool of forked worker processes, each verifying one file after another:
// a fork per file would pay the page faults of a fresh process every time. A worker that
// crashes or hangs costs only the file it was on; a new worker takes its place.
//
// Frames on a worker's socket: parent to worker "<index>\n"; worker to parent
// "<index> <verdict letter> <detail length>\n<detail>".

bool SendAll(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = send(fd, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

Outcome Verify(const BatchOptions& batch, const fs::path& file, const VerifyOptions& options) {
  if (!batch.verify) return VerifyFile(file, options);  // never throws
  try {
    return batch.verify(file, options);
  } catch (const std::exception& e) {
    return {Verdict::kFail, std::string("error: ") + e.what()};
  } catch (...) {
    return {Verdict::kFail, "error: unknown exception"};
  }
}

[[noreturn]] void WorkerMain(int fd, const std::vector<fs::path>& files,
                             const VerifyOptions& options, const BatchOptions& batch) {
  std::string pending;
  char buf[256];
  while (true) {
    size_t nl = 0;
    while ((nl = pending.find('\n')) == std::string::npos) {
      const ssize_t n = read(fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) _exit(0);  // the parent is done with us
      pending.append(buf, static_cast<size_t>(n));
    }
    size_t index = 0;
    const auto res = std::from_chars(pending.data(), pending.data() + nl, index);
    if (res.ec != std::errc() || index >= files.size()) _exit(3);
    pending.erase(0, nl + 1);
    const Outcome o = Verify(batch, files[index], options);
    const std::string frame = std::to_string(index) + " " + VerdictLetter(o.verdict) + " " +
                              std::to_string(o.detail.size()) + "\n" + o.detail;
    // _exit, not exit: no atexit handlers or buffer flushes inherited from the parent.
    if (!SendAll(fd, frame)) _exit(0);
  }
}

std::string DeathReason(int status) {
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return "crashed: signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    return "crashed: exit status " + std::to_string(WEXITSTATUS(status));
  }
  return "crashed: the replay process ended without a result";
}

class WorkerPool {
 public:
  WorkerPool(const std::vector<fs::path>& files, const VerifyOptions& options,
             const BatchOptions& batch, std::vector<BatchResult>& results,
             InOrderReporter& reporter)
      : files_(files), options_(options), batch_(batch), results_(results), reporter_(reporter) {}

  void Run() {
    const auto count = std::min(static_cast<size_t>(std::max(1, batch_.jobs)), files_.size());
    workers_.resize(count);
    while (done_ < files_.size()) {
      StartIdleWork();
      if (std::none_of(workers_.begin(), workers_.end(), [](const Worker& w) { return w.job; })) {
        // No worker could be started: nothing more can run.
        for (; next_ < files_.size(); ++next_) {
          Deliver(next_, {Verdict::kFail,
                          std::string("cannot start a replay process: ") + std::strerror(errno)});
        }
        break;
      }
      WaitAndCollect();
    }
    for (Worker& w : workers_) Stop(w);
  }

 private:
  struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::optional<size_t> job;
    Clock::time_point deadline;
    std::string inbox;
  };

  bool Spawn(Worker& w) {
    int fds[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) return false;
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return false;
    }
    if (pid == 0) {
      close(fds[0]);
      for (const Worker& other : workers_) {
        if (other.fd >= 0) close(other.fd);
      }
      WorkerMain(fds[1], files_, options_, batch_);
    }
    close(fds[1]);
    w.pid = pid;
    w.fd = fds[0];
    w.inbox.clear();
    return true;
  }

  void StartIdleWork() {
    for (Worker& w : workers_) {
      if (next_ >= files_.size()) return;
      if (w.job) continue;
      if (w.pid < 0 && !Spawn(w)) continue;
      const size_t index = next_++;
      w.job = index;
      w.deadline = Clock::now() + std::chrono::seconds(batch_.timeout_seconds);
      if (!SendAll(w.fd, std::to_string(index) + "\n")) Reap(w, false);  // fails the job
    }
  }

  void WaitAndCollect() {
    std::vector<pollfd> fds;
    std::vector<Worker*> polled;
    auto wait = std::chrono::milliseconds(60'000);
    const auto now = Clock::now();
    for (Worker& w : workers_) {
      if (!w.job) continue;
      fds.push_back({w.fd, POLLIN, 0});
      polled.push_back(&w);
      wait =
          std::min(wait, std::chrono::duration_cast<std::chrono::milliseconds>(w.deadline - now) +
                             std::chrono::milliseconds(1));
    }
    const int timeout_ms = static_cast<int>(std::max<int64_t>(0, wait.count()));
    if (poll(fds.data(), fds.size(), timeout_ms) < 0 && errno != EINTR) {
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    }
    for (size_t k = 0; k < polled.size(); ++k) {
      Worker& w = *polled[k];
      if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) != 0 && !Receive(w)) {
        Reap(w, false);
      } else if (w.job && Clock::now() >= w.deadline) {
        Reap(w, true);
      }
    }
  }

  // Reads what the worker sent and delivers complete results. False when the worker is gone.
  bool Receive(Worker& w) {
    char buf[4096];
    const ssize_t n = read(w.fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) return true;
    if (n <= 0) return false;
    w.inbox.append(buf, static_cast<size_t>(n));
    while (true) {
      const size_t nl = w.inbox.find('\n');
      if (nl == std::string::npos) return true;
      size_t index = 0;
      size_t length = 0;
      char letter = 0;
      if (std::sscanf(w.inbox.substr(0, nl).c_str(), "%zu %c %zu", &index, &letter, &length) != 3 ||
          !w.job || index != *w.job) {
        return false;  // garbled: treat the worker as broken
      }
      if (w.inbox.size() < nl + 1 + length) return true;
      auto outcome = DecodeOutcome(letter + w.inbox.substr(nl + 1, length));
      if (!outcome) return false;
      w.inbox.erase(0, nl + 1 + length);
      w.job.reset();
      Deliver(index, std::move(*outcome));
    }
  }

  // Ends a worker (killing it on a timeout) and fails the file it was on.
  void Reap(Worker& w, bool timed_out) {
    if (timed_out) kill(w.pid, SIGKILL);
    const int status = Stop(w);
    if (!w.job) return;
    const size_t index = *w.job;
    w.job.reset();
    Deliver(index, {Verdict::kFail, timed_out ? "timeout: no result after " +
                                                    std::to_string(batch_.timeout_seconds) + " s"
                                              : DeathReason(status)});
  }

  // Closes the worker's socket (an idle worker then exits) and waits for it.
  int Stop(Worker& w) {
    int status = 0;
    if (w.fd >= 0) close(w.fd);
    if (w.pid > 0) {
      while (waitpid(w.pid, &status, 0) < 0 && errno == EINTR) {
      }
    }
    w.fd = -1;
    w.pid = -1;
    return status;
  }

  void Deliver(size_t index, Outcome outcome) {
    results_[index].outcome = std::move(outcome);
    ++done_;
    reporter_.Done(index);
  }

  const std::vector<fs::path>& files_;
  const VerifyOptions& options_;
  const BatchOptions& batch_;
  std::vector<BatchResult>& results_;
  InOrderReporter& reporter_;
  std::vector<Worker> workers_;
  size_t next_ = 0;
  size_t done_ = 0;
};

void RunIsolated(const std::vector<fs::path>& files, const VerifyOptions& options,
                 const BatchOptions& batch, std::vector<BatchResult>& results,
                 InOrderReporter& reporter) {
  WorkerPool(files, options, batch, results, reporter).Run();
}

void RunInProcess(const std::vector<fs::path>& files, const VerifyOptions& options,
                  const BatchOptions& batch, std::vector<BatchResult>& results,
                  InOrderReporter& reporter) {
  std::atomic<size_t> next{0};
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<bool> ready(files.size(), false);
  auto worker = [&] {
    for (size_t i = next++; i < files.size(); i = next++) {
      Outcome o = Verify(batch, files[i], options);
      const std::lock_guard lock(mutex);
      results[i].outcome = std::move(o);
      ready[i] = true;
      cv.notify_all();
    }
  };
  const auto jobs = static_cast<size_t>(std::max(1, batch.jobs));
  std::vector<std::thread> threads;
  if (jobs == 1) {
    worker();
  } else {
    for (size_t j = 0; j < std::min(jobs, files.size()); ++j) threads.emplace_back(worker);
  }
  for (size_t i = 0; i < files.size(); ++i) {
    std::unique_lock lock(mutex);
    cv.wait(lock, [&] { return ready[i]; });
    lock.unlock();
    reporter.Done(i);
  }
  for (auto& t : threads) t.join();
}

}  // namespace

std::vector<fs::path> CollectTraceFiles(const std::vector<fs::path>& inputs, std::string* error) {
  std::vector<fs::path> out;
  for (const fs::path& input : inputs) {
    std::error_code ec;
    if (fs::is_directory(input, ec)) {
      std::vector<fs::path> found;
      for (const auto& entry : fs::directory_iterator(input, ec)) {
        const std::string name = entry.path().filename().string();
        // Reference traces, observation records, and the random-play statistics tables of
        // stats/.
        const bool wanted =
            name.ends_with(".trace.gz") || name.ends_with(".obs.gz") || name.ends_with(".tsv");
        if (wanted && entry.is_regular_file(ec)) found.push_back(entry.path());
      }
      if (ec) {
        *error = input.string() + ": " + ec.message();
        return {};
      }
      std::sort(found.begin(), found.end());
      out.insert(out.end(), found.begin(), found.end());
    } else if (fs::exists(input, ec)) {
      out.push_back(input);
    } else {
      *error = input.string() + ": no such file or directory";
      return {};
    }
  }
  return out;
}

std::vector<BatchResult> VerifyBatch(const std::vector<fs::path>& files,
                                     const VerifyOptions& options, const BatchOptions& batch,
                                     const std::function<void(const BatchResult&)>& report) {
  std::vector<BatchResult> results(files.size());
  for (size_t i = 0; i < files.size(); ++i) {
    results[i].name = TraceName(files[i]);
    results[i].file = files[i];
  }
  InOrderReporter reporter(results, report);
  if (batch.isolate) {
    RunIsolated(files, options, batch, results, reporter);
  } else {
    RunInProcess(files, options, batch, results, reporter);
  }
  return results;
}

}  // namespace vgdl::trace
