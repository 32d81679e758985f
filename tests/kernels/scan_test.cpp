// The scan family on the CPU: every variant of the ladder × element type × kind at lengths that
// are not multiples of any vector, unroll or block, from misaligned arrays and in place, checked
// with verify_scan; the algorithms' declared passes; and the cases.
#include "kernels/cpu/scan.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/scan_cases.hpp"
#include "kernels/inputs.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/scan.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;

constexpr std::size_t kLengths[] = {0, 1, 7, 8, 15, 16, 17, 1000, 4097};
// Elements past a 64-byte boundary of x and of out: aligned; misaligned differently; in place
// (out is x), misaligned.
constexpr std::size_t kInPlace = 99;
constexpr std::array<std::pair<std::size_t, std::size_t>, 3> kOffsets = {
    {{0, 0}, {1, 3}, {5, kInPlace}}};

// n elements starting `offset` elements past a 64-byte boundary, filled with inputs of `seed`
// (or with `fill` when seed is 0).
template <class T>
class Array {
 public:
  Array(std::size_t n, std::size_t offset, std::uint64_t seed, T fill = T{})
      : buffer_(n + offset + 1) {
    data_ = buffer_.data() + offset;
    for (std::size_t i = 0; i < n; ++i) data_[i] = seed ? input_as<T>(seed, i) : fill;
  }
  T* data() const { return data_; }

 private:
  Buffer<T> buffer_;
  T* data_;
};

template <class T>
T poison() {
  if constexpr (std::is_integral_v<T>) {
    return std::numeric_limits<T>::min();
  } else {
    return std::numeric_limits<T>::quiet_NaN();
  }
}

// Every row of the ladder with chunks small enough that the longer lengths span many, every SIMD
// level for the sequential loops too, and one thread in chunks.
std::vector<ScanCall> all_calls() {
  std::vector<ScanCall> calls;
  for (const ScanVariant& v : scan_ladder(omp_get_max_threads(), 512)) calls.push_back(v.call);
  for (Isa isa : supported_isas()) {
    calls.push_back({.technique = ScanTechnique::plain, .isa = isa, .unroll = 8});
    calls.push_back({.technique = ScanTechnique::std_library, .isa = isa});
  }
  calls.push_back(
      {.technique = ScanTechnique::cache_partitioned, .isa = best_isa(), .block_bytes = 4096});
  return calls;
}

// The calls above with each store their technique has.
std::vector<ScanCall> with_stores(std::vector<ScanCall> calls) {
  for (std::size_t k = 0, n = calls.size(); k < n; ++k)
    if (scan_streams(calls[k].technique)) {
      calls.push_back(calls[k]);
      calls.back().store = Store::nontemporal;
    }
  return calls;
}

std::string describe(const ScanCall& call, std::size_t n) {
  return scan_variant_name(call) + " " + std::string(to_string(call.kind)) + " " +
         std::string(to_string(call.store)) + " block_bytes=" + std::to_string(call.block_bytes) +
         " n=" + std::to_string(n);
}

template <class T>
void check_every_variant() {
  for (ScanCall call : with_stores(all_calls()))
    for (ScanKind kind : kScanKinds) {
      call.kind = kind;
      for (std::size_t n : kLengths)
        for (const auto& [x_offset, out_offset] : kOffsets) {
          SCOPED_TRACE(describe(call, n) + " " + std::string(to_string(precision_of<T>())) +
                       " offsets " + std::to_string(x_offset) + "/" + std::to_string(out_offset));
          const Array<T> x(n, x_offset, 31);
          const Array<T> out(n, out_offset == kInPlace ? 0 : out_offset, 0, poison<T>());
          const Array<T> copy(n, 0, 31);  // the inputs, for the check of an in-place scan
          T* destination = out_offset == kInPlace ? x.data() : out.data();
          scan_run(call, x.data(), destination, n);
          const auto v = verify_scan<T>(kind, copy.data(), destination, n);
          ASSERT_TRUE(v.passed) << v.message;
        }
    }
}

TEST(ScanRun, EveryVariantInt32) { check_every_variant<std::int32_t>(); }
TEST(ScanRun, EveryVariantFloat) { check_every_variant<float>(); }
TEST(ScanRun, EveryVariantDouble) { check_every_variant<double>(); }

