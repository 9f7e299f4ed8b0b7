/*
 * simulee version: what this simulee is and what it was built with, for
 * `simulee --version` and the `tool` block of JSON and SARIF reports.
 *
 * Contract:
 *  - Every function returns a static, NUL-terminated string (never NULL) and
 *    may be called from any thread.
 *  - The commit is read from git at build time (cmake/version.cmake runs on
 *    every build and rewrites its header only when the commit changes).
 */
#ifndef SIMULEE_VERSION_H
#define SIMULEE_VERSION_H

/* The release, "0.1.0" (project(VERSION) of CMakeLists.txt). */
const char *simV_version(void);
/* The git commit simulee was built from, 12 hex digits with "-dirty" when
 * the clone had uncommitted changes; "" when not built from a clone. */
const char *simV_commit(void);
/* The version of the LLVM library linked in (LLVMGetVersion), "19.1.7". */
const char *simV_llvm_version(void);
/* The version of the clang found at configure time, "19.1.7" ("" if its
 * --version could not be read). */
const char *simV_clang_version(void);

#endif
