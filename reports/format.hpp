#pragma once
// Numbers and units as a reader wants them: "10 GFLOP/s", "1.5 TB/s", "32 KiB", "0.25".
#include <string>
#include <string_view>

namespace reports {

// `value` with up to `digits` significant digits, no exponent for 1e-4 ≤ |value| < 1e9 and no
// trailing zeros: 0.25 → "0.25", 1000 → "1000", 1.23456 → "1.23". Non-finite → "—".
std::string format_number(double value, int digits = 3);
// SI prefix so the mantissa lies in [1, 1000): format_si(2.5e10, "FLOP/s") → "25 GFLOP/s".
std::string format_si(double value, std::string_view unit, int digits = 3);
// Binary prefix for sizes: 32768 → "32 KiB", 1.5 × 2^20 → "1.5 MiB".
std::string format_bytes(double bytes, int digits = 3);
// 0.934 → "93.4%".
std::string format_percent(double fraction, int digits = 3);
// Full precision for machine-read files (CSV): round-trips a double; non-finite → "".
std::string format_exact(double value);
// A name as words: underscores as spaces ("threads_per_block" → "threads per block").
std::string words(std::string name);
// For a title: words, the first letter capital ("prefix_scan" → "Prefix scan", "vector length
// (elements)" → "Vector length (elements)").
std::string title_case(std::string text);

}  // namespace reports
