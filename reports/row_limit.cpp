#include "reports/row_limit.hpp"

namespace reports {

std::string rows_left_out(std::size_t shown, std::size_t total) {
  if (total <= shown) return {};
  const std::size_t more = total - shown;
  return std::to_string(more) + (more == 1 ? " more result is" : " more results are") +
         " not shown here (the first " + std::to_string(shown) +
         " are): the results JSON and results.csv (rooflab report --csv DIR) hold every one.";
}

}  // namespace reports
