/*
 * simulee runtime: recording checked launches (SIMULEE_RECORD=DIR, `simulee
 * run --record DIR`). Each launch that runs with detection is written, before
 * it runs, in the spelling of simulee's replay lines, so that `simulee
 * DIR/module-M.bc --args-file DIR/launch-P-N.args` replays it and `simulee
 * FILE.cu --from DIR` / `simulee scan --launches DIR` start from it:
 *
 *   DIR/launches               the index: one line per launch,
 *                              "ARGS-FILE MODULE KERNEL" (relative to DIR),
 *                              and "# ..." notes (a cut by the byte cap)
 *   DIR/module-P-M.bc          the bitcode of the program's M-th .cu file
 *                              (written once per program run)
 *   DIR/launch-P-N.args        launch N of program run P (its process id):
 *                              one command-line word per line (# comments):
 *                              --kernel, --grid, --block, --shared, and one
 *                              --arg per parameter, a buffer as
 *                              TYPE[COUNT]=@launch-P-N/argK.bin
 *   DIR/launch-P-N/argK.bin    the bytes of parameter K's buffer from the
 *                              pointer to the end of its allocation, as the
 *                              launch receives them (little-endian)
 *
 * Bounded: at most SIMULEE_RECORD_MAX bytes (default SIMR_RECORD_DEFAULT_MAX)
 * of files per program run; the first launch that would pass it and every
 * later one are left out, with a note on stderr and in the index.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interp/util.h" /* simI_h2f */
#include "runtime/internal.h"

static struct {
  uint64_t written;          /* bytes written so far */
  int cut;                   /* the cap was reached: nothing more */
  int failed;                /* a write failed: said once, nothing more */
  const void **mods;         /* modules whose bitcode is written */
  unsigned nmods;
} R;

/* Write n bytes to path (created or truncated). 0, or -1. */
static int write_file(const char *path, const void *data, uint64_t n) {
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return -1;
  const uint8_t *p = data;
  uint64_t done = 0;
  while (done < n) {
    size_t chunk = n - done > ((uint64_t)1 << 30) ? (size_t)1 << 30 : (size_t)(n - done);
    ssize_t k = write(fd, p + done, chunk);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      close(fd);
      return -1;
    }
    done += (uint64_t)k;
  }
  return close(fd);
}

static void fail_once(const char *what) {
  if (!R.failed)
    fprintf(stderr, "simulee: warning: --record %s: cannot write %s: %s; launches are no longer "
            "recorded\n", simR_set.record, what, strerror(errno));
  R.failed = 1;
}

/* Append a line to DIR/launches. */
static void index_line(const char *line) {
  char path[4096];
  snprintf(path, sizeof path, "%s/launches", simR_set.record);
  int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) {
    fail_once(path);
    return;
  }
  size_t n = strlen(line);
  if (write(fd, line, n) != (ssize_t)n) fail_once(path);
  close(fd);
}

/* The element type a buffer is written as: the kernel's (from its
 * accesses) when the bytes are whole elements of it, else u8; f16 as u16
 * (the --arg grammar has no f16). */
static simI_elem buf_elem(simI_elem e, uint64_t bytes) {
  if (e == SIMI_ELEM_F16) e = SIMI_ELEM_U16;
  unsigned es = simI_elem_size(e);
  if (!es || bytes % es) return SIMI_ELEM_U8;
  return e;
}

/* The bytes behind device pointer v: the host address and the bytes to the
 * end of its allocation (0: a null pointer, none). Returns 0, or -1 when the
 * pointer is not into the allocation table (a __device__ variable, a freed
 * or bad pointer). */
static int buffer_of(uint64_t v, const uint8_t **data, uint64_t *bytes) {
  *data = NULL;
  *bytes = 0;
  if (!v) return 0;
  unsigned al = SIMI_PTR_ALLOC(v);
  uint64_t off = SIMI_PTR_OFFSET(v);
  if (SIMI_PTR_SPACE(v) != SIMI_SPACE_GLOBAL || al >= simR_mem.n) return -1;
  const simR_alloc *a = &simR_mem.v[al];
  if (!a->data || a->kind == SIMR_MEM_FREE || off > a->size) return -1;
  *data = a->data + off;
  *bytes = a->size - off;
  return 0;
}

/* A scalar's text: an integer as the signed value of its width, a float
 * with the digits that give back its bits. */
