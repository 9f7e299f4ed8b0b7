/*
 * simulee cli: `simulee run FILE.cu [FILE...] [-- ARGS]` builds a CUDA
 * program against simulee's CUDA runtime (include/simulee/runtime.h) and
 * runs it: per .cu file the device side becomes bitcode (cli/compile.c),
 * wrapped in a simulee blob that clang embeds in the host object; the host
 * side is compiled with clang --cuda-host-only and -g; everything links with
 * libsimulee_cudart.so. The program's stdout and stderr are its own; the
 * runtime prints each launch's findings as it ends. Exit status: the program's, or
 * --error-exitcode when findings exist; 2 when the program cannot be built.
 */
#define _GNU_SOURCE /* mkdtemp */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/runtime.h"

/* paths are built from the temporary folder (mkdtemp under $TMPDIR, far
 * shorter than PATH_MAX) and short suffixes; a cut message is acceptable */
#pragma GCC diagnostic ignored "-Wformat-truncation"

#ifndef SIMULEE_RUNTIME_DIR
#define SIMULEE_RUNTIME_DIR "."
#endif

static const char USAGE[] =
    "usage: simulee run [options] FILE.cu [FILE.cu|FILE.cpp ...] [-- ARGS...]\n"
    "\n"
    "Build a CUDA program against simulee's CUDA runtime on the CPU and run it with\n"
    "ARGS: every kernel launch it makes runs in simulee's interpreter with the\n"
    "program's own shapes and data, checked for races, barrier divergence,\n"
    "out-of-bounds accesses and failed asserts. The findings name the launch (kernel,\n"
    "ordinal, grid/block, the host line) and are printed as each launch ends.\n"
    "\n"
    "options:\n"
    "  -I DIR, -D NAME[=VALUE], -U NAME   preprocessor flags of every file\n"
    "  --clang-arg ARG        any other clang flag of every file (repeatable)\n"
    "  -l LIB, -L DIR, -Wl,OPTS\n"
    "                         link options, in their order after the objects\n"
    "  -fopenmp, -pthread     host code compiled and linked with them (OpenMP:\n"
    "                         clang-19's libomp)\n"
    "  -O0 .. -O3             device code optimisation (default -O2; host code -O0 -g)\n"
    "  --arch sm_NN           the device target and its cudaGetDeviceProperties (sm_70)\n"
    "  --check POLICY         all | first:N | sample:K | none: launches run with\n"
    "                         detection (default first:3: the first 3 launches of each\n"
    "                         kernel and launch shape); the others run without,\n"
    "                         results exact either way\n"
    "  --check-threads N      a checked launch of more than N threads is checked on\n"
    "                         a sample of its blocks (the first, the last and evenly\n"
    "                         spaced ones, N threads in all); the other blocks run\n"
    "                         without detection (default 65536; under --check all\n"
    "                         0: every block; SIMULEE_CHECK_THREADS)\n"
    "  --check-steps N        a checked launch of a grid that synchronizes (grid.sync)\n"
    "                         is checked for its first N warp instructions, the rest\n"
    "                         runs without detection (default 10000000; under\n"
    "                         --check all 0: all of it; SIMULEE_CHECK_STEPS)\n"
    "  --no-jit               launches without detection are interpreted too (by\n"
    "                         default they run as native code when the kernel\n"
    "                         allows it, with the same results; SIMULEE_JIT=0)\n"
    "  --error-exitcode N     exit status when findings exist (default 1; 0 keeps the\n"
    "                         program's own)\n"
    "  --report FILE          also write the findings as JSON (FILE.json) or SARIF\n"
    "                         (FILE.sarif)\n"
    "  --record DIR           write every checked launch (kernel, shape, scalars,\n"
    "                         buffers' bytes) into DIR in the replay spelling:\n"
    "                         simulee DIR/module-*.bc --args-file DIR/launch-*.args\n"
    "                         replays one; simulee FILE.cu --from DIR and simulee\n"
    "                         scan --launches DIR start from them\n"
    "  --record-max BYTES     cap of the record (N, NK, NM, NG; default 256M): later\n"
    "                         launches are left out, with a note\n"
    "  -rdc                   relocatable device code: a kernel may call an extern\n"
    "                         __device__ function or use a variable of another .cu\n"
    "                         file (the files' device code is linked when it runs)\n"
    "  -j N, --jobs N         threads for the blocks of one launch (default: the\n"
    "                         online cores, at most 64); findings, report and\n"
    "                         output are the same for every N (SIMULEE_JOBS)\n"
    "  -o FILE                keep the built program as FILE (it carries its kernels;\n"
    "                         its checks: the SIMULEE_* variables, docs/program.md)\n"
    "  --no-run               build only (with -o)\n"
    "  --time-limit SECONDS   each clang run (device side, host side, link) may take\n"
    "                         this long (at least 5; default 300 or\n"
    "                         $SIMULEE_TIME_LIMIT; 0: none); past it clang's process\n"
    "                         group is killed: status 3\n"
    "  --mem-limit BYTES      clang's address space (N, NK, NM, NG; at least 1G;\n"
    "                         default half the RAM or $SIMULEE_MEM_LIMIT; 0: none)\n"
    "  --no-color             plain text report\n"
    "  --stats                counters at exit (launches, simulated instructions,\n"
    "                         seconds; launches on several threads, fallbacks)\n"
    "  -h, --help             this text\n";

/* The folder of libsimulee_cudart.so: $SIMULEE_RUNTIME_DIR, PREFIX/lib/
 * simulee of an installed simulee, else this build's. */
static void runtime_dir(char *buf, size_t len) {
  simC_lib_dir("SIMULEE_RUNTIME_DIR", "", SIMULEE_RUNTIME_DIR, buf, len);
}

