/*
 * simulee runtime: NVRTC (nvrtc.h), runtime compilation. A program's source
 * (and the headers it hands over by name) is written to a temporary folder
 * and compiled by simulee's nvcc (`nvcc -fatbin`; quoted includes are found
 * among those headers, then in the folder of the program's name, then in
 * the working folder): the toolkit's bin/nvcc
 * next to this library (TOOLKIT/lib64/libnvrtc.so), or the build's or the
 * installed toolkit's, or $SIMULEE_NVCC. The result is simulee's GPU binary
 * (the kernels' bitcode), which cuModuleLoadData loads (runtime/driver.c);
 * nvcc's messages are the program log. NVRTC's options are translated:
 * --gpu-architecture / -arch, --include-path / -I, --define-macro / -D,
 * --undefine-macro / -U, --std / -std, --pre-include / -include; the other
 * options (code generation, debug info, fast math, relocatable code) mean
 * nothing on the CPU and are accepted.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/internal.h"

#define EXPORT __attribute__((visibility("default")))

/* paths are cut at PATH_MAX, as the file system would refuse them anyway */
#pragma GCC diagnostic ignored "-Wformat-truncation"

typedef enum {
  NV_OK = 0,
  NV_OUT_OF_MEMORY = 1,
  NV_CREATION_FAILURE = 2,
  NV_INVALID_INPUT = 3,
  NV_INVALID_PROGRAM = 4,
  NV_INVALID_OPTION = 5,
  NV_COMPILATION = 6,
  NV_BUILTIN_FAILURE = 7,
  NV_NAME_EXPRESSION_NOT_VALID = 10,
  NV_INTERNAL = 11
} nvrtcResult;

struct _nvrtcProgram {
  char *src, *name;
  char **headers, **include_names;
  int nheaders;
  char *code;      /* the GPU binary, after a successful compile */
  size_t code_len;
  char *log;       /* nvcc's messages */
  size_t log_len;
};

EXPORT const char *nvrtcGetErrorString(nvrtcResult r) {
  static const char *const s[] = {
      "NVRTC_SUCCESS",
      "NVRTC_ERROR_OUT_OF_MEMORY",
      "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
      "NVRTC_ERROR_INVALID_INPUT",
      "NVRTC_ERROR_INVALID_PROGRAM",
      "NVRTC_ERROR_INVALID_OPTION",
      "NVRTC_ERROR_COMPILATION",
      "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
      "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
      "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
      "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
      "NVRTC_ERROR_INTERNAL_ERROR",
  };
  return (unsigned)r < sizeof s / sizeof *s ? s[r] : "NVRTC_ERROR unknown";
}

