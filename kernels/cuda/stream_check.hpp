#pragma once
// The stream family's checks on the device (kernels/stream.hpp's, with the same reference and
// tolerance): the inputs are regenerated there from the seeds they were filled from
// (kernels/inputs.hpp), so nothing of the arrays crosses to the host.
#include <cstddef>
#include <cstdint>

#include "kernels/stream.hpp"
#include "kernels/stream_seeds.hpp"
#include "roofline/results.hpp"

namespace kernels::cuda {

// verify_stream_output of `out` (device memory) after one pass with scalar s.
template <class T>
roofline::Verification verify_stream_output_on_device(StreamOp op, const T* out, std::size_t n, T s,
                                                      const StreamSeeds& seeds);

// verify_stream_sum of read or dot over n elements, the exact sum taken on the device in
// double-double arithmetic (exact to about n·u² of Σ|terms|).
template <class T>
roofline::Verification verify_stream_sum_on_device(StreamOp op, double sum, std::size_t n,
                                                   const StreamSeeds& seeds);

}  // namespace kernels::cuda
