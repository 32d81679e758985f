#include "roofline/affinity.hpp"

#include <omp.h>

#include <vector>

namespace roofline {

AllPlacesAffinity::AllPlacesAffinity() {
  const int places = omp_get_num_places();
  if (places == 0 || sched_getaffinity(0, sizeof saved_, &saved_) != 0) return;
  cpu_set_t all;
  CPU_ZERO(&all);
  for (int p = 0; p < places; ++p) {
    std::vector<int> cpus(omp_get_place_num_procs(p));
    omp_get_place_proc_ids(p, cpus.data());
    for (int cpu : cpus) CPU_SET(cpu, &all);
  }
  widened_ = sched_setaffinity(0, sizeof all, &all) == 0;
}

AllPlacesAffinity::~AllPlacesAffinity() {
  if (widened_) sched_setaffinity(0, sizeof saved_, &saved_);
}

}  // namespace roofline
