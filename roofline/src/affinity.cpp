#include "roofline/affinity.hpp"

#include <omp.h>

#include <vector>

namespace roofline {

PlacesAffinity::PlacesAffinity(std::optional<int> only) {
  const int places = omp_get_num_places();
  if (places == 0 || sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
  cpu_set_t chosen;
  CPU_ZERO(&chosen);
  for (int p = 0; p < places; ++p) {
    if (only && p != *only % places) continue;
    std::vector<int> cpus(omp_get_place_num_procs(p));
    omp_get_place_proc_ids(p, cpus.data());
    for (int cpu : cpus) CPU_SET(cpu, &chosen);
  }
  changed_ = sched_setaffinity(0, sizeof chosen, &chosen) == 0;
}

PlacesAffinity::~PlacesAffinity() {
  if (changed_) sched_setaffinity(0, sizeof saved_, &saved_);
}

}  // namespace roofline
