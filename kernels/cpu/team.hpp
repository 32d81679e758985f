#pragma once
// A persistent team of pinned threads for short parallel calls. An OpenMP parallel region forks
// and joins its threads every time (0.7 µs for 2 threads on a 2-vCPU guest, 4–5 µs for 16), which
// is most of a call that reduces an array in the L2 caches. The team's threads stay: between
// calls they wait spinning, as OpenBLAS's do, and they sleep once no work has come for
// kSpinBeforeSleep, so an idle team takes no core from the kernels that run after it.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace kernels::cpu {

// One turn of a spin-wait: tells the core (and its SMT sibling) that this thread is waiting.
inline void relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

class Team {
 public:
  static constexpr std::chrono::microseconds kSpinBeforeSleep{500};

  // The caller is member 0; members 1 … threads − 1 are new threads, member t pinned to OpenMP
  // place t (modulo the places) when OpenMP has places. Throws std::invalid_argument for
  // threads < 1.
  explicit Team(int threads);
  ~Team();
  Team(const Team&) = delete;
  Team& operator=(const Team&) = delete;

  int size() const { return size_; }

  // Runs job(t) for every member t, the calling thread as member 0, and returns when all have
  // returned. One call at a time: a team serves one calling thread.
  template <class F>
  void run(F& job) {
    dispatch(&call<F>, &job);
  }

  // The team of `threads` members, started on first use and kept until the program exits.
  static Team& of(int threads);

 private:
  using Job = void (*)(void* job, int member);

  template <class F>
  static void call(void* job, int member) {
    (*static_cast<F*>(job))(member);
  }

  void dispatch(Job fn, void* job);
  void serve(int member);

  const int size_;
  Job fn_ = nullptr;
  void* job_ = nullptr;
  alignas(64) std::atomic<std::uint32_t> generation_{0};  // bumped for each call
  std::atomic<int> sleeping_{0};
  std::atomic<bool> stopping_{false};
  alignas(64) std::atomic<int> pending_{0};  // members still working on this call
  std::vector<std::thread> members_;
};

}  // namespace kernels::cpu
