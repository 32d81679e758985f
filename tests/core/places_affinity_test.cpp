// A scope's affinity to one OpenMP place, in a process pinned as `rooflab` pins itself (the main
// thread bound to the first core): MPI ranks sharing a host spin on cores of their own (every
// place: tests/opencl/affinity_test.cpp).
#include <vector>

#include "pinned_threads.hpp"
#include "roofline/affinity.hpp"

namespace {

using PinnedMainThread = pinned::MainThread;

// The CPUs of OpenMP place `p`.
cpu_set_t place_cpus(int p) {
  std::vector<int> ids(omp_get_place_num_procs(p));
  omp_get_place_proc_ids(p, ids.data());
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int id : ids) CPU_SET(id, &set);
  return set;
}

cpu_set_t own_cpus() {
  cpu_set_t set;
  CPU_ZERO(&set);
  sched_getaffinity(0, sizeof set, &set);
  return set;
}

TEST_F(PinnedMainThread, OnePlaceMovesTheThreadOffTheFirstCoreModuloThePlaces) {
  const int places = omp_get_num_places();
  const cpu_set_t first = place_cpus(0);
  for (int index : {1, places + 1}) {
    const roofline::PlacesAffinity own(index);
    const cpu_set_t now = own_cpus(), want = place_cpus(1);
    EXPECT_TRUE(CPU_EQUAL(&now, &want)) << "place " << index;
    cpu_set_t shared;
    CPU_AND(&shared, &now, &first);
    EXPECT_EQ(CPU_COUNT(&shared), 0) << "place " << index;
  }
  const cpu_set_t after = own_cpus();
  EXPECT_TRUE(CPU_EQUAL(&after, &first));
}

}  // namespace

ROOFLAB_PINNED_TEST_MAIN
