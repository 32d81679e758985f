// The World of a build without MPI: cluster mode says why it is unavailable.
#include <cstdlib>

#include "roofline/cluster/world.hpp"
#include "roofline/input_error.hpp"

namespace cluster {
namespace {

const char* const kWhy =
    "this rooflab was built without MPI (CMake found none; install Open MPI, e.g. Debian's "
    "libopenmpi-dev, and build again)";

}  // namespace

std::optional<std::string> mpi_library(std::string* why) {
  if (why) *why = kWhy;
  return std::nullopt;
}

struct World::State {};

World::World(double) {
  throw roofline::InputError(std::string("cluster mode is unavailable: ") + kWhy);
}
World::~World() = default;
int World::rank() const { return 0; }
int World::size() const { return 1; }
bool World::send(int, int, const std::string&, Clock::time_point) { return false; }
std::map<int, std::string> World::receive(const std::vector<int>&, int, Clock::time_point) {
  return {};
}
std::optional<std::vector<double>> World::ping_pong(int, bool, std::size_t, int, int, int,
                                                    Clock::time_point) {
  return std::nullopt;
}
void World::abort(int code) { std::exit(code); }

}  // namespace cluster