/* ------------------------------------------------ stopping simulee */

static volatile sig_atomic_t stop_sig;  /* SIGTERM, SIGINT or SIGHUP received */
static volatile pid_t program_pid;      /* the program while it runs */

/* simulee is stopped: clang's groups die now, the program gets the signal
 * (its runtime reports what it found, then it dies of it; simulee waits for
 * that), a second signal kills the program. */
static void on_stop(int sig) {
  int again = stop_sig != 0;
  stop_sig = sig;
  simC_kill_children();
  if (program_pid > 0) kill(program_pid, again ? SIGKILL : sig);
}

void simC_stop_on_signals(void) {
  static const int sigs[] = {SIGTERM, SIGINT, SIGHUP};
  for (unsigned i = 0; i < 3; i++) {
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_stop; /* no SA_RESTART: waits return EINTR */
    sigemptyset(&sa.sa_mask);
    /* an ignored signal (nohup) stays ignored */
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
      sigaction(sigs[i], &sa, NULL);
  }
}

int simC_stopped(void) { return stop_sig; }

void simC_die_stopped(void) {
  int sig = stop_sig;
  fflush(NULL);
  signal(sig, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
  _exit(128 + sig);
}

int simC_prog_limits(const char *tl, const char *ml, simC_options *co, char *err,
                     size_t errlen) {
  const char *t = tl ? tl : getenv("SIMULEE_TIME_LIMIT");
  co->time_limit = SIMC_DEFAULT_TIME_LIMIT;
  if (t && *t) {
    char *end;
    errno = 0;
    double d = strtod(t, &end);
    if (errno || end == t || *end || !(d >= 0) || d > SIMC_MAX_TIME_LIMIT) {
      snprintf(err, errlen, "%s %s is not a number of seconds from 0 to %g",
               tl ? "--time-limit" : "SIMULEE_TIME_LIMIT=", t, SIMC_MAX_TIME_LIMIT);
      return -1;
    }
    co->time_limit = d;
  }
  const char *m = ml ? ml : getenv("SIMULEE_MEM_LIMIT");
  co->mem_limit = simC_default_mem_limit();
  if (m && *m) {
    char e2[256];
    uint64_t v;
    if (simC_parse_bytes(m, (uint64_t)1 << 50, &v, e2, sizeof e2) < 0) {
      snprintf(err, errlen, "%s: %s", ml ? "--mem-limit" : "SIMULEE_MEM_LIMIT", e2);
      return -1;
    }
    co->mem_limit = v;
  }
  return 0;
}

/* Run argv bounded by co's limits (simC_run_bounded); stdout and stderr
 * into errpath (NULL: inherited). */
static int run_tool(char *const *argv, const char *errpath, const simC_options *co) {
  return simC_run_bounded(argv, errpath, co);
}

/* The one line of a clang run over a limit (run_tool's -2 and -3). */
static void limit_line(int s, const char *what, const simC_options *co, char *err,
                       size_t errlen) {
  if (s == -2)
    snprintf(err, errlen, "%s: clang ran past the time limit of %.3g s (--time-limit, at least "
             "%g s for clang) and was stopped", what, simC_clang_time_limit(co),
             SIMC_CLANG_MIN_TIME);
  else
    snprintf(err, errlen, "%s: clang ran out of memory under the limit of %llu MiB "
             "(--mem-limit, at least %llu MiB for clang)", what,
             (unsigned long long)(simC_clang_mem_limit(co) >> 20),
             (unsigned long long)(SIMC_CLANG_MIN_MEM >> 20));
}

/* Is line a compiler's or linker's error message: "FILE:L:C: error: ...",
 * "error: ...", "... fatal error: ...", "ld: error ...", "undefined reference"
 * (not a warning, nor the quoted source line under a warning that happens to
 * contain the word)? */
static int error_message(const char *line) {
  if (!strncmp(line, "error:", 6) || !strncmp(line, "fatal error:", 12)) return 1;
  if (strstr(line, ": error:") || strstr(line, ": fatal error:")) return 1;
  if (strstr(line, "undefined reference to") || strstr(line, "collect2: error")) return 1;
  /* the linker's own lines ("/usr/bin/ld: cannot find -lx"), not its warnings */
  const char *ld = strstr(line, "ld: ");
  if (ld && (ld == line || ld[-1] == '/' || ld[-1] == '.') && !strstr(line, "warning")) return 1;
  return 0;
}

/* The first error message of file `path` (else its first line with "error"
 * in it, else its first line). */
static void first_error(const char *path, char *out, size_t len) {
  FILE *f = fopen(path, "r");
  char line[1024], first[1024] = "", loose[1024] = "";
  out[0] = 0;
  if (!f) return;
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (!*first) snprintf(first, sizeof first, "%s", line);
    if (error_message(line)) {
      snprintf(out, len, "%s", line);
      break;
    }
    if (!*loose && strstr(line, "error") && !strstr(line, "warning:"))
      snprintf(loose, sizeof loose, "%s", line);
  }
  fclose(f);
  if (!*out) snprintf(out, len, "%s", *loose ? loose : first);
}

/* The link's undefined CUDA library symbol, if that is why it failed: the
 * name into out, 1; else 0. */
