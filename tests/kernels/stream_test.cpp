// The stream family: declared work, the verification, and every CPU kernel at awkward sizes.
#include "kernels/cpu/stream.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <tuple>

#include "guarded.hpp"
#include "kernels/stream.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;
using testing::Guarded;

TEST(StreamWork, CountsBytesAsReferencedPlusWriteAllocate) {
  const auto triad = stream_work(StreamOp::triad, Precision::fp32, 1000, Store::temporal);
  EXPECT_EQ(triad.flops, 2000);
  EXPECT_EQ(triad.bytes, 12000);
  EXPECT_EQ(triad.bytes_write_allocate, 16000);
  EXPECT_EQ(triad.working_set, 12000);
  EXPECT_EQ(triad.precision, Precision::fp32);

  const auto triad_nt = stream_work(StreamOp::triad, Precision::fp64, 1000, Store::nontemporal);
  EXPECT_EQ(triad_nt.bytes, 24000);
  EXPECT_EQ(triad_nt.bytes_write_allocate, 24000);

  const auto copy = stream_work(StreamOp::copy, Precision::fp64, 10, Store::temporal);
  EXPECT_EQ(copy.flops, 0);
  EXPECT_EQ(copy.bytes, 160);
  EXPECT_EQ(copy.bytes_write_allocate, 240);

  const auto read = stream_work(StreamOp::read, Precision::fp32, 10, Store::temporal);
  EXPECT_EQ(read.flops, 10);
  EXPECT_EQ(read.bytes, 40);
  EXPECT_EQ(read.bytes_write_allocate, 40);  // no output, nothing to allocate

  const auto dot = stream_work(StreamOp::dot, Precision::fp64, 10, Store::temporal);
  EXPECT_EQ(dot.flops, 20);
  EXPECT_EQ(dot.bytes, 160);
  EXPECT_DOUBLE_EQ(dot.arithmetic_intensity(), 0.125);

  const auto write = stream_work(StreamOp::write, Precision::fp32, 10, Store::temporal);
  EXPECT_EQ(write.bytes, 40);
  EXPECT_EQ(write.bytes_write_allocate, 80);
  EXPECT_EQ(stream_work(StreamOp::scale, Precision::fp32, 10, Store::temporal).flops, 10);

  // daxpy reads and writes its output: 3 arrays moved, 2 in memory, and the store hits lines it
  // has just read, so no write-allocate traffic with either store.
  for (Store store : {Store::temporal, Store::nontemporal}) {
    const auto daxpy = stream_work(StreamOp::daxpy, Precision::fp64, 10, store);
    EXPECT_EQ(daxpy.flops, 20);
    EXPECT_EQ(daxpy.bytes, 240);
    EXPECT_EQ(daxpy.bytes_write_allocate, 240);
    EXPECT_EQ(daxpy.working_set, 160);
  }
  EXPECT_EQ(stream_work(StreamOp::add, Precision::fp32, 10, Store::temporal).bytes, 120);
}

TEST(StreamOps, AreFoundByTheirNames) {
  for (kernels::StreamOp op : kernels::kStreamOps)
    EXPECT_EQ(kernels::stream_op_named(kernels::to_string(op)), op) << kernels::to_string(op);
  EXPECT_FALSE(kernels::stream_op_named("triadd").has_value());
  EXPECT_FALSE(kernels::stream_op_named("").has_value());
}

TEST(StreamVerify, CatchesOneElementOffAndOneElementMissing) {
  const std::size_t n = 1000;
  Guarded<float> out(n, 0, 1), in1(n, 0, 2), in2(n, 0, 3);
  const StreamCall call{StreamOp::triad, Store::temporal, 1, 1, best_isa()};
  out.poison();
  stream_run(call, out.data(), in1.data(), in2.data(), n - 1, 3.0f);
  auto v = verify_stream_output(StreamOp::triad, out.data(), in1.data(), in2.data(), n, 3.0f);
  EXPECT_FALSE(v.passed);
  EXPECT_NE(v.message.find("element 999"), std::string::npos) << v.message;

  stream_run(call, out.data(), in1.data(), in2.data(), n, 3.0f);
  EXPECT_TRUE(
      verify_stream_output(StreamOp::triad, out.data(), in1.data(), in2.data(), n, 3.0f).passed);
  out.data()[417] = std::nextafter(std::nextafter(out.data()[417], 0.0f), 0.0f) * 1.00001f;
  v = verify_stream_output(StreamOp::triad, out.data(), in1.data(), in2.data(), n, 3.0f);
  EXPECT_FALSE(v.passed);
  EXPECT_NE(v.message.find("element 417"), std::string::npos) << v.message;
  EXPECT_GT(v.max_error, v.tolerance);

  // Copy must be exact: one ulp off fails.
  stream_run({StreamOp::copy, Store::temporal, 1, 1, best_isa()}, out.data(), in1.data(), nullptr,
             n, 0.0f);
  out.data()[3] = std::nextafter(out.data()[3], 10.0f);
  EXPECT_FALSE(
      verify_stream_output<float>(StreamOp::copy, out.data(), in1.data(), nullptr, n, 0).passed);
}

