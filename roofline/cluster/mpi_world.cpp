// The World on Open MPI: every wait is a loop of MPI_Test against a deadline, since a blocking
// call on a rank that died or hangs would never return.
#include <mpi.h>
#include <unistd.h>

#include <condition_variable>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>

#include "roofline/cluster/world.hpp"

namespace cluster {

std::optional<std::string> mpi_library(std::string*) {
  char version[MPI_MAX_LIBRARY_VERSION_STRING];
  int length = 0;
  MPI_Get_library_version(version, &length);
  std::string text(version, static_cast<std::size_t>(length));
  if (const auto end = text.find_first_of(",\n"); end != std::string::npos) text.resize(end);
  return text;
}

struct World::State {
  double timeout_seconds = 0;
  int rank = 0, size = 1;
  bool aborted = false;
  // Buffers of messages given up at a deadline: MPI may still read or write them, so they live
  // as long as MPI does.
  std::deque<std::string> abandoned;
};

namespace {

void check(int code, const char* what) {
  if (code != MPI_SUCCESS) throw std::runtime_error(std::string("MPI: ") + what + " failed");
}

// Waits for the requests until the deadline; when one is still pending then, gives them up
// (receives cancelled, sends left to MPI) and returns false. A waiting rank sleeps between tests
// unless `spin` (a ping-pong's timing).
bool completed(std::vector<MPI_Request>& requests, Clock::time_point deadline, bool spin) {
  for (;;) {
    int done = 0;
    const bool failed = MPI_Testall(static_cast<int>(requests.size()), requests.data(), &done,
                                    MPI_STATUSES_IGNORE) != MPI_SUCCESS;
    if (done && !failed) return true;
    if (failed || Clock::now() > deadline) break;
    if (!spin) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  for (MPI_Request& r : requests)
    if (r != MPI_REQUEST_NULL) {
      MPI_Cancel(&r);
      MPI_Request_free(&r);
    }
  return false;
}

// Ends the process with exit code 1 and `message` on stderr unless destroyed within `seconds`:
// for the MPI calls that wait on every rank and cannot be given a deadline.
class Watchdog {
 public:
  Watchdog(double seconds, std::string message)
      : message_(std::move(message)), thread_([this, seconds] {
          std::unique_lock lock(mutex_);
          if (done_.wait_for(lock, std::chrono::duration<double>(seconds),
                             [this] { return over_; }))
            return;
          // write(2) and _Exit: the main thread is inside MPI, whose state is not to be touched.
          [[maybe_unused]] const auto written = ::write(2, message_.data(), message_.size());
          std::_Exit(1);
        }) {}
  ~Watchdog() {
    {
      std::lock_guard lock(mutex_);
      over_ = true;
    }
    done_.notify_one();
    thread_.join();
  }
  Watchdog(const Watchdog&) = delete;
  Watchdog& operator=(const Watchdog&) = delete;

 private:
  std::string message_;
  std::mutex mutex_;
  std::condition_variable done_;
  bool over_ = false;
  std::thread thread_;  // last: started once the members it reads exist
};

std::string seconds_text(double seconds) {
  return std::to_string(static_cast<long long>(seconds)) + " s";
}

}  // namespace

World::World(double timeout_seconds) : state_(std::make_unique<State>()) {
  state_->timeout_seconds = timeout_seconds;
  int provided = 0;
  {
    const Watchdog watchdog(timeout_seconds,
                            "rooflab: MPI initialization did not complete within " +
                                seconds_text(timeout_seconds) +
                                " (--rank-timeout): a rank of the job stopped or hangs before "
                                "joining it\n");
    // Only the main thread calls MPI; OpenMP's threads measure.
    check(MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided), "MPI_Init_thread");
  }
  // Errors come back as codes, to be handled as a missing rank, instead of ending the job.
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_rank(MPI_COMM_WORLD, &state_->rank);
  MPI_Comm_size(MPI_COMM_WORLD, &state_->size);
}

World::~World() {
  if (state_->aborted) return;
  // This rank's output is written by now; only the others' leaving is waited for.
  const Watchdog watchdog(state_->timeout_seconds,
                          "rooflab: rank " + std::to_string(state_->rank) +
                              ": the other ranks did not end within " +
                              seconds_text(state_->timeout_seconds) +
                              " (--rank-timeout) of this one: a rank stopped or hangs; what this "
                              "rank writes is written\n");
  MPI_Finalize();
}

int World::rank() const { return state_->rank; }
int World::size() const { return state_->size; }

bool World::send(int to, int tag, const std::string& text, Clock::time_point deadline) {
  std::string& buffer = state_->abandoned.emplace_back(text);
  std::vector<MPI_Request> request(1);
  if (MPI_Isend(buffer.data(), static_cast<int>(buffer.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD,
                request.data()) != MPI_SUCCESS)
    return false;
  if (!completed(request, deadline, false)) return false;
  state_->abandoned.pop_back();
  return true;
}

std::map<int, std::string> World::receive(const std::vector<int>& from, int tag,
                                          Clock::time_point deadline) {
  std::map<int, std::string> arrived;
  std::set<int> waiting(from.begin(), from.end());
  while (!waiting.empty() && Clock::now() <= deadline) {
    int pending = 0;
    MPI_Status status;
    if (MPI_Iprobe(MPI_ANY_SOURCE, tag, MPI_COMM_WORLD, &pending, &status) != MPI_SUCCESS) break;
    if (!pending) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    int length = 0;
    MPI_Get_count(&status, MPI_CHAR, &length);
    std::string& buffer = state_->abandoned.emplace_back(static_cast<std::size_t>(length), '\0');
    std::vector<MPI_Request> request(1);
    if (MPI_Irecv(buffer.data(), length, MPI_CHAR, status.MPI_SOURCE, tag, MPI_COMM_WORLD,
                  request.data()) != MPI_SUCCESS)
      break;
    if (!completed(request, deadline, false)) break;
    // A second message from one rank (never sent by Rooflab) is drained and dropped.
    if (waiting.erase(status.MPI_SOURCE)) arrived[status.MPI_SOURCE] = std::move(buffer);
    state_->abandoned.pop_back();
  }
  return arrived;
}

std::optional<std::vector<double>> World::ping_pong(int partner, bool initiator, std::size_t bytes,
                                                    int warmup, int round_trips, int tag,
                                                    Clock::time_point deadline) {
  std::string& out = state_->abandoned.emplace_back(bytes, 'p');
  std::string& in = state_->abandoned.emplace_back(bytes, '\0');
  const int count = static_cast<int>(bytes);
  std::vector<double> seconds;
  for (int i = 0; i < warmup + round_trips; ++i) {
    std::vector<MPI_Request> requests(2);
    const double start = MPI_Wtime();
    // The initiator sends first; either side posts its receive before it sends.
    MPI_Irecv(in.data(), count, MPI_CHAR, partner, tag, MPI_COMM_WORLD, &requests[0]);
    if (initiator) {
      MPI_Isend(out.data(), count, MPI_CHAR, partner, tag, MPI_COMM_WORLD, &requests[1]);
      if (!completed(requests, deadline, true)) return std::nullopt;
    } else {
      std::vector<MPI_Request> ping{requests[0]};
      if (!completed(ping, deadline, true)) return std::nullopt;
      std::vector<MPI_Request> pong(1);
      MPI_Isend(out.data(), count, MPI_CHAR, partner, tag, MPI_COMM_WORLD, pong.data());
      if (!completed(pong, deadline, true)) return std::nullopt;
    }
    if (initiator && i >= warmup) seconds.push_back(MPI_Wtime() - start);
  }
  state_->abandoned.pop_back();
  state_->abandoned.pop_back();
  return seconds;
}

void World::abort(int code) {
  state_->aborted = true;
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

}  // namespace cluster
