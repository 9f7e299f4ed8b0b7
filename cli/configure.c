/*
 * simulee cli: configuring a CMake tree for `simulee scan` (docs/scan.md,
 * "CMake projects and databases in the tree"). A folder scan of a tree with a CMakeLists.txt and
 * no compilation database runs
 *
 *   cmake -S DIR -B TMP -DCMAKE_EXPORT_COMPILE_COMMANDS=ON
 *         -DCMAKE_CUDA_COMPILER=TOOLKIT/bin/nvcc [--cmake-arg ARGS]
 *
 * in a temporary build folder (headers that configure_file generates live
 * there), with simulee's toolkit (cli/nvcc.c) as the CUDA compiler and the
 * project's options at their defaults, then scans with TMP's
 * compile_commands.json.
 *
 * The tree is untrusted and configuring runs its code (CMakeLists.txt,
 * execute_process), so cmake runs in a sandbox that bubblewrap (bwrap)
 * sets up: new user, PID, network, IPC and UTS namespaces (no network, no
 * process outside it to signal), the whole file system read-only, empty
 * file systems over /tmp, /var/tmp, /run, /root, /home and $HOME (no home,
 * no credentials), then back read-only the tree and simulee's own files,
 * and TMP the one writable folder; a cleared environment but for the
 * build's variables (PATH, CC, CMAKE_*, SIMULEE_*...), so no token reaches
 * it. bwrap dies with simulee and the sandbox's processes with its first
 * (--die-with-parent, a PID namespace): nothing it starts outlives it.
 * simC_sandbox_probe says whether the sandbox can be set up here (`bwrap
 * ... true` once); without it the scan does not configure, and
 * --configure=unsafe runs cmake unconfined.
 *
 * Either way cmake runs as clang does (cli/compile.c): its own process
 * group (killed at the end: what it left running dies), stdin from
 * /dev/null, the address-space and CPU limits of a clang child, files of at
 * most SANDBOX_MAX_FILE bytes, and a wall-clock deadline past which the
 * group is killed. Its output goes to TMP/simulee-configure.log; a failure
 * is one line.
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
/* The largest file configuring may write (RLIMIT_FSIZE). */
#define SANDBOX_MAX_FILE ((rlim_t)1 << 30)
/* The empty /tmp of the sandbox: at most this many bytes. */
#define SANDBOX_TMP_BYTES "1073741824"
/* The empty /root, /home, $HOME, /run and /var/tmp: at most this many. */
#define SANDBOX_HOME_BYTES "67108864"

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

/* ------------------------------------------------------------ sandbox */

/* bubblewrap: $SIMULEE_BWRAP, else bwrap on the PATH. */
static const char *bwrap_prog(void) {
  return env_set("SIMULEE_BWRAP") ? env_set("SIMULEE_BWRAP") : "bwrap";
}

/* The growing argv of a bwrap command (strings owned when own). */
typedef struct argvec {
  char **v;
  unsigned n, cap;
  int oom;
} argvec;

static void av_add(argvec *a, const char *s) {
  if (a->oom) return;
  if (a->n + 2 > a->cap) {
    unsigned nc = a->cap ? a->cap * 2 : 64;
    char **nv = realloc(a->v, nc * sizeof *nv);
    if (!nv) {
      a->oom = 1;
      return;
    }
    a->v = nv;
    a->cap = nc;
  }
  char *c = strdup(s);
  if (!c) {
    a->oom = 1;
    return;
  }
  a->v[a->n++] = c;
  a->v[a->n] = NULL;
}

static void av_free(argvec *a) {
  for (unsigned i = 0; i < a->n; i++) free(a->v[i]);
  free(a->v);
  memset(a, 0, sizeof *a);
}

/* Is p (absolute, normalised) dir or under it? */
static int path_under(const char *dir, const char *p) {
  size_t n = strlen(dir);
  while (n > 1 && dir[n - 1] == '/') n--;
  return !strncmp(p, dir, n) && (p[n] == '/' || p[n] == 0);
}

/* The folders the sandbox hides (an empty file system over each): places
 * where a user keeps secrets or other programs keep state. hidden[] gets
 * them (the last: $HOME's real path, when it is a folder elsewhere). */
static unsigned hidden_dirs(char hidden[][PATH_MAX]) {
  static const char *const fixed[] = {"/tmp", "/var/tmp", "/run", "/root", "/home"};
  unsigned n = 0;
  for (unsigned i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
    struct stat st;
    /* a symbolic link (/var/run -> /run) is left as it is: its target is
     * hidden already */
    if (lstat(fixed[i], &st) == 0 && S_ISDIR(st.st_mode))
      snprintf(hidden[n++], PATH_MAX, "%s", fixed[i]);
  }
  const char *home = env_set("HOME");
  char rp[PATH_MAX];
  struct stat st;
  if (home && realpath(home, rp) && strcmp(rp, "/") && stat(rp, &st) == 0 &&
      S_ISDIR(st.st_mode)) {
    int inside = 0;
    for (unsigned i = 0; i < n; i++) inside |= path_under(hidden[i], rp);
    if (!inside) snprintf(hidden[n++], PATH_MAX, "%s", rp);
  }
  return n;
}

