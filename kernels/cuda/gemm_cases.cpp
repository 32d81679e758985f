#include "kernels/cuda/gemm_cases.hpp"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "kernels/cuda/case.hpp"
#include "kernels/cuda/cublas.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.hpp"
#include "kernels/cuda/fill.hpp"
#include "kernels/cuda/gemm.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"

namespace kernels::cuda {
namespace {

using roofline::Precision;

constexpr std::uint64_t kASeed = 501, kBSeed = 502;  // the CPU cases' seeds

// TF32 keeps 10 of float's 23 fraction bits; 2^-10 covers rounding or truncating to it.
constexpr double kTf32InputUnit = 0x1p-10;

// What a case launches on its device matrices: our kernel or a cuBLAS call.
template <class T>
class GemmRunner {
 public:
  virtual ~GemmRunner() = default;
  // Once A and B are filled: a runner that multiplies other copies of them makes those here.
  virtual void prepare(T* /*a*/, T* /*b*/) {}
  virtual void launch(const T* a, const T* b, T* x) = 0;
};

template <class T>
class KernelRunner final : public GemmRunner<T> {
 public:
  KernelRunner(const GemmConfig& c, const GemmShape& s) : c_(c), s_(s) {
    plan_gemm(c, s, sizeof(T));  // a refused shape throws here, before anything is allocated
  }
  // naive_transposed_b multiplies B transposed, stored so once (not timed).
  void prepare(T* /*a*/, T* b) override {
    if (c_.kernel != GemmKernel::naive_transposed_b) return;
    const auto b_n = static_cast<std::size_t>(s_.k * s_.n);
    std::vector<T> host(b_n);
    ROOFLAB_CUDA(cudaMemcpy(host.data(), b, b_n * sizeof(T), cudaMemcpyDeviceToHost));
    std::vector<T> bt = gemm_transposed_b(s_, host.data());
    bt.resize(std::max<std::size_t>(b_n, 1));  // an empty B still gets a valid pointer
    bt_.emplace(bt.size());
    bt_->from_host(bt);
  }
  void launch(const T* a, const T* b, T* x) override {
    gemm_launch(c_, s_, a, bt_ ? bt_->data() : b, x);
  }

 private:
  GemmConfig c_;
  GemmShape s_;
  std::optional<DeviceBuffer<T>> bt_;
};

template <class T>
class CublasRunner final : public GemmRunner<T> {
 public:
  CublasRunner(CublasGemmMath m, const GemmShape& s) : m_(m), s_(s) {}
  void launch(const T* a, const T* b, T* x) override {
    if constexpr (std::is_same_v<T, float>) {
      if (m_ == CublasGemmMath::tf32) return cublas_gemm_tf32(handle_.get(), s_, a, b, x);
    }
    cublas_gemm(handle_.get(), m_, s_, a, b, x);
  }

 private:
  CublasGemmMath m_;
  GemmShape s_;
  CublasHandle handle_;
};

// Multiplies bf16 copies of A and B, rounded from them (which then hold the rounded values).
class CublasBf16Runner final : public GemmRunner<float> {
 public:
  explicit CublasBf16Runner(const GemmShape& s) : s_(s) {}
  void prepare(float* a, float* b) override {
    const auto a_n = static_cast<std::size_t>(s_.m * s_.k),
               b_n = static_cast<std::size_t>(s_.k * s_.n);
    a16_.emplace(std::max<std::size_t>(a_n, 1));
    b16_.emplace(std::max<std::size_t>(b_n, 1));
    round_to_bf16(a, a16_->data(), a_n);
    round_to_bf16(b, b16_->data(), b_n);
  }
  void launch(const float*, const float*, float* x) override {
    cublas_gemm_bf16(handle_.get(), s_, a16_->data(), b16_->data(), x);
  }

