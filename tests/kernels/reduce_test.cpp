// The reduce family: declared work, sizes, the tolerance and the check, every CPU variant of the
// ladder × element type at awkward sizes and alignments, and its cases.
#include "kernels/cpu/reduce.hpp"

#include <gtest/gtest.h>
#include <omp.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <set>
#include <string>
#include <vector>

#include "kernels/cpu/buffer.hpp"
#include "kernels/cpu/cases.hpp"
#include "kernels/cpu/openblas.hpp"
#include "kernels/cpu/reduce_cases.hpp"
#include "kernels/inputs.hpp"
#include "kernels/reduce.hpp"
#include "kernels/tolerance.hpp"

namespace kernels::cpu {
namespace {

using roofline::Precision;

// n inputs starting `offset` elements past a 64-byte boundary (vector_size alignment is not
// assumed by any kernel).
template <class T>
class Input {
 public:
  Input(std::size_t n, std::size_t offset, std::uint64_t seed) : buffer_(n + offset + 1) {
    data_ = buffer_.data() + offset;
    for (std::size_t i = 0; i < n; ++i) data_[i] = input_as<T>(seed, i);
  }
  T* data() const { return data_; }

 private:
  Buffer<T> buffer_;
  T* data_;
};

TEST(ReduceWork, FollowsTheBlasCountAndReadsEachInputOnce) {
  const auto sum = reduce_work(ReduceOp::sum, Precision::fp32, 1000);
  EXPECT_EQ(sum.flops, 1000);
  EXPECT_EQ(sum.bytes, 4000);
  EXPECT_EQ(sum.bytes_write_allocate, 4000);
  EXPECT_EQ(sum.working_set, 4000);
  EXPECT_EQ(sum.precision, Precision::fp32);

  const auto dot = reduce_work(ReduceOp::dot, Precision::fp64, 1000);
  EXPECT_EQ(dot.flops, 2000);
  EXPECT_EQ(dot.bytes, 16000);
  EXPECT_DOUBLE_EQ(dot.arithmetic_intensity(), 0.125);

  EXPECT_EQ(reduce_work(ReduceOp::dot, Precision::int32, 10).bytes, 80);
  EXPECT_EQ(reduce_work(ReduceOp::sum, Precision::fp64, 0).flops, 0);
}

TEST(ReduceTolerance, IsExactForOneTermRigorousWhenShortProbabilisticWhenLong) {
  const double u = std::numeric_limits<float>::epsilon() / 2;
  EXPECT_EQ(accumulation_tolerance<float>(Terms::values, 0), 0);
  EXPECT_EQ(accumulation_tolerance<float>(Terms::values, 1), 0);
  EXPECT_DOUBLE_EQ(accumulation_tolerance<float>(Terms::values, 2), u / (1 - u));    // γ_1
  EXPECT_DOUBLE_EQ(accumulation_tolerance<float>(Terms::products, 1), u / (1 - u));  // one product
  EXPECT_DOUBLE_EQ(accumulation_tolerance<float>(Terms::values, 10001), 6 * 100 * u);
  // Beyond k·u ≥ 1 the worst-case bound is void; the probabilistic one still bounds it.
  EXPECT_DOUBLE_EQ(accumulation_tolerance<float>(Terms::products, std::size_t{1} << 26),
                   6 * 8192 * u);
  EXPECT_LT(accumulation_tolerance<double>(Terms::products, 1 << 20),
            accumulation_tolerance<float>(Terms::products, 1 << 20));
  EXPECT_EQ(accumulation_tolerance<std::int32_t>(Terms::products, 1 << 20), 0);
}

TEST(ReduceVerify, IntegersAreExactModulo2To32) {
  const std::size_t n = 4;
  std::vector<std::int32_t> x(n, std::numeric_limits<std::int32_t>::max() / 2 + 1);  // 2^30
  // 4 · 2^30 = 2^32 wraps to 0; the int64 reference is 2^32.
  const auto v = verify_reduce<std::int32_t>(ReduceOp::sum, 0, x.data(), nullptr, n);
  EXPECT_TRUE(v.passed) << v.message;
  EXPECT_NE(v.message.find("4294967296"), std::string::npos) << v.message;
  EXPECT_FALSE(verify_reduce<std::int32_t>(ReduceOp::sum, 1, x.data(), nullptr, n).passed);
  // dot: 2^30 · 2^30 · 4 = 2^62 ≡ 0.
  EXPECT_TRUE(verify_reduce<std::int32_t>(ReduceOp::dot, 0, x.data(), x.data(), n).passed);
}

TEST(ReduceVerify, CatchesAWrongFloatResult) {
  const std::size_t n = 1000;
  const Input<float> x(n, 0, 1), y(n, 0, 2);
  for (ReduceOp op : {ReduceOp::sum, ReduceOp::dot}) {
    SCOPED_TRACE(std::string(to_string(op)));
    long double exact = 0;
    for (std::size_t i = 0; i < n; ++i)
      exact +=
          op == ReduceOp::dot ? static_cast<long double>(x.data()[i]) * y.data()[i] : x.data()[i];
    const auto right = static_cast<float>(exact);
    EXPECT_TRUE(verify_reduce(op, right, x.data(), y.data(), n).passed);
    // A result missing one term (every term is ≥ 0.25 in magnitude) fails.
    const float last = op == ReduceOp::dot ? x.data()[n - 1] * y.data()[n - 1] : x.data()[n - 1];
    const auto v = verify_reduce(op, right - last, x.data(), y.data(), n);
    EXPECT_FALSE(v.passed) << v.message;
    EXPECT_GT(v.max_error, v.tolerance);
    EXPECT_FALSE(verify_reduce(op, std::nanf(""), x.data(), y.data(), n).passed);
  }
  // Size 0 must give exactly 0, size 1 exactly the element.
  EXPECT_TRUE(verify_reduce<double>(ReduceOp::sum, 0.0, nullptr, nullptr, 0).passed);
  EXPECT_FALSE(verify_reduce<double>(ReduceOp::sum, 1e-300, nullptr, nullptr, 0).passed);
  const float one = x.data()[0];
  EXPECT_TRUE(verify_reduce<float>(ReduceOp::sum, one, x.data(), nullptr, 1).passed);
  EXPECT_FALSE(
      verify_reduce<float>(ReduceOp::sum, std::nextafter(one, 2.0f), x.data(), nullptr, 1).passed);
}

// A maximum is exact: the largest element passes, its neighbours in float and any other value
// fail; no elements give the lowest finite value (CUB's).
TEST(ReduceVerify, AMaximumIsTheLargestElementExactly) {
  const std::size_t n = 1000;
  const Input<float> x(n, 0, 1);
  const float largest = *std::max_element(x.data(), x.data() + n);
  EXPECT_TRUE(verify_reduce<float>(ReduceOp::max, largest, x.data(), nullptr, n).passed);
  EXPECT_FALSE(
      verify_reduce<float>(ReduceOp::max, std::nextafter(largest, 0.0f), x.data(), nullptr, n)
          .passed);
  EXPECT_FALSE(
      verify_reduce<float>(ReduceOp::max, std::nextafter(largest, 1e9f), x.data(), nullptr, n)
          .passed);
  EXPECT_FALSE(verify_reduce<float>(ReduceOp::max, std::nanf(""), x.data(), nullptr, n).passed);
  EXPECT_TRUE(verify_reduce<double>(ReduceOp::max, std::numeric_limits<double>::lowest(), nullptr,
                                    nullptr, 0)
                  .passed);
  EXPECT_TRUE(verify_reduce<std::int32_t>(
                  ReduceOp::max, std::numeric_limits<std::int32_t>::lowest(), nullptr, nullptr, 0)
                  .passed);
  EXPECT_EQ(reduce_work(ReduceOp::max, Precision::fp64, 10).flops, 10);
  EXPECT_EQ(reduce_work(ReduceOp::max, Precision::fp64, 10).bytes, 80);
}

// Every variant of the ladder (and 3 threads, which splits into uneven blocks) on every type,
// at sizes that are not multiples of any vector or unroll, from misaligned arrays.
std::vector<ReduceCall> all_calls() {
  std::vector<ReduceCall> calls;
  for (const ReduceVariant& v : reduce_ladder(omp_get_max_threads())) calls.push_back(v.call);
  calls.push_back(
      {.technique = ReduceTechnique::simd, .isa = best_isa(), .accumulators = 8, .threads = 3});
  calls.push_back({.technique = ReduceTechnique::plain, .isa = best_isa(), .threads = 3});
  calls.push_back(
      {.technique = ReduceTechnique::plain, .isa = best_isa(), .threads = 3, .team = true});
  return calls;
}

// Whether leaving out the last term could pass as rounding error: the term, relative to
// Σ|terms|, is within twice the tolerance.
template <class T>
bool missing_term_hidden(ReduceOp op, const T* x, const T* y, std::size_t n) {
  if (std::is_integral_v<T>) return false;
  const auto term = [&](std::size_t i) {
    return std::fabs(op == ReduceOp::dot ? double(x[i]) * double(y[i]) : double(x[i]));
  };
  double magnitude = 0;
  for (std::size_t i = 0; i < n; ++i) magnitude += term(i);
  return term(n - 1) / magnitude <=
         2 * accumulation_tolerance<T>(op == ReduceOp::dot ? Terms::products : Terms::values, n);
}

// Whether the ladder runs call on T (OpenBLAS: not int32, nor a sum its self-check found wrong).
template <class T>
bool offered(const ReduceCall& call) {
  return std::ranges::count(reduce_precisions(call), precision_of<T>()) == 1;
}

template <class T>
void check_every_variant() {
  for (ReduceCall call : all_calls()) {
    for (ReduceOp op : kReduceOps) {
      call.op = op;
      if (!offered<T>(call)) continue;
      for (std::size_t n : {0, 1, 2, 7, 63, 1003, 4099, 70001}) {
        for (std::size_t offset : {0, 1}) {
          SCOPED_TRACE(reduce_variant_name(call) + " " + std::string(to_string(op)) + " " +
                       std::string(to_string(precision_of<T>())) + " n=" + std::to_string(n) +
                       " offset=" + std::to_string(offset));
          const Input<T> x(n, offset, 11), y(n, offset + 1, 12);
          const T result = reduce_run(call, x.data(), y.data(), n);
          const auto v = verify_reduce(op, result, x.data(), y.data(), n);
          EXPECT_TRUE(v.passed) << v.message;
          // The same kernel one element short is caught wherever the missing term exceeds the
          // tolerance (always for int32; for float up to a few thousand elements). A maximum
          // one short is tested with the largest element planted (below).
          if (op == ReduceOp::max || n < 2 || missing_term_hidden<T>(op, x.data(), y.data(), n))
            continue;
          const T short_by_one = reduce_run(call, x.data(), y.data(), n - 1);
          EXPECT_FALSE(verify_reduce(op, short_by_one, x.data(), y.data(), n).passed);
        }
      }
    }
  }
}

TEST(ReduceRun, EveryVariantFloat) { check_every_variant<float>(); }
TEST(ReduceRun, EveryVariantDouble) { check_every_variant<double>(); }
TEST(ReduceRun, EveryVariantInt32) { check_every_variant<std::int32_t>(); }

// The largest element planted first, in the middle, last (the scalar tail) and in every thread's
// block of a negative array is found by every variant; one element short misses the last.
template <class T>
void check_max_wherever_it_lies() {
  const std::size_t n = 70001;
  for (ReduceCall call : all_calls()) {
    call.op = ReduceOp::max;
    if (!offered<T>(call)) continue;
    for (std::size_t at : {std::size_t{0}, n / 3, n / 2 + 1, n - 1}) {
      SCOPED_TRACE(reduce_variant_name(call) + " at " + std::to_string(at));
      Input<T> x(n, 1, 13);
      for (std::size_t i = 0; i < n; ++i) x.data()[i] = -std::abs(x.data()[i]);
      x.data()[at] = std::is_integral_v<T> ? T{1600} : T{3};  // above every |input|
      EXPECT_EQ(reduce_run(call, x.data(), nullptr, n), x.data()[at]);
      if (at == n - 1) {
        EXPECT_NE(reduce_run(call, x.data(), nullptr, n - 1), x.data()[at]);
      }
    }
  }
}

TEST(ReduceRun, MaxIsFoundWhereverItLiesFloat) { check_max_wherever_it_lies<float>(); }
TEST(ReduceRun, MaxIsFoundWhereverItLiesDouble) { check_max_wherever_it_lies<double>(); }
TEST(ReduceRun, MaxIsFoundWhereverItLiesInt32) { check_max_wherever_it_lies<std::int32_t>(); }

TEST(ReduceRun, IntegersWrapAroundTheSameInEveryVariant) {
  const std::size_t n = 1003;
  std::vector<std::int32_t> x(n, (1 << 30) + 7);  // the sum wraps many times
  std::int64_t exact = 0;
  for (std::int32_t v : x) exact += v;
  const auto wrapped = static_cast<std::int32_t>(static_cast<std::uint32_t>(exact));
  for (ReduceCall call : all_calls()) {
    if (call.technique == ReduceTechnique::openblas) continue;
    EXPECT_EQ(reduce_run(call, x.data(), nullptr, n), wrapped) << reduce_variant_name(call);
  }
}

TEST(ReduceRun, ACallInsideAParallelRegionSumsEveryElementOnce) {
  // Inside an active parallel region (one active level allowed) OpenMP gives the call's own region
  // one thread: the partials of the threads it did not get must count as zero, even on the thread
  // whose call on four threads filled them just before.
  const std::size_t n = 4099;
  const auto exact = 3 * static_cast<std::int32_t>(n);
  std::vector<std::int32_t> x(n, 3);
  const ReduceCall call{
      .technique = ReduceTechnique::simd, .isa = best_isa(), .accumulators = 8, .threads = 4};
  ASSERT_EQ(reduce_run(call, x.data(), nullptr, n), exact);
  const int levels = omp_get_max_active_levels();
  omp_set_max_active_levels(1);
  std::int32_t sums[2] = {};
#pragma omp parallel num_threads(2)
  sums[omp_get_thread_num()] = reduce_run(call, x.data(), nullptr, n);
  omp_set_max_active_levels(levels);
  EXPECT_EQ(sums[0], exact) << "the thread that called on four threads first";
  EXPECT_EQ(sums[1], exact);
}

TEST(ReduceRun, PlainIsTheLeftToRightSum) {
  // Mixed signs and magnitudes make the rounding depend on the order: any reassociation of this
  // sum differs from the left-to-right one in its last bits.
  const std::size_t n = 10007;
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = static_cast<float>(input_value(5, i) * std::ldexp(1.0, static_cast<int>(i % 17)));
  float left_to_right = 0;
  for (float v : x) left_to_right += v;
  const ReduceCall plain{.technique = ReduceTechnique::plain, .isa = best_isa(), .threads = 1};
  EXPECT_EQ(reduce_run(plain, x.data(), nullptr, n), left_to_right);
  const ReduceCall simd{
      .technique = ReduceTechnique::simd, .isa = best_isa(), .accumulators = 8, .threads = 1};
  EXPECT_NE(reduce_run(simd, x.data(), nullptr, n), left_to_right);
}

TEST(ReduceRun, RejectsCallsThatCannotRun) {
  const std::vector<float> x(10, 1.0f);
  const std::vector<std::int32_t> xi(10, 1);
  ReduceCall call{.technique = ReduceTechnique::simd, .isa = best_isa(), .accumulators = 3};
  EXPECT_THROW(reduce_run(call, x.data(), nullptr, 10), std::invalid_argument);
  call.accumulators = 8;
  call.threads = 0;
  EXPECT_THROW(reduce_run(call, x.data(), nullptr, 10), std::invalid_argument);
  call.threads = 1;
  call.op = ReduceOp::dot;
  EXPECT_THROW(reduce_run(call, x.data(), nullptr, 10), std::invalid_argument);
  EXPECT_THROW(reduce_run({.technique = ReduceTechnique::openblas}, xi.data(), nullptr, 10),
               std::invalid_argument);
}

TEST(ReduceLadder, NamesFollowTheParametersAndQuickKeepsTheBaseline) {
  const auto ladder = reduce_ladder(2);
  std::set<std::string> names, quick;
  for (const ReduceVariant& v : ladder) {
    names.insert(reduce_variant_name(v.call));
    if (v.quick) quick.insert(reduce_variant_name(v.call));
  }
  EXPECT_EQ(names.size(), ladder.size()) << "names are unique";
  EXPECT_EQ(ladder.size(), 1 + supported_isas().size() * (4 * 2 + 1) + 2);
  const std::string best(to_string(best_isa()));
  EXPECT_EQ(quick, (std::set<std::string>{"plain_1t", best + "_1acc_1t", best + "_8acc_1t",
                                          best + "_8acc_2t", best + "_8acc_2t_team", "openblas_1t",
                                          "openblas_2t"}));
  std::set<int> threads;
  for (const ReduceVariant& v : reduce_ladder(6)) threads.insert(v.call.threads);
  EXPECT_EQ(threads, (std::set<int>{1, 2, 4, 6}));
}

// A sum the self-check leaves out is one that fails verification, and is named in the facts.
template <class T>
void check_openblas_sum_defect() {
  const ReduceCall sum{.op = ReduceOp::sum, .technique = ReduceTechnique::openblas};
  const auto defect = openblas_sum_defect(precision_of<T>());
  EXPECT_EQ(offered<T>(sum), !defect.has_value());
  EXPECT_TRUE(offered<T>({.op = ReduceOp::dot, .technique = ReduceTechnique::openblas}));
  const std::string line = "openblas sum " + std::string(to_string(precision_of<T>())) + ": ";
  EXPECT_EQ(std::ranges::count_if(reduce_not_offered(),
                                  [&](const std::string& l) { return l.starts_with(line); }),
            defect ? 1 : 0);
  if (!defect) return;
  const Input<T> x(1024, 0, 11);
  const T result = reduce_run(sum, x.data(), nullptr, 1024);
  EXPECT_FALSE(verify_reduce<T>(ReduceOp::sum, result, x.data(), nullptr, 1024).passed) << *defect;
}

TEST(ReduceOpenblas, ASumLeftOutFailsVerificationFloat) { check_openblas_sum_defect<float>(); }
TEST(ReduceOpenblas, ASumLeftOutFailsVerificationDouble) { check_openblas_sum_defect<double>(); }

TEST(ReduceOpenblas, OnlyItsGenericFallbackIsRetargetedToTheIsa) {
#if defined(__x86_64__)
  EXPECT_EQ(openblas_coretype_for("Prescott", Isa::avx512), "SkylakeX");
  EXPECT_EQ(openblas_coretype_for("Prescott", Isa::avx2), "Haswell");
#endif
  EXPECT_EQ(openblas_coretype_for("Prescott", kBaselineIsa), "");
  for (const char* chosen : {"Zen", "SkylakeX", "Haswell", "Sandybridge", "NEOVERSEN1"})
    EXPECT_EQ(openblas_coretype_for(chosen, best_isa()), "") << chosen;
}

roofline::Device small_device() {
  roofline::Device d;
  d.id = "cpu";
  d.backend = "cpu";
  d.memory_bytes = 1 << 30;
  d.caches = {{"L1", 32 * 1024, 2, 1}, {"L2", 512 * 1024, 2, 1}, {"L3", 1 << 20, 1, 2}};
  return d;
}

TEST(ReduceCases, SweepLengthsUpToDramAndVerifyEachQuickCase) {
  roofline::RunOptions options;
  options.families = {"reduce"};
  const auto cases = make_cases(small_device(), options);
  // DRAM here is max(4 × 1 MiB, 64 MiB): the last float sum has 16 M elements.
  std::set<std::size_t> float_sum_sizes;
  for (const auto& c : cases) {
    const roofline::CaseInfo& info = c->info();
    EXPECT_EQ(info.family, "reduce");
    ASSERT_TRUE(info.study.has_value());
    EXPECT_EQ(info.study->param, "n");
    EXPECT_EQ(info.study->panel, "op");
    EXPECT_EQ(info.study->baseline, info.variant.starts_with("openblas")) << info.variant;
    if (info.params.at("op") == "sum" && info.work.precision == Precision::fp32)
      float_sum_sizes.insert(info.params.at("n").get<std::size_t>());
  }
  EXPECT_EQ(float_sum_sizes, (std::set<std::size_t>{1024, 8192, 65536, 524288, 4194304, 16777216}));

  options.size = 1001;
  for (auto& c : make_cases(small_device(), options)) {
    SCOPED_TRACE(c->info().variant + " " + c->info().params.dump());
    EXPECT_EQ(c->info().params.at("n"), 1001);
    c->prepare();
    const auto v = c->verify();
    EXPECT_TRUE(v.passed) << v.message;
    c->run();
    c->release();
  }
}

}  // namespace
}  // namespace kernels::cpu
