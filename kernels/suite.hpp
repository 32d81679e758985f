#pragma once
// The kernel suite as data. A family declares itself once (a Family in kernels/<family>.hpp);
// each backend lists its variants as rows (Variants in kernels/<backend>/cases.cpp) and states
// its memory facts; one driver picks the rows a run asks for (chosen_variants) and sizes their
// cases by one rule (make_cases). The families a backend knows, the default suite and the size
// study a results file describes are derived from the rows; nothing else lists families.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/family.hpp"
#include "roofline/backend.hpp"
#include "roofline/case.hpp"
#include "roofline/work.hpp"

namespace kernels {

using Cases = std::vector<std::unique_ptr<roofline::Case>>;

class Sizing;

// A variant of a family on one backend: one row of its backend's table, expanding into cases
// (one per precision, operation, depth or length).
struct Variant {
  const Family* family = nullptr;
  std::string name;
  bool quick = true;      // in the quick suite
  bool baseline = false;  // a vendor library's: the size study's reference
  std::function<void(Cases&, const Sizing&)> add_cases;
  // Runs only when named (--variant): a variant that may not finish on every device (a
  // look-back that relies on forward progress the programming model does not promise).
  bool opt_in = false;
  // How a call synchronizes (roofline::SizeStudy::sync); empty: derived from its threads.
  std::string sync{};
};

// A family's hook on one backend: what of the family the device cannot run and why, a line per
// variant and element type ("openblas sum fp32: its sum is 6.5, exactly 12.75"); empty when it
// runs all. A backend's device probe records its hooks' lines with not_offered.
struct NotOfferedHook {
  const Family* family = nullptr;
  std::function<std::vector<std::string>()> lines;
};

// roofline::Device::not_offered from a backend's hooks: each family with lines, under its name.
// A hook that throws costs its family, not the device: its line says the query failed and why.
std::map<std::string, std::vector<std::string>> not_offered(
    const std::vector<NotOfferedHook>& hooks);

// A limit on the bytes a case may allocate, and what it is ("the 85 GB free on the device").
struct MemoryLimit {
  double bytes = 0;  // 0: none
  std::string what;
};

// What sizing needs to know of a backend's memory, as plain data.
struct MemoryFacts {
  double dram_bytes = 0;   // the smallest working set that lives in DRAM (device memory)
  double study_bytes = 0;  // a size study's largest working set
  MemoryLimit all_arrays;  // on a case's arrays together
  MemoryLimit one_array;   // on each of them
};

// The smallest working set in DRAM on a device that reports its caches (the CPU, an OpenCL
// device): where the probe's sweep showed the DRAM plateau begin (Device::dram_onset), capped by
// STREAM's rule, 4× the last cache (all its instances); at least 64 MiB. Without that onset (no
// profile, or a sweep that did not show it), STREAM's rule on the last cache as far as it is
// relied on (Device::last_cache_reach: a reported size at most kLargestCachePerUnit per core).
double dram_working_set(const roofline::Device& device);

// The one sizing rule: elements per array are the user's size, or the fewest that put a case's
// working set in DRAM; a size study sweeps from 1 K elements ×8 (quick) or ×2 (full) up to the
// study's largest working set. Sizes of its own choosing stay within the device's limits (the
// most they allow where DRAM would need more); the user's size is checked against them before
// anything is allocated.
class Sizing {
 public:
  // Throws roofline::InputError for a size that is not positive.
  Sizing(MemoryFacts facts, std::optional<std::int64_t> size, bool quick);

  // Elements per array of a case with `arrays` arrays of precision p. Throws roofline::InputError
  // when they exceed a limit.
  std::size_t elements(int arrays, roofline::Precision p) const;
  // A size study's lengths for a case with `arrays` arrays: the user's size, or the sweep above
  // (its last length the first at or above study_bytes). Throws as elements() does.
  std::vector<std::size_t> lengths(int arrays, roofline::Precision p) const;
  // The same sweep ending at the case sized into DRAM (elements()): a study from 1 K elements
  // through the caches to the family's DRAM case (a GPU's DRAM size exceeds its study_bytes).
  std::vector<std::size_t> lengths_to_dram(int arrays, roofline::Precision p) const;
  // A study of square matrices, `arrays` n×n of them per case: the user's size as n, or the
  // family's sizes (`quick` on a quick run, `full` otherwise; a family may choose them per
  // variant). Throws roofline::InputError when the matrices of a size exceed a limit.
  std::vector<std::size_t> square_sizes(const std::vector<std::size_t>& quick,
                                        const std::vector<std::size_t>& full, int arrays,
                                        roofline::Precision p) const;
  // Whether the user named a size: a study then runs that size alone.
  bool user_sized() const { return size_.has_value(); }
  bool quick() const { return quick_; }
  // Throws roofline::InputError when arrays of these element counts exceed a limit, each or
  // together; `what` names them in the message ("1024x768*768x512").
  void check_arrays(std::string_view what, const std::vector<std::size_t>& elements,
                    roofline::Precision p) const;
  // Whether a working set of `bytes` lives in DRAM.
  bool in_dram(double bytes) const { return bytes >= facts_.dram_bytes; }

 private:
  void check(std::size_t n, int arrays, roofline::Precision p) const;
  // 1 K elements, ×step_ while below `largest`, then `largest`.
  std::vector<std::size_t> sweep(std::size_t largest) const;

  MemoryFacts facts_;
  std::optional<std::int64_t> size_;
  bool quick_;
  int step_;
};

// The names of the families with rows, sorted; those in the default suite.
std::vector<std::string> family_names(const std::vector<Variant>& variants);
std::vector<std::string> default_family_names(const std::vector<Variant>& variants);

// The rows a run asks for on `where` ("CUDA", "the CPU"), in order: of the families named in
// options (the default suite when none, every family for "all"), the variants named in options,
// or when none are named all but the opt-in ones (the quick ones on a quick run). Throws
// roofline::InputError naming an unknown family or variant before anything asks the device a
// question.
std::vector<const Variant*> chosen_variants(const std::vector<Variant>& variants,
                                            const roofline::RunOptions& options,
                                            std::string_view where);

// The cases of those rows sized by `memory` (and the user's size in options), in the rows'
// order, each stamped with its row's family and variant name and its family's size study: a
// row's name is built once, in the row, and its cases never name themselves. Throws
// roofline::InputError for a bad size before any case allocates.
Cases make_cases(const std::vector<const Variant*>& chosen, const MemoryFacts& memory,
                 const roofline::RunOptions& options);

}  // namespace kernels
