#include "kernels/suite.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>
#include <stdexcept>

#include "roofline/input_error.hpp"
#include "roofline/names.hpp"

namespace kernels {
namespace {

constexpr std::size_t kFirstLength = 1024;

bool contains(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

// Whole bytes, also beyond what an int64 holds (a size of 2^63 elements, say).
std::string bytes_text(double bytes) {
  char text[64];
  std::snprintf(text, sizeof text, "%.0f", bytes);
  return text;
}

// The families to run: those named in options ("all": every one), or the default suite. Throws
// InputError naming a family that has no rows.
std::vector<std::string> wanted_families(const std::vector<Variant>& variants,
                                         const roofline::RunOptions& options,
                                         std::string_view where) {
  const std::vector<std::string> known = family_names(variants);
  if (options.families == std::vector<std::string>{"all"}) return known;
  const std::vector<std::string> wanted =
      options.families.empty() ? default_family_names(variants) : options.families;
  for (const std::string& f : wanted)
    if (!contains(known, f))
      throw roofline::InputError("unknown family '" + f + "' on " + std::string(where) +
                                 " (expected one of: " + roofline::joined(known) + ")" +
                                 roofline::did_you_mean(f, known));
  return wanted;
}

// Whether a row of a wanted family runs: the variants named in options when there are any;
// otherwise all (the opt-in ones only with options.opt_in), or on a quick run the quick ones.
bool chosen(const Variant& v, const roofline::RunOptions& options) {
  if (!options.variants.empty()) return contains(options.variants, v.name);
  return (options.opt_in || !v.opt_in) && (v.quick || !options.quick);
}

// The size study a row's cases carry: their family's, with the row as its baseline or not.
std::optional<roofline::SizeStudy> study_of(const Variant& v) {
  if (v.family->size_param.empty()) return std::nullopt;
  return roofline::SizeStudy{.param = std::string(v.family->size_param),
                             .label = std::string(v.family->size_label),
                             .panel = std::string(v.family->panel_param),
                             .baseline = v.baseline,
                             .sweep_rows = std::string(v.family->sweep_rows),
                             .sweep_columns = std::string(v.family->sweep_columns),
                             .sync = v.sync};
}

}  // namespace

double dram_working_set(const roofline::Device& device) {
  const double stream_rule = 4 * device.last_cache_reach(INT_MAX);  // all its instances
  const double dram = std::min(stream_rule, device.dram_onset().value_or(stream_rule));
  return std::max(dram, 64.0 * (1 << 20));
}

Sizing::Sizing(MemoryFacts facts, std::optional<std::int64_t> size, bool quick)
    : facts_(std::move(facts)), size_(size), quick_(quick), step_(quick ? 8 : 2) {
  if (size_ && *size_ <= 0)
    throw roofline::InputError("size " + std::to_string(*size_) +
                               " is not a positive element count");
}

namespace {

// The most elements per array that `arrays` arrays of p may have within the device's limits (a
// CPU device of PoCL allocates at most 1 GiB at once, below a large host cache's 4x).
double most_elements(const MemoryFacts& facts, int arrays, roofline::Precision p) {
  double most = std::numeric_limits<double>::infinity();
  if (facts.one_array.bytes > 0)
    most = std::min(most, std::floor(facts.one_array.bytes / roofline::size_of(p)));
  if (facts.all_arrays.bytes > 0)
    most = std::min(most, std::floor(facts.all_arrays.bytes / arrays / roofline::size_of(p)));
  return most;
}

}  // namespace

std::size_t Sizing::elements(int arrays, roofline::Precision p) const {
  const auto n = size_ ? static_cast<std::size_t>(*size_)
                       : static_cast<std::size_t>(
                             std::min(std::ceil(facts_.dram_bytes / arrays / roofline::size_of(p)),
                                      most_elements(facts_, arrays, p)));
  check(n, arrays, p);
  return n;
}

std::vector<std::size_t> Sizing::lengths(int arrays, roofline::Precision p) const {
  if (size_) return {elements(arrays, p)};
  const double element_bytes = arrays * roofline::size_of(p);
  const auto largest = std::max(
      kFirstLength, static_cast<std::size_t>(std::min(std::ceil(facts_.study_bytes / element_bytes),
                                                      most_elements(facts_, arrays, p))));
  check(largest, arrays, p);
  return sweep(largest);
}

std::vector<std::size_t> Sizing::lengths_to_dram(int arrays, roofline::Precision p) const {
  if (size_) return {elements(arrays, p)};
  return sweep(std::max(kFirstLength, elements(arrays, p)));
}

std::vector<std::size_t> Sizing::sweep(std::size_t largest) const {
  std::vector<std::size_t> out;
  for (std::size_t n = kFirstLength; n < largest; n *= static_cast<std::size_t>(step_))
    out.push_back(n);
  out.push_back(largest);
  return out;
}

std::vector<std::size_t> Sizing::square_sizes(const std::vector<std::size_t>& quick,
                                              const std::vector<std::size_t>& full, int arrays,
                                              roofline::Precision p) const {
  const std::vector<std::size_t> sizes = size_    ? std::vector{static_cast<std::size_t>(*size_)}
                                         : quick_ ? quick
                                                  : full;
  for (std::size_t n : sizes) {
    if (n > std::size_t{1} << 32)
      throw roofline::InputError("size " + std::to_string(n) +
                                 " has more than 2^64 entries in an " + std::to_string(n) + "x" +
                                 std::to_string(n) + " matrix");
    check_arrays(std::to_string(n) + "x" + std::to_string(n),
                 std::vector<std::size_t>(static_cast<std::size_t>(arrays), n * n), p);
  }
  return sizes;
}

void Sizing::check(std::size_t n, int arrays, roofline::Precision p) const {
  check_arrays(std::to_string(n), std::vector<std::size_t>(static_cast<std::size_t>(arrays), n), p);
}

void Sizing::check_arrays(std::string_view what, const std::vector<std::size_t>& elements,
                          roofline::Precision p) const {
  double largest = 0, all = 0;
  for (std::size_t n : elements) {
    largest = std::max(largest, static_cast<double>(n) * roofline::size_of(p));
    all += static_cast<double>(n) * roofline::size_of(p);
  }
  const std::string said = "size " + std::string(what) + " needs ";
  const std::string type(to_string(p));
  if (facts_.one_array.bytes > 0 && largest > facts_.one_array.bytes)
    throw roofline::InputError(said + bytes_text(largest) + " bytes per " + type +
                               " array, more than " + facts_.one_array.what);
  if (facts_.all_arrays.bytes > 0 && all > facts_.all_arrays.bytes)
    throw roofline::InputError(said + bytes_text(all) + " bytes of " + type +
                               " arrays, more than " + facts_.all_arrays.what);
}

std::map<std::string, std::vector<std::string>> not_offered(
    const std::vector<NotOfferedHook>& hooks) {
  std::map<std::string, std::vector<std::string>> out;
  for (const NotOfferedHook& hook : hooks) {
    std::vector<std::string> lines;
    try {
      lines = hook.lines();
    } catch (const std::exception& e) {
      lines = {std::string("unknown: ") + e.what()};
    }
    if (!lines.empty()) out[std::string(hook.family->name)] = std::move(lines);
  }
  return out;
}

std::vector<std::string> family_names(const std::vector<Variant>& variants) {
  std::set<std::string> names;
  for (const Variant& v : variants) names.emplace(v.family->name);
  return {names.begin(), names.end()};
}

std::vector<std::string> default_family_names(const std::vector<Variant>& variants) {
  std::set<std::string> names;
  for (const Variant& v : variants)
    if (v.family->in_default_suite) names.emplace(v.family->name);
  return {names.begin(), names.end()};
}

std::vector<const Variant*> chosen_variants(const std::vector<Variant>& variants,
                                            const roofline::RunOptions& options,
                                            std::string_view where) {
  const std::vector<std::string> wanted = wanted_families(variants, options, where);
  std::vector<std::string> names;  // of the wanted families
  for (const Variant& v : variants)
    if (contains(wanted, v.family->name)) names.push_back(v.name);
  for (const std::string& requested : options.variants)
    if (!contains(names, requested))
      throw roofline::InputError("unknown variant '" + requested + "' of " +
                                 roofline::joined(wanted) + " on " + std::string(where) +
                                 " (expected one of: " + roofline::joined(names) + ")" +
                                 roofline::did_you_mean(requested, names));
  std::vector<const Variant*> rows;
  for (const Variant& v : variants)
    if (contains(wanted, v.family->name) && chosen(v, options)) rows.push_back(&v);
  return rows;
}

Cases make_cases(const std::vector<const Variant*>& chosen, const MemoryFacts& memory,
                 const roofline::RunOptions& options) {
  const Sizing sizing(memory, options.size, options.quick);
  Cases cases;
  for (const Variant* v : chosen) {
    const std::size_t first = cases.size();
    v->add_cases(cases, sizing);
    for (std::size_t k = first; k < cases.size(); ++k)
      cases[k]->stamp(std::string(v->family->name), v->name, study_of(*v));
  }
  return cases;
}

}  // namespace kernels
