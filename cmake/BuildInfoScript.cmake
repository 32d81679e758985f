execute_process(COMMAND git -C "${SRC}" rev-parse --short=12 HEAD
                OUTPUT_VARIABLE hash OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR hash STREQUAL "")
  set(hash "unknown")
else()
  execute_process(COMMAND git -C "${SRC}" status --porcelain --untracked-files=no
                  OUTPUT_VARIABLE dirty OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT dirty STREQUAL "")
    string(APPEND hash "-dirty")
  endif()
endif()
set(content "#include \"roofline/build_info.hpp\"
namespace roofline {
const BuildInfo& build_info() {
  static const BuildInfo info{\"${VERSION}\", \"${hash}\", \"${COMPILER}\", \"${FLAGS}\", \"${BUILD_TYPE}\"};
  return info;
}
}  // namespace roofline
")
# Rewrite only on change so an unchanged hash does not relink everything.
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
