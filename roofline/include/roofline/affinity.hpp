#pragma once
// The calling thread's CPU affinity, widened for threads it is about to create.
#include <sched.h>

namespace roofline {

// For its lifetime the calling thread may run on every CPU of OpenMP's places, not only the core
// OMP_PROC_BIND bound it to at program start, so that the threads it creates inherit them all:
// PoCL starts its workers while it finds its devices, OpenBLAS when first asked for more threads;
// started from the main thread as it is bound, they all shared its one core. Nothing changes
// without places (OMP_PLACES unset).
class AllPlacesAffinity {
 public:
  AllPlacesAffinity();
  ~AllPlacesAffinity();
  AllPlacesAffinity(const AllPlacesAffinity&) = delete;
  AllPlacesAffinity& operator=(const AllPlacesAffinity&) = delete;

 private:
  cpu_set_t saved_;
  bool widened_ = false;
};

}  // namespace roofline
