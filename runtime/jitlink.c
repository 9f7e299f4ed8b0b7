/*
 * simulee runtime: nvJitLink, CUDA 12's JIT linker of device code
 * (cuda/nvJitLink.h).
 *
 * Every GPU binary of simulee's toolkit is its bitcode in a blob
 * (include/simulee/runtime.h): nvcc's -fatbin, -cubin, -ptx (the blob as
 * text) and -dlto output, and NVRTC's CUBIN, PTX and LTO IR. A link takes
 * such inputs and gives one blob that cuModuleLoadData loads: one input
 * as it is, several linked into one module by llvm-link-19
 * (simR_link_bitcode), so an extern __device__ function of one input is
 * resolved in another, as link-time optimization links them on a GPU.
 * What is not simulee's (an NVIDIA cubin, PTX text, an object or library)
 * is refused with NVJITLINK_ERROR_INVALID_INPUT, a line on stderr and the
 * same line in the error log. Handles are checked through the handle
 * registry (runtime/handles.c): a destroyed or made-up one is a warning and
 * NVJITLINK_ERROR_INVALID_INPUT.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "runtime/module.h"
#include "simulee/runtime.h"

#define EXPORT __attribute__((visibility("default")))

enum {
  JL_SUCCESS = 0,
  JL_UNRECOGNIZED_OPTION = 1,
  JL_MISSING_ARCH = 2,
  JL_INVALID_INPUT = 3,
  JL_INTERNAL = 6,
  JL_UNRECOGNIZED_INPUT = 8,
};
enum { IN_CUBIN = 1, IN_PTX, IN_LTOIR, IN_FATBIN, IN_OBJECT, IN_LIBRARY, IN_INDEX, IN_ANY = 10 };

typedef struct jitlink {
  simR_linkset in;   /* the inputs */
  uint8_t *image;    /* the linked blob, after nvJitLinkComplete */
  size_t size;
  char log[1024];    /* the error log */
} jitlink;

/* ------------------------------------------------ nvcc -ptx's text */

uint8_t *simR_ptx_text_blob(const char *t, size_t len, size_t *n) {
  size_t ml = strlen(SIMR_PTX_TEXT);
  if (len && len < ml) return NULL;
  if (strncmp(t, SIMR_PTX_TEXT, ml)) return NULL;
  if (!len) len = strlen(t);
  uint8_t *out = malloc(len / 4 * 3 + 3);
  unsigned v = 0, k = 0;
  *n = 0;
  for (size_t i = ml; out && i < len && t[i]; i++) {
    char c = t[i];
    int d = c >= 'A' && c <= 'Z' ? c - 'A' : c >= 'a' && c <= 'z' ? c - 'a' + 26
          : c >= '0' && c <= '9' ? c - '0' + 52 : c == '+' ? 62 : c == '/' ? 63 : -1;
    if (d < 0) continue; /* newlines, '=' */
    v = v << 6 | (unsigned)d;
    if (++k == 4) {
      out[(*n)++] = (uint8_t)(v >> 16), out[(*n)++] = (uint8_t)(v >> 8), out[(*n)++] = (uint8_t)v;
      v = k = 0;
    }
  }
  if (out && k >= 2) out[(*n)++] = (uint8_t)(v >> (6 * k - 8));
  if (out && k == 3) out[(*n)++] = (uint8_t)(v >> 2);
  return out;
}

/* ------------------------------------------------------ input files */

int simR_file_bytes(const char *path, uint8_t **out, size_t *len) {
  *out = NULL;
  *len = 0;
  FILE *f = fopen(path, "rb");
  if (!f) return -1;
  uint8_t *b = NULL;
  size_t n = 0, cap = 0, got;
  do {
    if (n + 65536 > cap) {
      uint8_t *nb = n > 2 * SIMR_BLOB_MAX ? NULL : realloc(b, cap = (n + 65536) * 2);
      if (!nb) {
        free(b);
        fclose(f);
        return -2;
      }
      b = nb;
    }
    got = fread(b + n, 1, 65536, f);
    n += got;
  } while (got > 0);
  fclose(f);
  *out = b;
  *len = n;
  return 0;
}

