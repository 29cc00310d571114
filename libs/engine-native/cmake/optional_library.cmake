# Optional native libraries, each declared by the family that uses it in its own folder: a
# src/core/<family>/library.cmake calls svc_optional_library() (CMakeLists.txt includes every one),
# and nothing else names the library: not CMakeLists.txt, not engine-native's TS (it reads the
# build's optional-libraries.json), not .ci/run or the nx build's runtime input (they read the
# declarations' DEBIAN lines).
#
# svc_optional_library(<name>
#   FAMILY <folder>            the family it serves: the addon's libraries() names it with that family
#   [REQUIRED]                 without it the folder is left out (its sources, registry lines, tests
#                              and fuzz generator), the addon does not list its commands and engine-ts
#                              serves them; otherwise the family is native either way and gains the
#                              library's code where DEFINE is set
#   OPTION <var> <doc>         -D<var>=OFF builds without it (default ON; declarations may share one)
#   DEBIAN <package>... IF_MISSING <file>
#                              what .ci/run installs on a machine without <file> (one line: .ci/run
#                              and project.json grep it)
#   HEADERS <header>...        found by find_path; their folders become include directories
#   LIBS <name>...             found by find_library ("a|b": the first of a and b found; a name
#                              may be a file name: libisal.a)
#   [EXISTS <file>...]         files that must also exist under the first header's folder
#   VERSION <file> <regex>     the version: the numbers on the lines of <file> (under the first
#                              header's folder) that match <regex>, joined by '.'
#   [DEFINE <macro>])          defined for the core (and what links it) when the library is found
#
# svc_family_sources(<family> <folder/file.cc>...): another folder's sources a family compiles
# with its own (built only with the family, and once when that folder is built too).
#
# Results, read by CMakeLists.txt: the global properties SVC_LIBRARY_ENTRIES (SVC_NATIVE_LIBRARIES
# of the generated header), SVC_LIBRARY_JSON, SVC_LIBRARY_INCLUDES, SVC_LIBRARY_LINK,
# SVC_LIBRARY_DEFINES, SVC_LEFT_OUT_FAMILIES and SVC_FAMILY_SOURCES_<family>.
function(svc_optional_library name)
  cmake_parse_arguments(PARSE_ARGV 1 L "REQUIRED" "FAMILY;DEFINE;IF_MISSING" "OPTION;DEBIAN;HEADERS;LIBS;EXISTS;VERSION")
  if(NOT L_FAMILY OR NOT L_OPTION OR NOT L_DEBIAN OR NOT L_IF_MISSING OR NOT L_HEADERS OR NOT L_LIBS OR NOT L_VERSION)
    message(FATAL_ERROR "svc_optional_library(${name}): FAMILY, OPTION, DEBIAN ... IF_MISSING, HEADERS, LIBS and VERSION are required")
  endif()
  list(GET L_OPTION 0 option_var)
  list(GET L_OPTION 1 option_doc)
  option(${option_var} "${option_doc}" ON)
  set(found ${${option_var}})
  set(includes "")
  set(libs "")
  if(found)
    foreach(header IN LISTS L_HEADERS)
      string(MAKE_C_IDENTIFIER "SVC_INCLUDE_${header}" var)
      find_path(${var} ${header})
      if(NOT ${var})
        set(found OFF)
      endif()
      list(APPEND includes ${${var}})
    endforeach()
    foreach(lib IN LISTS L_LIBS)
      string(MAKE_C_IDENTIFIER "SVC_LIB_${lib}" var)
      string(REPLACE "|" ";" names "${lib}")
      find_library(${var} NAMES ${names})
      if(NOT ${var})
        set(found OFF)
      endif()
      list(APPEND libs ${${var}})
    endforeach()
  endif()
  set(version "")
  if(found)
    list(GET includes 0 root)
    foreach(file IN LISTS L_EXISTS)
      if(NOT EXISTS ${root}/${file})
        set(found OFF)
      endif()
    endforeach()
  endif()
  if(found)
    list(GET L_VERSION 0 version_file)
    list(GET L_VERSION 1 version_regex)
    file(STRINGS ${root}/${version_file} lines REGEX "${version_regex}")
    string(REGEX MATCHALL "[0-9]+" numbers "${lines}")
    list(JOIN numbers "." version)
  endif()
  list(JOIN L_DEBIAN "\", \"" debian)
  if(L_REQUIRED)
    set(required true)
  else()
    set(required false)
  endif()
  if(found)
    set_property(GLOBAL APPEND_STRING PROPERTY SVC_LIBRARY_ENTRIES "{\"${name}\", \"${version}\", \"${L_FAMILY}\"}, ")
    set_property(GLOBAL APPEND PROPERTY SVC_LIBRARY_INCLUDES ${includes})
    set_property(GLOBAL APPEND PROPERTY SVC_LIBRARY_LINK ${libs})
    if(L_DEFINE)
      set_property(GLOBAL APPEND PROPERTY SVC_LIBRARY_DEFINES ${L_DEFINE})
    endif()
    set_property(GLOBAL APPEND PROPERTY SVC_LIBRARY_JSON
                 "{\"name\": \"${name}\", \"family\": \"${L_FAMILY}\", \"required\": ${required}, \"found\": true, \"version\": \"${version}\", \"debian\": [\"${debian}\"]}")
    message(STATUS "svc: ${name} ${version} found for ${L_FAMILY}")
  else()
    if(L_REQUIRED)
      set_property(GLOBAL APPEND PROPERTY SVC_LEFT_OUT_FAMILIES ${L_FAMILY})
      set(effect "${L_FAMILY} stays on engine-ts")
    else()
      set(effect "${L_FAMILY} runs without it")
    endif()
    set_property(GLOBAL APPEND PROPERTY SVC_LIBRARY_JSON
                 "{\"name\": \"${name}\", \"family\": \"${L_FAMILY}\", \"required\": ${required}, \"found\": false, \"version\": null, \"debian\": [\"${debian}\"]}")
    list(JOIN L_DEBIAN " " packages)
    message(STATUS "svc: ${name} not found (or ${option_var}=OFF): ${effect} (Debian: ${packages})")
  endif()
endfunction()

function(svc_family_sources family)
  set_property(GLOBAL APPEND PROPERTY SVC_FAMILY_SOURCES_${family} ${ARGN})
endfunction()
