#include "roofline/cli/resume.hpp"

#include <algorithm>
#include <iostream>
#include <sstream>
#include <vector>

#include "reports/escape.hpp"
#include "roofline/cli/inputs.hpp"
#include "roofline/cli/session.hpp"
#include "roofline/input_error.hpp"
#include "roofline/json_io.hpp"

namespace cli {

roofline::Results read_resumed(const std::string& file) {
  roofline::Results r;
  try {
    roofline::InputFile input(file);  // its own errors name the file
    try {
      r = std::move(input).results();
      place_all(r);  // as `report` places it, under the roofs it carries
    } catch (const roofline::InputError& e) {
      throw roofline::InputError("'" + file + "': " + e.what());
    }
    check_placed(r, file);
  } catch (const roofline::InputError& e) {
    throw roofline::InputError(std::string("--resume: ") + e.what());
  }
  const auto failed = std::erase_if(r.results, [](const roofline::Result& x) { return !x.ok(); });
  if (failed > 0)
    std::cerr << "note: --resume " << file << ": its " << failed
              << " failed case(s) are measured again\n";
  return r;
}

void warn_if_other_host(const roofline::Results& resumed, const std::string& host) {
  if (resumed.provenance.host == host) return;
  std::cerr << reports::terminal_text(
      "warning: --resume: the file's results were measured on host '" + resumed.provenance.host +
      "', this run is on '" + host + "': they are kept, not measured again here\n");
}

void say_not_resumed(std::size_t others, std::size_t cases) {
  if (others == 0) return;
  std::cerr << "note: --resume: " << others << " of the file's " << cases
            << " cases are not part of this run (other options): they are dropped from its "
               "results\n";
}

std::string with_resume(const std::string& command_line, const std::string& written) {
  std::istringstream words(command_line);
  std::string out;
  for (std::string w; words >> w;) {
    if (w == "--resume") {
      words >> w;  // its file
      continue;
    }
    if (w.starts_with("--resume=")) continue;
    out += (out.empty() ? "" : " ") + w;
  }
  return out + " --resume " + written;
}

}  // namespace cli
