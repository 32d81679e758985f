#include "kernels/gemm.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <vector>

#include "kernels/check.hpp"
#include "kernels/inputs.hpp"
#include "kernels/precision_dispatch.hpp"
#include "kernels/tolerance.hpp"

namespace kernels {
namespace {

// The seed of the sampled entries: any fixed value; the sample is the same in every run.
constexpr std::uint64_t kSampleSeed = 2411;

// |got − ref| in units of `allowed`; 0 for an exact entry, infinite for a NaN or where nothing
// is allowed.
template <class T>
double entry_error(T got, long double ref, long double allowed) {
  const long double diff = std::fabs(static_cast<long double>(got) - ref);
  if (diff == 0) return 0;
  if (!(allowed > 0)) return std::numeric_limits<double>::infinity();
  const auto e = static_cast<double>(diff / allowed);
  return std::isnan(e) ? std::numeric_limits<double>::infinity() : e;
}

// What the check found: the worst error, how many entries were wrong and the first of them.
struct Found {
  double worst = 0;
  std::size_t wrong = 0;
  std::size_t first_bad = std::numeric_limits<std::size_t>::max();  // row-major index
  long double expected = 0;                                         // at first_bad
};

void merge(Found& all, const Found& f) {
  all.worst = std::max(all.worst, f.worst);
  all.wrong += f.wrong;
  if (f.first_bad < all.first_bad) {
    all.first_bad = f.first_bad;
    all.expected = f.expected;
  }
}

void note(Found& f, double e, std::size_t index, long double expected) {
  f.worst = std::max(f.worst, e);
  if (e <= 1) return;
  ++f.wrong;
  if (index < f.first_bad) {
    f.first_bad = index;
    f.expected = expected;
  }
}

// Every entry, a row at a time in i-l-j order (B read by rows), rows on all threads.
template <class T>
Found check_all(const GemmShape& s, const T* a, const T* b, const T* x, double tolerance) {
  const auto m = static_cast<std::size_t>(s.m), n = static_cast<std::size_t>(s.n),
             k = static_cast<std::size_t>(s.k);
  std::vector<Found> per_row(m);
#pragma omp parallel
  {
    std::vector<Wide<T>> ref(n), magnitude(n);
#pragma omp for schedule(dynamic, 4)
    for (std::size_t i = 0; i < m; ++i) {
      std::fill(ref.begin(), ref.end(), Wide<T>{0});
      std::fill(magnitude.begin(), magnitude.end(), Wide<T>{0});
      for (std::size_t l = 0; l < k; ++l) {
        const Wide<T> ail = a[i * k + l];
        const T* brow = b + l * n;
        for (std::size_t j = 0; j < n; ++j) {
          const Wide<T> term = ail * static_cast<Wide<T>>(brow[j]);
          ref[j] += term;
          magnitude[j] += std::fabs(term);
        }
      }
      for (std::size_t j = 0; j < n; ++j)
        note(per_row[i], entry_error(x[i * n + j], ref[j], magnitude[j] * tolerance), i * n + j,
             ref[j]);
    }
  }
  Found all;
  for (const Found& f : per_row) merge(all, f);
  return all;
}

// kGemmSampledEntries entries drawn uniformly from the m×n by a fixed seed, each a dot of A's row
// and B's column.
template <class T>
Found check_sample(const GemmShape& s, const T* a, const T* b, const T* x, double tolerance) {
  const auto n = static_cast<std::size_t>(s.n), k = static_cast<std::size_t>(s.k);
  const auto entries = static_cast<std::size_t>(s.m) * n;
  std::vector<Found> per_entry(kGemmSampledEntries);
#pragma omp parallel for schedule(static)
  for (std::size_t e = 0; e < kGemmSampledEntries; ++e) {
    // input_value's magnitude is uniform in [0.5, 1.5): its fraction is the random draw
    const double draw = std::fabs(input_value(kSampleSeed, e)) - 0.5;
    const auto index = std::min(entries - 1, static_cast<std::size_t>(draw * entries));
    const std::size_t i = index / n, j = index % n;
    Wide<T> ref = 0, magnitude = 0;
    for (std::size_t l = 0; l < k; ++l) {
      const Wide<T> term = static_cast<Wide<T>>(a[i * k + l]) * b[l * n + j];
      ref += term;
      magnitude += std::fabs(term);
    }
    note(per_entry[e], entry_error(x[index], ref, magnitude * tolerance), index, ref);
  }
  Found all;
  for (const Found& f : per_entry) merge(all, f);
  return all;
}

}  // namespace

std::string gemm_shape_name(const GemmShape& s) {
  if (s.m == s.n && s.n == s.k) return "square";
  return std::to_string(s.m) + "x" + std::to_string(s.k) + "*" + std::to_string(s.k) + "x" +
         std::to_string(s.n);
}

GemmTraffic gemm_tile_traffic(const GemmShape& s, std::int64_t rows, std::int64_t cols) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("gemm: a tile of " + std::to_string(rows) + "x" +
                                std::to_string(cols));
  const auto tiles = [](std::int64_t extent, std::int64_t side) {
    return static_cast<double>(std::max<std::int64_t>(1, (extent + side - 1) / side));
  };
  return {.a_reads = tiles(s.n, cols), .b_reads = tiles(s.m, rows), .x_moves = 1};
}