 private:
  GemmShape s_;
  CublasHandle handle_;
  std::optional<DeviceBuffer<std::uint16_t>> a16_, b16_;  // __nv_bfloat16's bits
};

template <class T>
class GemmCase final : public CudaCase {
 public:
  // tolerance: a fraction of each entry's Σ|terms| (gemm_tensor_tolerance), or none for the
  // family's check in T.
  GemmCase(roofline::CaseInfo info, const GemmShape& s,
           std::function<std::unique_ptr<GemmRunner<T>>()> make_runner,
           std::optional<double> tolerance = {})
      : CudaCase(std::move(info)),
        s_(s),
        make_runner_(std::move(make_runner)),
        tolerance_(tolerance) {}

 protected:
  // Matrices of at least one element: an empty one still gets a valid pointer.
  void prepare_device() override {
    runner_ = make_runner_();
    const std::size_t a_n = entries(s_.m, s_.k), b_n = entries(s_.k, s_.n);
    a_.emplace(std::max<std::size_t>(a_n, 1));
    b_.emplace(std::max<std::size_t>(b_n, 1));
    x_.emplace(std::max<std::size_t>(entries(s_.m, s_.n), 1));
    fill_random(a_->data(), a_n, kASeed);
    fill_random(b_->data(), b_n, kBSeed);
    runner_->prepare(a_->data(), b_->data());
  }

  void run_device() override { runner_->launch(a_->data(), b_->data(), x_->data()); }

  // One launch over an X of all bits set (NaN), checked against A and B as the device holds them.
  roofline::Verification verify_device() override {
    ROOFLAB_CUDA(cudaMemset(x_->data(), 0xff, x_->size() * sizeof(T)));
    runner_->launch(a_->data(), b_->data(), x_->data());
    const std::vector<T> x = x_->to_host(), a = a_->to_host(), b = b_->to_host();
    return tolerance_ ? verify_gemm<T>(s_, a.data(), b.data(), x.data(), *tolerance_)
                      : verify_gemm<T>(s_, a.data(), b.data(), x.data());
  }

  void release_device() override {
    runner_.reset();
    x_.reset();
    b_.reset();
    a_.reset();
  }

 private:
  static std::size_t entries(std::int64_t rows, std::int64_t cols) {
    return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  }

