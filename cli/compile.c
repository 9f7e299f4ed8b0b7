/*
 * simulee cli: compile a .cu file to NVPTX bitcode with clang-19 and our own
 * CUDA device headers (cuda/). The flags are the top CMakeLists.txt's
 * SIMULEE_CUDA_FLAGS; clang runs with fork/execvp (no shell) and its stderr
 * is read back so the first error line can be reported.
 */
#define _GNU_SOURCE /* pipe2, mkstemps */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/version.h"

#ifndef SIMULEE_CLANG
#define SIMULEE_CLANG "clang-19"
#endif
#ifndef SIMULEE_CUDA_DIR
#define SIMULEE_CUDA_DIR "cuda"
#endif

/* SIMULEE_CUDA_FLAGS may come from CMake as one '|'-separated string (the
 * list in the top CMakeLists.txt); without it, this copy of that list is
 * used. Keep the two in sync. */
#ifdef SIMULEE_CUDA_FLAGS
static const char *const CUDA_FLAGS_STR = SIMULEE_CUDA_FLAGS;
#else
static const char *const CUDA_FLAGS_STR =
    "-x|cuda|--cuda-device-only|-nocudainc|-nocudalib|--cuda-path=/nonexistent|"
    "--cuda-gpu-arch=sm_70|-Xclang|-target-feature|-Xclang|+ptx75|"
    "-Wno-unknown-cuda-version|-isystem|" SIMULEE_CUDA_DIR
    "|-include|cuda_runtime.h|-gline-tables-only|-emit-llvm|-c";
#endif

/* Marker the child writes when exec fails, so it is told apart from clang. */
#define EXEC_FAILED "simulee-exec-failed: "

static const char *env_or(const char *name, const char *def) {
  const char *v = getenv(name);
  return v && *v ? v : def;
}

/* First line of text containing "error:", else the first non-empty line. */
static void first_error_line(const char *text, char *out, size_t len) {
  const char *best = NULL, *first = NULL;
  for (const char *p = text; *p;) {
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (n && !first) first = p;
    const char *hit = strstr(p, "error:");
    if (hit && hit < p + n) {
      best = p;
      break;
    }
    p += n + (e ? 1 : 0);
  }
  const char *s = best ? best : first;
  if (!s) {
    out[0] = 0;
    return;
  }
  size_t n = strcspn(s, "\n");
  if (n >= len) n = len - 1;
  memcpy(out, s, n);
  out[n] = 0;
}

/* argv of one clang run: clang FLAGS... -O<n> -I/-D... FILE -o OUT. host: the
 * host side (--cuda-host-only, -O2 so launch dimensions fold to constants,
 * no NVPTX target feature, no warnings). pch: a precompiled cuda_runtime.h
 * to use instead of `-include cuda_runtime.h`, or NULL. Returns the
 * malloc'd argv (its strings point into *flags, also malloc'd), or NULL. */
static const char **make_argv(const char *path, const simC_options *o, int host,
                              const char *pch, const char *out, char **flags) {
  const char *clang = simC_clang();
  const char *cudadir = simC_cuda_dir();
  *flags = strdup(CUDA_FLAGS_STR);
  size_t nflags = 1;
  for (const char *p = CUDA_FLAGS_STR; *p; p++) nflags += *p == '|';
  const char **argv = calloc(nflags + o->ncflags + 10, sizeof *argv);
  if (!*flags || !argv) {
    free(*flags);
    *flags = NULL;
    free(argv);
    return NULL;
  }
  size_t ac = 0;
  argv[ac++] = clang;
  for (char *save = NULL, *t = strtok_r(*flags, "|", &save); t;
       t = strtok_r(NULL, "|", &save)) {
    if (host && !strcmp(t, "--cuda-device-only")) t = "--cuda-host-only";
    argv[ac++] = strcmp(t, SIMULEE_CUDA_DIR) ? t : cudadir;
    /* -Xclang -target-feature -Xclang +ptx75 is for the NVPTX target */
    if (host && ac >= 4 && !strcmp(argv[ac - 3], "-target-feature") &&
        !strcmp(argv[ac - 4], "-Xclang") && !strcmp(argv[ac - 2], "-Xclang"))
      ac -= 4;
  }
  if (pch)
    for (size_t i = 1; i + 1 < ac; i++)
      if (!strcmp(argv[i], "-include") && !strcmp(argv[i + 1], "cuda_runtime.h")) {
        argv[i] = "-include-pch";
        argv[i + 1] = pch;
      }
  static const char *const OPT[4] = {"-O0", "-O1", "-O2", "-O3"};
  if (host) {
    argv[ac++] = "-O2";
    argv[ac++] = "-w";
  } else {
    argv[ac++] = OPT[o->opt_level >= 0 && o->opt_level <= 3 ? o->opt_level : 2];
  }
  for (unsigned i = 0; i < o->ncflags; i++) argv[ac++] = o->cflags[i];
  argv[ac++] = path;
  argv[ac++] = "-o";
  argv[ac++] = out;
  argv[ac] = NULL;
  return argv;
}

