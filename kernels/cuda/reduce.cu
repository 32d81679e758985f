// The reduce ladder: one kernel template over (element type, op, load layout, vector width,
// loads per thread, block reduce, bounds checks); the pass scheme is a launch argument.
// reduce_plan.hpp lists the shapes compiled here.
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/cuda/common/block_load.cuh"
#include "kernels/cuda/common/block_reduce.cuh"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/current_device.hpp"
#include "kernels/cuda/last_block.hpp"
#include "kernels/cuda/reduce.hpp"
#include "roofline/input_error.hpp"

namespace kernels::cuda {
namespace {

// What the kernels keep in: a sum or dot the accumulator (int32 wraps in uint32), a maximum the
// element type (int32 compared signed). Both are as wide as T, so one buffer serves either.
template <ReduceOp Op, class T>
using Value = std::conditional_t<Op == ReduceOp::max, T, Accumulator<T>>;

template <ReduceOp Op, class A>
using Operator = std::conditional_t<Op == ReduceOp::max, Max<A>, Plus<A>>;

template <class A>
struct ReduceArgs {
  std::size_t n, tile, full_tiles;
  PassScheme passes;
  A* partials;  // one per block (two_pass writes its sums here; the second pass: the result)
  A* result;
  unsigned* counter;  // one_pass_last_block's ticket counter, 0 between launches
  A* scratch;         // gmem_tree: blockDim.x values per block
};

// ReduceArgs' pointers as the kernel's value type (int32's max: int over the uint32 buffers,
// which the signed and unsigned variants of one type may alias).
template <class V, class A>
__device__ __forceinline__ V* as_value(A* p) {
  static_assert(sizeof(V) == sizeof(A));
  return reinterpret_cast<V*>(p);
}

// One-pass atomic: the block's value combined into *p. A float or double maximum has no atomic
// instruction: a compare-and-swap of its bits, retried while another block's larger value did
// not land first.
template <class R, class V>
__device__ __forceinline__ void atomic_combine(V* p, V v) {
  if constexpr (std::is_same_v<R, Plus<V>> || std::is_integral_v<V>) {
    if constexpr (std::is_same_v<R, Plus<V>>) {
      atomicAdd(p, v);
    } else {
      atomicMax(p, v);
    }
  } else {
    using Bits = std::conditional_t<sizeof(V) == 4, unsigned, unsigned long long>;
    Bits* bits = reinterpret_cast<Bits*>(p);
    Bits seen = *reinterpret_cast<volatile Bits*>(bits), expected;
    do {
      expected = seen;
      V current;
      memcpy(&current, &expected, sizeof current);
      if (!(v > current)) return;
      Bits mine;
      memcpy(&mine, &v, sizeof mine);
      seen = atomicCAS(bits, expected, mine);
    } while (seen != expected);
  }
}

// The plan's load (the family's, shared with OpenCL) as the common collective names it.
constexpr BlockLoadAlgorithm algorithm(BlockLoad l) {
  return l == BlockLoad::striped ? BlockLoadAlgorithm::striped : BlockLoadAlgorithm::blocked;
}

template <ReduceOp Op, class A, class T>
__device__ __forceinline__ A term(T x, T y) {
  if constexpr (Op == ReduceOp::dot) return static_cast<A>(x) * static_cast<A>(y);
  return static_cast<A>(x);
}

// Grid-stride over full tiles (each thread `Loads` vectors of V elements per tile, combined into
// kChains independent accumulators), the n % tile elements after them one per thread, then the
// block's value, then the pass scheme's finish. With checked loads every tile, the last one
// partial, is loaded with bounds checks and there are no elements after them.
template <class T, ReduceOp Op, BlockLoad L, int V, int Loads, BlockReduce B, Bounds Check>
__global__ void __launch_bounds__(1024)
    reduce_kernel(const T* __restrict__ x, const T* __restrict__ y, ReduceArgs<Accumulator<T>> a) {
  using A = Value<Op, T>;
  using R = Operator<Op, A>;
  extern __shared__ __align__(16) unsigned char shared_bytes[];
  A* shared = reinterpret_cast<A*>(shared_bytes);
  A* scratch = a.scratch ? as_value<A>(a.scratch) + std::size_t{blockIdx.x} * blockDim.x : nullptr;

  static_assert((Loads & (Loads - 1)) == 0, "the accumulators are combined as a tree");
  constexpr int kChains = Loads < 4 ? Loads : 4;  // registers go to the loads in flight
  const T fill = static_cast<T>(R::identity());   // what a checked load past n contributes
  A acc[kChains];
#pragma unroll
  for (int c = 0; c < kChains; ++c) acc[c] = R::identity();
  for (std::size_t tile = blockIdx.x; tile < a.full_tiles; tile += gridDim.x) {
    Vector<T, V> xs[Loads], ys[Loads];
    if constexpr (Check == Bounds::checked) {
      const std::size_t valid = a.n - tile * a.tile;
      load_tile_checked<algorithm(L), Loads>(x + tile * a.tile, valid, fill, xs);
      if constexpr (Op == ReduceOp::dot)
        load_tile_checked<algorithm(L), Loads>(y + tile * a.tile, valid, T{}, ys);
    } else {
      load_tile<algorithm(L), Loads>(x + tile * a.tile, xs);
      if constexpr (Op == ReduceOp::dot) load_tile<algorithm(L), Loads>(y + tile * a.tile, ys);
    }
#pragma unroll
    for (int i = 0; i < Loads; ++i)
#pragma unroll
      for (int k = 0; k < V; ++k)
        acc[i % kChains] =
            R{}(acc[i % kChains], term<Op, A>(xs[i].v[k], Op == ReduceOp::dot ? ys[i].v[k] : T{}));
  }
  for (std::size_t i = a.full_tiles * a.tile + std::size_t{blockIdx.x} * blockDim.x + threadIdx.x;
       i < a.n; i += std::size_t{gridDim.x} * blockDim.x)
    acc[0] = R{}(acc[0], term<Op, A>(x[i], Op == ReduceOp::dot ? y[i] : T{}));
#pragma unroll
  for (int width = kChains / 2; width > 0; width /= 2)
#pragma unroll
    for (int i = 0; i < width; ++i) acc[i] = R{}(acc[i], acc[i + width]);
  const A value = block_reduce<B, R>(acc[0], shared, scratch);
  A* partials = as_value<A>(a.partials);
  A* result = as_value<A>(a.result);

  if (a.passes == PassScheme::two_pass) {
    if (threadIdx.x == 0) partials[blockIdx.x] = value;
    return;
  }
  if (a.passes == PassScheme::one_pass_atomic) {
    if (threadIdx.x == 0) atomic_combine<R>(result, value);
    return;
  }
  // Last-block detection: the partial is stored and fenced (device scope) before the ticket is
  // drawn, so the block that draws the last ticket, after its own fence, reads every partial.
  __shared__ bool last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = value;
    __threadfence();
    const unsigned ticket = atomicInc(a.counter, ticket_limit(gridDim.x));
    last = is_last_ticket(ticket, gridDim.x);
  }
  __syncthreads();
  if (!last) return;
  __threadfence();
  A v = R::identity();
  for (unsigned i = threadIdx.x; i < gridDim.x; i += blockDim.x) v = R{}(v, __ldcg(partials + i));
  v = block_reduce<B, R>(v, shared, scratch);
  if (threadIdx.x == 0) *result = v;
}

template <class T>
using KernelFn = void (*)(const T*, const T*, ReduceArgs<Accumulator<T>>);

template <class T, ReduceOp Op, ReduceShape S>
constexpr KernelFn<T> kernel_of() {
  if constexpr (S.block == BlockReduce::warp_redux && !std::is_integral_v<T>) {
    return nullptr;
  } else {
    return &reduce_kernel<T, Op, S.load, vector_elements(S.width, sizeof(T)), S.loads, S.block,
                          S.bounds>;
  }
}

template <class T, ReduceOp Op, const auto& Shapes, std::size_t... I>
KernelFn<T> find_kernel(const ReduceShape& s, std::index_sequence<I...>) {
  KernelFn<T> found = nullptr;
  ((found = found ? found : (Shapes[I] == s ? kernel_of<T, Op, Shapes[I]>() : nullptr)), ...);
  return found;
}

template <class T, ReduceOp Op, const auto& Shapes>
KernelFn<T> find_kernel(const ReduceShape& s) {
  return find_kernel<T, Op, Shapes>(s, std::make_index_sequence<std::size(Shapes)>());
}

// The second pass's shapes: one element per thread, every block reduce.
constexpr ReduceShape one_per_thread(BlockReduce b) {
  return {.load = BlockLoad::striped, .width = LoadWidth::element, .loads = 1, .block = b};
}
constexpr ReduceShape kSecondPassShapes[] = {
    one_per_thread(BlockReduce::gmem_tree),      one_per_thread(BlockReduce::smem_tree),
    one_per_thread(BlockReduce::smem_tree_shfl), one_per_thread(BlockReduce::raking),
    one_per_thread(BlockReduce::warp_shfl),      one_per_thread(BlockReduce::warp_cg),
    one_per_thread(BlockReduce::warp_redux)};

// The first pass's kernel: a ladder shape, or for the fp32 sum a sweep shape.
template <class T>
KernelFn<T> first_pass(ReduceOp op, const ReduceShape& s) {
  switch (op) {
    case ReduceOp::dot:
      return find_kernel<T, ReduceOp::dot, kLadderShapes>(s);
    case ReduceOp::max:
      return find_kernel<T, ReduceOp::max, kLadderShapes>(s);
    case ReduceOp::sum:
      break;
  }
  KernelFn<T> k = find_kernel<T, ReduceOp::sum, kLadderShapes>(s);
  if constexpr (std::is_same_v<T, float>)
    if (!k) k = find_kernel<T, ReduceOp::sum, kSweepShapes>(s);
  return k;
}

// The second pass of two_pass: one block combines the partials (of type S: the accumulator of a
// sum or dot, the element of a maximum) with the same block reduce and operator.
template <class S, ReduceOp Op>
KernelFn<S> second_pass(BlockReduce b) {
  if (const KernelFn<S> k = find_kernel<S, Op, kSecondPassShapes>(one_per_thread(b))) return k;
  throw std::logic_error("reduce: no second pass for " + std::string(to_string(b)));
}

}  // namespace