TEST(StreamVerify, CatchesADaxpyOneElementOffOrFromTheWrongStart) {
  const std::size_t n = 1000;
  Guarded<double> out(n, 0, 1), in1(n, 0, 2);
  const auto out0 = [&out](std::size_t i) { return out.initial(i); };
  stream_run({StreamOp::daxpy, Store::temporal, 2, 1, best_isa()}, out.data(), in1.data(), nullptr,
             n, 3.0);
  EXPECT_TRUE(
      verify_stream_output<double>(StreamOp::daxpy, out.data(), in1.data(), nullptr, n, 3.0, out0)
          .passed);
  // Checked from other initial values (zeros: as if the kernel had ignored the old output), fails.
  EXPECT_FALSE(verify_stream_output<double>(StreamOp::daxpy, out.data(), in1.data(), nullptr, n,
                                            3.0, [](std::size_t) { return 0.0; })
                   .passed);
  EXPECT_THROW(verify_stream_output(StreamOp::daxpy, out.data(), in1.data(),
                                    static_cast<const double*>(nullptr), n, 3.0),
               std::invalid_argument);
  out.data()[417] += 1e-12;  // far below any input, far above the rounding of one element
  const auto v =
      verify_stream_output<double>(StreamOp::daxpy, out.data(), in1.data(), nullptr, n, 3.0, out0);
  EXPECT_FALSE(v.passed);
  EXPECT_NE(v.message.find("element 417"), std::string::npos) << v.message;
}

TEST(StreamVerify, CatchesASumMissingOneElement) {
  const std::size_t n = 1000;
  for (StreamOp op : {StreamOp::read, StreamOp::dot}) {
    Guarded<float> in1(n, 0, 2), in2(n, 0, 3);
    const StreamCall call{op, Store::temporal, 2, 1, best_isa()};
    const double all = stream_run(call, nullptr, in1.data(), in2.data(), n, 0.0f);
    EXPECT_TRUE(verify_stream_sum(op, all, in1.data(), in2.data(), n).passed);
    const double short_by_one = stream_run(call, nullptr, in1.data(), in2.data(), n - 1, 0.0f);
    EXPECT_FALSE(verify_stream_sum(op, short_by_one, in1.data(), in2.data(), n).passed);
    EXPECT_FALSE(verify_stream_sum(op, std::nan(""), in1.data(), in2.data(), n).passed);
  }
}

enum class Technique { simd, plain };

template <class T>
double run(Technique technique, const StreamCall& call, T* out, const T* in1, const T* in2,
           std::size_t n, T s) {
  return technique == Technique::plain ? stream_plain(call, out, in1, in2, n, s)
                                       : stream_run(call, out, in1, in2, n, s);
}

// Many passes of daxpy in one call (output fed back as input) stay within the rounding errors of
// the passes around the initial values: s alternates sign, so an even number of passes cancels.
template <class T>
void check_daxpy_stays_bounded(Technique technique, Isa isa) {
  const std::size_t n = 1003;
  const int passes = 1000;
  const T s = 3;
  Guarded<T> out(n, 1, 1), in1(n, 0, 2);
  for (int threads : {1, 2, 3}) {
    const bool balanced = threads == 3;
    if (balanced && technique == Technique::plain) continue;
    SCOPED_TRACE(::testing::Message() << to_string(isa) << " " << sizeof(T) * 8
                                      << "-bit threads=" << threads << " balanced " << balanced);
    out.reset();
    run<T>(technique, {StreamOp::daxpy, Store::temporal, threads, passes, isa, balanced},
           out.data(), in1.data(), nullptr, n, s);
    const double u = std::numeric_limits<T>::epsilon() / 2;
    for (std::size_t i = 0; i < n; ++i) {
      const double o0 = out.initial(i), bound = passes * 2 * u * (std::fabs(o0) + 2 * s * 1.5);
      ASSERT_TRUE(std::isfinite(out.data()[i])) << i;
      ASSERT_LE(std::fabs(out.data()[i] - o0), bound) << i;
    }
    EXPECT_TRUE(out.guards_intact());
  }
}