// Three threads split a length into uneven blocks. On a 2-core machine a team of three waits for
// the scheduler at every pass (milliseconds), hence few lengths; there a chunk's predecessor is
// often descheduled, and its sum taken by the thread that waits for it.
TEST(ScanRun, ThreeThreadsSplitUnevenly) {
  for (ScanTechnique t : {ScanTechnique::reduce_then_scan, ScanTechnique::scan_then_fan,
                          ScanTechnique::cache_partitioned})
    for (ScanKind kind : kScanKinds)
      for (std::size_t n : {std::size_t{17}, std::size_t{4097}}) {
        const ScanCall call{
            .kind = kind, .technique = t, .isa = best_isa(), .threads = 3, .block_bytes = 256};
        SCOPED_TRACE(describe(call, n));
        const Array<float> x(n, 1, 31), out(n, 2, 0, poison<float>());
        scan_run(call, x.data(), out.data(), n);
        const auto v = verify_scan<float>(kind, x.data(), out.data(), n);
        EXPECT_TRUE(v.passed) << v.message;
      }
}

// In place, a chunk's owner that found its predecessor's inclusive sum (or the first chunk's)
// scans at once and publishes nothing until it is done: a waiter must not sum that chunk itself,
// its elements half overwritten. Chunks of 8 MiB take longer to scan than a waiter spins before
// its fallback, on every CPU, so the second chunk's owner reaches the first one unfinished.
TEST(ScanRun, InPlaceChunksLongerThanTheSpinBound) {
  constexpr std::size_t kChunkBytes = std::size_t{8} << 20;
  const std::size_t n = 2 * kChunkBytes / sizeof(std::int32_t) + 1;
  for (ScanKind kind : kScanKinds) {
    const ScanCall call{.kind = kind,
                        .technique = ScanTechnique::cache_partitioned,
                        .isa = best_isa(),
                        .threads = 2,
                        .block_bytes = kChunkBytes};
    SCOPED_TRACE(describe(call, n) + " in place");
    const Array<std::int32_t> x(n, 5, 31), copy(n, 0, 31);
    scan_run(call, x.data(), x.data(), n);
    const auto v = verify_scan<std::int32_t>(kind, copy.data(), x.data(), n);
    EXPECT_TRUE(v.passed) << v.message;
  }
}

// Chunks of one cache line.
TEST(ScanRun, ChunksOfOneLine) {
  for (ScanKind kind : kScanKinds)
    for (std::size_t n : {std::size_t{15}, std::size_t{16}, std::size_t{17}, std::size_t{4097}}) {
      const ScanCall call{.kind = kind,
                          .technique = ScanTechnique::cache_partitioned,
                          .isa = best_isa(),
                          .threads = 2,
                          .block_bytes = 64};
      SCOPED_TRACE(describe(call, n));
      const Array<std::int32_t> x(n, 3, 31), out(n, 0, 0, poison<std::int32_t>());
      scan_run(call, x.data(), out.data(), n);
      const auto v = verify_scan<std::int32_t>(kind, x.data(), out.data(), n);
      EXPECT_TRUE(v.passed) << v.message;
    }
}

TEST(ScanRun, IntegersWrapAroundTheSameInEveryVariant) {
  const std::size_t n = 1003;
  std::vector<std::int32_t> x(n, (1 << 30) + 7), out(n);  // the sums wrap many times
  for (ScanCall call : all_calls())
    for (ScanKind kind : kScanKinds) {
      call.kind = kind;
      scan_run(call, x.data(), out.data(), n);
      std::uint32_t sum = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (kind == ScanKind::inclusive) sum += static_cast<std::uint32_t>(x[i]);
        ASSERT_EQ(out[i], static_cast<std::int32_t>(sum)) << describe(call, n) << " at " << i;
        if (kind == ScanKind::exclusive) sum += static_cast<std::uint32_t>(x[i]);
      }
    }
}

TEST(ScanRun, RejectsCallsThatCannotRun) {
  std::vector<float> x(8), out(8);
  const auto throws = [&](const ScanCall& call) {
    EXPECT_THROW(scan_run(call, x.data(), out.data(), 8), std::invalid_argument)
        << scan_variant_name(call);
  };
  throws({.technique = ScanTechnique::reduce_then_scan, .threads = 0});
  throws({.technique = ScanTechnique::simd, .threads = 2});
  throws({.technique = ScanTechnique::plain, .unroll = 3});
  throws({.technique = ScanTechnique::cache_partitioned, .threads = 2, .block_bytes = 32});
  throws({.technique = ScanTechnique::scan_then_fan, .threads = 2, .store = Store::nontemporal});
  throws({.technique = ScanTechnique::plain, .store = Store::nontemporal});
  EXPECT_THROW(scan_run({}, static_cast<const float*>(nullptr), out.data(), 8),
               std::invalid_argument);
  EXPECT_NO_THROW(scan_run({}, static_cast<const float*>(nullptr), nullptr, 0));
}

