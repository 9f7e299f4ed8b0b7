/*
 * simulee cli: compile a .cu file to NVPTX bitcode with clang-19 and our own
 * CUDA device headers (cuda/). The flags are the top CMakeLists.txt's
 * SIMULEE_CUDA_FLAGS; clang runs with fork/execvp (no shell) and its stderr
 * is read back so the first error line can be reported.
 */
#define _GNU_SOURCE /* pipe2, mkstemps */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"

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
    "-Xclang|-fcuda-allow-variadic-functions|-Wno-unknown-cuda-version|-isystem|" SIMULEE_CUDA_DIR
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
  const char *clang = env_or("SIMULEE_CLANG", SIMULEE_CLANG);
  const char *cudadir = env_or("SIMULEE_CUDA_DIR", SIMULEE_CUDA_DIR);
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
  const char *clang = env_or("SIMULEE_CLANG", SIMULEE_CLANG);
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

/* The precompiled cuda_runtime.h built with simulee (bench/README.md: the
 * headers are most of clang's time on a small kernel) for this side and -O
 * level, or NULL where it cannot stand for the headers: user -D/-U/--std/
 * --include flags (they may change what the headers say; -I folders alone do
 * not, so a scan, which gives every file -I flags, keeps the PCH), another
 * header folder, SIMULEE_NO_PCH set, or no such file. __OPTIMIZE__ differs
 * between -O0 and the rest, hence two device flavours; the host side is
 * always compiled at -O2. */
static const char *pch_for(const simC_options *o, int host, char *buf, size_t len) {
#ifdef SIMULEE_PCH_DIR
  for (unsigned i = 0; i < o->ncflags; i++)
    if (strncmp(o->cflags[i], "-I", 2)) return NULL;
  if (getenv("SIMULEE_CUDA_DIR") || getenv("SIMULEE_NO_PCH")) return NULL;
  snprintf(buf, len, "%s/cuda_runtime.%s.pch", env_or("SIMULEE_PCH_DIR", SIMULEE_PCH_DIR),
           host ? "host" : o->opt_level == 0 ? "O0" : "O2");
  return access(buf, R_OK) == 0 ? buf : NULL;
#else
  (void)o, (void)host, (void)buf, (void)len;
  return NULL;
#endif
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