static void scalar_text(simI_param_kind kind, unsigned bits, uint64_t v, char *out, size_t len) {
  if (kind == SIMI_PARAM_FLOAT) {
    if (bits == 64) {
      double d;
      memcpy(&d, &v, 8);
      snprintf(out, len, "%.17g", d);
    } else if (bits == 16) {
      snprintf(out, len, "%.9g", (double)simI_h2f((uint16_t)v));
    } else {
      float f;
      uint32_t w = (uint32_t)v;
      memcpy(&f, &w, 4);
      snprintf(out, len, "%.9g", (double)f);
    }
    return;
  }
  if (bits && bits < 64) {
    v &= ((uint64_t)1 << bits) - 1;
    if (v >> (bits - 1) & 1) v |= ~(((uint64_t)1 << bits) - 1);
  }
  snprintf(out, len, "%" PRId64, (int64_t)v);
}

/* The text of an argument pointer v (parameter or struct field k of the
 * launch): "null", or a buffer spec whose bytes go to a file (appended to
 * the plan). Returns 0, or -1 when it cannot be replayed. */
typedef struct plan_file {
  char name[64];        /* relative to the launch's folder */
  const uint8_t *data;  /* the bytes */
  uint64_t bytes;
} plan_file;

static int pointer_text(uint64_t v, simI_elem e, const char *sub, const char *fname,
                        plan_file *pf, unsigned *npf, char *out, size_t len) {
  const uint8_t *data;
  uint64_t bytes;
  if (buffer_of(v, &data, &bytes) < 0) return -1;
  if (!v) {
    snprintf(out, len, "null");
    return 0;
  }
  simI_elem be = buf_elem(e, bytes);
  unsigned es = simI_elem_size(be);
  snprintf(pf[*npf].name, sizeof pf[*npf].name, "%s", fname);
  pf[*npf].data = data;
  pf[*npf].bytes = bytes;
  (*npf)++;
  snprintf(out, len, "%s[%" PRIu64 "]=@%s/%s", simI_elem_name(be), bytes / es, sub, fname);
  return 0;
}

void simR_record_launch_locked(const simR_record_launch *L) {
  if (!simR_set.record || R.cut || R.failed) return;
  const char *dir = simR_set.record;
  const simI_kernel_info *ki = L->ki;
  unsigned np = ki->nparams;
  /* the module's bitcode, once */
  unsigned mi = 0;
  while (mi < R.nmods && R.mods[mi] != L->module) mi++;
  char mod[96];
  snprintf(mod, sizeof mod, "module-%ld-%u.bc", (long)getpid(), L->module_index + 1);
  uint64_t need = mi == R.nmods ? L->bclen : 0;
  /* the files of the launch */
  size_t maxpf = (size_t)np + 1;
  for (unsigned i = 0; i < np; i++) maxpf += ki->params[i].nfields;
  plan_file *pf = calloc(maxpf, sizeof *pf);
  unsigned npf = 0;
  size_t cap = 4096 + (size_t)np * 512;
  char *text = malloc(cap);
  if (!pf || !text) {
    free(pf), free(text);
    return;
  }
  char sub[64];
  snprintf(sub, sizeof sub, "launch-%ld-%" PRIu64, (long)getpid(), L->ordinal);
  size_t tn = 0;
#define ADD(...)                                                            \
  do {                                                                      \
    int w_ = snprintf(text + tn, cap - tn, __VA_ARGS__);                    \
    if (w_ > 0) tn = tn + (size_t)w_ < cap ? tn + (size_t)w_ : cap - 1;     \
  } while (0)
  ADD("# simulee recorded launch %" PRIu64 " of kernel %s (%s)\n", L->ordinal, ki->demangled,
      L->source);
  ADD("# replay: simulee %s --args-file %s.args\n", mod, sub);
  int replayable = 1;
  char notes[512] = "";
  ADD("--kernel\n%s\n", ki->name);
  ADD("--grid\n%u,%u,%u\n", L->grid.x, L->grid.y, L->grid.z);
  ADD("--block\n%u,%u,%u\n", L->block.x, L->block.y, L->block.z);
  ADD("--shared\n%" PRIu64 "\n", L->shared);
  if (L->cluster.x) ADD("--cluster\n%u,%u,%u\n", L->cluster.x, L->cluster.y, L->cluster.z);
  for (unsigned i = 0; i < np; i++) {
    const simI_param *q = &ki->params[i];
    char a[1024], fname[48];
    if (q->kind == SIMI_PARAM_STRUCT) {
      const uint8_t *raw = L->args[i].raw;
      size_t an = 0;
      a[an++] = '{';
      for (unsigned k = 0; k < q->nfields && raw; k++) {
        const simI_field *fd = &q->fields[k];
        unsigned fb = fd->kind == SIMI_PARAM_PTR ? 8 : (fd->bits + 7) / 8;
        uint64_t v = 0;
        if (fd->offset + fb <= q->size) memcpy(&v, raw + fd->offset, fb);
        char t[512];
        if (fd->kind == SIMI_PARAM_PTR) {
          snprintf(fname, sizeof fname, "arg%u.%u.bin", i, k);
          if (pointer_text(v, SIMI_ELEM_U8, sub, fname, pf, &npf, t, sizeof t) < 0) {
            replayable = 0;
            snprintf(t, sizeof t, "null");
          }
        } else {
          scalar_text(fd->kind, fd->bits, v, t, sizeof t);
        }
        an += (size_t)snprintf(a + an, sizeof a - an, "%s%s", k ? "," : "", t);
        if (an >= sizeof a - 2) break;
      }
      snprintf(a + an, sizeof a - an, "}");
      if (q->tensor_map) replayable = 0;
    } else if (q->kind == SIMI_PARAM_PTR) {
      snprintf(fname, sizeof fname, "arg%u.bin", i);
      if (pointer_text(L->args[i].bits, q->elem, sub, fname, pf, &npf, a, sizeof a) < 0) {
        /* a __device__ variable's address, a freed pointer: not a buffer
         * of its own */
        replayable = 0;
        snprintf(a, sizeof a, "null");
        snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                 "# note: parameter %u points to no allocation of its own\n", i);
      }
    } else {
      scalar_text(q->kind, q->bits, L->args[i].bits, a, sizeof a);
      if (q->tex) {
        replayable = 0;
        snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                 "# note: parameter %u is a texture object (not replayed)\n", i);
      }
    }
    ADD("--arg\n%s\n", a);
  }
  /* two parameters into one allocation: the replay gives each its own */
  for (unsigned i = 0; i < npf; i++)
    for (unsigned j = i + 1; j < npf; j++)
      if (pf[i].data && pf[j].data && pf[i].data < pf[j].data + pf[j].bytes &&
          pf[j].data < pf[i].data + pf[i].bytes) {
        replayable = 0;
        snprintf(notes + strlen(notes), sizeof notes - strlen(notes),
                 "# note: %s and %s overlap in one allocation (replayed as two buffers)\n",
                 pf[i].name, pf[j].name);
        i = j = npf;
      }
  if (!replayable) ADD("# note: this launch does not replay exactly\n");
  ADD("%s", notes);
