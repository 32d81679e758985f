#include <cstdlib>
#include <string>

#include "roofline/cluster/world.hpp"
#include "roofline/input_error.hpp"

namespace cluster {

bool launched_by_mpi() {
  // Open MPI's mpirun, then PMIx and PMI launchers (Slurm's srun, MPICH's hydra).
  for (const char* variable : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(variable) != nullptr) return true;
  return false;
}

std::optional<int> local_rank() {
  const char* text = std::getenv("OMPI_COMM_WORLD_LOCAL_RANK");
  if (text == nullptr || *text == '\0') return std::nullopt;
  char* end = nullptr;
  const long rank = std::strtol(text, &end, 10);
  if (*end != '\0' || rank < 0 || rank > 1 << 20) return std::nullopt;
  return static_cast<int>(rank);
}

std::string with_local_rank(const std::string& id) {
  if (id.find(kLocalRankPlaceholder) == std::string::npos) return id;
  const std::optional<int> rank = local_rank();
  if (!rank)
    throw roofline::InputError(
        "device '" + id +
        "': {local_rank} is the rank's number on its node, known only under Open MPI's mpirun "
        "(OMPI_COMM_WORLD_LOCAL_RANK is not set)");
  std::string resolved = id;
  for (auto at = resolved.find(kLocalRankPlaceholder); at != std::string::npos;
       at = resolved.find(kLocalRankPlaceholder, at))
    resolved.replace(at, kLocalRankPlaceholder.size(), std::to_string(*rank));
  return resolved;
}

}  // namespace cluster
