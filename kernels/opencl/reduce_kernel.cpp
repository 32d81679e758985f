#include "kernels/opencl/reduce_kernel.hpp"

#include <cstring>
#include <string>

#include "kernels/opencl/case.hpp"

namespace rooflab_embedded {
extern const std::string_view reduce_cl;
}

namespace kernels::opencl {
namespace {

using roofline::Precision;

// The identity of op in reduce.cl's ACC A, as OpenCL C spells it.
template <class A>
std::string identity(ReduceOp op) {
  if (op != ReduceOp::max) return "0";
  if constexpr (std::is_integral_v<A>) return "INT_MIN";
  return std::is_same_v<A, float> ? "(-FLT_MAX)" : "(-DBL_MAX)";
}

// The build options of reduce.cl for elements T combined in A.
template <class T, class A>
std::string options(const ReduceConfig& c, const DeviceSupport& s, Precision p) {
  const int atomic = c.passes != PassScheme::one_pass_atomic ? 0 : [&] {
    switch (atomic_add_of(c.op, p, s)) {
      case AtomicAdd::native_int:
        return 0;
      case AtomicAdd::float_ext:
        return 1;
      case AtomicAdd::exchange_loop:
        return 2;
    }
    return 0;
  }();
  const bool wide = sizeof(A) == 8;
  return cl_std_option(c, p, s) + build_define("REAL", cl_type<T>()) +
         build_define("W", std::to_string(vector_elements(c.shape.width, sizeof(T)))) +
         build_define("ACC", cl_type<A>()) + build_define("GROUP", std::to_string(c.group)) +
         build_define("LOADS", std::to_string(c.shape.loads)) +
         build_define("STRIPED", c.shape.load == BlockLoad::striped ? "1" : "0") +
         build_define("OP", std::to_string(static_cast<int>(c.op))) +
         build_define("IDENTITY", identity<A>(c.op)) +
         build_define("BLOCK", std::to_string(static_cast<int>(c.shape.block))) +
         build_define("CHECKED", c.shape.bounds == Bounds::checked ? "1" : "0") +
         build_define("PASSES", std::to_string(static_cast<int>(c.passes))) +
         build_define("ATOMIC", std::to_string(atomic)) +
         build_define("BITS", wide ? "ulong" : "uint") +
         build_define("XCHG", wide ? "atom_xchg" : "atomic_xchg");
}

}  // namespace

template <class T>
ReduceKernel<T>::ReduceKernel(Runtime& runtime, const ReduceConfig& config,
                              const DeviceSupport& support, std::size_t n)
    : runtime_(runtime), config_(config), n_(n) {
  constexpr Precision p = precision_of<T>();
  const std::size_t max_group =
      checked([&] { return runtime.device().getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>(); });
  const int units = checked(
      [&] { return static_cast<int>(runtime.device().getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()); });
  plan_ = plan_reduce(config, p, n, units, max_group);
  const std::string what = "reduce " + reduce_variant_name(config);
  // A maximum compares the elements as they are (int32 signed); sums and dots add in A.
  const bool max = config.op == ReduceOp::max;
  const cl::Program& program =
      runtime.program("reduce.cl", rooflab_embedded::reduce_cl,
                      max ? options<T, T>(config, support, p) : options<T, A>(config, support, p));
  checked([&] { first_ = cl::Kernel(program, "reduce"); });
  result_ = runtime.buffer(sizeof(A), what + " result");
  if (config.passes == PassScheme::one_pass_atomic) {
    // What each launch resets the result to: the operator's identity (T's bits for a maximum).
    const T identity = reduce_identity<T>(config.op);
    std::memcpy(&identity_, &identity, sizeof identity_);
  }
  if (plan_.partials > 0)
    partials_ = runtime.buffer(plan_.partials * sizeof(A), what + " partials");
  if (config.passes == PassScheme::one_pass_last_block) {
    counter_ = runtime.buffer(sizeof(cl_uint), what + " counter");
    runtime.write(counter_, std::vector<cl_uint>{0});
  }
  checked([&] {
    first_.setArg(2, static_cast<cl_ulong>(n));
    first_.setArg(3, static_cast<cl_ulong>(plan_.full_tiles));
    set_buffer(first_, 4, plan_.partials > 0 ? &partials_ : nullptr);
    set_buffer(first_, 5, config.passes == PassScheme::two_pass ? nullptr : &result_);
    set_buffer(first_, 6, config.passes == PassScheme::one_pass_last_block ? &counter_ : nullptr);
    first_.setArg(7, cl::Local(scratch_values(config) * sizeof(A)));
  });
  if (config.passes != PassScheme::two_pass) return;
  // The second pass: one group combines the partials (one per load) into the result: a sum of
  // A for a sum or dot, a maximum of T.
  ReduceConfig combine = config;
  combine.op = max ? ReduceOp::max : ReduceOp::sum;
  combine.shape = {.width = LoadWidth::element, .loads = 1, .block = config.shape.block};
  const cl::Program& second = runtime.program(
      "reduce.cl", rooflab_embedded::reduce_cl,
      max ? options<T, T>(combine, support, p) : options<A, A>(combine, support, p));
  checked([&] {
    second_ = cl::Kernel(second, "reduce");
    second_.setArg(0, partials_);
    set_buffer(second_, 1, nullptr);
    second_.setArg(2, static_cast<cl_ulong>(plan_.groups));
    second_.setArg(3, static_cast<cl_ulong>(plan_.groups / config.group));
    second_.setArg(4, result_);
    set_buffer(second_, 5, nullptr);
    set_buffer(second_, 6, nullptr);
    second_.setArg(7, cl::Local(scratch_values(config) * sizeof(A)));
  });
}

template <class T>
double ReduceKernel<T>::launch(const cl::Buffer& x, const cl::Buffer* y) {
  return checked([&] {
    first_.setArg(0, x);
    set_buffer(first_, 1, y);
    cl::CommandQueue& queue = runtime_.queue();
    const cl::NDRange local(config_.group);
    cl::Event start, end;
    if (config_.passes == PassScheme::one_pass_atomic)
      queue.enqueueFillBuffer(result_, identity_, 0, sizeof(A), nullptr, &start);
    queue.enqueueNDRangeKernel(first_, cl::NullRange, cl::NDRange(plan_.groups * config_.group),
                               local, nullptr, &end);
    if (config_.passes != PassScheme::one_pass_atomic) start = end;
    if (config_.passes == PassScheme::two_pass)
      queue.enqueueNDRangeKernel(second_, cl::NullRange, local, local, nullptr, &end);
    return runtime_.timed(start, end);
  });
}

template class ReduceKernel<float>;
template class ReduceKernel<double>;
template class ReduceKernel<std::int32_t>;

}  // namespace kernels::opencl
