#pragma once
// The nested SAXPY offloaded (issue 26 §1): x and y live in host memory, and one call brings them
// to the device, runs the nested SAXPY of depth m there and brings y back. Its arithmetic
// intensity per byte across the host link is the nested SAXPY's own (x and y cross in, y crosses
// out: 3 values per element, as HBM moves them), so one call is placed under the `host_link` roof
// and, its kernel alone, under HBM's.
//
// One timed call covers three parts, each timed by CUDA events in the same call: the copies in,
// the kernel, the copy out. A case reports one part (OffloadPart): the whole call and the link
// (copies in and out) against the `host_link` ceiling, the kernel against HBM.
#include <array>
#include <cstdint>
#include <string_view>

#include "kernels/family.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Not in the default suite (a study: most of its time is the link); x and y, sized as the nested
// SAXPY's; its study sweeps the depth m, a panel per part of the call.
inline constexpr Family kNestedSaxpyOffload{.name = "nested_saxpy_offload",
                                            .in_default_suite = false,
                                            .arrays = 2,
                                            .size_param = "m",
                                            .size_label = "depth m (FMAs per element)",
                                            .panel_param = "part"};

// The depths of the offload study: every 16×, from link-bound m = 1 to the deepest kernel.
inline constexpr std::array<int, 4> kOffloadDepths = {1, 16, 256, 1024};

enum class OffloadPart {
  call,    // copies in, kernel, copy out
  link,    // copies in and copy out, without the kernel between them
  kernel,  // the kernel alone
};
inline constexpr std::array kOffloadParts = {OffloadPart::call, OffloadPart::link,
                                             OffloadPart::kernel};
std::string_view to_string(OffloadPart part);

// The work of one part over n elements of precision p at depth m: the call's and the kernel's are
// the nested SAXPY's (2m FLOPs and 3 values per element); the link's has its bytes and no FLOPs.
roofline::Work nested_saxpy_offload_work(OffloadPart part, roofline::Precision p, std::int64_t n,
                                         int m);

// The memory level a part is placed under: `host_link` for the call and the link, "" for the
// kernel (the level of its working set on the device).
std::string_view offload_level(OffloadPart part);

}  // namespace kernels
