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
