#pragma once
// The initial values of a device array (kernels/inputs.hpp) regenerated on the host, for the
// checks, on all threads. Compiled once, in kernels/host_inputs.cpp with OpenMP: as a header
// template it was also instantiated in files built without OpenMP, and the linker kept a serial
// copy (regenerating two 683 MiB inputs took 4 s of every 2 GiB check on a 16-core host).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace kernels {

// For float, double and int.
template <class T>
std::vector<T> host_inputs(std::uint64_t seed, std::size_t n);

}  // namespace kernels
