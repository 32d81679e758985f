#pragma once
// The tutorial family of docs/extending.md, independent of the backend: y = a·x over n elements,
// its declared work and its check. Run only when named (--family tutorial_scale).
//
// Work. One multiply per element (n FLOPs); x read and y written once, n elements each (2n
// elements as referenced), and y's lines read before they are written where stores allocate
// (3n). The working set is both arrays.
//
// Check. A product is rounded once: the reference computes a·x exactly in the wider type
// (kernels::Wide) and rounds it to the element type, and every element must equal it.
#include <cstddef>
#include <cstdint>

#include "kernels/family.hpp"
#include "roofline/results.hpp"
#include "roofline/work.hpp"

namespace kernels {

// Its size study sweeps the vector length n from 1 K elements to DRAM.
inline constexpr Family kTutorialScale{.name = "tutorial_scale",
                                       .arrays = 2,
                                       .size_param = "n",
                                       .size_label = "vector length (elements)"};

inline constexpr double kTutorialScaleA = 0.75;

roofline::Work tutorial_scale_work(roofline::Precision p, std::int64_t n);

// Checks y = kTutorialScaleA·x element by element, exactly; max_error is the largest relative
// difference from the reference.
template <class T>
roofline::Verification verify_tutorial_scale(const T* x, const T* y, std::size_t n);

}  // namespace kernels
