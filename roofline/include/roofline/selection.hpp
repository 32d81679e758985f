#pragma once
// Which of a backend's variants a run asks for (RunOptions' families and variants), and the
// messages that refuse a family or variant the backend does not know.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "roofline/backend.hpp"

namespace roofline {

// The families to run: options.families, or `defaults` when it names none. Throws InputError
// naming a family not in `known` ("... on <where> ...").
std::vector<std::string> wanted_families(const RunOptions& options,
                                         const std::vector<std::string>& known,
                                         const std::vector<std::string>& defaults,
                                         std::string_view where);

// Throws InputError naming a variant in options.variants that is not in `names`, the variants of
// the `wanted` families.
void check_requested_variants(const RunOptions& options, const std::vector<std::string>& names,
                              const std::vector<std::string>& wanted, std::string_view where);

// Drops the variants (anything with `family` and `name`) of families not wanted, then checks the
// requested variants against those left, so that a variant of an unwanted family is refused.
template <class Variant>
void keep_wanted_variants(std::vector<Variant>& variants, const std::vector<std::string>& wanted,
                          const RunOptions& options, std::string_view where) {
  std::erase_if(variants, [&](const Variant& v) {
    return std::find(wanted.begin(), wanted.end(), v.family) == wanted.end();
  });
  std::vector<std::string> names;
  for (const auto& v : variants) names.push_back(v.name);
  check_requested_variants(options, names, wanted, where);
}

// Whether to run the variant `name`: the requested variants when there are any; otherwise all, or
// on a quick run only those in the quick suite (`quick`).
bool chosen(const RunOptions& options, const std::string& name, bool quick);

}  // namespace roofline