static int undefined_cuda(const char *path, char *out, size_t len) {
  FILE *f = fopen(path, "r");
  char line[1024];
  int found = 0;
  if (!f) return 0;
  while (!found && fgets(line, sizeof line, f)) {
    char *u = strstr(line, "undefined reference to `");
    if (!u) u = strstr(line, "undefined symbol: ");
    if (!u) continue;
    u = strchr(u, u[0] == 'u' && u[10] == 'r' ? '`' : ':') + 1;
    while (*u == ' ') u++;
    size_t n = strcspn(u, "'\n");
    if (n >= len) n = len - 1;
    memcpy(out, u, n);
    out[n] = 0;
    found = !strncmp(out, "cuda", 4) || !strncmp(out, "__cuda", 6) || !strncmp(out, "cu", 2);
  }
  fclose(f);
  return found;
}

static int has_suffix(const char *s, const char *suf) {
  size_t n = strlen(s), m = strlen(suf);
  return n > m && !strcmp(s + n - m, suf);
}

/* Write the blob of bitcode file bc (from source src) to path. 0 or -1. */
static int write_blob(const char *bc, const char *src, const char *path, int rdc, char *err,
                      size_t errlen) {
  FILE *in = fopen(bc, "rb");
  if (!in) {
    snprintf(err, errlen, "%s: %s", bc, strerror(errno));
    return -1;
  }
  fseek(in, 0, SEEK_END);
  long n = ftell(in);
  fseek(in, 0, SEEK_SET);
  uint8_t *b = n > 0 ? malloc((size_t)n) : NULL;
  if (!b || fread(b, 1, (size_t)n, in) != (size_t)n) {
    fclose(in);
    free(b);
    snprintf(err, errlen, "%s: cannot read the bitcode", bc);
    return -1;
  }
  fclose(in);
  FILE *out = fopen(path, "wb");
  uint64_t len = (uint64_t)n;
  uint8_t hdr[SIMR_BLOB_HEADER];
  memcpy(hdr, rdc ? SIMR_BLOB_MAGIC_RDC : SIMR_BLOB_MAGIC, 8);
  for (int i = 0; i < 8; i++) hdr[8 + i] = (uint8_t)(len >> (8 * i));
  int ok = out && fwrite(hdr, 1, sizeof hdr, out) == sizeof hdr &&
           fwrite(b, 1, len, out) == len && fwrite(src, 1, strlen(src) + 1, out) == strlen(src) + 1;
  if (out && fclose(out) != 0) ok = 0;
  free(b);
  if (!ok) snprintf(err, errlen, "%s: cannot write the GPU binary", path);
  return ok ? 0 : -1;
}

typedef struct prog_opts {
  char **files;       /* the source files */
  unsigned nfiles;
  char **cflags;      /* -I/-D/-U flags */
  unsigned ncflags;
  int opt;            /* device -O level */
  const char *arch;   /* --arch */
  const char *check;  /* --check */
  const char *check_threads; /* --check-threads */
  const char *check_steps;   /* --check-steps */
  const char *exitcode; /* --error-exitcode */
  const char *report; /* --report */
  const char *record; /* --record */
  const char *record_max; /* --record-max */
  const char *jobs;   /* -j */
  const char *output; /* -o */
  const char *time_limit; /* --time-limit */
  const char *mem_limit;  /* --mem-limit */
  int no_run, no_color, stats;
  int no_jit;         /* --no-jit */
  int rdc;            /* -rdc: relocatable device code */
  char **args;        /* the program's arguments */
  unsigned nargs;
  char **lflags;      /* link options: -l, -L, -Wl,..., -fopenmp, -pthread */
  unsigned nlflags;
  char **hflags;      /* host compile options: -fopenmp, -pthread */
  unsigned nhflags;
} prog_opts;

/* The folder a file `path` is to be written in exists and is writable: 0,
 * or -1 with one line (what: the option) in err. */
static int check_out_dir(const char *path, const char *what, char *err, size_t errlen) {
  char dir[PATH_MAX];
  const char *slash = strrchr(path, '/');
  if (!slash) snprintf(dir, sizeof dir, ".");
  else if (slash == path) snprintf(dir, sizeof dir, "/");
  else snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
  struct stat st;
  if (stat(dir, &st) < 0) {
    snprintf(err, errlen, "%s %s: the folder %s: %s", what, path, dir, strerror(errno));
    return -1;
  }
  if (!S_ISDIR(st.st_mode)) {
    snprintf(err, errlen, "%s %s: %s is not a folder", what, path, dir);
    return -1;
  }
  if (access(dir, W_OK | X_OK) < 0) {
    snprintf(err, errlen, "%s %s: the folder %s is not writable: %s", what, path, dir,
             strerror(errno));
    return -1;
  }
  return 0;
}

static int valid_check(const char *c) {
  char *end;
  if (!strcmp(c, "all") || !strcmp(c, "none")) return 1;
  if (!strncmp(c, "first:", 6)) return strtoul(c + 6, &end, 10) > 0 && !*end && c[6] != '-';
  if (!strncmp(c, "sample:", 7)) return strtoul(c + 7, &end, 10) > 0 && !*end && c[7] != '-';
  return 0;
}

/* A check budget: 0 (no limit) or a decimal number from `min` up. */
static int budget_ok(const char *val, unsigned long long min) {
  if (!(*val >= '0' && *val <= '9')) return 0;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(val, &end, 10);
  return !*end && !errno && (!v || v >= min);
}