EXPORT nvrtcResult nvrtcVersion(int *major, int *minor) {
  if (!major || !minor) return NV_INVALID_INPUT;
  *major = 12;
  *minor = 0;
  return NV_OK;
}
static const int archs[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};
EXPORT nvrtcResult nvrtcGetNumSupportedArchs(int *n) {
  if (!n) return NV_INVALID_INPUT;
  *n = (int)(sizeof archs / sizeof *archs);
  return NV_OK;
}
EXPORT nvrtcResult nvrtcGetSupportedArchs(int *a) {
  if (!a) return NV_INVALID_INPUT;
  memcpy(a, archs, sizeof archs);
  return NV_OK;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

EXPORT nvrtcResult nvrtcDestroyProgram(struct _nvrtcProgram **pp) {
  if (!pp || !*pp) return NV_INVALID_PROGRAM;
  struct _nvrtcProgram *p = *pp;
  for (int i = 0; i < p->nheaders; i++) {
    free(p->headers[i]);
    free(p->include_names[i]);
  }
  free(p->headers), free(p->include_names);
  free(p->src), free(p->name), free(p->code), free(p->log);
  free(p);
  *pp = NULL;
  return NV_OK;
}

EXPORT nvrtcResult nvrtcCreateProgram(struct _nvrtcProgram **pp, const char *src, const char *name,
                                      int nheaders, const char *const *headers,
                                      const char *const *include_names) {
  if (!pp || !src || nheaders < 0 || (nheaders > 0 && (!headers || !include_names)))
    return NV_INVALID_INPUT;
  struct _nvrtcProgram *p = calloc(1, sizeof *p);
  if (!p) return NV_OUT_OF_MEMORY;
  p->src = strdup(src);
  p->name = strdup(name && *name ? name : "default_program");
  p->headers = calloc((size_t)nheaders + 1, sizeof *p->headers);
  p->include_names = calloc((size_t)nheaders + 1, sizeof *p->include_names);
  int ok = p->src && p->name && p->headers && p->include_names;
  for (int i = 0; ok && i < nheaders; i++) {
    if (!include_names[i]) {
      nvrtcDestroyProgram(&p);
      return NV_INVALID_INPUT;
    }
    p->headers[i] = dup_or_null(headers[i] ? headers[i] : "");
    p->include_names[i] = dup_or_null(include_names[i]);
    p->nheaders = i + 1;
    ok = p->headers[i] && p->include_names[i];
  }
  if (!ok) {
    nvrtcDestroyProgram(&p);
    return NV_OUT_OF_MEMORY;
  }
  *pp = p;
  return NV_OK;
}

/* Write n bytes of s to path (its folders made first). 0 or -1. */
static int write_file(const char *path, const char *s, size_t n) {
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s", path);
  for (char *c = dir + 1; *c; c++)
    if (*c == '/') {
      *c = 0;
      mkdir(dir, 0700);
      *c = '/';
    }
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  int ok = fwrite(s, 1, n, f) == n;
  if (fclose(f) != 0) ok = 0;
  return ok ? 0 : -1;
}

/* The whole of file path (a NUL after it), its size into *n; NULL if none. */
static char *read_file(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  char *b = NULL;
  size_t len = 0, cap = 0, got;
  do {
    if (len + 65536 + 1 > cap) {
      char *nb = realloc(b, cap = (len + 65536 + 1) * 2);
      if (!nb) {
        free(b);
        fclose(f);
        return NULL;
      }
      b = nb;
    }
    got = fread(b + len, 1, 65536, f);
    len += got;
  } while (got > 0);
  fclose(f);
  b[len] = 0;
  *n = len;
  return b;
}

static int executable(const char *p) { return access(p, X_OK) == 0; }

/* simulee's nvcc: $SIMULEE_NVCC, else a toolkit's bin/nvcc found from this
 * library's path (TOOLKIT/lib64/lib*.so: TOOLKIT/bin/nvcc; the build's
 * libsimulee_cudart.so: toolkit/bin/nvcc beside it; the installed
 * PREFIX/lib/libsimulee_cudart.so: PREFIX/lib/simulee/toolkit/bin/nvcc). */
static int find_nvcc(char *out, size_t len) {
  const char *env = getenv("SIMULEE_NVCC");
  if (env && *env) {
    snprintf(out, len, "%s", env);
    return executable(out) ? 0 : -1;
  }
  Dl_info self;
  if (!dladdr((void *)nvrtcVersion, &self) || !self.dli_fname) return -1;
  char paths[2][PATH_MAX];
  snprintf(paths[0], sizeof paths[0], "%s", self.dli_fname);
  if (!realpath(self.dli_fname, paths[1])) paths[1][0] = 0;
  for (int k = 0; k < 2; k++) {
    if (!paths[k][0]) continue;
    char d[PATH_MAX];
    snprintf(d, sizeof d, "%s", paths[k]);
    const char *dir = dirname(d);
    const char *tails[] = {"/../bin/nvcc", "/toolkit/bin/nvcc", "/simulee/toolkit/bin/nvcc"};
    for (unsigned t = 0; t < 3; t++) {
      snprintf(out, len, "%s%s", dir, tails[t]);
      if (executable(out)) return 0;
    }
  }
  return -1;
}

/* An NVRTC option as nvcc's arguments (into a[], *n advanced): 0, or -1 if
 * it needs a value it lacks. `next` is the option after it (for the two-word
 * forms), *used set when it was taken. */
static int option(const char *o, const char *next, int *used, const char **a, unsigned *n,
                  char **owned, unsigned *nowned) {
  static const struct {
    const char *lng, *shrt, *nvcc;
  } map[] = {
      {"--gpu-architecture", "-arch", "-arch"},
      {"--include-path", "-I", "-I"},
      {"--define-macro", "-D", "-D"},
      {"--undefine-macro", "-U", "-U"},
      {"--std", "-std", "-std"},
      {"--pre-include", "-include", "-include"},
  };
  *used = 0;
  for (unsigned i = 0; i < sizeof map / sizeof *map; i++) {
    const char *v = NULL;
    size_t ll = strlen(map[i].lng), sl = strlen(map[i].shrt);
    if (!strncmp(o, map[i].lng, ll) && o[ll] == '=') v = o + ll + 1;
    else if (!strncmp(o, map[i].shrt, sl) && o[sl] == '=') v = o + sl + 1;
    else if (!strcmp(o, map[i].lng) || !strcmp(o, map[i].shrt)) {
      if (!next) return -1;
      v = next;
      *used = 1;
    } else if (sl == 2 && !strncmp(o, map[i].shrt, 2) && o[2]) {
      v = o + 2; /* -IDIR, -DX=1 */
    }
    if (!v) continue;
    if (!strcmp(map[i].nvcc, "-arch")) {
      /* compute_NN is a virtual architecture: its sm_NN */
      char *s = malloc(strlen(v) + 8);
      if (!s) return -1;
      if (!strncmp(v, "compute_", 8)) sprintf(s, "sm_%s", v + 8);
      else sprintf(s, "%s", v);
      owned[(*nowned)++] = s;
      a[(*n)++] = "-arch";
      a[(*n)++] = s;
    } else if (!strcmp(map[i].nvcc, "-std")) {
      char *s = malloc(strlen(v) + 8);
      if (!s) return -1;
      sprintf(s, "-std=%s", v);
      owned[(*nowned)++] = s;
      a[(*n)++] = s;
    } else {
      a[(*n)++] = map[i].nvcc;
      a[(*n)++] = v;
    }
    return 0;
  }
  return 0; /* an option with no meaning on the CPU */
}

static void set_log(struct _nvrtcProgram *p, char *text, size_t n) {
  free(p->log);
  p->log = text;
  p->log_len = n;
}

static void log_line(struct _nvrtcProgram *p, const char *line) {
  char *s = strdup(line);
  if (s) set_log(p, s, strlen(s));
}

/* Remove the temporary folder dir and what is in it (names written there). */
static void remove_tree(const char *dir) {
  pid_t pid = fork();
  if (pid == 0) {
    execlp("rm", "rm", "-rf", dir, (char *)NULL);
    _exit(127);
  }
  if (pid > 0) waitpid(pid, NULL, 0);
}

EXPORT nvrtcResult nvrtcCompileProgram(struct _nvrtcProgram *p, int nopts,
                                       const char *const *opts) {
  if (!p) return NV_INVALID_PROGRAM;
  if (nopts < 0 || (nopts > 0 && !opts)) return NV_INVALID_INPUT;
  free(p->code);
  p->code = NULL;
  p->code_len = 0;
  char nvcc[PATH_MAX];
  if (find_nvcc(nvcc, sizeof nvcc) < 0) {
    log_line(p, "simulee: NVRTC needs simulee's nvcc: no bin/nvcc in the toolkit of this "
                "library, and $SIMULEE_NVCC is not set\n");
    fprintf(stderr, "simulee: error: nvrtcCompileProgram: simulee's nvcc not found (set "
                    "SIMULEE_NVCC); it returns NVRTC_ERROR_BUILTIN_OPERATION_FAILURE\n");
    return NV_BUILTIN_FAILURE;
  }
  const char *tmp = getenv("TMPDIR");
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%s/simulee-nvrtc-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) return NV_BUILTIN_FAILURE;
  /* the source under its name (a .cu file: nvcc compiles its device code),
   * its headers under their include names beside it */
  char src[PATH_MAX + 64], bin[PATH_MAX + 16], logp[PATH_MAX + 16];
  char nb[PATH_MAX];
  snprintf(nb, sizeof nb, "%s", p->name);
  const char *base = basename(nb);
  size_t bl = strlen(base);
  int cu = bl > 3 && !strcmp(base + bl - 3, ".cu");
  snprintf(src, sizeof src, "%s/%s%s", dir, base, cu ? "" : ".cu");
  snprintf(bin, sizeof bin, "%s/program.fatbin", dir);
  snprintf(logp, sizeof logp, "%s/program.log", dir);
  nvrtcResult r = NV_OK;
  if (write_file(src, p->src, strlen(p->src)) < 0) r = NV_BUILTIN_FAILURE;
  for (int i = 0; r == NV_OK && i < p->nheaders; i++) {
    char h[PATH_MAX * 2];
    if (strstr(p->include_names[i], "..") || p->include_names[i][0] == '/') continue;
    snprintf(h, sizeof h, "%s/%s", dir, p->include_names[i]);
    if (write_file(h, p->headers[i], strlen(p->headers[i])) < 0) r = NV_BUILTIN_FAILURE;
  }
  char name_dir[PATH_MAX];
  const char **a = calloc((size_t)nopts * 2 + 16, sizeof *a);
  char **owned = calloc((size_t)nopts + 1, sizeof *owned);
  unsigned n = 0, nowned = 0;
  if (!a || !owned) r = NV_OUT_OF_MEMORY;
  if (r == NV_OK) {
    a[n++] = nvcc;
    a[n++] = "-fatbin";
    a[n++] = "-o";
    a[n++] = bin;
    a[n++] = "-I";
    a[n++] = dir;
    /* then the folder the program's name names, and the working folder
     * (quoted includes of a kernel file the program read, as NVRTC finds
     * them) */
    if (strchr(p->name, '/')) {
      snprintf(name_dir, sizeof name_dir, "%s", p->name);
      a[n++] = "-I";
      a[n++] = dirname(name_dir);
    }
    a[n++] = "-I";
    a[n++] = ".";
    for (int i = 0; r == NV_OK && i < nopts; i++) {
      int used = 0;
      if (!opts[i] || option(opts[i], i + 1 < nopts ? opts[i + 1] : NULL, &used, a, &n, owned,
                             &nowned) < 0) {
        char line[512];
        snprintf(line, sizeof line, "nvrtc: error: invalid option %.400s\n",
                 opts[i] ? opts[i] : "(null)");
        log_line(p, line);
        r = NV_INVALID_OPTION;
      }
      i += used;
    }
    a[n++] = src;
    a[n] = NULL;
  }
  if (r == NV_OK) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid == 0) {
      int fd = open(logp, O_WRONLY | O_CREAT | O_TRUNC, 0600);
      if (fd >= 0) {
        dup2(fd, 1);
        dup2(fd, 2);
        close(fd);
      }
      execv(nvcc, (char *const *)a);
      _exit(127);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) r = NV_BUILTIN_FAILURE;
    size_t ln = 0;
    char *log = read_file(logp, &ln);
    if (log) set_log(p, log, ln);
    if (r == NV_OK && !(WIFEXITED(st) && WEXITSTATUS(st) == 0)) r = NV_COMPILATION;
    if (r == NV_OK) {
      p->code = read_file(bin, &p->code_len);
      if (!p->code) r = NV_BUILTIN_FAILURE;
    }
  }
  for (unsigned i = 0; i < nowned; i++) free(owned[i]);
  free(owned);
  free(a);
  remove_tree(dir);
  return r;
}