#undef ADD
  need += tn;
  for (unsigned i = 0; i < npf; i++) need += pf[i].bytes;
  char path[4096];
  if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
    fail_once(dir);
    free(pf), free(text);
    return;
  }
  if (R.written + need > simR_set.record_max) {
    R.cut = 1;
    fprintf(stderr, "simulee: note: --record: launch %" PRIu64 " (kernel %s) and later ones are "
            "not recorded: the record would pass its cap of %" PRIu64 " bytes (--record-max, "
            "SIMULEE_RECORD_MAX)\n", L->ordinal, ki->demangled, simR_set.record_max);
    char line[512];
    snprintf(line, sizeof line, "# cut: launch %" PRIu64 " and later ones not recorded (cap of %"
             PRIu64 " bytes)\n", L->ordinal, simR_set.record_max);
    index_line(line);
    free(pf), free(text);
    return;
  }
  if (mi == R.nmods) {
    snprintf(path, sizeof path, "%s/%s", dir, mod);
    const void **nm = realloc(R.mods, (R.nmods + 1) * sizeof *nm);
    if (!nm || write_file(path, L->bc, L->bclen) < 0) {
      fail_once(path);
      free(pf), free(text);
      return;
    }
    R.mods = nm;
    R.mods[R.nmods++] = L->module;
  }
  snprintf(path, sizeof path, "%s/%s", dir, sub);
  if (npf && mkdir(path, 0755) < 0 && errno != EEXIST) {
    fail_once(path);
    free(pf), free(text);
    return;
  }
  for (unsigned i = 0; i < npf; i++) {
    snprintf(path, sizeof path, "%s/%s/%s", dir, sub, pf[i].name);
    if (write_file(path, pf[i].data, pf[i].bytes) < 0) {
      fail_once(path);
      free(pf), free(text);
      return;
    }
  }
  snprintf(path, sizeof path, "%s/%s.args", dir, sub);
  if (write_file(path, text, tn) < 0) {
    fail_once(path);
    free(pf), free(text);
    return;
  }
  R.written += need;
  char line[1024];
  snprintf(line, sizeof line, "%s.args %s %s\n", sub, mod, ki->name);
  index_line(line);
  free(pf), free(text);
}
