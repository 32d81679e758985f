#pragma once
// How a kernel stores its output, shared by the families that can stream it past the caches
// (stream, scan) and the bandwidth probes.
#include <string_view>

namespace kernels {

enum class Store {
  temporal,     // ordinary stores (write-allocate)
  nontemporal,  // streaming stores that bypass the caches
};

constexpr std::string_view to_string(Store store) {
  return store == Store::temporal ? "temporal" : "nontemporal";
}

}  // namespace kernels
