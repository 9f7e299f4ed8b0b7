/*
 * simulee cli: configuring a CMake tree for `simulee scan` (README.md,
 * "Scanning a project"). A folder scan of a tree with a CMakeLists.txt and
 * no compilation database runs
 *
 *   cmake -S DIR -B TMP -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
 *         -DCMAKE_CUDA_COMPILER=TOOLKIT/bin/nvcc [--cmake-arg ARGS]
 *
 * in a temporary build folder (headers that configure_file generates live
 * there), with simulee's toolkit (cli/nvcc.c) as the CUDA compiler and the
 * project's options at their defaults, then scans with TMP's
 * compile_commands.json. cmake runs as clang does (cli/compile.c): its own
 * process group, stdin from /dev/null, the address-space and CPU limits of a
 * clang child, and a wall-clock deadline past which the group is killed.
 * Its output goes to TMP/simulee-configure.log; a failure is one line.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"

#ifndef SIMULEE_TOOLKIT_DIR
#define SIMULEE_TOOLKIT_DIR "."
#endif

/* Written by the child when exec fails, so it is told apart from cmake. */
#define EXEC_FAILED "simulee-exec-failed: "
#define LOG_NAME "simulee-configure.log"

#pragma GCC diagnostic ignored "-Wformat-truncation"

