#include "kernels/scan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "kernels/precision_dispatch.hpp"
#include "kernels/tolerance.hpp"

namespace kernels {
namespace {

// A long-double sum with Neumaier's compensation: s + c carries the bits s rounds off.
struct Compensated {
  long double s = 0, c = 0;

  void add(long double v) {
    const long double t = s + v;
    c += std::fabs(s) >= std::fabs(v) ? (s - t) + v : (v - t) + s;
    s = t;
  }
  void add(const Compensated& o) {
    add(o.s);
    add(o.c);
  }
  long double value() const { return s + c; }
};

// The reference's running state: the prefix and, for floating point, Σ|terms| of it.
template <class T>
struct Prefix {
  std::conditional_t<std::is_integral_v<T>, std::uint32_t, Compensated> sum{};
  long double magnitude = 0;

  void add(T v) {
    if constexpr (std::is_integral_v<T>) {
      sum += static_cast<std::uint32_t>(v);  // wraps modulo 2^32
    } else {
      sum.add(v);
      magnitude += std::fabs(static_cast<long double>(v));
    }
  }
  void add(const Prefix& o) {
    if constexpr (std::is_integral_v<T>) {
      sum += o.sum;
    } else {
      sum.add(o.sum);
      magnitude += o.magnitude;
    }
  }
  long double value() const {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<std::int32_t>(sum);
    } else {
      return sum.value();
    }
  }
};

// What one chunk of the check found.
struct ChunkCheck {
  double worst = 0;  // floating point: the largest error in units of its tolerance
  std::size_t wrong = 0;
  std::size_t first_bad = std::numeric_limits<std::size_t>::max();
  long double expected = 0;  // at first_bad
};

// The error of out against the reference prefix `ref` of `terms` terms, in units of its
// tolerance; 0 or infinite where the tolerance is 0 (an exact element).
template <class T>
double element_error(T out, const Prefix<T>& ref, std::size_t terms) {
  if constexpr (std::is_integral_v<T>) {
    return static_cast<std::uint32_t>(out) == ref.sum ? 0 : std::numeric_limits<double>::infinity();
  } else {
    const long double diff = std::fabs(static_cast<long double>(out) - ref.value());
    const long double allowed = ref.magnitude * accumulation_tolerance<T>(Terms::values, terms);
    if (diff == 0) return 0;
    if (!(allowed > 0)) return std::numeric_limits<double>::infinity();  // also a NaN out
    const auto e = static_cast<double>(diff / allowed);
    return std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
  }
}

template <class T>
ChunkCheck check_chunk(ScanKind kind, const T* x, const T* out, std::size_t begin, std::size_t end,
                       Prefix<T> ref) {
  ChunkCheck found;
  for (std::size_t i = begin; i < end; ++i) {
    if (kind == ScanKind::inclusive) ref.add(x[i]);
    const std::size_t terms = kind == ScanKind::inclusive ? i + 1 : i;
    const double e = element_error<T>(out[i], ref, terms);
    found.worst = std::max(found.worst, e);
    if (!(e <= 1)) {
      if (found.wrong++ == 0) {
        found.first_bad = i;
        found.expected = ref.value();
      }
    }
    if (kind == ScanKind::exclusive) ref.add(x[i]);
  }
  return found;
}

template <class T>
std::string describe(const T& v) {
  std::ostringstream s;
  s.precision(std::numeric_limits<T>::max_digits10);
  s << v;
  return s.str();
}

}  // namespace

std::string_view to_string(ScanKind kind) {
  return kind == ScanKind::inclusive ? "inclusive" : "exclusive";
}

std::string_view to_string(ScanAlgorithm a) {
  switch (a) {
    case ScanAlgorithm::scan_then_fan:
      return "scan_then_fan";
    case ScanAlgorithm::reduce_then_scan:
      return "reduce_then_scan";
    case ScanAlgorithm::merrill_grimshaw:
      return "merrill_grimshaw";
    case ScanAlgorithm::decoupled_lookback:
      return "decoupled_lookback";
  }
  return "?";
}

