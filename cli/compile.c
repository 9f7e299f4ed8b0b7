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

/* One clang run; pch: a precompiled cuda_runtime.h to use instead of
 * `-include cuda_runtime.h`, or NULL. */
static int compile_once(const char *path, const simC_options *o, char *out,
                        size_t outlen, char *err, size_t errlen, const char *pch) {
  const char *clang = env_or("SIMULEE_CLANG", SIMULEE_CLANG);
  const char *cudadir = env_or("SIMULEE_CUDA_DIR", SIMULEE_CUDA_DIR);
  const char *tmpdir = env_or("TMPDIR", "/tmp");

  /* argv: clang FLAGS... -O<n> -I/-D... FILE -o TMP */
  char *flags = strdup(CUDA_FLAGS_STR);
  size_t nflags = 1;
  for (const char *p = CUDA_FLAGS_STR; *p; p++) nflags += *p == '|';
  const char **argv = calloc(nflags + o->ncflags + 8, sizeof *argv);
  if (!flags || !argv) {
    free(flags);
    free(argv);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  size_t ac = 0;
  argv[ac++] = clang;
  for (char *save = NULL, *t = strtok_r(flags, "|", &save); t;
       t = strtok_r(NULL, "|", &save))
    argv[ac++] = strcmp(t, SIMULEE_CUDA_DIR) ? t : cudadir;
  if (pch)
    for (size_t i = 1; i + 1 < ac; i++)
      if (!strcmp(argv[i], "-include") && !strcmp(argv[i + 1], "cuda_runtime.h")) {
        argv[i] = "-include-pch";
        argv[i + 1] = pch;
      }
  static const char *const OPT[4] = {"-O0", "-O1", "-O2", "-O3"};
  argv[ac++] = OPT[o->opt_level >= 0 && o->opt_level <= 3 ? o->opt_level : 2];
  for (unsigned i = 0; i < o->ncflags; i++) argv[ac++] = o->cflags[i];
  argv[ac++] = path;
  argv[ac++] = "-o";
  snprintf(out, outlen, "%s/simulee-XXXXXX.bc", tmpdir);
  int fd = mkstemps(out, 3);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create a temporary file in %s: %s", tmpdir,
             strerror(errno));
    free(flags);
    free(argv);
    return -1;
  }
  close(fd);
  argv[ac++] = out;
  argv[ac] = NULL;

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
    execvp(clang, (char *const *)argv);
    dprintf(2, EXEC_FAILED "%s", strerror(errno));
    _exit(127);
  }
  close(pfd[1]);
  /* read all of clang's stderr (keep the first 64 KiB) */
  char *text = malloc(65536);
  size_t n = 0;
  for (;;) {
    char chunk[4096];
    ssize_t r = read(pfd[0], chunk, sizeof chunk);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    if (text && n + 1 < 65536) {
      size_t k = (size_t)r < 65535 - n ? (size_t)r : 65535 - n;
      memcpy(text + n, chunk, k);
      n += k;
    }
  }
  if (text) text[n] = 0;
  close(pfd[0]);
  int st = 0;
  while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
    free(text);
    free(flags);
    free(argv);
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
fail:
  unlink(out);
  out[0] = 0;
  free(flags);
  free(argv);
  return -1;
}

/* The precompiled cuda_runtime.h built with simulee (bench/README.md: the
 * headers are most of clang's time on a small kernel) for this -O level, or
 * NULL where it cannot stand for the headers: user -D/-U/--std/--include
 * flags (they may change what the headers say; -I folders alone do not, so a
 * scan, which gives every file -I flags, keeps the PCH), another header
 * folder, SIMULEE_NO_PCH set, or no such file. __OPTIMIZE__ differs between
 * -O0 and the rest, hence two. */
static const char *pch_for(const simC_options *o, char *buf, size_t len) {
#ifdef SIMULEE_PCH_DIR
  for (unsigned i = 0; i < o->ncflags; i++)
    if (strncmp(o->cflags[i], "-I", 2)) return NULL;
  if (getenv("SIMULEE_CUDA_DIR") || getenv("SIMULEE_NO_PCH")) return NULL;
  snprintf(buf, len, "%s/cuda_runtime.%s.pch", env_or("SIMULEE_PCH_DIR", SIMULEE_PCH_DIR),
           o->opt_level == 0 ? "O0" : "O2");
  return access(buf, R_OK) == 0 ? buf : NULL;
#else
  (void)o, (void)buf, (void)len;
  return NULL;
#endif
}

int simC_compile_cu(const char *path, const simC_options *o, char *out,
                    size_t outlen, char *err, size_t errlen) {
  char pchbuf[4096];
  const char *pch = pch_for(o, pchbuf, sizeof pchbuf);
  /* a stale or mismatching PCH makes clang fail: then compile without it, so
   * the PCH only ever saves time */
  if (pch && compile_once(path, o, out, outlen, err, errlen, pch) == 0) return 0;
  return compile_once(path, o, out, outlen, err, errlen, NULL);
}
