/*
 * simulee runtime: the handle registry (runtime/internal.h, "handles").
 *
 * Every handle the runtime and its libraries give a program (a stream, an
 * event, a graph, a cuBLAS handle, a texture object, ...) is an entry of one
 * table keyed by the handle's value, with its kind, whether it is alive and
 * a generation (how many times that value was handed out). A call validates
 * the handle it is given by looking it up before it touches the object: a
 * destroyed, unknown or other-kind handle is never dereferenced. The memory
 * of a destroyed handle is not freed at once but kept in a quarantine of
 * the last SIMR_HANDLE_QUARANTINE retired objects, so that a stale pointer
 * does not come back at once as the value of a new handle: within that
 * window it stays "destroyed".
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/internal.h"
#include "simulee/report.h"

/* One handle value. */
typedef struct hentry {
  uint64_t key;  /* the handle's value; 0: an empty slot */
  void *obj;     /* what it stands for (the pointer itself for most) */
  uint32_t gen;  /* times this value was registered */
  uint16_t kind; /* simR_hkind */
  uint8_t live;  /* 1 alive, 0 destroyed (a tombstone naming its kind) */
} hentry;

static hentry *tab;         /* open addressing, linear probing */
static size_t cap, used;    /* slots, slots taken (live and destroyed) */
static void *quar[SIMR_HANDLE_QUARANTINE]; /* retired objects, oldest first at qhead */
static unsigned qhead, qn;
static unsigned warned;     /* warnings printed (SIMR_HANDLE_WARN_MAX) */

static const char *const KIND_NAME[SIMR_H_NKINDS] = {
    [SIMR_H_STREAM] = "stream",
    [SIMR_H_EVENT] = "event",
    [SIMR_H_GRAPH] = "graph",
    [SIMR_H_GRAPH_EXEC] = "graph exec",
    [SIMR_H_GRAPH_NODE] = "graph node",
    [SIMR_H_TEXTURE] = "texture object",
    [SIMR_H_SURFACE] = "surface object",
    [SIMR_H_ARRAY] = "CUDA array",
    [SIMR_H_MEMPOOL] = "memory pool",
    [SIMR_H_CUBLAS] = "cuBLAS handle",
    [SIMR_H_CUBLASLT] = "cuBLASLt handle",
    [SIMR_H_CUBLASLT_DESC] = "cuBLASLt descriptor",
    [SIMR_H_CURAND] = "cuRAND generator",
    [SIMR_H_CUSOLVER] = "cuSOLVER handle",
    [SIMR_H_CUSPARSE_INFO] = "cuSPARSE info object",
    [SIMR_H_JITLINK] = "nvJitLink handle",
    [SIMR_H_CUSOLVER_SP] = "cuSOLVER sparse handle",
    [SIMR_H_CUSOLVER_RF] = "cusolverRf handle",
    [SIMR_H_CUSOLVER_INFO] = "cuSOLVER sparse info object",
    [SIMR_H_NVJPEG] = "nvJPEG handle",
    [SIMR_H_NVJPEG_STATE] = "nvJPEG state",
    [SIMR_H_NVJPEG_STREAM] = "nvJPEG bitstream handle",
    [SIMR_H_NVJPEG_PARAMS] = "nvJPEG decode parameters object",
    [SIMR_H_NVJPEG_DECODER] = "nvJPEG decoder",
    [SIMR_H_NVJPEG_PBUF] = "nvJPEG pinned buffer",
    [SIMR_H_NVJPEG_DBUF] = "nvJPEG device buffer",
    [SIMR_H_NVJPEG_ENCSTATE] = "nvJPEG encoder state",
    [SIMR_H_NVJPEG_ENCPARAMS] = "nvJPEG encoder parameters object",
};

const char *simR_handle_kind_name(unsigned kind) {
  return kind < SIMR_H_NKINDS && KIND_NAME[kind] ? KIND_NAME[kind] : "handle";
}

static size_t slot_of(uint64_t key) {
  uint64_t h = key * 0x9e3779b97f4a7c15ull;
  return (size_t)(h >> 17) & (cap - 1);
}

/* The slot holding key, or NULL. */
static hentry *find(uint64_t key) {
  if (!cap || !key) return NULL;
  for (size_t i = slot_of(key);; i = (i + 1) & (cap - 1)) {
    if (!tab[i].key) return NULL;
    if (tab[i].key == key) return &tab[i];
  }
}

static int grow(void) {
  size_t nc = cap ? cap * 2 : 256;
  hentry *nt = calloc(nc, sizeof *nt), *old = tab;
  if (!nt) return -1;
  size_t oc = cap;
  tab = nt;
  cap = nc;
  for (size_t i = 0; i < oc; i++)
    if (old[i].key) {
      size_t k = slot_of(old[i].key);
      while (tab[k].key) k = (k + 1) & (cap - 1);
      tab[k] = old[i];
    }
  free(old);
  return 0;
}

/* Remove the slot of key (backward-shift deletion keeps probing exact). */
static void erase(uint64_t key) {
  hentry *e = find(key);
  if (!e) return;
  size_t i = (size_t)(e - tab);
  tab[i].key = 0;
  used--;
  for (size_t j = (i + 1) & (cap - 1); tab[j].key; j = (j + 1) & (cap - 1)) {
    hentry t = tab[j];
    tab[j].key = 0;
    size_t k = slot_of(t.key);
    while (tab[k].key) k = (k + 1) & (cap - 1);
    tab[k] = t;
  }
}