static int parse(int argc, char **argv, prog_opts *o, char *err, size_t errlen) {
  memset(o, 0, sizeof *o);
  o->opt = 2;
  o->files = calloc((size_t)argc + 1, sizeof *o->files);
  o->cflags = calloc((size_t)argc + 1, sizeof *o->cflags);
  o->lflags = calloc((size_t)argc + 1, sizeof *o->lflags);
  o->hflags = calloc((size_t)argc + 1, sizeof *o->hflags);
  if (!o->files || !o->cflags || !o->lflags || !o->hflags) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (int i = 1; i < argc; i++) {
    char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
#define NEED(name)                                                                 \
  if (!val) {                                                                      \
    snprintf(err, errlen, "run: %s needs a value", name);                          \
    return -1;                                                                     \
  }                                                                                \
  i++
    if (!strcmp(a, "--")) {
      o->args = argv + i + 1;
      o->nargs = (unsigned)(argc - i - 1);
      break;
    } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      return 1;
    } else if ((a[0] == '-' && (a[1] == 'I' || a[1] == 'D' || a[1] == 'U'))) {
      if (a[2]) {
        o->cflags[o->ncflags] = strdup(a);
      } else {
        NEED(a);
        o->cflags[o->ncflags] = malloc(strlen(val) + 3);
        if (o->cflags[o->ncflags]) sprintf(o->cflags[o->ncflags], "-%c%s", a[1], val);
      }
      if (!o->cflags[o->ncflags++]) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
    } else if (!strcmp(a, "--clang-arg") || !strncmp(a, "--clang-arg=", 12)) {
      /* any other clang flag of every file (device and host side) */
      if (!a[11]) { NEED("--clang-arg"); } else { val = a + 12; }
      if (!*val) {
        snprintf(err, errlen, "run: --clang-arg needs a value");
        return -1;
      }
      if (!(o->cflags[o->ncflags++] = strdup(val))) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
    } else if (a[0] == '-' && (a[1] == 'l' || a[1] == 'L') && !a[2]) {
      /* link options, as a compiler driver takes them */
      NEED(a);
      if (!*val) {
        snprintf(err, errlen, "run: %s needs a value", a);
        return -1;
      }
      char *l = malloc(strlen(val) + 3);
      if (!l) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
      sprintf(l, "-%c%s", a[1], val);
      o->lflags[o->nlflags++] = l;
    } else if ((a[0] == '-' && (a[1] == 'l' || a[1] == 'L') && a[2]) || !strncmp(a, "-Wl,", 4)) {
      if (!(o->lflags[o->nlflags++] = strdup(a))) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
    } else if (!strcmp(a, "-fopenmp") || !strcmp(a, "-pthread")) {
      /* the host code's compile and the link */
      if (!(o->lflags[o->nlflags++] = strdup(a)) || !(o->hflags[o->nhflags++] = strdup(a))) {
        snprintf(err, errlen, "out of memory");
        return -1;
      }
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o->opt = a[2] - '0';
    } else if (!strcmp(a, "--arch")) {
      NEED("--arch");
      if (strncmp(val, "sm_", 3) || atoi(val + 3) < 30) {
        snprintf(err, errlen, "run: --arch %s is not sm_NN (30 or more)", val);
        return -1;
      }
      o->arch = val;
    } else if (!strcmp(a, "--check")) {
      NEED("--check");
      if (!valid_check(val)) {
        snprintf(err, errlen, "run: --check %s is not all, none, first:N or sample:K", val);
        return -1;
      }
      o->check = val;
    } else if (!strcmp(a, "--check-threads")) {
      NEED("--check-threads");
      if (!budget_ok(val, 2048)) {
        snprintf(err, errlen, "run: --check-threads %s is not 0 (every block) or a number of "
                 "threads from 2048 up", val);
        return -1;
      }
      o->check_threads = val;
    } else if (!strcmp(a, "--check-steps")) {
      NEED("--check-steps");
      if (!budget_ok(val, 100000)) {
        snprintf(err, errlen, "run: --check-steps %s is not 0 (all of a launch) or a number of "
                 "warp instructions from 100000 up", val);
        return -1;
      }
      o->check_steps = val;
    } else if (!strcmp(a, "--error-exitcode")) {
      NEED("--error-exitcode");
      char *end;
      long v = strtol(val, &end, 10);
      if (*end || !*val || v < 0 || v > 255) {
        snprintf(err, errlen, "run: --error-exitcode %s is not 0..255", val);
        return -1;
      }
      o->exitcode = val;
    } else if (!strcmp(a, "--report")) {
      NEED("--report");
      if (!has_suffix(val, ".json") && !has_suffix(val, ".sarif")) {
        snprintf(err, errlen, "run: --report %s: the name must end in .json or .sarif", val);
        return -1;
      }
      o->report = val;
    } else if (!strcmp(a, "--record")) {
      NEED("--record");
      if (!*val) {
        snprintf(err, errlen, "run: --record needs a folder");
        return -1;
      }
      o->record = val;
    } else if (!strcmp(a, "--record-max")) {
      NEED("--record-max");
      uint64_t b;
      char e2[256];
      if (simC_parse_bytes(val, (uint64_t)1 << 50, &b, e2, sizeof e2) < 0) {
        snprintf(err, errlen, "run: --record-max: %s", e2);
        return -1;
      }
      o->record_max = val;
    } else if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || (a[0] == '-' && a[1] == 'j' && a[2]) ||
               !strncmp(a, "--jobs=", 7)) {
      if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
        NEED(a);
      } else {
        val = a[1] == 'j' ? a + 2 : a + 7;
      }
      char *end;
      errno = 0;
      unsigned long v = *val >= '0' && *val <= '9' ? strtoul(val, &end, 10) : 0;
      if (!v || *end || errno || v > SIMR_JOBS_LIMIT) {
        snprintf(err, errlen, "run: -j %s is not a number of threads from 1 to %u", val,
                 SIMR_JOBS_LIMIT);
        return -1;
      }
      o->jobs = val;
    } else if (!strcmp(a, "-o")) {
      NEED("-o");
      o->output = val;
    } else if (!strcmp(a, "--time-limit") || !strcmp(a, "--mem-limit")) {
      NEED(a);
      if (a[2] == 't') o->time_limit = val;
      else o->mem_limit = val;
    } else if (!strcmp(a, "--no-jit")) {
      o->no_jit = 1;
    } else if (!strcmp(a, "--no-run")) {
      o->no_run = 1;
    } else if (!strcmp(a, "--no-color")) {
      o->no_color = 1;
    } else if (!strcmp(a, "--stats")) {
      o->stats = 1;
    } else if (!strcmp(a, "-rdc") || !strcmp(a, "-rdc=true") || !strcmp(a, "-fgpu-rdc") ||
               !strcmp(a, "--relocatable-device-code=true")) {
      o->rdc = 1;
    } else if (a[0] == '-') {
      snprintf(err, errlen, "run: unknown option %s (simulee run --help)", a);
      return -1;
    } else {
      if (!has_suffix(a, ".cu") && !has_suffix(a, ".cpp") && !has_suffix(a, ".cc") &&
          !has_suffix(a, ".cxx") && !has_suffix(a, ".c")) {
        snprintf(err, errlen, "run: %s: a source file must end in .cu, .cpp, .cc, .cxx or .c", a);
        return -1;
      }
      if (simC_check_input_file(a, err, errlen) < 0) return -1;
      o->files[o->nfiles++] = a;
    }
