# Install, man page, completions: an installed simulee is relocatable and
# independent of the source and build trees (tests/install/relocate.sh);
# the man page lists the options --help lists, and every option the parsers
# accept (tests/install/man_options.sh); the bash completion offers them.
set(INSTALL_SRC ${CMAKE_CURRENT_SOURCE_DIR}/install)
simulee_test(install_relocated ${CMAKE_BINARY_DIR} 600 COMMAND sh ${INSTALL_SRC}/relocate.sh
  ${CMAKE_COMMAND} ${CMAKE_BINARY_DIR} ${CMAKE_SOURCE_DIR} $<TARGET_FILE:simulee_scancheck>)
simulee_test(install_man_options ${CMAKE_BINARY_DIR} 60 COMMAND sh ${INSTALL_SRC}/man_options.sh
  $<TARGET_FILE:simulee> ${CMAKE_BINARY_DIR}/simulee.1 ${CMAKE_SOURCE_DIR})
simulee_test(install_bash_completion ${CMAKE_BINARY_DIR} 60 COMMAND bash ${INSTALL_SRC}/completion.sh
  $<TARGET_FILE:simulee> ${CMAKE_SOURCE_DIR}/completions/simulee.bash)
execute_process(COMMAND ${LLVM_CONFIG} --version OUTPUT_VARIABLE INSTALL_LLVM_VERSION
                OUTPUT_STRIP_TRAILING_WHITESPACE)
simulee_test(install_version ${CMAKE_BINARY_DIR} 60 COMMAND sh ${INSTALL_SRC}/version.sh
  $<TARGET_FILE:simulee> $<TARGET_FILE:simulee_jsoncheck> ${CMAKE_SOURCE_DIR} ${PROJECT_VERSION}
  ${INSTALL_LLVM_VERSION} "${SIMULEE_CLANG_VERSION}" ${SIMULEE_CLANG})
# the GitHub Action's script and the YAML of the action and the pre-commit hook
simulee_test(install_action ${CMAKE_BINARY_DIR} 600 COMMAND sh ${INSTALL_SRC}/action_test.sh
  $<TARGET_FILE:simulee> ${CMAKE_SOURCE_DIR} $<TARGET_FILE:simulee_jsoncheck>)
simulee_test(install_precommit ${CMAKE_BINARY_DIR} 600 COMMAND sh ${INSTALL_SRC}/precommit_test.sh
  $<TARGET_FILE:simulee> ${CMAKE_SOURCE_DIR})
# the Debian package: built with cpack, Depends: checked against the
# libraries the executable needs (installing it with dpkg -i is
# scripts/setup.sh test's job under CI=true: it changes the system)
simulee_test(install_deb ${CMAKE_BINARY_DIR} 600 COMMAND sh ${CMAKE_SOURCE_DIR}/scripts/deb_check.sh
  ${CMAKE_BINARY_DIR})
