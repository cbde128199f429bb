# The core ships as two parts, each its own module. `controller` (what a PageController needs:
# dehydrate, the hit-test probe, the boxes a lean walk measures) starts at `ready`. `extras`
# (Markdown, the accessibility tree, forms, webtree) is instantiated on first use, synchronously
# because those APIs are, so a page that only dehydrates and acts never compiles it. Each part
# links every object but the other part's binding tables and the folders it never needs: a static
# initializer there would be kept; LTO drops the code its bindings never reach.
# The controller part's objects are compiled for size (-Oz) in the wasm flavour: what a web app
# carries and what the engine compiles before the first observation, at no measured cost in speed.
# Its link stays -O2, so its glue matches the extras part's in the files that carry both. The
# no-wasm core keeps -O2 (-Oz made it slower). The controller part allocates with emmalloc: smaller
# than dlmalloc, no speed difference measured (docs/decisions/core-in-two-parts.md).
set(controller_export createDehydraController)
set(controller_flags -sMALLOC=emmalloc)
set(controller_leaves "/webtree/|/bindings/(extras|webtree)_table\\.")
set(extras_export createDehydraExtras)
set(extras_flags -sWASM_ASYNC_COMPILATION=0)
set(extras_leaves "/bindings/controller_table\\.")

# Flavours: the wasm core, and a JavaScript one for pages whose CSP forbids WebAssembly. The no-wasm
# parts start synchronously, so their whole start runs inside dehydra's pristine window
# (js-shim/load/choose_core.js). `testing` is the wasm core with the bindings only tests call
# (DEHYDRA_TEST_BINDINGS), for the test bundle alone.
set(nowasm_flags -sWASM=0 -sWASM_ASYNC_COMPILATION=0)

# A source both parts link is compiled once per set of flags.
function(core_objects name)
  add_library(${name} OBJECT ${ARGN})
  target_include_directories(${name} PRIVATE ${CMAKE_BINARY_DIR}/include)
  target_compile_options(${name} PRIVATE ${compile_flags})
endfunction()
core_objects(core_o2 ${core_sources})
target_compile_options(core_o2 PRIVATE ${extra_cflags})
set(controller_sources ${core_sources})
list(FILTER controller_sources EXCLUDE REGEX "${controller_leaves}")
core_objects(controller_oz ${controller_sources})
target_compile_options(controller_oz PRIVATE -Oz ${extra_cflags})
core_objects(test_controller_table ${PROJECT_SOURCE_DIR}/bindings/controller_table.cpp)
target_compile_options(test_controller_table PRIVATE -Oz ${extra_cflags})
core_objects(test_extras_table ${PROJECT_SOURCE_DIR}/bindings/extras_table.cpp)
target_compile_options(test_extras_table PRIVATE ${extra_cflags})
foreach(table test_controller_table test_extras_table)
  target_compile_definitions(${table} PRIVATE DEHYDRA_TEST_BINDINGS)
endforeach()

# <part>-<flavour>: the objects of `objects` the part links. The testing flavour swaps in its binding table.
function(core_part part flavour objects)
  set(leaves "${${part}_leaves}")
  set(tables "")
  if(flavour STREQUAL "testing")
    string(APPEND leaves "|/bindings/${part}_table\\.")
    set(tables $<TARGET_OBJECTS:test_${part}_table>)
  endif()
  set(target ${part}-${flavour})
  add_executable(${target} $<FILTER:$<TARGET_OBJECTS:${objects}>,EXCLUDE,${leaves}> ${tables})
  set_target_properties(${target} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR})
  target_link_options(${target} PRIVATE
    ${link_flags} -sEXPORT_NAME=${${part}_export} ${${part}_flags} ${${flavour}_flags})
endfunction()
foreach(flavour wasm nowasm testing)
  set(controller_objects controller_oz)
  if(flavour STREQUAL "nowasm")
    set(controller_objects core_o2)
  endif()
  core_part(controller ${flavour} ${controller_objects})
  core_part(extras ${flavour} core_o2)
  add_custom_target(core-${flavour} DEPENDS controller-${flavour} extras-${flavour})
endforeach()

include(${CMAKE_CURRENT_SOURCE_DIR}/parts_json.cmake)