template <class T>
ReduceKernel<T>::ReduceKernel(const ReduceConfig& config, std::size_t n)
    : config_(config), n_(n), result_(1) {
  check_config(config, precision_of<T>());
  if (config.shape.block == BlockReduce::warp_redux) {
    const int major = current_device_attribute(cudaDevAttrComputeCapabilityMajor);
    if (major < 8)
      throw roofline::InputError(
          "reduce: warp_redux (__reduce_add_sync) needs compute capability "
          "8.0; this device has " +
          std::to_string(major) + ".x");
  }
  const KernelFn<T> kernel = first_pass<T>(config.op, config.shape);
  const int shared = block_shared_bytes(config.shape.block, config.threads, sizeof(A));
  ROOFLAB_CUDA(
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident_, kernel, config.threads, shared));
  if (resident_ < 1)
    throw CudaError("reduce " + reduce_variant_name(config) + ": no block of " +
                    std::to_string(config.threads) + " threads fits on an SM");
  plan_ = plan_reduce(
      config, precision_of<T>(), n,
      max_blocks(config, resident_, current_device_attribute(cudaDevAttrMultiProcessorCount)));
  if (plan_.partials > 0) partials_.emplace(plan_.partials);
  if (plan_.scratch > 0) scratch_.emplace(plan_.scratch);
  if (config.passes == PassScheme::one_pass_last_block) {
    counter_.emplace(1);
    ROOFLAB_CUDA(cudaMemset(counter_->data(), 0, sizeof(unsigned)));
  }
  if (config.passes == PassScheme::one_pass_atomic) {
    // What each launch resets the result to: the operator's identity (its bits are T's for a
    // maximum, the accumulator's otherwise).
    identity_.emplace(1);
    const T identity = reduce_identity<T>(config.op);
    A bits{};
    if (config.op == ReduceOp::max) std::memcpy(&bits, &identity, sizeof bits);
    ROOFLAB_CUDA(cudaMemcpy(identity_->data(), &bits, sizeof bits, cudaMemcpyHostToDevice));
  }
}

