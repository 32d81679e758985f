#include "kernels/opencl/stream_cases.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>

#include "kernels/inputs.hpp"
#include "kernels/opencl/case.hpp"
#include "kernels/opencl/device_check.hpp"
#include "kernels/opencl/device_support.hpp"
#include "kernels/precision_dispatch.hpp"
#include "roofline/input_error.hpp"

namespace rooflab_embedded {
extern const std::string_view stream_cl;
}

namespace kernels::opencl {
namespace {

constexpr double kScalar = 3;  // STREAM's
constexpr std::array<std::uint64_t, 2> kInputSeeds = {301, 302};
constexpr std::uint64_t kOutputSeed = 303;  // the initial output daxpy reads
constexpr StreamSeeds kSeeds = {kInputSeeds[0], kInputSeeds[1], kOutputSeed};

bool is_reduction(StreamOp op) { return !stream_stores(op); }

template <class T>
class StreamCase final : public ClCase {
 public:
  StreamCase(roofline::CaseInfo info, std::shared_ptr<Runtime> runtime, StreamOp op, std::size_t n,
             const StreamLaunch& launch)
      : ClCase(std::move(info), runtime),
        op_(op),
        n_(n),
        launch_(launch),
        units_(static_cast<int>(runtime->device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>())),
        on_device_(checks_on_device(runtime->device())) {}

 protected:
  void prepare_device() override {
    const std::string what = "stream " + std::string(to_string(op_));
    const cl::Program& program = runtime().program(
        "stream.cl", rooflab_embedded::stream_cl,
        std::string("-DREAL=") + cl_type<T>() + " -DW=" + std::to_string(launch_.width) +
            " -DLAYOUT=" +
            (launch_.blocked               ? "1"
             : launch_.groups_per_unit > 0 ? "2"
                                           : "0") +
            (launch_.l2_only ? " -DL2_ONLY=1" : "") + " -DBATCH=" + std::to_string(launch_.batch) +
            (launch_.cg_loads
                 ? " -DCG_LOADS=1 -DVBYTES=" + std::to_string(sizeof(T) * launch_.width)
                 : ""));
    kernel_ = cl::Kernel(program, ("stream_" + std::string(to_string(op_))).c_str());
    for (int k = 0; k < stream_inputs(op_); ++k) {
      in_[k] = runtime().buffer(n_ * sizeof(T), what + " input");
      inputs_[k] = put_inputs<T>(runtime(), *in_[k], kInputSeeds[k], n_);
    }
    out_ = runtime().buffer((is_reduction(op_) ? blocks() : n_) * sizeof(T), what + " output");
    if (stream_in_place(op_)) reset_output();
    set_args();
  }

  double run_device() override { return launch(launch_.passes); }

  double launch(unsigned passes) {
    kernel_.setArg(is_reduction(op_) ? 6 : 7, static_cast<cl_uint>(passes));
    return runtime().launch(kernel_, cl::NDRange(blocks() * launch_.group),
                            cl::NDRange(launch_.group));
  }

  roofline::Verification verify_device() override {
    if (is_reduction(op_)) {
      // Two passes when a run makes several: each sums every block twice, so half the total is
      // the sum (halving is exact), and a block the rotation skipped or repeated shows.
      const unsigned passes = std::min(launch_.passes, 2u);
      poison(blocks());
      launch(passes);
      double sum = 0;
      for (T partial : runtime().read<T>(out_, blocks())) sum += partial;
      if (on_device_)
        return verify_stream_sum_on_device<T>(runtime(), op_, sum / passes, n_, kSeeds);
      return verify_stream_sum<T>(op_, sum / passes, input(0), input(1), n_);
    }
    if (stream_in_place(op_))
      reset_output();
    else
      poison(n_);
    // Every pass of an operation that does not read its output writes the same values: those
    // are checked after all the passes a run makes; daxpy after one.
    launch(stream_in_place(op_) ? 1 : launch_.passes);
    if (on_device_)
      return verify_stream_output_on_device<T>(runtime(), op_, out_, n_, T(kScalar), kSeeds);
    const std::vector<T> out = runtime().read<T>(out_, n_);
    return verify_stream_output<T>(
        op_, out.data(), input(0), input(1), n_, T(kScalar),
        [](std::size_t i) { return static_cast<T>(input_value(kOutputSeed, i)); });
  }

  void release_device() override {
    kernel_ = {};
    out_ = {};
    for (auto& in : in_) in.reset();
    for (auto& host : inputs_) host = {};
  }

 private:
  unsigned items() const { return items_per_work_item(op_, launch_, n_, units_); }

  // daxpy's output to its values before a call.
  void reset_output() { put_inputs<T>(runtime(), out_, kOutputSeed, n_); }
  // The first `count` elements of the output to NaN, which no operation writes.
  void poison(std::size_t count) {
    runtime().queue().enqueueFillBuffer(out_, std::numeric_limits<T>::quiet_NaN(), 0,
                                        count * sizeof(T));
  }

  // Work-groups, and a reduction's partial sum each.
  std::size_t blocks() const { return stream_groups(op_, launch_, n_, units_); }
  const T* input(int k) const { return inputs_[k].empty() ? nullptr : inputs_[k].data(); }