static nvrtcResult code_size(struct _nvrtcProgram *p, size_t *n) {
  if (!p) return NV_INVALID_PROGRAM;
  if (!n) return NV_INVALID_INPUT;
  if (!p->code) return NV_INVALID_PROGRAM;
  *n = p->code_len;
  return NV_OK;
}
static nvrtcResult code(struct _nvrtcProgram *p, char *out) {
  if (!p) return NV_INVALID_PROGRAM;
  if (!out) return NV_INVALID_INPUT;
  if (!p->code) return NV_INVALID_PROGRAM;
  memcpy(out, p->code, p->code_len);
  return NV_OK;
}
EXPORT nvrtcResult nvrtcGetCUBINSize(struct _nvrtcProgram *p, size_t *n) { return code_size(p, n); }
EXPORT nvrtcResult nvrtcGetCUBIN(struct _nvrtcProgram *p, char *out) { return code(p, out); }
EXPORT nvrtcResult nvrtcGetPTXSize(struct _nvrtcProgram *p, size_t *n) { return code_size(p, n); }
EXPORT nvrtcResult nvrtcGetPTX(struct _nvrtcProgram *p, char *out) { return code(p, out); }
EXPORT nvrtcResult nvrtcGetLTOIRSize(struct _nvrtcProgram *p, size_t *n) { return code_size(p, n); }
EXPORT nvrtcResult nvrtcGetLTOIR(struct _nvrtcProgram *p, char *out) { return code(p, out); }

