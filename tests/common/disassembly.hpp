#pragma once
// The disassembly of an object file, function by function (binutils' objdump for the target,
// ROOFLAB_OBJDUMP): what the instruction tests read to check that a kernel contains the
// instructions it claims.
#include <cstdio>
#include <map>
#include <memory>
#include <regex>
#include <string>

namespace rooflab::test {

// Function name (demangled) → its disassembly.
inline std::map<std::string, std::string> functions_of(const std::string& object) {
  const std::string command =
      std::string(ROOFLAB_OBJDUMP) + " -d -C --no-show-raw-insn '" + object + "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return {};
  std::map<std::string, std::string> out;
  std::string current, line;
  char buffer[4096];
  while (fgets(buffer, sizeof buffer, pipe.get())) {
    line = buffer;
    const auto open = line.find(" <"), close = line.rfind(">:");
    if (open != std::string::npos && close != std::string::npos && line[0] != ' ') {
      current = line.substr(open + 2, close - open - 2);
    } else if (!current.empty()) {
      out[current] += line;
    }
  }
  return out;
}

// The disassembly of the functions whose names start with `prefix` and contain `part`.
inline std::string functions_body(const std::string& object, const std::string& prefix,
                                  const std::string& part) {
  std::string body;
  for (const auto& [name, text] : functions_of(object))
    if (name.starts_with(prefix) && name.find(part) != std::string::npos) body += text;
  return body;
}

// How many times `pattern` occurs in text.
inline int count_of(const std::string& text, const std::string& pattern) {
  const std::regex re(pattern);
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator()));
}

}  // namespace rooflab::test
