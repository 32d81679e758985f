#include "kernels/opencl/device_check.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernels/element_check.hpp"
#include "kernels/host_inputs.hpp"
#include "kernels/inputs.hpp"
#include "kernels/nested_saxpy.hpp"
#include "kernels/opencl/case.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/stream_exact.hpp"

namespace rooflab_embedded {
extern const std::string_view check_cl;
}

namespace kernels::opencl {
namespace {

constexpr std::size_t kWantedGroup = 256;
constexpr std::size_t kMostGroups = 1024;  // each work-item then loops over its share

// The grid of a pass over n elements: whole work-groups of a power-of-two size.
struct Grid {
  std::size_t group, groups;
  cl::NDRange global() const { return cl::NDRange(group * groups); }
  cl::NDRange local() const { return cl::NDRange(group); }
};

Grid grid_for(const Runtime& runtime, std::size_t n) {
  const std::size_t group = group_size(runtime.device(), kWantedGroup);
  return {group, std::clamp<std::size_t>((n + group - 1) / group, 1, kMostGroups)};
}

template <class T>
cl::Kernel check_kernel(Runtime& runtime, const char* name) {
  const cl::Program& program =
      runtime.program("check.cl", rooflab_embedded::check_cl, build_define("REAL", cl_type<T>()));
  return cl::Kernel(program, name);
}

// Runs an element check (the result's arguments set from 0 on, `next` the first free one) and
// combines the work-groups' findings.
ElementCheck run_element_check(Runtime& runtime, cl::Kernel& kernel, cl_uint next, std::size_t n) {
  const Grid g = grid_for(runtime, n);
  cl::Buffer worst = runtime.buffer(g.groups * sizeof(double), "check findings");
  cl::Buffer bad = runtime.buffer(g.groups * sizeof(cl_ulong), "check findings");
  kernel.setArg(next, worst);
  kernel.setArg(next + 1, bad);
  kernel.setArg(next + 2, cl::Local(g.group * sizeof(double)));
  kernel.setArg(next + 3, cl::Local(g.group * sizeof(cl_ulong)));
  runtime.launch(kernel, g.global(), g.local());
  ElementCheck check{.max_error = 0, .first_bad = n};
  for (double w : runtime.read<double>(worst, g.groups))
    check.max_error = std::max(check.max_error, w);
  for (cl_ulong b : runtime.read<cl_ulong>(bad, g.groups))
    check.first_bad = std::min(check.first_bad, static_cast<std::size_t>(b));
  return check;
}

// Where a verdict names the element found and its reference: the first bad index, 0 when none is.
std::size_t reported_index(const ElementCheck& check, std::size_t n) {
  return check.first_bad < n ? check.first_bad : 0;
}

// Element `at` of the n of `a` (T{} when there are none).
template <class T>
T element_at(Runtime& runtime, const cl::Buffer& a, std::size_t at, std::size_t n) {
  T found{};
  if (n > 0) runtime.queue().enqueueReadBuffer(a, CL_TRUE, at * sizeof(T), sizeof(T), &found);
  return found;
}

// check.cl's numbering of the operations with an output.
int stream_op_code(StreamOp op) {
  switch (op) {
    case StreamOp::write:
      return 0;
    case StreamOp::copy:
      return 1;
    case StreamOp::scale:
      return 2;
    case StreamOp::add:
      return 3;
    case StreamOp::triad:
      return 4;
    case StreamOp::daxpy:
      return 5;
    case StreamOp::read:
    case StreamOp::dot:
      break;
  }
  throw std::invalid_argument("stream " + std::string(to_string(op)) + " has no output array");
}

}  // namespace

bool checks_on_device(const cl::Device& device) {
  return supports(device, roofline::Precision::fp64);
}

template <class T>
void fill_inputs(Runtime& runtime, const cl::Buffer& a, std::uint64_t seed, std::size_t n) {
  cl::Kernel kernel = check_kernel<T>(runtime, "fill_inputs");
  kernel.setArg(0, a);
  kernel.setArg(1, static_cast<cl_ulong>(seed));
  kernel.setArg(2, static_cast<cl_ulong>(n));
  const Grid g = grid_for(runtime, n);
  runtime.launch(kernel, g.global(), g.local());
}

template <class T>
std::vector<T> put_inputs(Runtime& runtime, const cl::Buffer& a, std::uint64_t seed,
                          std::size_t n) {
  if (checks_on_device(runtime.device())) {
    fill_inputs<T>(runtime, a, seed, n);
    return {};
  }
  std::vector<T> host = host_inputs<T>(seed, n);
  runtime.write(a, host);
  return host;
}

template <class T>
roofline::Verification verify_stream_output_on_device(Runtime& runtime, StreamOp op,
                                                      const cl::Buffer& out, std::size_t n, T s,
                                                      const StreamSeeds& seeds) {
  cl::Kernel kernel = check_kernel<T>(runtime, "check_stream");
  const double tolerance = stream_output_tolerance<T>(op);
  kernel.setArg(0, out);
  kernel.setArg(1, static_cast<cl_ulong>(n));
  kernel.setArg(2, tolerance);
  kernel.setArg(3, static_cast<cl_int>(stream_op_code(op)));
  kernel.setArg(4, static_cast<double>(s));
  kernel.setArg(5, static_cast<cl_ulong>(seeds.in1));
  kernel.setArg(6, static_cast<cl_ulong>(seeds.in2));
  kernel.setArg(7, static_cast<cl_ulong>(seeds.out0));
  const ElementCheck check = run_element_check(runtime, kernel, 8, n);
  const std::size_t at = reported_index(check, n);
  const auto value = [&](std::uint64_t seed) { return static_cast<double>(input_as<T>(seed, at)); };
  return stream_output_verdict<T>(
      op, n, check, element_at<T>(runtime, out, at, n),
      exact_stream_element(op, s, value(seeds.in1), value(seeds.in2), value(seeds.out0)));
}

template <class T>
roofline::Verification verify_stream_sum_on_device(Runtime& runtime, StreamOp op, double sum,
                                                   std::size_t n, const StreamSeeds& seeds) {
  if (stream_stores(op))
    throw std::invalid_argument("stream " + std::string(to_string(op)) + " returns no sum");
  cl::Kernel kernel = check_kernel<T>(runtime, "exact_stream_sum");
  const Grid g = grid_for(runtime, n);
  cl::Buffer parts = runtime.buffer(3 * g.groups * sizeof(double), "check sums");
  kernel.setArg(0, static_cast<cl_ulong>(n));
  kernel.setArg(1, static_cast<cl_int>(op == StreamOp::dot));
  kernel.setArg(2, static_cast<cl_ulong>(seeds.in1));
  kernel.setArg(3, static_cast<cl_ulong>(seeds.in2));
  kernel.setArg(4, parts);
  for (cl_uint k = 5; k < 8; ++k) kernel.setArg(k, cl::Local(g.group * sizeof(double)));
  runtime.launch(kernel, g.global(), g.local());
  long double exact = 0, magnitude = 0;
  const std::vector<double> back = runtime.read<double>(parts, 3 * g.groups);
  for (std::size_t k = 0; k < g.groups; ++k) {
    exact += static_cast<long double>(back[3 * k]) + back[3 * k + 1];
    magnitude += back[3 * k + 2];
  }
  return stream_sum_verdict<T>(op, sum, exact, magnitude, n);
}

template <class T>
roofline::Verification verify_nested_saxpy_on_device(Runtime& runtime, int m, const cl::Buffer& y,
                                                     std::size_t n, std::uint64_t x_seed,
                                                     std::uint64_t y0_seed) {
  constexpr roofline::Precision p = precision_of<T>();
  const NestedSaxpyWeights w = nested_saxpy_weights(p, m);
  cl::Kernel kernel = check_kernel<T>(runtime, "check_nested_saxpy");
  kernel.setArg(0, y);
  kernel.setArg(1, static_cast<cl_ulong>(n));
  kernel.setArg(2, nested_saxpy_tolerance(p, m));
  kernel.setArg(3, w.x);
  kernel.setArg(4, w.y);
  kernel.setArg(5, static_cast<cl_ulong>(x_seed));
  kernel.setArg(6, static_cast<cl_ulong>(y0_seed));
  const ElementCheck check = run_element_check(runtime, kernel, 7, n);
  const std::size_t at = reported_index(check, n);
  return nested_saxpy_verdict(
      p, m, n, check, element_at<T>(runtime, y, at, n),
      exact_nested_saxpy(w, input_as<T>(x_seed, at), input_as<T>(y0_seed, at)));
}

#define ROOFLAB_DEVICE_CHECK_INSTANTIATE(T)                                                        \
  template void fill_inputs<T>(Runtime&, const cl::Buffer&, std::uint64_t, std::size_t);           \
  template std::vector<T> put_inputs<T>(Runtime&, const cl::Buffer&, std::uint64_t, std::size_t);  \
  template roofline::Verification verify_stream_output_on_device<T>(                               \
      Runtime&, StreamOp, const cl::Buffer&, std::size_t, T, const StreamSeeds&);                  \
  template roofline::Verification verify_stream_sum_on_device<T>(Runtime&, StreamOp, double,       \
                                                                 std::size_t, const StreamSeeds&); \
  template roofline::Verification verify_nested_saxpy_on_device<T>(                                \
      Runtime&, int, const cl::Buffer&, std::size_t, std::uint64_t, std::uint64_t);
ROOFLAB_DEVICE_CHECK_INSTANTIATE(float)
ROOFLAB_DEVICE_CHECK_INSTANTIATE(double)
#undef ROOFLAB_DEVICE_CHECK_INSTANTIATE

}  // namespace kernels::opencl