template <class T>
void ReduceKernel<T>::launch(const T* x, const T* y) {
  const int v = vector_elements(config_.shape.width, sizeof(T));
  const auto aligned = [&](const T* p) {
    return !p || reinterpret_cast<std::uintptr_t>(p) % (v * sizeof(T)) == 0;
  };
  if (!aligned(x) || !aligned(y))
    throw std::invalid_argument("reduce: inputs are not aligned to the " +
                                std::to_string(v * sizeof(T)) + "-byte loads");
  const ReduceArgs<A> args{.n = n_,
                           .tile = plan_.tile,
                           .full_tiles = plan_.full_tiles,
                           .passes = config_.passes,
                           .partials = partials_ ? partials_->data() : nullptr,
                           .result = result_.data(),
                           .counter = counter_ ? counter_->data() : nullptr,
                           .scratch = scratch_ ? scratch_->data() : nullptr};
  if (config_.passes == PassScheme::one_pass_atomic)
    ROOFLAB_CUDA(
        cudaMemcpyAsync(result_.data(), identity_->data(), sizeof(A), cudaMemcpyDeviceToDevice));
  first_pass<T>(config_.op, config_.shape)<<<plan_.blocks, config_.threads, plan_.shared_bytes>>>(
      x, y, args);
  check_launch("reduce_kernel");
  if (config_.passes != PassScheme::two_pass) return;
  const auto blocks = static_cast<std::size_t>(plan_.blocks);
  const ReduceArgs<A> second{.n = blocks,
                             .tile = static_cast<std::size_t>(config_.threads),
                             .full_tiles = blocks / config_.threads,
                             .passes = PassScheme::two_pass,
                             .partials = result_.data(),
                             .result = nullptr,
                             .counter = nullptr,
                             .scratch = args.scratch};
  if (config_.op == ReduceOp::max) {
    // The partials hold T's bits (int32's max: signed) in the accumulator's buffer.
    second_pass<T, ReduceOp::max>(config_.shape.block)<<<1, config_.threads, plan_.shared_bytes>>>(
        reinterpret_cast<const T*>(partials_->data()), nullptr, second);
  } else {
    second_pass<A, ReduceOp::sum>(config_.shape.block)<<<1, config_.threads, plan_.shared_bytes>>>(
        partials_->data(), nullptr, second);
  }
  check_launch("reduce_kernel (second pass)");
}

template class ReduceKernel<float>;
template class ReduceKernel<double>;
template class ReduceKernel<std::int32_t>;

}  // namespace kernels::cuda
