#pragma once
// Headless Chromium for the report's browser tests: it loads a report offline and returns the DOM
// once the page's scripts (and any test script appended to the page) have run.
#include <gtest/gtest.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <regex>
#include <sstream>
#include <string>

namespace reports::samples {

// The path of an executable found on PATH; empty when there is none.
inline std::filesystem::path find_on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return {};
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::filesystem::path candidate = std::filesystem::path(dir) / name;
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) return candidate;
  }
  return {};
}

inline std::filesystem::path chromium() {
  std::filesystem::path path = find_on_path("chromium");
  if (path.empty()) path = find_on_path("chromium-browser");
  return path;
}

inline constexpr const char* kNoBrowser =
    "chromium is not on PATH (Debian: apt-get install chromium); CI installs it";

inline std::string quoted(const std::string& text) { return "'" + text + "'"; }

// Runs a shell command and returns its standard output.
inline std::string run(const std::string& command) {
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return {};
  std::string out;
  std::array<char, 4096> buffer;
  for (std::size_t n; (n = fread(buffer.data(), 1, buffer.size(), pipe.get())) > 0;) {
    out.append(buffer.data(), n);
  }
  return out;
}

// The DOM of the page as headless Chromium renders it in a window of 1600 × 900 pixels (a
// desktop screen), after `script` (JavaScript, run once the page has loaded) when one is given:
// it is appended to the page, which is the test's own copy.
inline std::string rendered_dom(const std::filesystem::path& browser,
                                const std::filesystem::path& folder,
                                const std::filesystem::path& html, const std::string& script = {}) {
  if (!script.empty()) {
    std::ofstream(html, std::ios::app) << "<script>window.addEventListener('load', function () {\n"
                                       << script << "\n});</script>\n";
  }
  return run("timeout 120 " + quoted(browser.string()) +
             " --headless --no-sandbox --disable-gpu --disable-background-networking"
             " --disable-component-update --disable-sync --no-first-run --window-size=1600,900"
             " --virtual-time-budget=5000 --user-data-dir=" +
             quoted((folder / "profile").string()) + " --dump-dom " +
             quoted("file://" + html.string()) + " 2>/dev/null");
}

// The value a test script left in data-NAME of <body> (or any element) of a rendered DOM; empty
// when it left none.
inline std::string found(const std::string& dom, const std::string& name) {
  std::smatch match;
  if (!std::regex_search(dom, match, std::regex("data-" + name + "=\"([^\"]*)\""))) return {};
  return match[1];
}

}  // namespace reports::samples