EXPORT nvrtcResult nvrtcGetProgramLogSize(struct _nvrtcProgram *p, size_t *n) {
  if (!p) return NV_INVALID_PROGRAM;
  if (!n) return NV_INVALID_INPUT;
  *n = p->log_len + 1;
  return NV_OK;
}
EXPORT nvrtcResult nvrtcGetProgramLog(struct _nvrtcProgram *p, char *out) {
  if (!p) return NV_INVALID_PROGRAM;
  if (!out) return NV_INVALID_INPUT;
  if (p->log_len) memcpy(out, p->log, p->log_len);
  out[p->log_len] = 0;
  return NV_OK;
}

EXPORT nvrtcResult nvrtcAddNameExpression(struct _nvrtcProgram *p, const char *expr) {
  (void)expr;
  if (!p) return NV_INVALID_PROGRAM;
  static int said;
  simR_lock();
  if (!said) {
    said = 1;
    fprintf(stderr, "simulee: warning: nvrtcAddNameExpression is not supported by simulee's "
                    "NVRTC: it returns NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID (declare the "
                    "kernels extern \"C\" and look them up by name)\n");
  }
  simR_unlock();
  return NV_NAME_EXPRESSION_NOT_VALID;
}
EXPORT nvrtcResult nvrtcGetLoweredName(struct _nvrtcProgram *p, const char *expr,
                                       const char **lowered) {
  (void)expr;
  if (lowered) *lowered = NULL;
  return p ? NV_NAME_EXPRESSION_NOT_VALID : NV_INVALID_PROGRAM;
}
