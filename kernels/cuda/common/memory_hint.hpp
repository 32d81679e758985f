#pragma once
// Cache hints of streaming loads and stores (PTX cache operators): the template parameters of
// warp_exchange.cuh's loads and stores, in a header host code can include too.

namespace kernels::cuda {

enum class LoadHint {
  cg,  // ld.global.cg: cached in L2 only, not in L1
  cs,  // ld.global.cs (__ldcs): streaming, likely read once: evict first
  nc,  // ld.global.nc.L1::no_allocate: the read-only data path, no L1 line allocated
};

enum class StoreHint {
  wb,  // st.global: write-back
  cs,  // st.global.cs (__stcs): streaming, likely written once: evict first
};

}  // namespace kernels::cuda
