#pragma once
// A STREAM operation on the GPU as a case: device arrays filled with known random values,
// event-timed launches back to back per run, every element (or the sum) checked on the host. The
// bandwidth probe times the same cases.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "kernels/cuda/geometry.hpp"
#include "kernels/stream.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"

namespace kernels::cuda {

struct StreamConfig {
  StreamOp op = StreamOp::read;
  Geometry geometry;
  int passes = 1;    // over the arrays per launch
  int launches = 1;  // back to back per timed run
};

// Work of one run: stream_work (temporal stores) times passes times launches, with no
// write-allocate traffic (GPU stores of whole sectors read nothing).
roofline::Work stream_config_work(const StreamConfig& config, roofline::Precision p, std::size_t n);

// Family `family` ("stream", "bandwidth"), params n, op, passes, launches and the geometry.
// Throws roofline::InputError for a bad geometry, passes or launches below 1 or n of 0.
// Verified on the device (kernels/cuda/stream_check.hpp). `level`: the memory level the case counts
// in (default: the level its working set lives in).
std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 const std::string& family,
                                                 const std::string& variant,
                                                 const StreamConfig& config, roofline::Precision p,
                                                 std::size_t n,
                                                 std::optional<std::string> level = std::nullopt);

// The same as a case of the stream family, named by its row.
std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 const StreamConfig& config, roofline::Precision p,
                                                 std::size_t n);

// cuBLAS dot (the stream family's row "cublas"), the vendor baseline of the dot operation.
std::unique_ptr<roofline::Case> make_cublas_dot_case(const roofline::Device& device,
                                                     roofline::Precision p, std::size_t n);

}  // namespace kernels::cuda
