/*
 * simulee runtime: the program's source line of a call stack (the first
 * frame outside this library, the kernels' host stubs and the CUDA
 * headers), by llvm-symbolizer (its path: $SIMULEE_SYMBOLIZER, else
 * llvm-symbolizer-19). Calls no other file of runtime/.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/internal.h"

typedef struct hostloc {
  char file[2048];
  unsigned line;
} hostloc;

/* Append a shell-quoted word. */
static void quote_append(char *buf, size_t len, const char *w) {
  size_t n = strlen(buf);
  if (n + 3 >= len) return;
  buf[n++] = '\'';
  for (; *w && n + 6 < len; w++) {
    if (*w == '\'') {
      memcpy(buf + n, "'\\''", 4);
      n += 4;
    } else {
      buf[n++] = *w;
    }
  }
  buf[n++] = '\'';
  buf[n] = 0;
}

static int in_headers(const char *file) {
  const char *b = strrchr(file, '/');
  b = b ? b + 1 : file;
  return !strcmp(b, "cuda_runtime.h") || !strcmp(b, "cuda_runtime_api.h");
}

/* The program's line that made the launch: the first frame (inline frames
 * included) outside this library, the kernels' host stubs and the CUDA
 * headers. 0 when not found. */
static int host_location(void *const *frames, int n, hostloc *out) {
  Dl_info self;
  memset(out, 0, sizeof *out);
  if (!dladdr((void *)host_location, &self)) return 0;
  const char *tool = getenv("SIMULEE_SYMBOLIZER");
  if (!tool || !*tool) tool = "llvm-symbolizer-19";
  for (int i = 0; i < n; i++) {
    Dl_info d;
    if (!dladdr(frames[i], &d) || !d.dli_fname || d.dli_fbase == self.dli_fbase) continue;
    /* a sanitizer's runtime (backtrace's interceptor in a sanitizer build) */
    if (strstr(d.dli_fname, "/libasan") || strstr(d.dli_fname, "/libubsan") ||
        strstr(d.dli_fname, "libclang_rt"))
      continue;
    /* a position-independent object: its offset; else the address */
    const unsigned char *eh = d.dli_fbase;
    uint64_t a = (uint64_t)(uintptr_t)frames[i] - 1;
    if (eh && eh[16] == 3 /* ET_DYN */) a -= (uint64_t)(uintptr_t)d.dli_fbase;
    char cmd[6000];
    snprintf(cmd, sizeof cmd, "%s --obj=", tool);
    quote_append(cmd, sizeof cmd, d.dli_fname);
    size_t cl = strlen(cmd);
    snprintf(cmd + cl, sizeof cmd - cl, " 0x%llx 2>/dev/null", (unsigned long long)a);
    FILE *f = popen(cmd, "r");
    if (!f) return 0;
    char fn[2048], loc[2048];
    int found = 0, stub = 0;
    while (!found && fgets(fn, sizeof fn, f) && fgets(loc, sizeof loc, f)) {
      fn[strcspn(fn, "\n")] = 0;
      loc[strcspn(loc, "\n")] = 0;
      if (!*fn) break;
      if (strstr(fn, "__device_stub__")) {
        stub = 1;
        continue;
      }
      char *c2 = strrchr(loc, ':');
      if (!c2) continue;
      *c2 = 0;
      char *c1 = strrchr(loc, ':');
      if (!c1) continue;
      *c1 = 0;
      unsigned line = (unsigned)strtoul(c1 + 1, NULL, 10);
      if (!line || !strcmp(loc, "??") || in_headers(loc)) continue;
      /* relative to the current folder when under it, as the device
       * side's debug info names the file as it was given */
      char cwd[1024];
      size_t cn = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
      const char *shown = cn && !strncmp(loc, cwd, cn) && loc[cn] == '/' ? loc + cn + 1 : loc;
      snprintf(out->file, sizeof out->file, "%s", shown);
      out->line = line;
      found = 1;
    }
    pclose(f);
    (void)stub;
    if (found) return 1;
  }
  return 0;
}

int simR_host_line_locked(void *const *frames, int n, char *file, size_t len, unsigned *line) {
  hostloc hl;
  int ok = host_location(frames, n, &hl);
  if (len) snprintf(file, len, "%s", ok ? hl.file : "");
  *line = ok ? hl.line : 0;
  return ok;
}