roofline::Work scan_work(roofline::Precision p, std::int64_t n, double passes) {
  if (n < 0) throw std::invalid_argument("scan: n " + std::to_string(n) + " < 0");
  if (!(passes >= 2))
    throw std::invalid_argument("scan: " + std::to_string(passes) +
                                " element moves per element; a scan moves at least 2");
  const double element = roofline::size_of(p), elements = static_cast<double>(n);
  roofline::Work w;
  w.precision = p;
  w.flops = elements;
  w.bytes = 2 * elements * element;
  w.bytes_write_allocate = 3 * elements * element;  // the output's lines are read first
  w.working_set = w.bytes;
  w.algorithm_bytes = passes * elements * element;
  return w;
}

template <class T>
roofline::Verification verify_scan(ScanKind kind, const T* x, const T* out, std::size_t n) {
  if (n > 0 && (!x || !out)) throw std::invalid_argument("scan: a null array with n > 0");
  // The reference in chunks on all threads: each chunk's total, their prefix, then each chunk
  // checked from its offset. One chunk is checked on the calling thread: waking the OpenMP
  // threads for it costs more than the check, and leaves them spinning on the cores that a
  // multithreaded scan checked next wants.
  const std::size_t chunks = std::clamp<std::size_t>(n / 4096, 1, 1024);
  const std::size_t per_chunk = (n + chunks - 1) / chunks;
  const auto begin = [&](std::size_t c) { return std::min(n, c * per_chunk); };
  std::vector<Prefix<T>> offsets(chunks + 1);
#pragma omp parallel for schedule(static) if (chunks > 1)
  for (std::size_t c = 0; c < chunks; ++c)
    for (std::size_t i = begin(c); i < begin(c + 1); ++i) offsets[c + 1].add(x[i]);
  for (std::size_t c = 0; c < chunks; ++c) offsets[c + 1].add(offsets[c]);
  std::vector<ChunkCheck> found(chunks);
#pragma omp parallel for schedule(static) if (chunks > 1)
  for (std::size_t c = 0; c < chunks; ++c)
    found[c] = check_chunk<T>(kind, x, out, begin(c), begin(c + 1), offsets[c]);

  ChunkCheck all;
  for (const ChunkCheck& f : found) {
    all.worst = std::max(all.worst, f.worst);
    if (f.wrong > 0 && all.wrong == 0) {
      all.first_bad = f.first_bad;
      all.expected = f.expected;
    }
    all.wrong += f.wrong;
  }
  roofline::Verification v;
  v.passed = all.wrong == 0;
  std::ostringstream m;
  m << "scan " << to_string(kind) << " " << to_string(precision_of<T>()) << " over " << n
    << " elements";
  if constexpr (std::is_integral_v<T>) {
    v.max_error = static_cast<double>(all.wrong);
    v.tolerance = 0;
    m << (v.passed ? ": every element exact (modulo 2^32)"
                   : ": " + std::to_string(all.wrong) + " elements wrong");
  } else {
    v.max_error = all.worst;
    v.tolerance = 1;
    m << ": largest error " << all.worst << " of its element's tolerance"
      << (v.passed ? "" : ", " + std::to_string(all.wrong) + " elements beyond it");
  }
  if (!v.passed)
    m << "; first at [" << all.first_bad << "]: " << describe(out[all.first_bad]) << ", expected "
      << describe(static_cast<T>(all.expected));
  v.message = m.str();
  return v;
}

template roofline::Verification verify_scan(ScanKind, const float*, const float*, std::size_t);
template roofline::Verification verify_scan(ScanKind, const double*, const double*, std::size_t);
template roofline::Verification verify_scan(ScanKind, const std::int32_t*, const std::int32_t*,
                                            std::size_t);

}  // namespace kernels
