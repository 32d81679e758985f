#pragma once
// The check of every peak-FLOP probe's FMA chains, t = t·a + b with a = 0.5: each converges to 2b
// exactly, so each lane is compared exactly.
#include <span>

#include "roofline/results.hpp"

namespace probes {

// Every chain value must equal `expected` exactly (2b); the message names the first that does not.
roofline::Verification check_chains(std::span<const double> values, double expected);

}  // namespace probes