roofline::Work gemm_work(roofline::Precision p, const GemmShape& s, const GemmTraffic& traffic) {
  if (s.m < 0 || s.n < 0 || s.k < 0)
    throw std::invalid_argument("gemm: a negative size in " + gemm_shape_name(s));
  const double m = static_cast<double>(s.m), n = static_cast<double>(s.n),
               k = static_cast<double>(s.k), element = roofline::size_of(p);
  roofline::Work w;
  w.precision = p;
  w.flops = 2 * m * n * k;
  w.bytes = (m * k + k * n + m * n) * element;
  w.bytes_write_allocate = w.bytes + m * n * element;  // X's lines are read before written
  w.working_set = w.bytes;
  const double moved =
      (m * k * traffic.a_reads + k * n * traffic.b_reads + m * n * traffic.x_moves) * element;
  if (moved > w.bytes) w.algorithm_bytes = moved;
  return w;
}

double gemm_tensor_tolerance(double input_unit, std::int64_t k) {
  if (k < 0) throw std::invalid_argument("gemm: a negative k " + std::to_string(k));
  return 2 * input_unit + static_cast<double>(k) * std::ldexp(1.0, -22);
}

template <class T>
roofline::Verification verify_gemm(const GemmShape& s, const T* a, const T* b, const T* x) {
  if (s.k < 0) throw std::invalid_argument("gemm: a negative size in " + gemm_shape_name(s));
  return verify_gemm(s, a, b, x,
                     accumulation_tolerance<T>(Terms::products, static_cast<std::size_t>(s.k)));
}

template <class T>
roofline::Verification verify_gemm(const GemmShape& s, const T* a, const T* b, const T* x,
                                   double tolerance) {
  if (s.m < 0 || s.n < 0 || s.k < 0)
    throw std::invalid_argument("gemm: a negative size in " + gemm_shape_name(s));
  const auto entries = static_cast<std::size_t>(s.m) * static_cast<std::size_t>(s.n);
  if ((entries > 0 && !x) || (s.m * s.k > 0 && !a) || (s.k * s.n > 0 && !b))
    throw std::invalid_argument("gemm: a null matrix that has entries");
  const bool full = entries <= kGemmFullCheckEntries;
  const Found found = entries == 0 ? Found{}
                      : full       ? check_all(s, a, b, x, tolerance)
                                   : check_sample(s, a, b, x, tolerance);
  roofline::Verification v;
  v.passed = found.wrong == 0;
  v.max_error = found.worst;
  v.tolerance = 1;
  std::ostringstream m;
  m.precision(std::numeric_limits<T>::max_digits10);
  m << "gemm " << to_string(precision_of<T>()) << " " << s.m << "x" << s.k << "*" << s.k << "x"
    << s.n << ": "
    << (full ? "every one of " + std::to_string(entries) + " entries"
             : std::to_string(kGemmSampledEntries) + " sampled entries")
    << ", largest error " << found.worst << " of its entry's tolerance (" << tolerance
    << " of the sum of |terms|)";
  if (!v.passed) {
    const std::size_t n = static_cast<std::size_t>(s.n);
    m << ", " << found.wrong << " beyond it; first at [" << found.first_bad / n << ", "
      << found.first_bad % n << "]: " << x[found.first_bad] << ", expected "
      << static_cast<T>(found.expected);
  }
  v.message = m.str();
  return v;
}

template <class T>
std::vector<T> gemm_transposed_b(const GemmShape& s, const T* b) {
  const auto k = static_cast<std::size_t>(s.k), n = static_cast<std::size_t>(s.n);
  std::vector<T> bt(k * n);
  for (std::size_t j = 0; j < n; ++j)
    for (std::size_t l = 0; l < k; ++l) bt[j * k + l] = b[l * n + j];
  return bt;
}

template std::vector<float> gemm_transposed_b(const GemmShape&, const float*);
template std::vector<double> gemm_transposed_b(const GemmShape&, const double*);

template roofline::Verification verify_gemm(const GemmShape&, const float*, const float*,
                                            const float*);
template roofline::Verification verify_gemm(const GemmShape&, const double*, const double*,
                                            const double*);
template roofline::Verification verify_gemm(const GemmShape&, const float*, const float*,
                                            const float*, double);
template roofline::Verification verify_gemm(const GemmShape&, const double*, const double*,
                                            const double*, double);

}  // namespace kernels
