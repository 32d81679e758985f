#pragma once
// The MPI job this process runs in, seen through operations that each end by a deadline: a rank
// that died or hangs makes them return empty-handed, never wait for ever. Built on Open MPI's
// nonblocking calls where CMake found MPI (mpi_world.cpp); otherwise (no_mpi_world.cpp) joining
// says why cluster mode is unavailable.
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cluster {

using Clock = std::chrono::steady_clock;

// Whether mpirun (or another MPI launcher) started this process: the launcher's environment says
// so before MPI is initialized.
bool launched_by_mpi();

// This rank's number among the ranks on its node (Open MPI's OMPI_COMM_WORLD_LOCAL_RANK), from
// the launcher's environment; nullopt where mpirun did not set it.
std::optional<int> local_rank();

inline constexpr std::string_view kLocalRankPlaceholder = "{local_rank}";

// `id` with "{local_rank}" replaced by local_rank(): `-d 'cuda:{local_rank}'` gives each rank of a
// node its own GPU. Throws roofline::InputError naming the id where local_rank() is unknown.
std::string with_local_rank(const std::string& id);

// "Open MPI v4.1.4 …" when cluster mode is built in; nullopt with the reason in `why` otherwise.
std::optional<std::string> mpi_library(std::string* why);

class World {
 public:
  // Joins the job (MPI_Init_thread). Joining and leaving (MPI_Finalize) wait for every rank and
  // have no timeout of their own: where either takes longer than `timeout_seconds` (a rank stopped
  // or hangs before it joined, or before it left), this process says so and exits 1. Throws
  // roofline::InputError saying why cluster mode is unavailable in a build without MPI.
  explicit World(double timeout_seconds);
  ~World();  // MPI_Finalize, unless abort() ended the job
  World(const World&) = delete;
  World& operator=(const World&) = delete;

  int rank() const;
  int size() const;

  // Sends `text` to rank `to`; false when it was not delivered by the deadline.
  bool send(int to, int tag, const std::string& text, Clock::time_point deadline);
  // Receives one message from each of `from` with the tag: those that arrived by the deadline.
  std::map<int, std::string> receive(const std::vector<int>& from, int tag,
                                     Clock::time_point deadline);

  // `round_trips` ping-pongs of `bytes` with `partner` (after `warmup` uncounted ones): the
  // initiator returns the seconds of each round trip, the responder an empty vector; nullopt when
  // the partner stopped answering before the deadline.
  std::optional<std::vector<double>> ping_pong(int partner, bool initiator, std::size_t bytes,
                                               int warmup, int round_trips, int tag,
                                               Clock::time_point deadline);

  // Ends every rank of the job with `code` (MPI_Abort): what rank 0 does once it has written what
  // it has, so that a hung rank cannot keep the job alive.
  [[noreturn]] void abort(int code);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace cluster
