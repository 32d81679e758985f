#pragma once
// The check of every peak-FLOP probe's chains: the FMA chains t = t·a + b with a = 0.5 converge to
// 2b exactly, the tensor-core chains end at tensor_chain_result() exactly, so each value is
// compared exactly.
#include <span>

#include "roofline/results.hpp"

namespace probes {

// Every chain value must equal `expected` exactly; the message names the first that does not, and
// the value as `what` says it (the FMA chains' "2b").
roofline::Verification check_chains(std::span<const double> values, double expected,
                                    const char* what = "2b");

}  // namespace probes