  GemmShape s_;
  std::function<std::unique_ptr<GemmRunner<T>>()> make_runner_;
  std::optional<double> tolerance_;
  std::optional<DeviceBuffer<T>> a_, b_, x_;
  std::unique_ptr<GemmRunner<T>> runner_;
};

nlohmann::json shape_params(const GemmShape& s) {
  return {{"n", s.n}, {"m", s.m}, {"k", s.k}, {"shape", gemm_shape_name(s)}};
}

// The evidence of the kGemmTunings (or else kGemmSweep) row with this tile and options, or empty
// for a fixed shape.
std::string_view tile_evidence(const GemmConfig& c, Precision p) {
  for (const auto& table :
       {std::span<const GemmTuning>(kGemmTunings), std::span<const GemmTuning>(kGemmSweep)})
    for (const GemmTuning& row : table)
      if (row.kernel == c.kernel && row.precision == p && row.tile == c.tile &&
          row.options == c.options)
        return row.evidence;
  return {};
}

}  // namespace

std::unique_ptr<roofline::Case> make_gemm_case(const roofline::Device& device, const GemmConfig& c,
                                               Precision p, const GemmShape& s) {
  const int element = roofline::size_of(p);
  check_tile(c, element);
  nlohmann::json params = shape_params(s);
  params["kernel"] = to_string(c.kernel);
  if (c.kernel == GemmKernel::naive) params["index"] = to_string(c.index);
  if (c.kernel == GemmKernel::naive_transposed_b)
    params["b_layout"] = "transposed (n x k), stored so before timing";
  const GemmTile& t = c.tile;
  params.update({{"bm", t.bm},
                 {"bn", t.bn},
                 {"bk", t.bk},
                 {"wm", t.wm},
                 {"wn", t.wn},
                 {"wn_iter", t.wn_iter},
                 {"tm", t.tm},
                 {"tn", t.tn},
                 {"threads", t.threads},
                 {"vector_bytes", gemm_vector_elements(c, element) * element},
                 {"a_pad", c.options.a_pad},
                 {"smem_vectors", c.options.smem_vectors},
                 {"group_rows", c.options.group_rows}});
  if (const std::string_view evidence = tile_evidence(c, p); !evidence.empty())
    params["tile_evidence"] = evidence;
  roofline::Work work = gemm_work(p, s);
  work.algorithm_bytes = gemm_tile_traffic(c, s, element);
  auto info = roofline::case_info(device, std::move(params), work, device.compute_units);
  const auto make = [&]<class T>() -> std::unique_ptr<roofline::Case> {
    return std::make_unique<GemmCase<T>>(
        std::move(info), s, [c, s] { return std::make_unique<KernelRunner<T>>(c, s); });
  };
  return with_type<float, double>(p, "gemm on CUDA", make);
}

std::string cublas_gemm_variant_name(CublasGemmMath m) {
  return m == CublasGemmMath::standard ? "cublas" : "cublas_" + std::string(to_string(m));
}

std::unique_ptr<roofline::Case> make_cublas_gemm_case(const roofline::Device& device,
                                                      CublasGemmMath m, Precision p,
                                                      const GemmShape& s) {
  const std::string variant = cublas_gemm_variant_name(m);
  const bool simt_math = m == CublasGemmMath::standard || m == CublasGemmMath::pedantic;
  const bool fits = simt_math
                        ? p == Precision::fp32 || p == Precision::fp64
                        : p == (m == CublasGemmMath::bf16 ? Precision::bf16 : Precision::fp32);
  if (!fits)
    throw roofline::InputError("gemm " + variant + " has no " + std::string(to_string(p)) +
                               " case");
  nlohmann::json params = shape_params(s);
  params.update({{"library", cublas_version()},
                 {"call", cublas_gemm_call(m, roofline::size_of(p))},
                 {"math", to_string(m)}});
  roofline::Work work = gemm_work(p, s);
  const auto info = [&] {
    return roofline::case_info(device, std::move(params), work, device.compute_units);
  };
  if (simt_math) {
    // Placed under the roof of the units cuBLAS runs it on: DGEMM on the FP64 tensor cores from
    // sm_80 on (Nsight Compute: DMMA instructions, no DFMA), SGEMM on the FMA units.
    if (p == Precision::fp64 && compute_capability(device) >= 80) {
      work.precision = Precision::fp64_tensor;
      params["computes"] = "FP64 tensor cores (DMMA): fp64 throughout, placed under their roof";
    }
    return with_type<float, double>(p, "gemm cublas", [&]<class T>() {
      return std::unique_ptr<roofline::Case>(std::make_unique<GemmCase<T>>(
          info(), s, [m, s] { return std::make_unique<CublasRunner<T>>(m, s); }));
    });
  }
  if (m == CublasGemmMath::tf32) {
    const double tolerance = gemm_tensor_tolerance(kTf32InputUnit, s.k);
    work.precision = Precision::tf32_tensor;
    params["computes"] =
        "TF32 tensor cores (fp32 inputs rounded to TF32, fp32 accumulation), placed under their "
        "roof";
    params["tolerance"] = tolerance;
    return std::make_unique<GemmCase<float>>(
        info(), s, [s] { return std::make_unique<CublasRunner<float>>(CublasGemmMath::tf32, s); },
        tolerance);
  }
  // bf16 A and B, an fp32 X
  const double tolerance = gemm_tensor_tolerance(0, s.k);
  const double x_entries = double(s.m) * double(s.n);
  work.precision = Precision::bf16_tensor;
  work.bytes = (double(s.m) * double(s.k) + double(s.k) * double(s.n)) * 2 + x_entries * 4;
  work.bytes_write_allocate = work.bytes + x_entries * 4;
  work.working_set = work.bytes;
  params["computes"] =
      "BF16 tensor cores (A and B in bf16, fp32 accumulation and X), placed under their roof; "
      "checked against the bf16-rounded inputs";
  params["tolerance"] = tolerance;
  return std::make_unique<GemmCase<float>>(
      info(), s, [s] { return std::make_unique<CublasBf16Runner>(s); }, tolerance);
}

}  // namespace kernels::cuda
