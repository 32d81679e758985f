#pragma once
// The nested SAXPY sweep on the GPU as cases: x and y on the device, one event-timed launch per
// run, y checked on the host against the closed form (kernels/nested_saxpy.hpp).
#include <cstddef>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "kernels/cuda/geometry.hpp"
#include "kernels/cuda/nested_saxpy.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

// The parameters of the own kernel's case of depth m over n elements of precision p launched with
// `g`. Throws roofline::InputError for an m outside the sweep's depths or a launch the kernel
// cannot take.
nlohmann::json nested_saxpy_params(int m, const Geometry& g, roofline::Precision p, std::size_t n,
                                   NestedSaxpyBuffering buffering = NestedSaxpyBuffering::single);

// Throws roofline::InputError for an m outside the sweep's depths or a precision other than
// fp16, bf16, fp32 or fp64.
std::unique_ptr<roofline::Case> make_nested_saxpy_case(
    const roofline::Device& device, int m, const Geometry& g, roofline::Precision p, std::size_t n,
    NestedSaxpyBuffering buffering = NestedSaxpyBuffering::single);

// The grid-stride kernel's resident grid at depth m: 256 threads a block, as many blocks as fit
// on each SM at once with `buffering` (asked of the current device, which `device` is).
// Throws roofline::InputError for an m outside the sweep's depths or a precision other than
// fp16, bf16, fp32 or fp64.
Geometry nested_saxpy_resident_geometry(const roofline::Device& device, roofline::Precision p,
                                        int m, NestedSaxpyBuffering buffering);

// Whether the device has the copy engine's bulk copies (compute capability 9.0 and later).
bool has_bulk_copy(const roofline::Device& device);

// The bytes of one lane of a step: one fp32 or fp64 element, a pair of 16-bit elements.
int nested_saxpy_lane_bytes(roofline::Precision p);

// The own kernel in tiles fed by the copy engine (nested_saxpy_bulk_launch): `bulk_copy_tiles`
// with shared-memory copies, `l2_prefetch_tiles` with L2 prefetches (the tile's feed).
// Throws roofline::InputError for an m outside the sweep's depths, threads not a multiple of 32
// up to 1024, accesses other than 16 bytes or one lane, more bytes per thread than the grid-stride
// kernel's (kNestedSaxpyItems 16-byte vectors), shared copies' stages of two tiles over 48 KiB,
// stages with L2 prefetches, a device without bulk copies or a precision other than fp16, bf16,
// fp32 or fp64.
std::unique_ptr<roofline::Case> make_bulk_nested_saxpy_case(
    const roofline::Device& device, int m, roofline::Precision p, std::size_t n,
    const NestedSaxpyBulkTile& tile = kNestedSaxpyBulkTile);

// thrust::transform with the m-deep expression as a functor (the study's baseline at every depth),
// up to 2^31 - 1 elements (its 32-bit offsets).
// Throws roofline::InputError for an m outside the sweep's depths or a precision other than
// fp16, bf16, fp32 or fp64.
std::unique_ptr<roofline::Case> make_thrust_nested_saxpy_case(const roofline::Device& device, int m,
                                                              roofline::Precision p, std::size_t n);

// cuBLAS axpy (y = a·x + y: the nested SAXPY of depth 1), the vendor baseline. Throws
// roofline::InputError for a precision other than fp32/fp64.
std::unique_ptr<roofline::Case> make_cublas_axpy_case(const roofline::Device& device,
                                                      roofline::Precision p, std::size_t n);

}  // namespace kernels::cuda