// Every kernel of one ISA level and op: sizes 1, 7, 4·8·8+13 (every sum stream gets a whole
// number of steps, leftovers follow) and 1000003 (fp64 sums of one or two threads stagger their
// segments), views aligned and not (output and inputs at
// different offsets from a cache line), 1 and 2 threads and (SIMD) 7 threads balanced, both
// stores, 3 passes. daxpy starts from known output values and makes one pass: its passes
// alternate the sign of s. At 1000003 elements, 7 threads share out 15-31 chunks a pass.
class StreamKernels : public ::testing::TestWithParam<std::tuple<Isa, StreamOp>> {
 protected:
  template <class T>
  void check_all(Technique technique) {
    const auto [isa, op] = GetParam();
    const bool nontemporal = stream_stores(op) && technique == Technique::simd;
    for (std::size_t n : {1, 7, 4 * 8 * 8 + 13, 1000003})
      for (auto [o_out, o_in] : {std::pair<std::size_t, std::size_t>{0, 0}, {1, 3}, {5, 2}}) {
        if (n > 1000 && o_out == 5) continue;  // the head and tail paths are covered at small n
        Guarded<T> out(n, o_out, 1), in1(n, o_in, 2), in2(n, o_in + 1, 3);
        for (int threads : {1, 2, 7})
          for (Store store : {Store::temporal, Store::nontemporal}) {
            if (store == Store::nontemporal && !nontemporal) continue;
            const bool balanced = threads == 7;
            if (balanced && technique == Technique::plain) continue;
            SCOPED_TRACE(::testing::Message()
                         << to_string(isa) << " " << to_string(op) << " " << sizeof(T) * 8
                         << "-bit n=" << n << " offsets " << o_out << "," << o_in << " threads="
                         << threads << (balanced ? " balanced " : " ") << to_string(store));
            if (stream_in_place(op)) {
              out.reset();
            } else {
              out.poison();
            }
            const StreamCall call{op, store, threads, stream_in_place(op) ? 1 : 3, isa, balanced};
            const T s = 3;
            const double sum = run(technique, call, out.data(), in1.data(), in2.data(), n, s);
            const roofline::Verification v =
                stream_stores(op)
                    ? verify_stream_output<T>(op, out.data(), in1.data(), in2.data(), n, s,
                                              [&out](std::size_t i) { return out.initial(i); })
                    : verify_stream_sum(op, sum, in1.data(), in2.data(), n);
            EXPECT_TRUE(v.passed) << v.message;
            EXPECT_TRUE(out.guards_intact() && in1.guards_intact() && in2.guards_intact());
          }
      }
  }
};

TEST_P(StreamKernels, SimdMatchesTheReference) {
  check_all<float>(Technique::simd);
  check_all<double>(Technique::simd);
}

TEST_P(StreamKernels, PlainMatchesTheReference) {
  check_all<float>(Technique::plain);
  check_all<double>(Technique::plain);
}

TEST(StreamRun, DaxpyPassesKeepTheValuesBounded) {
  for (Isa isa : supported_isas())
    for (Technique technique : {Technique::simd, Technique::plain}) {
      check_daxpy_stays_bounded<float>(technique, isa);
      check_daxpy_stays_bounded<double>(technique, isa);
    }
}

INSTANTIATE_TEST_SUITE_P(SupportedIsas, StreamKernels,
                         ::testing::Combine(::testing::ValuesIn(supported_isas()),
                                            ::testing::ValuesIn(kStreamOps)),
                         [](const auto& info) {
                           return std::string(to_string(std::get<0>(info.param))) + "_" +
                                  std::string(to_string(std::get<1>(info.param)));
                         });

TEST(StreamRun, RejectsCallsThatCannotRun) {
  float a[4] = {1, 2, 3, 4}, b[4] = {};
  EXPECT_THROW(
      stream_run({StreamOp::copy, Store::temporal, 0, 1, kBaselineIsa}, b, a, nullptr, 4, 1.0f),
      std::invalid_argument);
  EXPECT_THROW(
      stream_run({StreamOp::copy, Store::temporal, 1, 0, kBaselineIsa}, b, a, nullptr, 4, 1.0f),
      std::invalid_argument);
  EXPECT_THROW(
      stream_run({StreamOp::add, Store::temporal, 1, 1, kBaselineIsa}, b, a, nullptr, 4, 1.0f),
      std::invalid_argument);
  EXPECT_THROW(stream_plain({StreamOp::copy, Store::nontemporal, 1, 1, kBaselineIsa}, b, a, nullptr,
                            4, 1.0f),
               std::invalid_argument);
  EXPECT_THROW(stream_plain({StreamOp::copy, Store::temporal, 2, 1, kBaselineIsa, true}, b, a,
                            nullptr, 4, 1.0f),
               std::invalid_argument);
  const Isa widest = static_cast<Isa>(kIsaLevels - 1);
  if (!cpu_supports(widest)) {
    EXPECT_THROW(
        stream_run({StreamOp::copy, Store::temporal, 1, 1, widest}, b, a, nullptr, 4, 1.0f),
        std::invalid_argument);
  }
}

}  // namespace
}  // namespace kernels::cpu
