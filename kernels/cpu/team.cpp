#include "kernels/cpu/team.hpp"

#include <omp.h>
#include <pthread.h>
#include <sched.h>

#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

namespace kernels::cpu {
namespace {

using Clock = std::chrono::steady_clock;

// Binds the calling thread to the CPUs of OpenMP place `member` (modulo the places), where the
// OpenMP thread of the same number runs under proc_bind(close).
void pin_to_place(int member) {
  const int places = omp_get_num_places();
  if (places < 1) return;
  const int place = member % places;
  std::vector<int> cpus(static_cast<std::size_t>(omp_get_place_num_procs(place)));
  omp_get_place_proc_ids(place, cpus.data());
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

}  // namespace

Team::Team(int threads) : size_(threads) {
  if (threads < 1) throw std::invalid_argument("team: threads " + std::to_string(threads) + " < 1");
  for (int member = 1; member < threads; ++member)
    members_.emplace_back([this, member] { serve(member); });
}

Team::~Team() {
  stopping_.store(true, std::memory_order_relaxed);
  generation_.fetch_add(1, std::memory_order_seq_cst);  // publishes stopping_
  generation_.notify_all();
  for (std::thread& t : members_) t.join();
}

void Team::dispatch(Job fn, void* job) {
  if (size_ > 1) {
    fn_ = fn;
    job_ = job;
    pending_.store(size_ - 1, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_seq_cst);  // publishes fn_, job_ and pending_
    // A member that counted itself sleeping before this bump needs the wake-up; one that counts
    // itself later sees the new generation before it blocks (both orders are sequentially
    // consistent), so the system call is skipped while the team spins.
    if (sleeping_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
  }
  fn(job, 0);
  const Clock::time_point start = Clock::now();
  for (int spins = 1; pending_.load(std::memory_order_acquire) > 0; ++spins) {
    // Past the spin time a member is not running (more members than CPUs): let it have the CPU.
    if (spins % 64 == 0 && Clock::now() - start > kSpinBeforeSleep)
      std::this_thread::yield();
    else
      relax();
  }
}

void Team::serve(int member) {
  pin_to_place(member);
  std::uint32_t seen = 0;  // the constructor runs before any call
  for (;;) {
    Clock::time_point idle_since = Clock::now();
    std::uint32_t now = 0;
    for (int spins = 1; (now = generation_.load(std::memory_order_acquire)) == seen; ++spins) {
      if (spins % 64 == 0 && Clock::now() - idle_since > kSpinBeforeSleep) {
        sleeping_.fetch_add(1, std::memory_order_seq_cst);
        generation_.wait(seen, std::memory_order_seq_cst);
        sleeping_.fetch_sub(1, std::memory_order_relaxed);
        idle_since = Clock::now();
      } else {
        relax();
      }
    }
    seen = now;
    if (stopping_.load(std::memory_order_relaxed)) return;
    fn_(job_, member);
    pending_.fetch_sub(1, std::memory_order_release);
  }
}

Team& Team::of(int threads) {
  static std::mutex mutex;
  static std::map<int, std::unique_ptr<Team>> teams;
  thread_local std::map<int, Team*> known;  // found without the lock: calls are timed
  if (const auto it = known.find(threads); it != known.end()) return *it->second;
  const std::lock_guard lock(mutex);
  std::unique_ptr<Team>& team = teams[threads];
  if (!team) team = std::make_unique<Team>(threads);
  return *known.emplace(threads, team.get()).first->second;
}

}  // namespace kernels::cpu