#undef NEED
  }
  if (!o->nfiles) {
    snprintf(err, errlen, "run: no source file (simulee run --help)");
    return -1;
  }
  if (o->no_run && !o->output) {
    snprintf(err, errlen, "run: --no-run needs -o FILE");
    return -1;
  }
  /* -o onto a source file would overwrite it */
  struct stat so, si;
  for (unsigned i = 0; o->output && i < o->nfiles; i++)
    if (stat(o->output, &so) == 0 && stat(o->files[i], &si) == 0 && so.st_dev == si.st_dev &&
        so.st_ino == si.st_ino) {
      snprintf(err, errlen, "run: -o %s is the source file %s (it would be overwritten)",
               o->output, o->files[i]);
      return -1;
    }
  /* the report's folder, before the program runs for nothing */
  if (o->report && check_out_dir(o->report, "run: --report", err, errlen) < 0) return -1;
  return 0;
}

static void free_opts(prog_opts *o) {
  for (unsigned i = 0; i < o->ncflags; i++) free(o->cflags[i]);
  free(o->cflags);
  for (unsigned i = 0; i < o->nlflags; i++) free(o->lflags[i]);
  free(o->lflags);
  for (unsigned i = 0; i < o->nhflags; i++) free(o->hflags[i]);
  free(o->hflags);
  free(o->files);
}

/* Remove the files of folder dir and the folder. */
static void remove_dir(const char *dir, char (*files)[PATH_MAX], unsigned n) {
  for (unsigned i = 0; i < n; i++) unlink(files[i]);
  rmdir(dir);
}

int simC_prog_tool(char *const *argv, const char *errpath, const simC_options *co) {
  return run_tool(argv, errpath, co);
}

/* Write the host pass's rewritten copy of source file f (text, n bytes) to
 * path, after a `# 1 "f"` line so that diagnostics name f: 0, or -1. */
static int write_host_copy(const char *path, const char *f, const char *text, size_t n) {
  FILE *out = fopen(path, "wb");
  if (!out) return -1;
  fputs("# 1 \"", out);
  for (const char *p = f; *p; p++) {
    if (*p == '"' || *p == '\\') fputc('\\', out);
    fputc(*p, out);
  }
  fputs("\"\n", out);
  int ok = fwrite(text, 1, n, out) == n;
  if (fclose(out) != 0) ok = 0;
  return ok ? 0 : -1;
}

/* When .cu file f spells something as nvcc takes it and clang does not
 * (simC_respell: spaced chevrons, a PTX special register with one '%' in
 * inline asm, ...), write the
 * respelled copy next to obj (OBJ.host.cu, starting with a line marker
 * naming f, so messages and debug lines name f) into src, and f's folder
 * into qdir (its quoted includes); else src stays empty. 0, or -1 with why
 * in err. */
static int host_copy(const char *f, const char *obj, char *src, size_t srclen, char *qdir,
                     size_t qlen, char *err, size_t errlen) {
  FILE *in = fopen(f, "rb");
  if (!in) {
    snprintf(err, errlen, "%s: %s", f, strerror(errno));
    return -1;
  }
  size_t cap = 1 << 16, n = 0;
  char *text = malloc(cap + 1);
  for (;;) {
    if (!text) break;
    if (n == cap) {
      char *t = cap > ((size_t)1 << 30) ? NULL : realloc(text, 2 * cap + 1);
      if (!t) {
        free(text);
        text = NULL;
        break;
      }
      text = t;
      cap *= 2;
    }
    size_t got = fread(text + n, 1, cap - n, in);
    if (!got) break;
    n += got;
  }
  fclose(in);
  if (!text) {
    snprintf(err, errlen, "%s: out of memory", f);
    return -1;
  }
  text[n] = 0;
  int rc = 0;
  size_t respelled = simC_respell(&text, &n);
  if (respelled) {
    snprintf(src, srclen, "%s.host.cu", obj);
    int ok = write_host_copy(src, f, text, n) == 0;
    if (!ok) {
      snprintf(err, errlen, "%s: cannot write %s", f, src);
      unlink(src);
      src[0] = 0;
      rc = -1;
    } else {
      const char *slash = strrchr(f, '/');
      if (!slash) snprintf(qdir, qlen, ".");
      else if (slash == f) snprintf(qdir, qlen, "/");
      else snprintf(qdir, qlen, "%.*s", (int)(slash - f), f);
    }
  }
  free(text);
  return rc;
}

