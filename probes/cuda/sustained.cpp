#include "probes/cuda/sustained.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "probes/cuda/tensor_gemm.hpp"
#include "probes/nvidia/drop_cause.hpp"
#include "roofline/stats.hpp"

namespace probes::cuda {

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

roofline::SustainedCompute measure_sustained(const roofline::Device& device, roofline::Precision p,
                                             nvidia::NvmlDevice& nvml, double burst) {
  auto c = make_tensor_gemm_case(device, p, kSustainedGemmN, GemmOperands::random);
  c->prepare();
  struct Release {
    roofline::Case& c;
    ~Release() { c.release(); }
  } release{*c};
  const roofline::Verification v = c->verify();
  if (!v.passed)
    throw std::runtime_error(c->info().variant + " " + c->info().params.dump() +
                             ": verification failed: " + v.message);
  // Calls per sample: a tenth of the timed span, from one call's time.
  const double once = c->run_calls(1);
  const int calls = once > 0 ? std::max(1, static_cast<int>(kSustainedSeconds / 10 / once)) : 1;
  std::vector<double> rates;
  Clock::time_point from, to;
  const auto readings = nvidia::readings_during({&nvml}, [&] {
    const Clock::time_point start = Clock::now();
    while (seconds_since(start) < kSustainedWarmupSeconds) c->run_calls(calls);
    from = Clock::now();
    while (seconds_since(from) < kSustainedSeconds)
      rates.push_back(calls * c->info().work.flops / c->run_calls(calls));
    to = Clock::now();
  });
  const nvidia::WindowReading w =
      readings.empty() ? nvidia::WindowReading{} : nvidia::within(readings.front(), from, to);
  const std::string call =
      c->info().params.at("call").get<std::string>() + ", n = " + std::to_string(kSustainedGemmN);
  const std::string unread = nvml.available() ? "" : ": " + nvml.reason();
  char text[400];
  std::snprintf(text, sizeof text,
                "%s on random operands (%s), back to back: %.2g s from a %.2g s warm-up, %d "
                "calls per sample, CUDA-event timing; NVML read %d times meanwhile%s",
                call.c_str(), v.message.c_str(), std::chrono::duration<double>(to - from).count(),
                kSustainedWarmupSeconds, calls, w.samples, unread.c_str());
  return {.precision = p,
          .call = call,
          .flops_per_s = roofline::summarize(rates),
          .burst_flops_per_s = burst,
          .seconds = std::chrono::duration<double>(to - from).count(),
          .clock_hz = w.sm_hz,
          .power_w = w.power_w,
          .power_limit_w = nvml.power_limit_w().value_or(0),
          .limiters = nvidia::limiter_names(w.limiters),
          .method = text};
}

}  // namespace probes::cuda