/* Start one clang run (j->path, j->o, j->host, pch) writing a fresh
 * temporary file j->out. Returns 0, or -1 with why in err (nothing runs). */
static int job_spawn(simC_compile_job *j, const char *pch, char *err, size_t errlen) {
  const char *tmpdir = env_or("TMPDIR", "/tmp");
  j->pid = 0;
  j->fd = -1;
  j->pch = pch != NULL;
  snprintf(j->out, sizeof j->out, "%s/simulee-XXXXXX.bc", tmpdir);
  int fd = mkstemps(j->out, 3);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create a temporary file in %s: %s", tmpdir,
             strerror(errno));
    j->out[0] = 0;
    return -1;
  }
  close(fd);
  char *flags = NULL;
  const char **argv = make_argv(j->path, j->o, j->host, pch, j->out, &flags);
  if (!argv) {
    snprintf(err, errlen, "out of memory");
    goto fail;
  }
  int pfd[2];
  if (pipe2(pfd, O_CLOEXEC) < 0) {
    snprintf(err, errlen, "pipe: %s", strerror(errno));
    goto fail;
  }
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    snprintf(err, errlen, "fork: %s", strerror(errno));
    close(pfd[0]);
    close(pfd[1]);
    goto fail;
  }
  if (pid == 0) {
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
      dup2(nul, 0);
      dup2(nul, 1);
    }
    dup2(pfd[1], 2);
    execvp(argv[0], (char *const *)argv);
    dprintf(2, EXEC_FAILED "%s", strerror(errno));
    _exit(127);
  }
  close(pfd[1]);
  j->pid = pid;
  j->fd = pfd[0];
  free(flags);
  free(argv);
  return 0;
fail:
  unlink(j->out);
  j->out[0] = 0;
  free(flags);
  free(argv);
  return -1;
}

/* Wait for the run of job_spawn. Returns 0 (j->out written), or -1 with
 * clang's first error line (or why clang could not run) in err and j->out
 * removed. */
static int job_wait(simC_compile_job *j, char *err, size_t errlen) {
  const char *clang = simC_clang();
  const char *path = j->path;
  /* read all of clang's stderr (keep the first 64 KiB) */
  char *text = malloc(65536);
  size_t n = 0;
  for (;;) {
    char chunk[4096];
    ssize_t r = read(j->fd, chunk, sizeof chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    if (text && n + 1 < 65536) {
      size_t k = (size_t)r < 65535 - n ? (size_t)r : 65535 - n;
      memcpy(text + n, chunk, k);
      n += k;
    }
  }
  if (text) text[n] = 0;
  close(j->fd);
  j->fd = -1;
  int st = 0;
  while (waitpid(j->pid, &st, 0) < 0 && errno == EINTR) {
  }
  j->pid = 0;
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
    free(text);
    return 0;
  }
  if (text && !strncmp(text, EXEC_FAILED, strlen(EXEC_FAILED))) {
    snprintf(err, errlen, "cannot run clang '%s': %s (set SIMULEE_CLANG)", clang,
             text + strlen(EXEC_FAILED));
  } else {
    char line[512];
    first_error_line(text ? text : "", line, sizeof line);
    if (line[0])
      snprintf(err, errlen, "cannot compile %s: %s", path, line);
    else if (WIFSIGNALED(st))
      snprintf(err, errlen, "cannot compile %s: %s killed by signal %d", path,
               clang, WTERMSIG(st));
    else
      snprintf(err, errlen, "cannot compile %s: %s exited with status %d", path,
               clang, WIFEXITED(st) ? WEXITSTATUS(st) : -1);
  }
  free(text);
  unlink(j->out);
  j->out[0] = 0;
  return -1;
}