/* The host side of .cu file f failed with clang's messages in errpath: when
 * they name device-side launches (simC_rewrite_diagnosed_launches), write a
 * copy with those rewritten to OBJ.host.cu (from src, the respelled copy,
 * when there is one) into src, f's folder into qdir. 0, or -1 (nothing to
 * rewrite, or it cannot). */
static int host_dp_copy(const char *f, const char *obj, const char *errpath, char *src,
                        size_t srclen, char *qdir, size_t qlen) {
  FILE *e = fopen(errpath, "rb");
  if (!e) return -1;
  char *diag = malloc((1 << 20) + 1);
  size_t dn = diag ? fread(diag, 1, 1 << 20, e) : 0;
  fclose(e);
  if (!diag) return -1;
  diag[dn] = 0;
  FILE *in = fopen(*src ? src : f, "rb");
  char *text = NULL;
  size_t n = 0, cap = 0;
  for (int ok = in != NULL; ok;) {
    if (n + 65536 + 1 > cap) {
      char *t = cap > ((size_t)1 << 28) ? NULL : realloc(text, cap = 2 * cap + 65536 + 1);
      if (!t) break;
      text = t;
    }
    size_t got = fread(text + n, 1, 65536, in);
    n += got;
    ok = got > 0;
  }
  if (in) fclose(in);
  char *body = text, *rw = NULL;
  size_t rn = 0;
  if (text && *src) { /* the copy's `# 1 "PATH"` line is not the file's */
    char *nl = memchr(text, '\n', n);
    if (nl) { n -= (size_t)(nl + 1 - text); body = nl + 1; }
  }
  long got = text ? simC_rewrite_diagnosed_launches(diag, f, body, n, 1, &rw, &rn) : 0;
  free(diag);
  free(text);
  if (got <= 0) return -1;
  snprintf(src, srclen, "%s.host.cu", obj);
  int ok = write_host_copy(src, f, rw, rn) == 0;
  free(rw);
  if (!ok) {
    unlink(src);
    src[0] = 0;
    return -1;
  }
  const char *slash = strrchr(f, '/');
  if (!slash) snprintf(qdir, qlen, ".");
  else if (slash == f) snprintf(qdir, qlen, "/");
  else snprintf(qdir, qlen, "%.*s", (int)(slash - f), f);
  return 0;
}

int simC_prog_compile(const char *f, const char *obj, const char *blob, const simC_options *co,
                      char *const *extra, unsigned nextra, const char *errpath, char *err,
                      size_t errlen) {
  int cu = has_suffix(f, ".cu") || co->as_cu;
  char bc[PATH_MAX], gpuarch[64];
  snprintf(gpuarch, sizeof gpuarch, "--cuda-gpu-arch=%s", co->arch ? co->arch : "sm_70");
  if (cu && !co->pp) {
    int crc = simC_compile_cu(f, co, bc, sizeof bc, err, errlen);
    if (crc == -2) return -2; /* err names the file and the limit */
    if (crc < 0) {
      /* err names the file already when clang's message does */
      size_t n = strlen(err), m = strlen(f);
      if (n + m + 3 < errlen) {
        memmove(err + m + 2, err, n + 1);
        memcpy(err, f, m);
        memcpy(err + m, ": ", 2);
      }
      return -1;
    }
    if (co->keep_globals && co->opt_level > 0 && simC_keep_globals(bc, err, errlen) < 0) {
      unlink(bc);
      return -1;
    }
    int w = write_blob(bc, f, blob, co->rdc, err, errlen);
    unlink(bc);
    if (w < 0) return -1;
  }
  char **cmd = calloc(64 + co->ncflags + nextra, sizeof *cmd);
  if (!cmd) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  /* the host pass of a .cu file reads a copy with nvcc's spaced launch
   * chevrons (`k<< <g, b>> >(...)`) respelled, its lines and the folder of
   * its quoted includes kept */
  char src[PATH_MAX + 16] = "", qdir[PATH_MAX] = "";
  const char *in = f;
  if (cu && !co->pp && host_copy(f, obj, src, sizeof src, qdir, sizeof qdir, err, errlen) < 0) {
    free(cmd);
    return -1;
  }
  if (*src) in = src;
  unsigned n = 0;
  cmd[n++] = (char *)simC_clang();
  if (cu) {
    const char *cuflags[] = {"-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib",
                             "--cuda-path=/nonexistent", gpuarch, "-Wno-unknown-cuda-version",
                             "-Xclang", "-target-sdk-version=12.0",
                             "-Xclang", "-fcuda-allow-variadic-functions", "-isystem",
                             (char *)simC_cuda_dir(), "-include", "cuda_runtime.h",
                             "-Xclang", "-fcuda-include-gpubinary", "-Xclang", blob};
    size_t ncu = sizeof cuflags / sizeof *cuflags - (co->pp ? 4 : 0); /* no binary to embed */
    for (size_t k = 0; k < ncu; k++) cmd[n++] = (char *)cuflags[k];
  } else {
    /* a host file as nvcc hands it to the host compiler: the toolkit's
     * headers, nvcc's macros (not __CUDACC__), and for C the host gcc's
     * leniency (implicit declarations and implicit int are warnings) */
    int c = has_suffix(f, ".c");
    cmd[n++] = "-x";
    cmd[n++] = c ? "c" : "c++";
    cmd[n++] = "-isystem";
    cmd[n++] = (char *)simC_cuda_dir();
    cmd[n++] = "-D__NVCC__";
    cmd[n++] = "-D__CUDACC_VER_MAJOR__=12";
    cmd[n++] = "-D__CUDACC_VER_MINOR__=0";
    cmd[n++] = "-D__CUDACC_VER_BUILD__=140";
    if (c) {
      cmd[n++] = "-Wno-error=implicit-function-declaration";
      cmd[n++] = "-Wno-error=implicit-int";
      cmd[n++] = "-Wno-error=int-conversion";
      cmd[n++] = "-Wno-error=incompatible-pointer-types";
    }
  }
  cmd[n++] = "-g";
  cmd[n++] = "-O0";
  /* signed overflow wraps, as the host gcc's code has it in practice:
   * clang widens loop counters where the overflow is undefined, so a
   * program that checks a[i] == i * i past 46341 fails its own check at
   * -O2 (gcc's loop keeps the 32-bit product) */
  cmd[n++] = "-fwrapv";
  if (*qdir) {
    cmd[n++] = "-iquote";
    cmd[n++] = qdir;
  }
  /* a C++ standard (nvcc -std=c++17) is not for a C file, as with nvcc */
  int c_file = !cu && has_suffix(f, ".c");
  for (unsigned k = 0; k < co->ncflags; k++)
    if (!(c_file && (strstr(co->cflags[k], "-std=c++") || strstr(co->cflags[k], "-std=gnu++"))))
      cmd[n++] = co->cflags[k];
  for (unsigned k = 0; k < nextra; k++)
    if (!(c_file && (strstr(extra[k], "-std=c++") || strstr(extra[k], "-std=gnu++"))))
      cmd[n++] = extra[k];
  cmd[n++] = co->pp ? (char *)co->pp : "-c";
  unsigned at_in = n;
  cmd[n++] = (char *)in;
  cmd[n++] = "-o";
  cmd[n++] = (char *)obj;
  cmd[n] = NULL;
  int s = run_tool(cmd, errpath, co);
  /* a kernel that launches a kernel template or an overloaded kernel: clang
   * rejects the launch on the host side too; once more with the launches it
   * names rewritten as for the device side (the kernel's body is not host
   * code: only its stub is compiled), in rounds as launches in templates
   * are diagnosed once instantiated */
  for (int round = 0; round < 16 && s > 0 && cu && !co->pp && errpath &&
                     host_dp_copy(f, obj, errpath, src, sizeof src, qdir, sizeof qdir) == 0;
       round++) {
    cmd[at_in] = src;
    if (*qdir && cmd[at_in - 1] != qdir) { /* the copy's folder for "..." includes */
      for (unsigned k = n; k > at_in; k--) cmd[k + 1] = cmd[k - 1];
      cmd[at_in] = "-iquote";
      cmd[at_in + 1] = qdir;
      cmd[at_in + 2] = src;
      at_in += 2;
      n += 2;
      cmd[n] = NULL;
    }
    s = run_tool(cmd, errpath, co);
  }
  if (*src) unlink(src);
  free(cmd);
  if (s == -2 || s == -3) {
    char what[PATH_MAX + 64];
    snprintf(what, sizeof what, "cannot compile the host side of %s", f);
    limit_line(s, what, co, err, errlen);
    return -2;
  }
  if (s != 0) {
    char line[1024];
    first_error(errpath, line, sizeof line);
    snprintf(err, errlen, "%s: %s: %s", f,
             co->pp ? "cannot preprocess the host side" : "the host side does not compile",
             *line ? line : "clang failed");
    return -1;
  }
  return 0;
}

