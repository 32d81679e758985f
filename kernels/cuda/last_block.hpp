#pragma once
// The ticket of last-block detection (CUDA Handbook, reduction4SinglePass.cuh): each block, after
// writing its partial and fencing, draws a ticket with atomicInc(&counter, blocks − 1); the block
// that draws blocks − 1 is the last to retire and sums the partials. atomicInc wraps the counter
// back to 0 on that draw, so the next launch starts from 0 without a reset. These are the
// counter's rules, shared by the kernel and the host test that replays them with std::atomic.
// docs/methodology.md explains why the protocol is correct on CUDA.

#include "kernels/host_device.hpp"

namespace kernels::cuda {

// The value atomicInc(&counter, limit) stores when it reads `old` (CUDA Programming Guide,
// atomicInc: ((old >= limit) ? 0 : (old + 1))).
ROOFLAB_HOST_DEVICE constexpr unsigned next_ticket(unsigned old, unsigned limit) {
  return old >= limit ? 0u : old + 1u;
}

// The limit a grid of `blocks` blocks passes to atomicInc.
ROOFLAB_HOST_DEVICE constexpr unsigned ticket_limit(unsigned blocks) { return blocks - 1u; }

// Whether the block that drew `ticket` is the last of `blocks` to retire.
ROOFLAB_HOST_DEVICE constexpr bool is_last_ticket(unsigned ticket, unsigned blocks) {
  return ticket == blocks - 1u;
}

}  // namespace kernels::cuda