/* Make path p (a file or a folder simulee needs inside the sandbox: the
 * tree, the toolkit, its own files) visible again, read-only, when it lies
 * in a hidden folder. */
static void reveal(argvec *a, char hidden[][PATH_MAX], unsigned nh, const char *p) {
  char rp[PATH_MAX];
  if (!p || !*p || !realpath(p, rp)) return;
  int in = 0;
  for (unsigned i = 0; i < nh; i++) {
    in |= path_under(hidden[i], rp);
    /* never a hidden folder itself or one above it (a scan of $HOME) */
    if (path_under(rp, hidden[i])) return;
  }
  const char *home = env_set("HOME");
  char hr[PATH_MAX];
  if (home && realpath(home, hr) && path_under(rp, hr)) return; /* $HOME in /tmp too */
  if (!in) return;
  for (unsigned i = 0; i + 2 < a->n; i++) /* already (or a folder above it) */
    if (!strcmp(a->v[i], "--ro-bind") && path_under(a->v[i + 1], rp)) return;
  av_add(a, "--ro-bind");
  av_add(a, rp);
  av_add(a, rp);
}

/* Program prog's path (found on the PATH when it has no '/') in out; 0, or
 * -1 when there is no such executable. */
static int find_prog(const char *prog, char *out, size_t len) {
  if (strchr(prog, '/')) {
    snprintf(out, len, "%s", prog);
    return access(out, X_OK);
  }
  const char *path = env_set("PATH") ? env_set("PATH") : "/usr/bin:/bin";
  for (const char *p = path; *p;) {
    size_t l = strcspn(p, ":");
    if (l && l + strlen(prog) + 2 < len) {
      snprintf(out, len, "%.*s/%s", (int)l, p, prog);
      if (access(out, X_OK) == 0) return 0;
    }
    p += l + (p[l] == ':');
  }
  errno = ENOENT;
  return -1;
}

/* The folder above the folder of program prog (a toolkit's or cmake's
 * prefix, its real path). "" when not found. */
static void prog_prefix(const char *prog, char *out, size_t len) {
  out[0] = 0;
  char found[PATH_MAX], rp[PATH_MAX];
  if (find_prog(prog, found, sizeof found) < 0 || !realpath(found, rp)) return;
  char *s = strrchr(rp, '/');
  if (s && s != rp) *s = 0;
  s = strrchr(rp, '/');
  if (s && s != rp) *s = 0;
  snprintf(out, len, "%s", rp);
}

/* Environment variables that reach the sandbox (names, or prefixes ending
 * in '_' or '*'): what a build reads; every other one (tokens, keys) is
 * dropped. */
static int env_kept(const char *name, size_t n) {
  static const char *const keep[] = {
    "PATH", "LANG", "LANGUAGE", "LC_*", "TZ", "CC", "CXX", "CUDACXX", "CUDAHOSTCXX",
    "CFLAGS", "CXXFLAGS", "CUDAFLAGS", "CPPFLAGS", "LDFLAGS", "CMAKE_*", "PKG_CONFIG_PATH",
    "PKG_CONFIG_LIBDIR", "SIMULEE_*", "SOURCE_DATE_EPOCH", "ASAN_OPTIONS", "UBSAN_OPTIONS",
    "LSAN_OPTIONS", "CCACHE_DISABLE"};
  for (unsigned i = 0; i < sizeof keep / sizeof keep[0]; i++) {
    size_t l = strlen(keep[i]);
    if (keep[i][l - 1] == '*' ? n >= l - 1 && !strncmp(name, keep[i], l - 1)
                              : n == l && !strncmp(name, keep[i], l))
      return 1;
  }
  return 0;
}

/* The bwrap options of the sandbox around a command that writes only in
 * build (NULL: the probe, which writes nowhere) and reads src. */
