#include "roofline/cli/incomplete_output.hpp"

#include <exception>

#include "roofline/json_io.hpp"

namespace cli {

bool holds_complete(const std::filesystem::path& file) {
  if (!std::filesystem::is_regular_file(file)) return false;
  try {
    const roofline::InputFile input(file);  // a results file's results are not held
    const nlohmann::json& j = input.tree();
    return j.is_object() && !roofline::schema_of(j).empty() &&
           j.value("incomplete", std::string()).empty();
  } catch (const std::exception&) {  // not a Rooflab result: nothing complete to keep
    return false;
  }
}

std::filesystem::path incomplete_output(const std::filesystem::path& output) {
  if (!holds_complete(output)) return output;
  std::filesystem::path beside = output;
  beside.replace_filename(output.stem().string() + ".incomplete" + output.extension().string());
  return beside;
}

}  // namespace cli
