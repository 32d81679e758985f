#include "roofline/selection.hpp"

#include "roofline/json_io.hpp"
#include "roofline/names.hpp"

namespace roofline {
namespace {

bool contains(const std::vector<std::string>& names, const std::string& name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

}  // namespace

std::vector<std::string> wanted_families(const RunOptions& options,
                                         const std::vector<std::string>& known,
                                         const std::vector<std::string>& defaults,
                                         std::string_view where) {
  const std::vector<std::string>& wanted = options.families.empty() ? defaults : options.families;
  for (const auto& f : wanted)
    if (!contains(known, f))
      throw InputError("unknown family '" + f + "' on " + std::string(where) +
                       " (expected one of: " + joined(known) + ")");
  return wanted;
}

void check_requested_variants(const RunOptions& options, const std::vector<std::string>& names,
                              const std::vector<std::string>& wanted, std::string_view where) {
  for (const auto& requested : options.variants)
    if (!contains(names, requested))
      throw InputError("unknown variant '" + requested + "' of " + joined(wanted) + " on " +
                       std::string(where) + " (expected one of: " + joined(names) + ")");
}

bool chosen(const RunOptions& options, const std::string& name, bool quick) {
  return options.variants.empty() ? (quick || !options.quick) : contains(options.variants, name);
}

}  // namespace roofline
