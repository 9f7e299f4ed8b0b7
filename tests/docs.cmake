# The front page and the manual (README.md, docs/*.md) against the tree and
# the program (tests/docs/): links and paths resolve and README.md stays a
# front page (links.sh); the docs and the --help texts name the same options
# (options.sh); every `$ simulee ...` example prints what it shows
# (examples.sh). The man page's sections taken from docs/ are checked by
# install_man_options (tests/install.cmake).
if(SIMULEE_FUZZ)
  return()
endif()
set(DOCS_TESTS ${CMAKE_CURRENT_SOURCE_DIR}/docs)
simulee_test(docs_links ${CMAKE_SOURCE_DIR} 60
  COMMAND sh ${DOCS_TESTS}/links.sh ${CMAKE_SOURCE_DIR})
simulee_test(docs_options ${CMAKE_SOURCE_DIR} 60
  COMMAND sh ${DOCS_TESTS}/options.sh $<TARGET_FILE:simulee> ${CMAKE_SOURCE_DIR})
simulee_test(docs_examples ${CMAKE_SOURCE_DIR} 600
  COMMAND sh ${DOCS_TESTS}/examples.sh $<TARGET_FILE:simulee> ${CMAKE_SOURCE_DIR})
# No .c file over 2,000 lines (sizes.sh); and the check finds one that is
# (a limit of 100 lines over the tree)
simulee_test(house_sizes ${CMAKE_SOURCE_DIR} 60
  COMMAND sh ${DOCS_TESTS}/sizes.sh ${CMAKE_SOURCE_DIR})
set_tests_properties(house_sizes PROPERTIES PASS_REGULAR_EXPRESSION "^ok\n$")
simulee_test(house_sizes_found ${CMAKE_SOURCE_DIR} 60
  COMMAND sh -c "sh '${DOCS_TESTS}/sizes.sh' '${CMAKE_SOURCE_DIR}' 100 || echo status $?")
set_tests_properties(house_sizes_found PROPERTIES PASS_REGULAR_EXPRESSION
  "runtime/launch.c: [0-9]+ lines, over 100\n.*status 1\n$")
