#pragma once
#include <string>

namespace roofline {

struct BuildInfo {
  std::string version, git_hash, compiler, flags, build_type;
};

// Generated at build time (cmake/BuildInfoScript.cmake).
const BuildInfo& build_info();

}  // namespace roofline