static void sandbox_args(argvec *a, const char *src, const char *build, const char *cmake) {
  extern char **environ;
  av_add(a, bwrap_prog());
  av_add(a, "--die-with-parent");
  av_add(a, "--new-session");
  av_add(a, "--unshare-all"); /* user, PID, network, IPC, UTS, cgroup */
  av_add(a, "--ro-bind");
  av_add(a, "/");
  av_add(a, "/");
  av_add(a, "--dev");
  av_add(a, "/dev");
  av_add(a, "--proc");
  av_add(a, "/proc");
  char hidden[8][PATH_MAX];
  unsigned nh = hidden_dirs(hidden);
  for (unsigned i = 0; i < nh; i++) {
    av_add(a, "--size");
    av_add(a, !strcmp(hidden[i], "/tmp") ? SANDBOX_TMP_BYTES : SANDBOX_HOME_BYTES);
    av_add(a, "--tmpfs");
    av_add(a, hidden[i]);
  }
  if (build) {
    char tk[PATH_MAX], pre[PATH_MAX], cache[PATH_MAX];
    reveal(a, hidden, nh, src); /* (not the folders above it: outside the tree) */
    toolkit_root(tk, sizeof tk);
    reveal(a, hidden, nh, tk);
    /* simulee itself (the toolkit's nvcc) and what it reads */
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
      exe[n] = 0;
      reveal(a, hidden, nh, exe);
    }
    reveal(a, hidden, nh, simC_cuda_dir());
    if (simC_installed()) {
      prog_prefix(exe, pre, sizeof pre);
      char d[PATH_MAX + 32];
      snprintf(d, sizeof d, "%s/lib/simulee", pre);
      reveal(a, hidden, nh, d);
    }
#ifdef SIMULEE_PCH_DIR
    reveal(a, hidden, nh, SIMULEE_PCH_DIR);
#endif
#ifdef SIMULEE_RUNTIME_DIR
    reveal(a, hidden, nh, SIMULEE_RUNTIME_DIR);
#endif
    if (simC_cache_dir(cache, sizeof cache) == 0) reveal(a, hidden, nh, cache);
    static const char *const named[] = {"SIMULEE_CLANG", "SIMULEE_CUDA_DIR", "SIMULEE_PCH_DIR",
                                        "SIMULEE_TOOLKIT", "SIMULEE_RUNTIME_DIR"};
    for (unsigned i = 0; i < sizeof named / sizeof named[0]; i++)
      reveal(a, hidden, nh, env_set(named[i]));
    reveal(a, hidden, nh, simC_clang());
    prog_prefix(cmake, pre, sizeof pre);
    reveal(a, hidden, nh, pre);
    av_add(a, "--bind");
    av_add(a, build);
    av_add(a, build);
    av_add(a, "--chdir");
    av_add(a, build);
  }
  av_add(a, "--clearenv");
  for (char **e = environ; e && *e; e++) {
    const char *eq = strchr(*e, '=');
    if (!eq || !env_kept(*e, (size_t)(eq - *e))) continue;
    char name[256];
    if ((size_t)(eq - *e) >= sizeof name) continue;
    snprintf(name, sizeof name, "%.*s", (int)(eq - *e), *e);
    av_add(a, "--setenv");
    av_add(a, name);
    av_add(a, eq + 1);
  }
  const char *home = env_set("HOME");
  if (home) { /* an empty folder now */
    av_add(a, "--setenv");
    av_add(a, "HOME");
    av_add(a, home);
  }
  av_add(a, "--");
}

/* Printable ASCII of s (a line of bwrap's), at most len - 1 bytes. */
static void clean_line(const char *s, char *out, size_t len) {
  size_t o = 0;
  for (; *s && *s != '\n' && o + 1 < len; s++)
    out[o++] = (*s >= 0x20 && *s < 0x7f) ? *s : '?';
  out[o] = 0;
}

int simC_sandbox_probe(char *why, size_t whylen) {
  static int done, ok;
  static char reason[512];
  if (done) {
    snprintf(why, whylen, "%s", reason);
    return ok;
  }
  done = 1;
  argvec a = {0};
  sandbox_args(&a, NULL, NULL, NULL);
  av_add(&a, "true");
  int pfd[2];
  if (a.oom || pipe2(pfd, O_CLOEXEC) < 0) {
    snprintf(reason, sizeof reason, "%s", a.oom ? "out of memory" : strerror(errno));
    av_free(&a);
    snprintf(why, whylen, "%s", reason);
    return 0;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    setpgid(0, 0);
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) dup2(nul, 0), dup2(nul, 1);
    dup2(pfd[1], 2);
    execvp(a.v[0], a.v);
    dprintf(2, "cannot run %s: %s", a.v[0], strerror(errno));
    _exit(127);
  }
  close(pfd[1]);
  char out[1024];
  size_t n = 0;
  int st = 0;
  if (pid > 0) {
    /* bwrap ... true takes milliseconds; 10 s bound it */
    double deadline = mono_now() + 10;
    for (;;) {
      pid_t r = waitpid(pid, &st, WNOHANG);
      if (r == pid) break;
      if (r < 0 && errno != EINTR) break;
      if (mono_now() > deadline) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        waitpid(pid, &st, 0);
        st = -1;
        break;
      }
      struct timespec ts = {0, 2000000};
      nanosleep(&ts, NULL);
    }
    ssize_t r;
    int fl = fcntl(pfd[0], F_GETFL);
    fcntl(pfd[0], F_SETFL, fl | O_NONBLOCK);
    while (n + 1 < sizeof out && (r = read(pfd[0], out + n, sizeof out - 1 - n)) > 0)
      n += (size_t)r;
  }
  close(pfd[0]);
  out[n] = 0;
  av_free(&a);
  ok = pid > 0 && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
  if (!ok) {
    char line[400];
    clean_line(out, line, sizeof line);
    if (pid < 0) snprintf(reason, sizeof reason, "fork: %s", strerror(errno));
    else if (st == -1) snprintf(reason, sizeof reason, "%s did not finish in 10 s", bwrap_prog());
    else if (line[0]) snprintf(reason, sizeof reason, "%s", line);
    else snprintf(reason, sizeof reason, "%s ... true failed", bwrap_prog());
  }
  snprintf(why, whylen, "%s", reason);
  return ok;
}