/* ------------------------------------------------ a set of inputs */

int simR_linkset_add(simR_linkset *s, const void *data, size_t size) {
  size_t blen = 0;
  uint8_t *dec = simR_ptx_text_blob(data, size, &blen); /* nvcc -ptx's text */
  const uint8_t *b = dec ? dec : data;
  size_t n = dec ? blen : size;
  if (n < 8 || (memcmp(b, SIMR_BLOB_MAGIC, 8) && memcmp(b, SIMR_BLOB_MAGIC_RDC, 8))) {
    free(dec);
    return -1;
  }
  uint64_t bclen = 0;
  if (n >= SIMR_BLOB_HEADER) memcpy(&bclen, b + 8, 8);
  if (n < SIMR_BLOB_HEADER || !bclen || bclen > SIMR_BLOB_MAX || SIMR_BLOB_HEADER + bclen >= n) {
    free(dec);
    return -2;
  }
  if (s->n == s->cap) {
    unsigned nc = s->cap ? s->cap * 2 : 4;
    uint8_t **nb = realloc(s->bc, nc * sizeof *nb);
    if (nb) s->bc = nb;
    uint64_t *nl = nb ? realloc(s->bclen, nc * sizeof *nl) : NULL;
    if (nl) s->bclen = nl;
    if (!nb || !nl) {
      free(dec);
      return -3;
    }
    s->cap = nc;
  }
  uint8_t *copy = malloc(bclen);
  const char *src = (const char *)b + SIMR_BLOB_HEADER + bclen;
  size_t srclen = strnlen(src, n - SIMR_BLOB_HEADER - bclen);
  if (!copy || (!s->src && !(s->src = strndup(src, srclen)))) {
    free(copy);
    free(dec);
    return -3;
  }
  memcpy(copy, b + SIMR_BLOB_HEADER, bclen);
  s->bc[s->n] = copy;
  s->bclen[s->n++] = bclen;
  free(dec);
  return 0;
}