static double mono_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static const char *env_set(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

/* simulee's toolkit root: $SIMULEE_TOOLKIT, else the installed one
 * (PREFIX/lib/simulee/toolkit), else the build tree's (as cli/nvcc.c). */
static void toolkit_root(char *out, size_t len) {
  simC_lib_dir("SIMULEE_TOOLKIT", "toolkit", SIMULEE_TOOLKIT_DIR, out, len);
}

int simC_cmake_project(const char *dir) {
  char *p = simC_join_path(dir, "CMakeLists.txt");
  if (!p) return -1;
  FILE *f = fopen(p, "r");
  free(p);
  if (!f) return 0;
  /* a project() command: the top of a CMake project, not a folder that a
   * parent's add_subdirectory enters */
  char line[4096];
  int found = 0;
  while (!found && fgets(line, sizeof line, f)) {
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    if (*s == '#') continue;
    if (strncasecmp(s, "project", 7)) continue;
    s += 7;
    while (*s == ' ' || *s == '\t') s++;
    found = *s == '(';
  }
  fclose(f);
  return found;
}

static int rm_entry(const char *p, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st;
  (void)ftw;
  if (flag == FTW_DP) rmdir(p);
  else unlink(p);
  return 0;
}

void simC_cmake_remove(const char *build) {
  if (build && *build) nftw(build, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* The one-line reason of a failed configure from its log: the first "CMake
 * Error" with the lines of its message joined ("CMake Error at
 * CMakeLists.txt:3 (include): include could not find ..."), else the last
 * non-empty line. */
static void log_reason(const char *log, char *out, size_t len) {
  out[0] = 0;
  FILE *f = fopen(log, "r");
  if (!f) return;
  char line[1024];
  int in_error = 0;
  size_t o = 0;
  char last[1024] = "";
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\r\n")] = 0;
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
    if (!in_error && !strncmp(line, EXEC_FAILED, strlen(EXEC_FAILED))) {
      snprintf(out, len, "cannot run cmake: %s", line + strlen(EXEC_FAILED));
      fclose(f);
      return;
    }
    if (!in_error && !strncmp(line, "CMake Error", 11)) {
      in_error = 1;
      o = (size_t)snprintf(out, len, "%s", s);
      if (o >= len) break;
      continue;
    }
    if (in_error) {
      /* the message is indented; it ends at the first unindented line */
      if (n && line[0] != ' ' && line[0] != '\t') break;
      if (!n) continue;
      o += (size_t)snprintf(out + o, len - o, " %s", s);
      if (o >= len) break;
      continue;
    }
    if (n) snprintf(last, sizeof last, "%s", s);
  }
  fclose(f);
  if (!in_error) snprintf(out, len, "%s", last[0] ? last : "no message");
}

int simC_cmake_configure(const char *src, const simC_options *o, char *const *args,
                         unsigned nargs, char *build, size_t buildlen, char *why,
                         size_t whylen) {
  build[0] = 0;
  why[0] = 0;
  char tk[PATH_MAX], nvcc[PATH_MAX + 16];
  toolkit_root(tk, sizeof tk);
  snprintf(nvcc, sizeof nvcc, "%s/bin/nvcc", tk);
  if (access(nvcc, X_OK) < 0) {
    snprintf(why, whylen, "simulee's toolkit has no %s: %s (set SIMULEE_TOOLKIT)", nvcc,
             strerror(errno));
    return -1;
  }
  const char *tmpdir = env_set("TMPDIR") ? env_set("TMPDIR") : "/tmp";
  if ((size_t)snprintf(build, buildlen, "%s/simulee-cmake-XXXXXX", tmpdir) >= buildlen ||
      !mkdtemp(build)) {
    snprintf(why, whylen, "cannot create a temporary folder in %s: %s", tmpdir,
             strerror(errno));
    build[0] = 0;
    return -1;
  }
  char def_cc[PATH_MAX + 40], def_root[PATH_MAX + 40];
  snprintf(def_cc, sizeof def_cc, "-DCMAKE_CUDA_COMPILER=%s", nvcc);
  /* FindCUDA (find_package(CUDA), cuda_add_executable) looks here */
  snprintf(def_root, sizeof def_root, "-DCUDA_TOOLKIT_ROOT_DIR=%s", tk);
  const char *cmake = env_set("SIMULEE_CMAKE") ? env_set("SIMULEE_CMAKE") : "cmake";
  const char **argv = calloc(nargs + 16, sizeof *argv);
  if (!argv) return -2;
  unsigned n = 0;
  argv[n++] = cmake;
  argv[n++] = "-S";
  argv[n++] = src;
  argv[n++] = "-B";
  argv[n++] = build;
  argv[n++] = "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON";
  argv[n++] = def_cc;
  argv[n++] = def_root;
  argv[n++] = "-Wno-dev";
  for (unsigned i = 0; i < nargs; i++) argv[n++] = args[i];
  argv[n] = NULL;
  char log[PATH_MAX + 32];
  snprintf(log, sizeof log, "%s/" LOG_NAME, build);
  int lfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (lfd < 0) {
    snprintf(why, whylen, "cannot write %s: %s", log, strerror(errno));
    free(argv);
    return -1;
  }
  /* the bounds of a clang child (cli/compile.c): --mem-limit (at least
   * SIMC_CLANG_MIN_MEM) of address space, --time-limit (at least
   * SIMC_CLANG_MIN_TIME) of wall-clock time, CPU time as a backstop */
  uint64_t mem = o->mem_limit;
  if (mem && mem < SIMC_CLANG_MIN_MEM) mem = SIMC_CLANG_MIN_MEM;
  double secs = o->time_limit > 0 ? o->time_limit : 0;
  if (secs > 0 && secs < SIMC_CLANG_MIN_TIME) secs = SIMC_CLANG_MIN_TIME;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(why, whylen, "fork: %s", strerror(errno));
    close(lfd);
    free(argv);
    return -1;
  }
  if (pid == 0) {
    setpgid(0, 0);
    if (mem) {
      struct rlimit rl = {(rlim_t)mem, (rlim_t)mem};
      setrlimit(RLIMIT_AS, &rl);
    }
    if (secs > 0 && secs < 1e9) {
      rlim_t c = (rlim_t)secs + 2;
      struct rlimit rl = {c, c + 1};
      setrlimit(RLIMIT_CPU, &rl);
    }
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0) dup2(nul, 0);
    dup2(lfd, 1);
    dup2(lfd, 2);
    execvp(argv[0], (char *const *)argv);
    dprintf(2, EXEC_FAILED "%s: %s (install cmake or set SIMULEE_CMAKE)\n", argv[0],
            strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no window where a kill misses the group */
  close(lfd);
  free(argv);
  double deadline = secs > 0 ? mono_now() + secs : 0;
  int st = 0, over = 0;
  for (long spins = 0;; spins++) {
    pid_t r = waitpid(pid, &st, WNOHANG);
    if (r == pid) break;
    if (r < 0 && errno != EINTR) {
      st = 0;
      break;
    }
    if (deadline > 0 && mono_now() >= deadline) {
      over = 1;
      kill(-pid, SIGKILL);
      kill(pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    struct timespec ts = {0, spins < 100 ? 5000000 : 20000000};
    nanosleep(&ts, NULL);
  }
  if (over) {
    snprintf(why, whylen, "cmake ran past the time limit of %.3g s (--time-limit, or what "
             "--scan-time-limit left; at least %g s) and was stopped", secs, SIMC_CLANG_MIN_TIME);
    return -1;
  }
  if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    char r[768];
    log_reason(log, r, sizeof r);
    if (!strncmp(r, "cannot run cmake", 16)) snprintf(why, whylen, "%s", r);
    else if (WIFSIGNALED(st))
      snprintf(why, whylen, "cmake killed by signal %d%s: %s", WTERMSIG(st),
               WTERMSIG(st) == SIGXCPU ? " (CPU time limit)" : "", r);
    else snprintf(why, whylen, "%s", r);
    return -1;
  }
  char db[PATH_MAX + 32];
  snprintf(db, sizeof db, "%s/compile_commands.json", build);
  if (access(db, R_OK) < 0) {
    /* FindCUDA's targets and custom commands are not in the database: a
     * project with no other source gets none */
    snprintf(why, whylen, "cmake wrote no compile_commands.json");
    return 1;
  }
  return 0;
}