int simR_handle_add_locked(uint64_t key, unsigned kind, void *obj) {
  if (!key) return -1;
  hentry *e = find(key);
  if (!e) {
    if ((used + 1) * 4 > cap * 3 && grow() < 0) return -1;
    size_t i = slot_of(key);
    while (tab[i].key) i = (i + 1) & (cap - 1);
    e = &tab[i];
    memset(e, 0, sizeof *e);
    e->key = key;
    used++;
  }
  e->obj = obj;
  e->kind = (uint16_t)kind;
  e->live = 1;
  e->gen++;
  return 0;
}

void *simR_handle_get_locked(uint64_t key, unsigned kind) {
  const hentry *e = find(key);
  return e && e->live && e->kind == kind ? e->obj : NULL;
}

int simR_handle_state_locked(uint64_t key, unsigned kind) {
  const hentry *e = find(key);
  if (!e) return SIMR_HANDLE_UNKNOWN;
  if (e->kind != kind) return SIMR_HANDLE_OTHER_KIND;
  return e->live ? SIMR_HANDLE_LIVE : SIMR_HANDLE_DESTROYED;
}

void *simR_handle_remove_locked(uint64_t key, unsigned kind) {
  hentry *e = find(key);
  if (!e || !e->live || e->kind != kind) return NULL;
  e->live = 0;
  return e->obj;
}

void simR_handle_warn_locked(const char *call, const char *fmt, ...) {
  if (warned > SIMR_HANDLE_WARN_MAX) return;
  if (warned++ == SIMR_HANDLE_WARN_MAX) {
    fprintf(stderr, "simulee: warning: more than %u misuses of the CUDA API; the later ones "
            "are not shown\n", SIMR_HANDLE_WARN_MAX);
    return;
  }
  void *frames[16];
  int n = backtrace(frames, 16);
  char file[1024];
  unsigned line = 0;
  simR_host_line_locked(frames, n, file, sizeof file, &line);
  char msg[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  char esc[1200];
  fflush(stdout);
  if (line)
    fprintf(stderr, "simulee: warning: %s:%u: %s: %s\n",
            simD_text_esc(file, SIMD_ESC_PATH, esc, sizeof esc), line, call, msg);
  else
    fprintf(stderr, "simulee: warning: %s: %s\n", call, msg);
  fflush(stderr);
}

void *simR_handle_check_locked(uint64_t key, unsigned kind, const char *call,
                               const char *err) {
  const hentry *e = find(key);
  if (e && e->live && e->kind == kind) return e->obj;
  const char *kn = simR_handle_kind_name(kind);
  if (!key)
    simR_handle_warn_locked(call, "a null %s: returns %s", kn, err);
  else if (!e)
    simR_handle_warn_locked(call, "0x%llx is no %s the program created: returns %s",
                            (unsigned long long)key, kn, err);
  else if (e->kind != kind)
    simR_handle_warn_locked(call, "0x%llx is a%s %s%s, not a%s %s: returns %s",
                            (unsigned long long)key,
                            strchr("aeiou", simR_handle_kind_name(e->kind)[0]) ? "n" : "",
                            e->live ? "" : "destroyed ", simR_handle_kind_name(e->kind),
                            strchr("aeiou", kn[0]) ? "n" : "", kn, err);
  else
    simR_handle_warn_locked(call, "%s 0x%llx was destroyed: returns %s", kn,
                            (unsigned long long)key, err);
  return NULL;
}

void *simR_handle_new_locked(unsigned kind, size_t bytes) {
  void *p = calloc(1, bytes ? bytes : 1);
  if (p && simR_handle_add_locked((uint64_t)(uintptr_t)p, kind, p) < 0) {
    free(p);
    return NULL;
  }
  return p;
}

void simR_handle_retire_locked(void *obj) {
  if (!obj) return;
  if (qn == SIMR_HANDLE_QUARANTINE) { /* the oldest goes: its value may come back */
    void *old = quar[qhead];
    erase((uint64_t)(uintptr_t)old);
    free(old);
    quar[qhead] = obj;
    qhead = (qhead + 1) % SIMR_HANDLE_QUARANTINE;
    return;
  }
  quar[(qhead + qn++) % SIMR_HANDLE_QUARANTINE] = obj;
}

void simR_handle_delete_locked(void *p, unsigned kind) {
  if (simR_handle_remove_locked((uint64_t)(uintptr_t)p, kind)) simR_handle_retire_locked(p);
}

/* ------------------------------------------------------------ streams */

int simR_stream_ok_locked(cudaStream_t s, const char *call) {
  if ((uintptr_t)s <= 2) return 1; /* the default, legacy and per-thread streams */
  return simR_handle_check_locked((uint64_t)(uintptr_t)s, SIMR_H_STREAM, call,
                                  "cudaErrorInvalidResourceHandle") != NULL;
}

cudaError_t simR_bad_stream_locked(cudaStream_t s, const char *call) {
  return simR_stream_ok_locked(s, call) ? cudaSuccess
                                        : simR_error_locked(cudaErrorInvalidResourceHandle);
}

cudaError_t simR_bad_handle_locked(const void *h, unsigned kind, const char *call) {
  return simR_handle_check_locked((uint64_t)(uintptr_t)h, kind, call,
                                  "cudaErrorInvalidResourceHandle")
             ? cudaSuccess
             : simR_error_locked(cudaErrorInvalidResourceHandle);
}