TEST(ScanVariants, AreNamedByTechniqueAndDeclareTheirAlgorithmsPasses) {
  const Isa top = static_cast<Isa>(kIsaLevels - 1), next = static_cast<Isa>(kIsaLevels - 2);
  const ScanCall simd{.technique = ScanTechnique::simd, .isa = next};
  EXPECT_EQ(scan_variant_name(simd), std::string(to_string(next)) + "_logstep");
  EXPECT_EQ(scan_variant_name({.technique = ScanTechnique::plain}), "plain");
  EXPECT_EQ(scan_variant_name({.technique = ScanTechnique::plain, .unroll = 4}), "unroll4");
  EXPECT_EQ(scan_variant_name({.technique = ScanTechnique::std_library}), "std_inclusive_scan");
  EXPECT_EQ(
      scan_variant_name({.kind = ScanKind::exclusive, .technique = ScanTechnique::std_library}),
      "std_exclusive_scan");
  const ScanCall fan{.technique = ScanTechnique::scan_then_fan, .isa = top, .threads = 4};
  EXPECT_EQ(scan_variant_name(fan), "scan_then_fan_" + std::string(to_string(top)) + "_4t");
  EXPECT_EQ(scan_passes(simd), 2);
  EXPECT_EQ(scan_passes(fan), 3.5);  // the first block is not fanned
  EXPECT_EQ(scan_passes({.technique = ScanTechnique::reduce_then_scan, .threads = 4}), 2.75);
  EXPECT_EQ(scan_passes({.technique = ScanTechnique::reduce_then_scan, .threads = 1}), 2);
  EXPECT_EQ(scan_passes({.technique = ScanTechnique::cache_partitioned, .threads = 4}), 2);
}

TEST(ScanLadder, HasTheStudysLoopsEveryLevelAndEveryThreadCount) {
  const auto ladder = scan_ladder(8, 1 << 18);
  std::set<std::string> names, quick;
  for (const ScanVariant& v : ladder) {
    names.insert(scan_variant_name(v.call));
    if (v.quick) quick.insert(scan_variant_name(v.call));
  }
  EXPECT_EQ(names.size(), ladder.size()) << "two rows share a name";
  const std::string best(to_string(best_isa()));
  for (const char* name :
       {"plain", "unroll2", "unroll4", "unroll8", "std_inclusive_scan", "std_exclusive_scan"})
    EXPECT_TRUE(names.contains(name)) << name;
  for (Isa isa : supported_isas()) {
    const std::string level(to_string(isa));
    EXPECT_TRUE(names.contains(level + "_logstep"));
    for (int t : {2, 4, 8})
      for (const char* technique : {"reduce_then_scan", "scan_then_fan", "cache_partitioned"})
        EXPECT_TRUE(
            names.contains(std::string(technique) + "_" + level + "_" + std::to_string(t) + "t"));
  }
  EXPECT_EQ(quick, (std::set<std::string>{"plain", "std_inclusive_scan", "std_exclusive_scan",
                                          best + "_logstep", "reduce_then_scan_" + best + "_8t",
                                          "scan_then_fan_" + best + "_8t",
                                          "cache_partitioned_" + best + "_8t"}));
  // One thread: no multithreaded rows.
  for (const ScanVariant& v : scan_ladder(1, 1 << 18)) EXPECT_EQ(v.call.threads, 1);
}

TEST(ScanCases, DeclareTheirPassesAndVerify) {
  roofline::Device device;
  device.id = "cpu";
  device.backend = "cpu";
  device.caches = {{"L1", 32 * 1024, 2, 1}, {"L2", 512 * 1024, 2, 1}};
  EXPECT_EQ(scan_block_bytes(device), 256u << 10);
  EXPECT_EQ(scan_store({.technique = ScanTechnique::simd}, true), Store::nontemporal);
  EXPECT_EQ(scan_store({.technique = ScanTechnique::simd}, false), Store::temporal);
  EXPECT_EQ(scan_store({.technique = ScanTechnique::std_library}, true), Store::temporal);
  EXPECT_EQ(scan_store({.technique = ScanTechnique::scan_then_fan}, true), Store::temporal);
  const ScanCall fan{.kind = ScanKind::exclusive,
                     .technique = ScanTechnique::scan_then_fan,
                     .isa = best_isa(),
                     .threads = 2};
  for (Precision p : {Precision::int32, Precision::fp32, Precision::fp64}) {
    auto c = make_scan_case(device, fan, p, 1003);
    const roofline::CaseInfo& info = c->info();
    EXPECT_EQ(info.params.at("kind"), "exclusive");
    EXPECT_EQ(info.params.at("n"), 1003);
    EXPECT_EQ(info.work.bytes, 2 * 1003 * roofline::size_of(p));
    EXPECT_EQ(info.work.algorithm_bytes, 3 * 1003 * roofline::size_of(p));
    EXPECT_EQ(info.params.count("store"), 0u);  // it has none to choose
    c->prepare();
    const auto v = c->verify();
    EXPECT_TRUE(v.passed) << v.message;
    c->run();
    c->release();
  }
}

}  // namespace
}  // namespace kernels::cpu