/* 64-bit FNV-1a of a string, continued from h. */
static uint64_t fnv(uint64_t h, const char *s) {
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 0x100000001b3ull;
  return (h ^ 0xff) * 0x100000001b3ull;
}

/* Run clang to precompile cuda_runtime.h for one flavour into out. 0 or -1. */
static int build_pch(const char *kind, int host, const char *out) {
  simC_options o;
  memset(&o, 0, sizeof o);
  o.opt_level = strcmp(kind, "O0") ? 2 : 0;
  char header[PATH_MAX + 32];
  snprintf(header, sizeof header, "%s/cuda_runtime.h", simC_cuda_dir());
  char *flags = NULL;
  const char **argv = make_argv(header, &o, host, NULL, out, &flags);
  if (!argv) return -1;
  /* the header is the input: `-include cuda_runtime.h` becomes -emit-pch */
  for (size_t i = 1; argv[i] && argv[i + 1]; i++)
    if (!strcmp(argv[i], "-include") && !strcmp(argv[i + 1], "cuda_runtime.h")) {
      argv[i] = "-Xclang";
      argv[i + 1] = "-emit-pch";
    }
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int nul = open("/dev/null", O_RDWR);
    if (nul >= 0) {
      dup2(nul, 0);
      dup2(nul, 1);
      dup2(nul, 2);
    }
    execvp(argv[0], (char *const *)argv);
    _exit(127);
  }
  int st = 0;
  if (pid > 0)
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
    }
  free(flags);
  free(argv);
  return pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

/* The precompiled headers of an installed simulee: built on first use into
 * the per-user cache, in a folder named by a hash of what they depend on
 * (version, clang, header folder and its cuda_runtime.h, flags), so a moved
 * prefix or another release gets its own. One lock file per flavour
 * (flock): parallel scans, and the threads of one, build each flavour once;
 * the file appears by rename, complete. A failed build leaves a .failed
 * mark so that later runs do not retry it for every file. Returns buf, or
 * NULL. */
