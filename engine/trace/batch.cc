#include "engine/trace/batch.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
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

void WriteAll(int fd, const std::string& bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
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

// One forked replay in flight.
struct Child {
  size_t index = 0;
  pid_t pid = -1;
  int fd = -1;
  Clock::time_point deadline;
  std::string bytes;
};

std::optional<Child> StartChild(size_t index, const fs::path& file, const VerifyOptions& options,
                                int timeout_seconds) {
  int fds[2];
  if (pipe(fds) != 0) return std::nullopt;
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return std::nullopt;
  }
  if (pid == 0) {
    close(fds[0]);
    const Outcome o = VerifyFile(file, options);
    WriteAll(fds[1], std::string(1, VerdictLetter(o.verdict)) + o.detail);
    close(fds[1]);
    _exit(0);  // no atexit handlers, no flushing of the parent's copied buffers
  }
  close(fds[1]);
  Child c;
  c.index = index;
  c.pid = pid;
  c.fd = fds[0];
  c.deadline = Clock::now() + std::chrono::seconds(timeout_seconds);
  return c;
}

Outcome FinishChild(Child& c, bool timed_out, int timeout_seconds) {
  if (timed_out) kill(c.pid, SIGKILL);
  close(c.fd);
  int status = 0;
  while (waitpid(c.pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    return {Verdict::kFail, "timeout: no result after " + std::to_string(timeout_seconds) + " s"};
  }
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    return {Verdict::kFail, "crashed: signal " + std::to_string(sig) + " (" + strsignal(sig) + ")"};
  }
  if (WIFEXITED(status) && WEXITSTATUS(status) != 0) {
    return {Verdict::kFail, "crashed: exit status " + std::to_string(WEXITSTATUS(status))};
  }
  if (auto o = DecodeOutcome(c.bytes)) return *o;
  return {Verdict::kFail, "crashed: the replay process returned no result"};
}

void RunIsolated(const std::vector<fs::path>& files, const VerifyOptions& options,
                 const BatchOptions& batch, std::vector<BatchResult>& results,
                 InOrderReporter& reporter) {
  std::vector<Child> running;
  size_t next = 0;
  const auto jobs = static_cast<size_t>(std::max(1, batch.jobs));
  while (next < files.size() || !running.empty()) {
    while (running.size() < jobs && next < files.size()) {
      if (auto child = StartChild(next, files[next], options, batch.timeout_seconds)) {
        running.push_back(std::move(*child));
      } else {
        results[next].outcome = {
            Verdict::kFail, std::string("cannot start a replay process: ") + std::strerror(errno)};
        reporter.Done(next);
      }
      ++next;
    }
    if (running.empty()) continue;
    std::vector<pollfd> fds;
    auto wait_ms = std::chrono::milliseconds::max();
    const auto now = Clock::now();
    for (const Child& c : running) {
      fds.push_back({c.fd, POLLIN, 0});
      wait_ms = std::min(wait_ms,
                         std::chrono::duration_cast<std::chrono::milliseconds>(c.deadline - now));
    }
    const int timeout_ms = static_cast<int>(std::clamp<int64_t>(wait_ms.count() + 1, 0, 60'000));
    if (poll(fds.data(), fds.size(), timeout_ms) < 0 && errno != EINTR) {
      throw std::runtime_error(std::string("poll: ") + std::strerror(errno));
    }
    for (size_t k = running.size(); k-- > 0;) {
      Child& c = running[k];
      bool finished = false;
      if ((fds[k].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
        char buf[4096];
        const ssize_t n = read(c.fd, buf, sizeof buf);
        if (n > 0) {
          c.bytes.append(buf, static_cast<size_t>(n));
        } else if (n == 0 || errno != EINTR) {
          finished = true;
        }
      }
      const bool timed_out = !finished && Clock::now() >= c.deadline;
      if (finished || timed_out) {
        results[c.index].outcome = FinishChild(c, timed_out, batch.timeout_seconds);
        reporter.Done(c.index);
        running.erase(running.begin() + static_cast<std::ptrdiff_t>(k));
      }
    }
  }
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
      Outcome o = VerifyFile(files[i], options);
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
        if (name.ends_with(".trace.gz") && entry.is_regular_file(ec)) found.push_back(entry.path());
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
