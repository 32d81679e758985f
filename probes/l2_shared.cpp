#include "probes/l2_shared.hpp"

#include <cmath>
#include <cstdio>
#include <optional>

#include "roofline/input_error.hpp"
#include "roofline/stats.hpp"

namespace probes {
namespace {

constexpr int kVectorFloats = 4;

double exact_sum(const L2SharedConfig& c, int thread, int slice) {
  return static_cast<double>(c.passes) * kL2SharedLoadsPerPass * kVectorFloats *
         (1 + (thread + slice) % 4);
}

}  // namespace

int l2_shared_slices(const L2SharedConfig& c) { return (c.blocks + c.readers - 1) / c.readers; }

std::size_t l2_shared_vectors(const L2SharedConfig& c) {
  return static_cast<std::size_t>(l2_shared_slices(c)) * c.threads * kL2SharedLoadsPerPass;
}

std::vector<float> l2_shared_data(const L2SharedConfig& c) {
  const std::size_t per_slice = static_cast<std::size_t>(c.threads) * kL2SharedLoadsPerPass;
  std::vector<float> data(l2_shared_vectors(c) * kVectorFloats);
  for (std::size_t v = 0; v < l2_shared_vectors(c); ++v) {
    const std::size_t slice = v / per_slice, q = v % per_slice;
    const auto value = static_cast<float>(1 + (q + slice) % 4);
    for (int k = 0; k < kVectorFloats; ++k) data[v * kVectorFloats + k] = value;
  }
  return data;
}

roofline::Work l2_shared_work(const L2SharedConfig& c) {
  const double bytes = static_cast<double>(c.blocks) * c.threads * c.passes *
                       kL2SharedLoadsPerPass * kVectorFloats * sizeof(float);
  return {.precision = roofline::Precision::fp32,
          .flops = 0,
          .bytes = bytes,
          .bytes_write_allocate = bytes,
          .working_set = static_cast<double>(l2_shared_vectors(c)) * kVectorFloats * sizeof(float)};
}

void check_l2_shared_config(const L2SharedConfig& c, const std::string& what) {
  using roofline::InputError;
  if (c.threads < 4 || c.threads % 4 != 0)
    throw InputError(what + ": " + std::to_string(c.threads) +
                     " threads per block is not a positive multiple of 4");
  if (c.blocks < 1 || c.readers < 1)
    throw InputError(what + ": no blocks, or readers per slice below 1");
  // A thread's float sum stays exact below 2^24: at most passes × loads × 4 × 4.
  if (c.passes < 1 ||
      static_cast<double>(c.passes) * kL2SharedLoadsPerPass * kVectorFloats * 4 >= (1 << 24))
    throw InputError(what + ": passes " + std::to_string(c.passes) +
                     " is below 1 or too many for an exact float sum");
}

roofline::Verification verify_l2_shared(const L2SharedConfig& c, const std::vector<float>& sums) {
  char message[200];
  for (std::size_t t = 0; t < sums.size(); ++t) {
    const int block = static_cast<int>(t / c.threads), thread = static_cast<int>(t % c.threads);
    const double expected = exact_sum(c, thread, block / c.readers);
    if (sums[t] == expected) continue;
    std::snprintf(message, sizeof message,
                  "thread %zu (block %d) summed %.9g, expected %.9g exactly", t, block, sums[t],
                  expected);
    const double error = std::abs(sums[t] - expected);
    return {.passed = false,
            .max_error = std::isnan(error) ? INFINITY : error,
            .tolerance = 0,
            .message = message};
  }
  std::snprintf(message, sizeof message,
                "all %zu threads summed their %d loads of their block's slice exactly", sums.size(),
                c.passes * kL2SharedLoadsPerPass);
  return {.passed = true, .max_error = 0, .tolerance = 0, .message = message};
}

nlohmann::json l2_shared_params(const L2SharedConfig& c) {
  return {{"kernel", "read"},
          {"readers", c.readers},
          {"blocks", c.blocks},
          {"threads_per_block", c.threads},
          {"passes", c.passes},
          {"loads_per_pass", kL2SharedLoadsPerPass},
          {"slices", l2_shared_slices(c)},
          {"working_set", l2_shared_work(c).working_set}};
}

std::optional<roofline::MemoryCeiling> l2_shared_ceiling(
    const std::vector<roofline::Result>& results, int threads, const std::string& how) {
  const roofline::Result* best = nullptr;
  std::string rates;
  char text[80];
  for (const roofline::Result& r : results) {
    if (!r.ok()) continue;
    std::snprintf(text, sizeof text, "%sD = %d: %.4g TB/s", rates.empty() ? "" : ", ",
                  r.params.at("readers").get<int>(), roofline::bandwidth(r) / 1e12);
    rates += text;
    if (!best || roofline::bandwidth(r) > roofline::bandwidth(*best)) best = &r;
  }
  if (!best) return std::nullopt;
  std::vector<double> samples;
  for (double seconds : best->samples) samples.push_back(best->work.bytes / seconds);
  std::snprintf(text, sizeof text, "D = %d blocks read each slice at about the same time",
                best->params.at("readers").get<int>());
  return roofline::MemoryCeiling{
      .level = kL2SharedLevel,
      .kernel = "read",
      .threads = threads,
      .bytes_per_s = roofline::summarize(samples),
      .working_set_min = best->work.working_set,
      .working_set_max = best->work.working_set,
      .method = std::string(text) + " (" + best->params.dump() + "); " + how +
                "; every thread's sum checked exactly; the best of " + rates +
                " (bytes delivered to the SMs: the L2's request coalescer serves the readers of "
                "a line with one lookup, so this is not the L2's rate of distinct lines)",
      .sensors = best->sensors};
}

std::string l2_shared_implausible(const roofline::MemoryCeiling& c, double load_path) {
  if (load_path <= 0 || c.bytes_per_s.median <= load_path) return "";
  char text[240];
  std::snprintf(
      text, sizeof text,
      "Shared-line delivery: %.4g TB/s is above the %.4g TB/s shared memory reads at, which "
      "is as fast as the SMs take in loads: not every load written ran (merged by the "
      "compiler?); not recorded",
      c.bytes_per_s.median / 1e12, load_path / 1e12);
  return text;
}

}  // namespace probes
