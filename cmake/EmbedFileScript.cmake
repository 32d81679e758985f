# Writes OUT, a C++ file that defines rooflab_embedded::SYMBOL as the bytes of IN.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
file(WRITE "${OUT}"
  "#include <string_view>\nnamespace rooflab_embedded {\n"
  "static const char ${SYMBOL}_bytes[] = {${bytes} 0};\n"
  "extern const std::string_view ${SYMBOL};\n"
  "const std::string_view ${SYMBOL}(${SYMBOL}_bytes, sizeof(${SYMBOL}_bytes) - 1);\n}\n")