int simC_prog_main(int argc, char **argv) {
  prog_opts o;
  char err[2048];
  int pr = parse(argc, argv, &o, err, sizeof err);
  if (pr != 0) {
    free_opts(&o);
    if (pr > 0) {
      fputs(USAGE, stdout);
      return SIMC_EXIT_OK;
    }
    simC_message("error", "%s", err);
    return SIMC_EXIT_USAGE;
  }
  simC_options co;
  memset(&co, 0, sizeof co);
  if (simC_prog_limits(o.time_limit, o.mem_limit, &co, err, sizeof err) < 0) {
    free_opts(&o);
    simC_message("error", "run: %s", err);
    return SIMC_EXIT_USAGE;
  }
  simC_stop_on_signals();
  const char *tmp = getenv("TMPDIR");
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/simulee-run-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    simC_message("error", "cannot make a temporary folder in %s: %s",
                 tmp && *tmp ? tmp : "/tmp", strerror(errno));
    free_opts(&o);
    return SIMC_EXIT_USAGE;
  }
  unsigned nmade = 0, cap = 4 * o.nfiles + 4;
  char(*made)[PATH_MAX] = calloc(cap, sizeof *made);
  char **link = calloc(o.nfiles + o.nlflags + 16, sizeof *link);
  char rtdir[PATH_MAX], rpath[PATH_MAX + 32], ldir[PATH_MAX + 8], errpath[PATH_MAX + 16];
  runtime_dir(rtdir, sizeof rtdir);
  snprintf(errpath, sizeof errpath, "%s/clang.err", dir);
  int rc = SIMC_EXIT_USAGE;
  if (!made || !link) {
    simC_message("error", "out of memory");
    goto done;
  }
  snprintf(made[nmade++], PATH_MAX, "%s", errpath);
  co.opt_level = o.opt;
  co.arch = o.arch;
  co.cflags = o.cflags;
  co.ncflags = o.ncflags;
  co.rdc = o.rdc;
  unsigned nlink = 0;
  link[nlink++] = (char *)simC_clang();
  link[nlink++] = "--driver-mode=g++";
  for (unsigned i = 0; i < o.nfiles; i++) {
    const char *f = o.files[i];
    int cu = has_suffix(f, ".cu");
    char obj[PATH_MAX], blob[PATH_MAX];
    snprintf(obj, sizeof obj, "%s/%u.o", dir, i);
    snprintf(blob, sizeof blob, "%s/%u.gpu", dir, i);
    char *objkept = made[nmade];
    snprintf(made[nmade++], PATH_MAX, "%s", obj);
    if (cu) snprintf(made[nmade++], PATH_MAX, "%s", blob);
    int crc = simC_prog_compile(f, obj, blob, &co, o.hflags, o.nhflags, errpath, err, sizeof err);
    if (crc < 0) {
      if (stop_sig) goto done;
      simC_message("error", "%s", err);
      if (crc == -2) rc = SIMC_EXIT_INCOMPLETE; /* clang over a limit */
      goto done;
    }
    link[nlink++] = objkept;
  }
  char exe[PATH_MAX];
  if (o.output) snprintf(exe, sizeof exe, "%s", o.output);
  else snprintf(exe, sizeof exe, "%s/program", dir), snprintf(made[nmade++], PATH_MAX, "%s", exe);
  snprintf(ldir, sizeof ldir, "-L%s", rtdir);
  snprintf(rpath, sizeof rpath, "-Wl,-rpath,%s", rtdir);
  for (unsigned k = 0; k < o.nlflags; k++) link[nlink++] = o.lflags[k];
  link[nlink++] = ldir;
  link[nlink++] = rpath;
  link[nlink++] = "-lsimulee_cudart";
  link[nlink++] = "-lm";
  link[nlink++] = "-lpthread";
  link[nlink++] = "-o";
  link[nlink++] = exe;
  link[nlink] = NULL;
  int s = run_tool(link, errpath, &co);
  if (s != 0 && stop_sig) goto done;
  if (s == -2 || s == -3) {
    limit_line(s, "cannot link the program", &co, err, sizeof err);
    simC_message("error", "%s", err);
    rc = SIMC_EXIT_INCOMPLETE;
    goto done;
  }
  if (s != 0) {
    char sym[256], line[1024];
    size_t ns = undefined_cuda(errpath, sym, sizeof sym) ? strlen(sym) : 0;
    if (ns > 3 && !strcmp(sym + ns - 3, "_v2")) /* cublas_v2.h's name for the call */
      simC_message("error", "the program calls %.*s (%s), which simulee's CUDA runtime "
                   "does not implement", (int)(ns - 3), sym, sym);
    else if (ns)
      simC_message("error", "the program calls %s, which simulee's CUDA runtime does "
                   "not implement", sym);
    else {
      first_error(errpath, line, sizeof line);
      simC_message("error", "the program does not link: %s", *line ? line : "clang failed");
    }
    goto done;
  }
  if (o.no_run) {
    rc = SIMC_EXIT_OK;
    goto done;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    simC_message("error", "cannot start the program: %s", strerror(errno));
    goto done;
  }
  if (pid == 0) {
    /* simulee killed (even by SIGKILL): the program is stopped, and its
     * runtime reports what it found */
    prctl(PR_SET_PDEATHSIG, SIGTERM);
    if (o.check) setenv("SIMULEE_CHECK", o.check, 1);
    if (o.check_threads) setenv("SIMULEE_CHECK_THREADS", o.check_threads, 1);
    if (o.check_steps) setenv("SIMULEE_CHECK_STEPS", o.check_steps, 1);
    if (o.exitcode) setenv("SIMULEE_ERROR_EXITCODE", o.exitcode, 1);
    if (o.report) setenv("SIMULEE_REPORT", o.report, 1);
    if (o.record) { /* absolute: the program may change its folder */
      char cwd[4096], abs[8192];
      if (o.record[0] != '/' && getcwd(cwd, sizeof cwd)) {
        snprintf(abs, sizeof abs, "%s/%s", cwd, o.record);
        setenv("SIMULEE_RECORD", abs, 1);
      } else {
        setenv("SIMULEE_RECORD", o.record, 1);
      }
    }
    if (o.record_max) setenv("SIMULEE_RECORD_MAX", o.record_max, 1);
    if (o.arch) setenv("SIMULEE_ARCH", o.arch, 1);
    if (o.no_color) setenv("SIMULEE_NO_COLOR", "1", 1);
    if (o.stats) setenv("SIMULEE_STATS", "1", 1);
    if (o.jobs) setenv("SIMULEE_JOBS", o.jobs, 1);
    if (o.no_jit) setenv("SIMULEE_JIT", "0", 1);
#ifdef SIMULEE_ASAN_LIB
    /* a sanitizer build: its runtime library carries ASan, whose runtime
     * must come first in a program clang linked without it */
    setenv("LD_PRELOAD", SIMULEE_ASAN_LIB, 1);
#endif
    signal(SIGPIPE, SIG_DFL);
    char **av = calloc(o.nargs + 2, sizeof *av);
    if (!av) _exit(127);
    av[0] = exe;
    for (unsigned i = 0; i < o.nargs; i++) av[i + 1] = o.args[i];
    execv(exe, av);
    simC_message("error", "cannot run the program: %s", strerror(errno));
    _exit(127);
  }
  program_pid = pid;
  if (stop_sig) kill(pid, stop_sig); /* stopped while it started */
  int st = 0;
  while (waitpid(pid, &st, 0) < 0)
    if (errno != EINTR) break;
  program_pid = 0;
  if (WIFEXITED(st)) {
    rc = WEXITSTATUS(st);
  } else {
    if (!stop_sig)
      simC_message("error", "the program was killed by signal %d (%s)", WTERMSIG(st),
                   strsignal(WTERMSIG(st)));
    rc = 128 + WTERMSIG(st);
  }
done:
  if (made) remove_dir(dir, made, nmade);
  free(made);
  free(link);
  free_opts(&o);
  if (stop_sig) simC_die_stopped();
  return rc;
}