int simR_linkset_finish(const simR_linkset *s, uint8_t **image, size_t *size, char *err,
                        size_t errlen) {
  uint8_t *bc = s->bc[0], *linked = NULL;
  uint64_t bclen = s->bclen[0];
  if (s->n > 1) {
    if (simR_link_bitcode((const uint8_t *const *)s->bc, s->bclen, s->n, &linked, &bclen, err,
                          errlen) < 0)
      return -1;
    bc = linked;
  }
  /* a whole program now: loaded as a module of its own (SIMR_BLOB_MAGIC),
   * not linked again with the program's relocatable device code */
  size_t srclen = strlen(s->src);
  *size = SIMR_BLOB_HEADER + bclen + srclen + 1;
  *image = malloc(*size);
  if (!*image) {
    free(linked);
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  memcpy(*image, SIMR_BLOB_MAGIC, 8);
  memcpy(*image + 8, &bclen, 8);
  memcpy(*image + SIMR_BLOB_HEADER, bc, bclen);
  memcpy(*image + SIMR_BLOB_HEADER + bclen, s->src, srclen + 1);
  free(linked);
  return 0;
}

void simR_linkset_free(simR_linkset *s) {
  for (unsigned i = 0; i < s->n; i++) free(s->bc[i]);
  free(s->bc);
  free(s->bclen);
  free(s->src);
  memset(s, 0, sizeof *s);
}

/* ------------------------------------------------------- nvJitLink */

static jitlink *get(void *h, const char *fn) {
  simR_lock();
  jitlink *j = simR_handle_check_locked((uint64_t)(uintptr_t)h, SIMR_H_JITLINK, fn,
                                        "NVJITLINK_ERROR_INVALID_INPUT");
  simR_unlock();
  return j;
}

/* An error of the link: into the error log and on stderr; returns r. */
static int fail(jitlink *j, int r, const char *fn, const char *what) {
  snprintf(j->log, sizeof j->log, "%s: %s\n", fn, what);
  simR_lock();
  fprintf(stderr, "simulee: error: %s: %s\n", fn, what);
  simR_unlock();
  return r;
}

EXPORT int nvJitLinkVersion(unsigned *major, unsigned *minor) {
  if (!major || !minor) return JL_INVALID_INPUT;
  *major = 12, *minor = 0;
  return JL_SUCCESS;
}

EXPORT int nvJitLinkCreate(void **handle, uint32_t nopts, const char **opts) {
  if (!handle || (nopts && !opts)) return JL_INVALID_INPUT;
  int arch = 0;
  for (uint32_t i = 0; i < nopts; i++) {
    const char *o = opts[i];
    if (!o) return JL_INVALID_INPUT;
    if (!strncmp(o, "-arch=", 6)) arch = !strncmp(o + 6, "sm_", 3) || !strncmp(o + 6, "compute_", 8);
    /* what changes code generation or output on a GPU changes nothing
     * here: the link is of bitcode the interpreter runs */
    else if (strcmp(o, "-lto") && strcmp(o, "-ptx") && strncmp(o, "-O", 2) && strcmp(o, "-g") &&
             strcmp(o, "-lineinfo") && strncmp(o, "-maxrregcount", 13) && strncmp(o, "-ftz", 4) &&
             strncmp(o, "-prec-div", 9) && strncmp(o, "-prec-sqrt", 10) && strncmp(o, "-fma", 4) &&
             strncmp(o, "-kernels-used", 13) && strncmp(o, "-variables-used", 15) &&
             strncmp(o, "-optimize-unused-variables", 26) && strncmp(o, "-Xptxas", 7) &&
             strncmp(o, "-split-compile", 14) && strcmp(o, "-verbose") && strcmp(o, "-time")) {
      simR_lock();
      fprintf(stderr, "simulee: error: nvJitLinkCreate: unknown option '%s'\n", o);
      simR_unlock();
      return JL_UNRECOGNIZED_OPTION;
    }
  }
  if (!arch) {
    simR_lock();
    fprintf(stderr, "simulee: error: nvJitLinkCreate: no -arch=sm_NN option (nvJitLink needs "
                    "one)\n");
    simR_unlock();
    return JL_MISSING_ARCH;
  }
  simR_lock();
  jitlink *j = simR_handle_new_locked(SIMR_H_JITLINK, sizeof *j);
  simR_unlock();
  if (!j) return JL_INTERNAL;
  *handle = j;
  return JL_SUCCESS;
}

EXPORT int nvJitLinkDestroy(void **handle) {
  if (!handle) return JL_INVALID_INPUT;
  jitlink *j = get(*handle, "nvJitLinkDestroy");
  if (!j) return JL_INVALID_INPUT;
  simR_linkset_free(&j->in);
  free(j->image);
  simR_lock();
  simR_handle_delete_locked(j, SIMR_H_JITLINK);
  simR_unlock();
  *handle = NULL;
  return JL_SUCCESS;
}

EXPORT int nvJitLinkAddData(void *h, int type, const void *data, size_t size, const char *name) {
  static const char fn[] = "nvJitLinkAddData";
  jitlink *j = get(h, fn);
  if (!j) return JL_INVALID_INPUT;
  if (!data || !size) return fail(j, JL_INVALID_INPUT, fn, "no input (a null pointer or 0 bytes)");
  if (j->image) return fail(j, JL_INVALID_INPUT, fn, "the link is complete already");
  if (type == IN_OBJECT || type == IN_LIBRARY || type == IN_INDEX || type < IN_CUBIN ||
      (type > IN_INDEX && type != IN_ANY))
    return fail(j, JL_UNRECOGNIZED_INPUT, fn,
                "simulee links its own GPU binaries (CUBIN, PTX, LTO IR, fatbin of its nvcc "
                "and NVRTC); an object, a library or an index it does not");
  int r = simR_linkset_add(&j->in, data, size);
  if (r == -3) return JL_INTERNAL;
  if (r < 0) {
    char what[300];
    snprintf(what, sizeof what, r == -2 ? "input '%.120s' is a GPU binary of simulee's toolkit cut "
             "short (read as a C string, it stops at its first zero byte)" : "input '%.120s' is not "
             "a GPU binary of simulee's toolkit (its nvcc or NVRTC made neither it nor what it was "
             "cut from)", name ? name : "?");
    return fail(j, JL_INVALID_INPUT, fn, what);
  }
  return JL_SUCCESS;
}

EXPORT int nvJitLinkAddFile(void *h, int type, const char *path) {
  static const char fn[] = "nvJitLinkAddFile";
  jitlink *j = get(h, fn);
  if (!j) return JL_INVALID_INPUT;
  if (!path) return fail(j, JL_INVALID_INPUT, fn, "no file name");
  uint8_t *b;
  size_t len;
  int fr = simR_file_bytes(path, &b, &len);
  if (fr == -2) return JL_INTERNAL;
  if (fr < 0) {
    char what[300];
    snprintf(what, sizeof what, "cannot open '%.200s'", path);
    return fail(j, JL_INVALID_INPUT, fn, what);
  }
  int r = nvJitLinkAddData(h, type, b, len, path);
  free(b);
  return r;
}

EXPORT int nvJitLinkComplete(void *h) {
  static const char fn[] = "nvJitLinkComplete";
  jitlink *j = get(h, fn);
  if (!j) return JL_INVALID_INPUT;
  if (j->image) return JL_SUCCESS;
  if (!j->in.n) return fail(j, JL_INVALID_INPUT, fn, "nothing was added to link");
  char err[512];
  if (simR_linkset_finish(&j->in, &j->image, &j->size, err, sizeof err) < 0)
    return fail(j, JL_INVALID_INPUT, fn, err);
  return JL_SUCCESS;
}

static int linked_out(void *h, const char *fn, size_t *size, void *out) {
  jitlink *j = get(h, fn);
  if (!j) return JL_INVALID_INPUT;
  if (!j->image) return fail(j, JL_INVALID_INPUT, fn, "the link is not complete (nvJitLinkComplete)");
  if (size) *size = j->size;
  if (out) memcpy(out, j->image, j->size);
  return size || out ? JL_SUCCESS : JL_INVALID_INPUT;
}

EXPORT int nvJitLinkGetLinkedCubinSize(void *h, size_t *size) {
  return size ? linked_out(h, "nvJitLinkGetLinkedCubinSize", size, NULL) : JL_INVALID_INPUT;
}
EXPORT int nvJitLinkGetLinkedCubin(void *h, void *cubin) {
  return cubin ? linked_out(h, "nvJitLinkGetLinkedCubin", NULL, cubin) : JL_INVALID_INPUT;
}
/* -ptx output: the same blob (cuModuleLoadData takes it as it takes PTX) */
EXPORT int nvJitLinkGetLinkedPtxSize(void *h, size_t *size) {
  return size ? linked_out(h, "nvJitLinkGetLinkedPtxSize", size, NULL) : JL_INVALID_INPUT;
}
EXPORT int nvJitLinkGetLinkedPtx(void *h, char *ptx) {
  return ptx ? linked_out(h, "nvJitLinkGetLinkedPtx", NULL, ptx) : JL_INVALID_INPUT;
}

EXPORT int nvJitLinkGetErrorLogSize(void *h, size_t *size) {
  jitlink *j = get(h, "nvJitLinkGetErrorLogSize");
  if (!j || !size) return JL_INVALID_INPUT;
  *size = strlen(j->log) + 1;
  return JL_SUCCESS;
}
EXPORT int nvJitLinkGetErrorLog(void *h, char *log) {
  jitlink *j = get(h, "nvJitLinkGetErrorLog");
  if (!j || !log) return JL_INVALID_INPUT;
  memcpy(log, j->log, strlen(j->log) + 1);
  return JL_SUCCESS;
}
EXPORT int nvJitLinkGetInfoLogSize(void *h, size_t *size) {
  if (!get(h, "nvJitLinkGetInfoLogSize") || !size) return JL_INVALID_INPUT;
  *size = 1; /* an empty log */
  return JL_SUCCESS;
}
EXPORT int nvJitLinkGetInfoLog(void *h, char *log) {
  if (!get(h, "nvJitLinkGetInfoLog") || !log) return JL_INVALID_INPUT;
  *log = 0;
  return JL_SUCCESS;
}
