# rooflab_register_backend(<target> <header> <function>): a backend library whose registration
# call `<function>(roofline::Registry&)`, declared in <header>, the rooflab binary makes at start.
# A backend whose SDK is missing never calls this, so the binary has exactly the backends built,
# with no preprocessor switches in the code.
function(rooflab_register_backend target header function)
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_TARGETS "${target}")
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_HEADERS "${header}")
  set_property(GLOBAL APPEND PROPERTY ROOFLAB_BACKEND_FUNCTIONS "${function}")
endfunction()

# rooflab_add_backends(<executable>): links every registered backend into <executable> and
# generates its cli::register_backends(roofline::Registry&) (roofline/cli/backends.hpp).
function(rooflab_add_backends executable)
  get_property(targets GLOBAL PROPERTY ROOFLAB_BACKEND_TARGETS)
  get_property(headers GLOBAL PROPERTY ROOFLAB_BACKEND_HEADERS)
  get_property(functions GLOBAL PROPERTY ROOFLAB_BACKEND_FUNCTIONS)
  set(ROOFLAB_BACKEND_INCLUDES "")
  set(ROOFLAB_BACKEND_CALLS "")
  foreach(header IN LISTS headers)
    string(APPEND ROOFLAB_BACKEND_INCLUDES "#include \"${header}\"\n")
  endforeach()
  foreach(function IN LISTS functions)
    string(APPEND ROOFLAB_BACKEND_CALLS "  ${function}(registry);\n")
  endforeach()
  set(out "${CMAKE_CURRENT_BINARY_DIR}/register_backends.cpp")
  configure_file("${PROJECT_SOURCE_DIR}/cmake/register_backends.cpp.in" "${out}" @ONLY)
  target_sources(${executable} PRIVATE "${out}")
  target_link_libraries(${executable} PRIVATE ${targets})
endfunction()
