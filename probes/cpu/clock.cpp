#include "probes/cpu/clock.hpp"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

namespace probes::cpu {

namespace {

constexpr std::int64_t kAddsPerBlock = 1000;

// `blocks` × kAddsPerBlock dependent adds; the loop counter runs beside the chain on other ports.
// The addend is a register: Golden Cove and later Intel cores fold chains of add-immediate at
// rename (several per cycle), which made an `addq $1` chain report ~20 GHz on Sapphire Rapids.
void add_chain(std::int64_t blocks, std::uint64_t addend) {
  std::uint64_t x = 0;
  for (std::int64_t i = 0; i < blocks; ++i)
#if defined(__aarch64__)  // ADD (register) has one cycle of latency on Arm's and Apple's cores
    asm volatile(".rept %c2\n\tadd %0, %0, %1\n\t.endr"
                 : "+r"(x)
                 : "r"(addend), "i"(kAddsPerBlock));
#else
    asm volatile(".rept %c2\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(addend), "i"(kAddsPerBlock));
#endif
}

double seconds_for(std::int64_t blocks) {
  const auto start = std::chrono::steady_clock::now();
  add_chain(blocks, 1);
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Best of many short timings, each right after `load`: an interruption (another process, a timer
// tick) only slows a run, and runs of a quarter millisecond mostly fit between interruptions and
// inside the time a core keeps the clock a load left it at.
double thread_clock_hz(double seconds, const std::function<void()>& load) {
  constexpr double kRunSeconds = 250e-6;
  const int runs = std::max(16, static_cast<int>(seconds / kRunSeconds));
  std::int64_t blocks = 16;
  double elapsed = seconds_for(blocks);
  while (elapsed < kRunSeconds / 4) elapsed = seconds_for(blocks *= 2);
  blocks = std::max<std::int64_t>(1, static_cast<std::int64_t>(blocks * kRunSeconds / elapsed));
  double best = 0;
  for (int i = 0; i < runs; ++i) {
    if (load) load();
    best = std::max(best, static_cast<double>(blocks * kAddsPerBlock) / seconds_for(blocks));
  }
  return best;
}

}  // namespace

double measure_clock_hz(int threads, double seconds, const std::function<void()>& load) {
  std::vector<double> hz;
#pragma omp parallel num_threads(threads) proc_bind(close)
  {
    // Every thread times its own chain while all of them run, as an all-core load does.
    const double mine = thread_clock_hz(seconds, load);
#pragma omp critical
    hz.push_back(mine);
  }
  std::sort(hz.begin(), hz.end());
  const std::size_t n = hz.size();
  return (hz[(n - 1) / 2] + hz[n / 2]) / 2;
}

}  // namespace probes::cpu
