# rooflab_register_backend(<target> <header> <function> [ENVIRONMENT <setter>]): a backend library
# whose registration call `<function>(roofline::Registry&)`, declared in <header>, the rooflab
# binary makes at start. `bool <setter>()`, in the same header, sets the environment variables the
# backend's libraries read as they load and says whether it set one: the binary calls it before
# anything else, backends included, and starts again when it did.
# A backend whose SDK is missing never calls this, so the binary has exactly the backends built,
# with no preprocessor switches in the code.
function(rooflab_register_backend target header function)
  cmake_parse_arguments(PARSE_ARGV 3 arg "" "ENVIRONMENT" "")
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_TARGETS "${target}")
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_HEADERS "${header}")
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_FUNCTIONS "${function}")
  if(arg_ENVIRONMENT)
    set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_ENVIRONMENTS "${arg_ENVIRONMENT}")
  endif()
endfunction()

# rooflab_add_backends(<executable>): links every registered backend into <executable> and
# generates its cli::prepare_backend_environments() and cli::register_backends(roofline::Registry&)
# (roofline/cli/backends.hpp).
function(rooflab_add_backends executable)
  get_property(targets GLOBAL PROPERTY ROOFLAB_BACKEND_TARGETS)
  get_property(headers GLOBAL PROPERTY ROOFLAB_BACKEND_HEADERS)
  get_property(functions GLOBAL PROPERTY ROOFLAB_BACKEND_FUNCTIONS)
  get_property(environments GLOBAL PROPERTY ROOFLAB_BACKEND_ENVIRONMENTS)
  set(ROOFLAB_BACKEND_INCLUDES "")
  set(ROOFLAB_BACKEND_ENVIRONMENT_CALLS "")
  set(ROOFLAB_BACKEND_CALLS "")
  foreach(header IN LISTS headers)
    string(APPEND ROOFLAB_BACKEND_INCLUDES "#include \"${header}\"\n")
  endforeach()
  foreach(setter IN LISTS environments)
    string(APPEND ROOFLAB_BACKEND_ENVIRONMENT_CALLS "  changed = ${setter}() || changed;\n")
  endforeach()
  foreach(function IN LISTS functions)
    string(APPEND ROOFLAB_BACKEND_CALLS "  ${function}(registry);\n")
  endforeach()
  set(out "${CMAKE_CURRENT_BINARY_DIR}/register_backends.cpp")
  configure_file("${PROJECT_SOURCE_DIR}/cmake/register_backends.cpp.in" "${out}" @ONLY)
  target_sources(${executable} PRIVATE "${out}")
  target_link_libraries(${executable} PRIVATE ${targets})
endfunction()
