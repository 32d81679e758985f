#pragma once
// The calling thread's CPU affinity, set to OpenMP places for a scope.
#include <sched.h>

#include <optional>

namespace roofline {

// For its lifetime the calling thread runs on the CPUs of OpenMP's places — every place, or only
// place `only` (modulo their number) — instead of the core OMP_PROC_BIND bound it to at program
// start. Every place: the threads it creates inherit them all (PoCL starts its workers while it
// finds its devices, OpenBLAS when first asked for more threads; started from the main thread as
// it is bound, they all shared its one core). One place: MPI ranks sharing a host, whose main
// threads were all bound to the first core, spin-wait on cores of their own. Nothing changes
// without places (OMP_PLACES unset).
class PlacesAffinity {
 public:
  explicit PlacesAffinity(std::optional<int> only = std::nullopt);
  ~PlacesAffinity();
  PlacesAffinity(const PlacesAffinity&) = delete;
  PlacesAffinity& operator=(const PlacesAffinity&) = delete;

 private:
  cpu_set_t saved_;
  bool changed_ = false;
};

}  // namespace roofline