int simC_cmake_configure(const char *src, const simC_options *o, char *const *args,
                         unsigned nargs, int sandbox, char *build, size_t buildlen, char *why,
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
  char rb[PATH_MAX]; /* bwrap binds it by its real path */
  if (realpath(build, rb) && strlen(rb) < buildlen) snprintf(build, buildlen, "%s", rb);
  char def_cc[PATH_MAX + 40], def_root[PATH_MAX + 40];
  snprintf(def_cc, sizeof def_cc, "-DCMAKE_CUDA_COMPILER=%s", nvcc);
  /* FindCUDA (find_package(CUDA), cuda_add_executable) looks here */
  snprintf(def_root, sizeof def_root, "-DCUDA_TOOLKIT_ROOT_DIR=%s", tk);
  const char *cmake = env_set("SIMULEE_CMAKE") ? env_set("SIMULEE_CMAKE") : "cmake";
  char found[PATH_MAX];
  if (sandbox && find_prog(cmake, found, sizeof found) < 0) {
    /* said here: inside the sandbox, bwrap would say it in its words */
    snprintf(why, whylen, "cannot run cmake: %s: %s (install cmake or set SIMULEE_CMAKE)",
             cmake, strerror(errno));
    return -1;
  }
  argvec av = {0};
  if (sandbox) sandbox_args(&av, src, build, cmake);
  av_add(&av, cmake);
  av_add(&av, "-S");
  av_add(&av, src);
  av_add(&av, "-B");
  av_add(&av, build);
  av_add(&av, "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON");
  av_add(&av, def_cc);
  av_add(&av, def_root);
  av_add(&av, "-Wno-dev");
  for (unsigned i = 0; i < nargs; i++) av_add(&av, args[i]);
  if (av.oom) {
    av_free(&av);
    return -2;
  }
  char **argv = av.v;
  char log[PATH_MAX + 32];
  snprintf(log, sizeof log, "%s/" LOG_NAME, build);
  int lfd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (lfd < 0) {
    snprintf(why, whylen, "cannot write %s: %s", log, strerror(errno));
    av_free(&av);
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
    av_free(&av);
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
    struct rlimit fs = {SANDBOX_MAX_FILE, SANDBOX_MAX_FILE};
    setrlimit(RLIMIT_FSIZE, &fs);
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0) dup2(nul, 0);
    dup2(lfd, 1);
    dup2(lfd, 2);
    execvp(argv[0], argv);
    if (sandbox)
      dprintf(2, EXEC_FAILED "%s: %s (install bubblewrap)\n", argv[0], strerror(errno));
    else
      dprintf(2, EXEC_FAILED "%s: %s (install cmake or set SIMULEE_CMAKE)\n", argv[0],
              strerror(errno));
    _exit(127);
  }
  setpgid(pid, pid); /* also here: no window where a kill misses the group */
  close(lfd);
  av_free(&av);
  double deadline = secs > 0 ? mono_now() + secs : 0;
  int st = 0, over = 0;
  for (long spins = 0;; spins++) {
    /* ended: what it started and left running in its group dies with it
     * (in the sandbox, its PID namespace ended when cmake did), killed
     * before cmake is reaped, so that the group's id is still its own */
    siginfo_t si;
    memset(&si, 0, sizeof si);
    int wr = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT);
    if (wr == 0 && si.si_pid == pid) {
      kill(-pid, SIGKILL);
      while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
      }
      break;
    }
    if (wr < 0 && errno != EINTR) {
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
