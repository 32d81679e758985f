#include "reports/template.hpp"

#include <set>
#include <stdexcept>

namespace reports {

std::string fill_template(std::string_view tpl, const std::map<std::string, std::string>& values) {
  std::string out;
  std::set<std::string> used;
  std::size_t pos = 0;
  while (true) {
    const std::size_t open = tpl.find("{{", pos);
    if (open == std::string_view::npos) break;
    const std::size_t close = tpl.find("}}", open + 2);
    if (close == std::string_view::npos) {
      throw std::logic_error("template: unclosed placeholder at offset " + std::to_string(open));
    }
    const std::string name(tpl.substr(open + 2, close - open - 2));
    const auto it = values.find(name);
    if (it == values.end()) throw std::logic_error("template: no value for {{" + name + "}}");
    out.append(tpl.substr(pos, open - pos));
    out += it->second;
    used.insert(name);
    pos = close + 2;
  }
  out.append(tpl.substr(pos));
  for (const auto& [name, value] : values) {
    if (!used.count(name)) throw std::logic_error("template: no placeholder {{" + name + "}}");
  }
  return out;
}

}  // namespace reports