  // Elementwise: (out, in1, in2, s of even passes, s of odd passes, n, items, passes);
  // reductions: (partial, in1, in2, scratch, n, items, passes), the passes set by each launch. An
  // input the operation does not read is passed as no buffer.
  void set_args() {
    kernel_.setArg(0, out_);
    for (int k = 0; k < 2; ++k) {
      if (in_[k])
        kernel_.setArg(1 + k, *in_[k]);
      else
        kernel_.setArg(1 + k, sizeof(cl_mem), nullptr);
    }
    if (is_reduction(op_)) {
      kernel_.setArg(3, cl::Local(launch_.group * sizeof(T)));
      kernel_.setArg(4, static_cast<cl_ulong>(n_));
      kernel_.setArg(5, static_cast<cl_uint>(items()));
    } else {
      kernel_.setArg(3, stream_pass_scalar(op_, T(kScalar), 0));
      kernel_.setArg(4, stream_pass_scalar(op_, T(kScalar), 1));
      kernel_.setArg(5, static_cast<cl_ulong>(n_));
      kernel_.setArg(6, static_cast<cl_uint>(items()));
    }
  }

  StreamOp op_;
  std::size_t n_;
  StreamLaunch launch_;
  int units_;
  bool on_device_;  // inputs made and checked on the device (kernels/opencl/device_check.hpp)
  cl::Kernel kernel_;
  cl::Buffer out_;
  std::array<std::optional<cl::Buffer>, 2> in_;
  std::array<std::vector<T>, 2> inputs_;
};

}  // namespace

std::size_t stream_groups(StreamOp op, const StreamLaunch& launch, std::size_t n, int units) {
  const std::size_t vectors = n / static_cast<std::size_t>(launch.width);
  if (launch.groups_per_unit > 0)
    return std::clamp<std::size_t>((vectors + launch.group - 1) / launch.group, 1,
                                   launch.groups_per_unit * static_cast<std::size_t>(units));
  const std::size_t block = launch.group * (is_reduction(op) || launch.blocked ? launch.items : 1);
  return std::max<std::size_t>(1, (vectors + block - 1) / block);
}

unsigned items_per_work_item(StreamOp op, const StreamLaunch& launch, std::size_t n, int units) {
  if (launch.groups_per_unit > 0) {
    const std::size_t grid = stream_groups(op, launch, n, units) * launch.group;
    const std::size_t vectors = n / static_cast<std::size_t>(launch.width);
    return static_cast<unsigned>(std::max<std::size_t>(1, (vectors + grid - 1) / grid));
  }
  return is_reduction(op) || launch.blocked ? launch.items : 1;
}

std::string layout_name(const StreamLaunch& launch) {
  return launch.blocked ? "blocked" : launch.groups_per_unit > 0 ? "grid_stride" : "strided";
}

std::string launch_name(const StreamLaunch& launch) {
  std::string name = "w";  // appended, not `"w" + …`, which trips GCC 12's -Wrestrict
  name += std::to_string(launch.width) + "_wg" + std::to_string(launch.group);
  if (launch.blocked) name += "_blocked";
  if (launch.groups_per_unit > 0) name += "_grid" + std::to_string(launch.groups_per_unit);
  if (launch.batch > 1) name += "_b" + std::to_string(launch.batch);
  if (launch.cg_loads) name += "_cg";
  return name;
}

StreamLaunch blocked_launch(int width, std::size_t group, std::size_t n, int units) {
  const std::size_t per_group = group * static_cast<std::size_t>(width) * kBlockedGroupsPerUnit *
                                static_cast<std::size_t>(std::max(units, 1));
  const auto items =
      static_cast<unsigned>(std::clamp<std::size_t>(n / per_group, 1, kBlockedMostItems));
  return {.width = width, .group = group, .items = items, .blocked = true};
}

std::unique_ptr<roofline::Case> make_stream_case(roofline::CaseInfo info,
                                                 std::shared_ptr<Runtime> runtime, StreamOp op,
                                                 roofline::Precision p, std::size_t n,
                                                 const StreamLaunch& launch) {
  if (launch.passes < 1) throw roofline::InputError("stream launch: passes 0 is below 1");
  if (launch.blocked && launch.groups_per_unit > 0)
    throw roofline::InputError("stream launch: a grid stride of " +
                               std::to_string(launch.groups_per_unit) +
                               " work-groups per compute unit cannot also be blocked");
  if (launch.batch < 1) throw roofline::InputError("stream launch: batch 0 is below 1");
  if (launch.cg_loads && (!launch.l2_only || !query_device_support(runtime->device()).nv_ptx_warps))
    throw roofline::InputError(
        "stream launch: ld.global.cg loads are inline PTX of the L2-only kernels, which only "
        "NVIDIA's OpenCL (sm_70 on) compiles");
  return with_type<float, double>(
      p, "stream on OpenCL", [&]<class T>() -> std::unique_ptr<roofline::Case> {
        return std::make_unique<StreamCase<T>>(std::move(info), std::move(runtime), op, n, launch);
      });
}

}  // namespace kernels::opencl
