# rooflab_precompile(<target> [<header>...]): nlohmann/json.hpp (and the headers named) parsed once
# per target into a precompiled header, for the C++ sources of targets with several files. Nearly
# every file includes json.hpp (through roofline/results.hpp), and parsing it alone takes seconds:
# a third of a full build's compile time on a 2-core machine went to it.
function(rooflab_precompile target)
  set(headers <nlohmann/json.hpp> ${ARGN})
  list(TRANSFORM headers REPLACE "^(.+)$" "$<$<COMPILE_LANGUAGE:CXX>:\\1>")
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