static const char *cached_pch(const char *kind, int host, char *buf, size_t len) {
  char dir[PATH_MAX];
  if (simC_cache_dir(dir, sizeof dir) < 0) return NULL;
  char header[PATH_MAX + 32];
  snprintf(header, sizeof header, "%s/cuda_runtime.h", simC_cuda_dir());
  struct stat st, cst;
  if (stat(header, &st) < 0) return NULL;
  uint64_t h = 0xcbf29ce484222325ull;
  char num[96];
  snprintf(num, sizeof num, "%lld:%lld", (long long)st.st_size, (long long)st.st_mtime);
  h = fnv(fnv(fnv(fnv(h, simV_version()), simV_commit()), simC_clang()), simC_cuda_dir());
  h = fnv(fnv(h, num), CUDA_FLAGS_STR);
  if (stat(simC_clang(), &cst) == 0) {
    snprintf(num, sizeof num, "%lld:%lld", (long long)cst.st_size, (long long)cst.st_mtime);
    h = fnv(h, num);
  }
  size_t dl = strlen(dir);
  int n = snprintf(dir + dl, sizeof dir - dl, "/pch-%016llx", (unsigned long long)h);
  if (n < 0 || (size_t)n >= sizeof dir - dl) return NULL;
  /* mkdir -p, private to the user */
  for (char *p = dir + 1; *p; p++)
    if (*p == '/') {
      *p = 0;
      mkdir(dir, 0700);
      *p = '/';
    }
  if (mkdir(dir, 0700) < 0 && errno != EEXIST) return NULL;
  n = snprintf(buf, len, "%s/cuda_runtime.%s.pch", dir, kind);
  if (n < 0 || (size_t)n >= len) return NULL;
  if (access(buf, R_OK) == 0) return buf;
  char lockp[PATH_MAX + 64], failp[PATH_MAX + 64], tmp[PATH_MAX + 64];
  snprintf(lockp, sizeof lockp, "%s/%s.lock", dir, kind);
  snprintf(failp, sizeof failp, "%s/%s.failed", dir, kind);
  if (access(failp, F_OK) == 0) return NULL;
  int fd = open(lockp, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0) return NULL;
  while (flock(fd, LOCK_EX) < 0)
    if (errno != EINTR) {
      close(fd);
      return NULL;
    }
  int ok = access(buf, R_OK) == 0; /* another run built it meanwhile */
  if (!ok && access(failp, F_OK) != 0) {
    snprintf(tmp, sizeof tmp, "%s/%s.%ld.tmp", dir, kind, (long)getpid());
    if (build_pch(kind, host, tmp) == 0 && rename(tmp, buf) == 0) {
      ok = 1;
    } else {
      unlink(tmp);
      int ffd = open(failp, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
      if (ffd >= 0) close(ffd);
    }
  }
  flock(fd, LOCK_UN);
  close(fd);
  return ok ? buf : NULL;
}

/* The precompiled cuda_runtime.h (bench/README.md: the headers are most of
 * clang's time on a small kernel) for this side and -O level, or NULL where
 * it cannot stand for the headers: user -D/-U/--std/--include flags (they
 * may change what the headers say; -I folders alone do not, so a scan, which
 * gives every file -I flags, keeps the PCH), another header folder
 * ($SIMULEE_CUDA_DIR), SIMULEE_NO_PCH set, or no such file. Where from:
 * $SIMULEE_PCH_DIR, else the build tree's (built with simulee), else, for
 * an installed simulee, the per-user cache (cached_pch). __OPTIMIZE__
 * differs between -O0 and the rest, hence two device flavours; the host side
 * is always compiled at -O2. */
static const char *pch_for(const simC_options *o, int host, char *buf, size_t len) {
  for (unsigned i = 0; i < o->ncflags; i++)
    if (strncmp(o->cflags[i], "-I", 2)) return NULL;
  if (getenv("SIMULEE_CUDA_DIR") || getenv("SIMULEE_NO_PCH")) return NULL;
  const char *kind = host ? "host" : o->opt_level == 0 ? "O0" : "O2";
  const char *dir = getenv("SIMULEE_PCH_DIR");
#ifdef SIMULEE_PCH_DIR
  if (!(dir && *dir) && !simC_installed()) dir = SIMULEE_PCH_DIR;
#endif
  if (!(dir && *dir)) return simC_installed() ? cached_pch(kind, host, buf, len) : NULL;
  snprintf(buf, len, "%s/cuda_runtime.%s.pch", dir, kind);
  return access(buf, R_OK) == 0 ? buf : NULL;
}

int simC_compile_start(const char *path, const simC_options *o, int host,
                       simC_compile_job *j, char *err, size_t errlen) {
  memset(j, 0, sizeof *j);
  j->path = path;
  j->o = o;
  j->host = host;
  j->fd = -1;
  char pchbuf[4096];
  const char *pch = pch_for(o, host, pchbuf, sizeof pchbuf);
  if (pch && job_spawn(j, pch, err, errlen) == 0) return 0;
  return job_spawn(j, NULL, err, errlen);
}

int simC_compile_finish(simC_compile_job *j, char *out, size_t outlen, char *err,
                        size_t errlen) {
  if (out && outlen) out[0] = 0;
  if (!j->pid) {
    snprintf(err, errlen, "cannot compile %s: clang did not start", j->path);
    return -1;
  }
  int rc = job_wait(j, err, errlen);
  /* a stale or mismatching PCH makes clang fail: then compile without it, so
   * the PCH only ever saves time */
  if (rc < 0 && j->pch) {
    char e2[2048];
    if (job_spawn(j, NULL, e2, sizeof e2) < 0) return -1; /* keep the first error */
    rc = job_wait(j, err, errlen);
  }
  if (rc < 0) return -1;
  snprintf(out, outlen, "%s", j->out);
  return 0;
}

void simC_compile_abort(simC_compile_job *j) {
  if (!j->pid) return;
  kill(j->pid, SIGKILL);
  char e[16];
  j->pch = 0;
  job_wait(j, e, sizeof e);
}

int simC_compile_cu(const char *path, const simC_options *o, char *out,
                    size_t outlen, char *err, size_t errlen) {
  simC_compile_job j;
  if (simC_compile_start(path, o, 0, &j, err, errlen) < 0) {
    if (outlen) out[0] = 0;
    return -1;
  }
  return simC_compile_finish(&j, out, outlen, err, errlen);
}
