/*
 * simulee cli: where the program finds clang, its CUDA headers and the
 * precompiled headers, and `simulee --version`.
 *
 * An installed simulee (cmake --install, the .deb) lies in PREFIX/bin with
 * its headers in PREFIX/share/simulee/cuda: they are found relative to the
 * executable (/proc/self/exe), so a moved prefix works and nothing of the
 * source or build tree is read. A simulee run from its build tree has no
 * such folder next to it and uses the paths CMake gave it (the source
 * tree's cuda/, the build tree's pch/).
 */
#define _GNU_SOURCE
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "simulee/version.h"

void simC_vmessage(const char *level, const char *fmt, va_list ap) {
  char msg[8192], out[16384];
  vsnprintf(msg, sizeof msg, fmt, ap);
  fprintf(stderr, "simulee: %s%s%s\n", level ? level : "", level ? ": " : "",
          simD_text_esc(msg, 0, out, sizeof out));
}

void simC_message(const char *level, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  simC_vmessage(level, fmt, ap);
  va_end(ap);
}

#ifndef SIMULEE_CLANG
#define SIMULEE_CLANG "clang-19"
#endif
#ifndef SIMULEE_CUDA_DIR
#define SIMULEE_CUDA_DIR "cuda"
#endif

static char cuda_dir[PATH_MAX + 32];
static char prefix[PATH_MAX]; /* PREFIX of an installed simulee */
static int installed;
static pthread_once_t paths_once = PTHREAD_ONCE_INIT;

/* Cut the last path component off p (in place); 0, or -1 if none. */
static int cut_last(char *p) {
  char *s = strrchr(p, '/');
  if (!s) return -1;
  *s = 0;
  return 0;
}

static void find_paths(void) {
  snprintf(cuda_dir, sizeof cuda_dir, "%s", SIMULEE_CUDA_DIR);
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return;
  exe[n] = 0;
  /* PREFIX/bin/simulee -> PREFIX */
  if (cut_last(exe) < 0 || cut_last(exe) < 0) return;
  char cand[PATH_MAX + 32], probe[PATH_MAX + 64];
  snprintf(cand, sizeof cand, "%s/share/simulee/cuda", exe);
  snprintf(probe, sizeof probe, "%s/cuda_runtime.h", cand);
  if (strlen(cand) < sizeof cuda_dir && access(probe, R_OK) == 0) {
    snprintf(cuda_dir, sizeof cuda_dir, "%s", cand);
    snprintf(prefix, sizeof prefix, "%s", exe);
    installed = 1;
  }
}

static const char *env_set(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

const char *simC_clang(void) {
  const char *v = env_set("SIMULEE_CLANG");
  return v ? v : SIMULEE_CLANG;
}

const char *simC_cuda_dir(void) {
  const char *v = env_set("SIMULEE_CUDA_DIR");
  if (v) return v;
  pthread_once(&paths_once, find_paths);
  return cuda_dir;
}

int simC_installed(void) {
  pthread_once(&paths_once, find_paths);
  return installed;
}

void simC_lib_dir(const char *env, const char *sub, const char *built, char *out, size_t len) {
  const char *v = env_set(env);
  if (v)
    snprintf(out, len, "%s", v);
  else if (simC_installed())
    snprintf(out, len, "%s/lib/simulee%s%s", prefix, *sub ? "/" : "", sub);
  else
    snprintf(out, len, "%s", built);
}

int simC_cache_dir(char *buf, size_t len) {
  const char *v = env_set("SIMULEE_CACHE_DIR");
  int n;
  if (v) {
    n = snprintf(buf, len, "%s", v);
  } else if ((v = env_set("XDG_CACHE_HOME"))) {
    n = snprintf(buf, len, "%s/simulee", v);
  } else if ((v = env_set("HOME"))) {
    n = snprintf(buf, len, "%s/.cache/simulee", v);
  } else {
    return -1;
  }
  return n > 0 && (size_t)n < len ? 0 : -1;
}

void simC_print_version(FILE *f) {
  const char *commit = simV_commit();
  fprintf(f, "simulee %s\n", simV_version());
  fprintf(f, "commit: %s\n", *commit ? commit : "unknown (not built from a git clone)");
  fprintf(f, "LLVM: %s\n", simV_llvm_version());
  fprintf(f, "clang: %s (%s)\n", *simV_clang_version() ? simV_clang_version() : "unknown",
          simC_clang());
  fprintf(f, "CUDA headers: %s\n", simC_cuda_dir());
  char buf[PATH_MAX];
  const char *pch = env_set("SIMULEE_PCH_DIR");
  if (env_set("SIMULEE_NO_PCH") || env_set("SIMULEE_CUDA_DIR"))
    fprintf(f, "precompiled headers: none\n");
  else if (pch)
    fprintf(f, "precompiled headers: %s\n", pch);
  else if (!simC_installed())
#ifdef SIMULEE_PCH_DIR
    fprintf(f, "precompiled headers: %s\n", SIMULEE_PCH_DIR);
#else
    fprintf(f, "precompiled headers: none\n");
#endif
  else if (simC_cache_dir(buf, sizeof buf) == 0)
    fprintf(f, "precompiled headers: built on first use under %s\n", buf);
  else
    fprintf(f, "precompiled headers: none (no HOME, XDG_CACHE_HOME or SIMULEE_CACHE_DIR)\n");
}
