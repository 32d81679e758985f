#pragma once
// Fills a report template: every {{name}} is replaced by its value, which must already be
// escaped for where it goes (the values are HTML fragments).
#include <map>
#include <string>
#include <string_view>

namespace reports {

// Throws std::logic_error naming a placeholder that has no value, or a value that no placeholder
// uses: the template and the code that fills it must agree.
std::string fill_template(std::string_view tpl, const std::map<std::string, std::string>& values);

}  // namespace reports
