#include <cstdlib>

#include "roofline/cluster/world.hpp"

namespace cluster {

bool launched_by_mpi() {
  // Open MPI's mpirun, then PMIx and PMI launchers (Slurm's srun, MPICH's hydra).
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(variable) != nullptr) return true;
  return false;
}

}  // namespace cluster
