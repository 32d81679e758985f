#pragma once
// The CPU cases of the `stream` family.
#include <cstddef>
#include <memory>
#include <string>

#include "kernels/cpu/stream.hpp"
#include "roofline/case.hpp"
#include "roofline/profile.hpp"
#include "roofline/work.hpp"

namespace kernels::cpu {

enum class StreamTechnique {
  simd,   // stream_run: explicit SIMD, one parallel region per call
  plain,  // stream_plain: the textbook OpenMP loop (the reference to match)
};

// A case that runs `call` (call.passes passes per run) over n elements per array of precision p
// (fp32 or fp64), verified after a single pass; `info` names it and declares its work. The
// bandwidth probe makes its sweep points with it.
std::unique_ptr<roofline::Case> make_stream_case(roofline::CaseInfo info, StreamTechnique technique,
                                                 const StreamCall& call, roofline::Precision p,
                                                 std::size_t n);

// One case of the `stream` family: call.op over n elements per array of precision p, named by
// its row.
std::unique_ptr<roofline::Case> make_stream_case(const roofline::Device& device,
                                                 StreamTechnique technique, const StreamCall& call,
                                                 roofline::Precision p, std::size_t n);

}  // namespace kernels::cpu
