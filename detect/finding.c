/*
 * simulee detect: the finding list (finding.h). One finding per bug: adding a
 * finding equal to one already listed only adds to that one's count.
 */
#include <stdlib.h>
#include <string.h>

#include "simulee/finding.h"

const char *simD_kind_name(simD_kind k) {
  switch (k) {
  case SIMD_DATA_RACE: return "data-race";
  case SIMD_BARRIER_DIVERGENCE: return "barrier-divergence";
  case SIMD_REDUNDANT_BARRIER: return "redundant-barrier";
  case SIMD_OUT_OF_BOUNDS: return "out-of-bounds";
  case SIMD_ASSERTION: return "assertion";
  case SIMD_INVALID_WARP_MASK: return "invalid-warp-mask";
  case SIMD_UNINITIALIZED_READ: return "uninitialized-read";
  case SIMD_DEADLOCK: return "deadlock";
  case SIMD_KIND_COUNT: break;
  }
  return "unknown";
}

const char *simD_level_name(simD_level l) {
  switch (l) {
  case SIMD_LEVEL_ERROR: return "error";
  case SIMD_LEVEL_WARNING: return "warning";
  case SIMD_LEVEL_NOTE: return "note";
  }
  return "error";
}

const char *const simD_whys[SIMD_NWHY] = {SIMD_WHY_SHAPE, SIMD_WHY_SCALAR, SIMD_WHY_DATA,
                                          SIMD_WHY_KERNEL, SIMD_WHY_ONE_BLOCK};

const char *simD_grade_text(const char *grade) {
  if (!grade) return "";
  if (!strcmp(grade, SIMD_GRADE_WARP_SYNC))
    return "the code relies on implicit warp synchrony (lock-step execution of a warp), "
           "which is unsafe since Volta (independent thread scheduling): put __syncwarp() "
           "between the two accesses, or use the _sync warp intrinsics";
  if (!strcmp(grade, SIMD_GRADE_SAME_VALUE))
    return "both writers store the same bytes: benign on today's GPUs, still undefined "
           "behaviour in the CUDA memory model (let one thread store, or use an atomic)";
  if (!strcmp(grade, SIMD_GRADE_IN_LIBRARY))
    return "both accesses are inside a system or library header: the library's own "
           "synchronisation protocol, which the CUDA memory model does not order as written; "
           "report it to the library, or check how the program calls it";
  if (!strcmp(grade, SIMD_GRADE_OUTSIDE))
    return "the witness launch is none the host code makes (its block, grid or "
           "arguments differ from every launch site): it may never happen in the program";
  return "";
}

const char *simD_finding_grade_text(const simD_finding *f) {
  if (!strcmp(f->grade_why, SIMD_WHY_ONE_BLOCK) && !strcmp(f->grade, SIMD_GRADE_OUTSIDE))
    return "the kernel never reads blockIdx or gridDim and synchronises with block-scope "
           "atomics: it is written for one block, and only launches of several blocks show "
           "this";
  if (f->grade_why[0] && !strcmp(f->grade, SIMD_GRADE_OUTSIDE))
    return "no launch the program made (the launches simulee run --record recorded) shows it: "
           "it may never happen in the program";
  return simD_grade_text(f->grade);
}

void simD_list_init(simD_list *l) {
  l->v = NULL;
  l->n = 0;
  l->cap = 0;
}

void simD_list_free(simD_list *l) {
  free(l->v);
  simD_list_init(l);
}

/* Same bug: same kind and sites; races also the same space and access kind.
 * A race is the unordered pair of its two accesses, so (a,b) equals (b,a);
 * for the other kinds the two sites have distinct roles and stay ordered. */
static int same_bug(const simD_finding *a, const simD_finding *b) {
  if (a->kind != b->kind) return 0;
  if (a->kind == SIMD_DATA_RACE) {
    if (a->space != b->space || a->write_write != b->write_write) return 0;
    return (a->site[0] == b->site[0] && a->site[1] == b->site[1]) ||
           (a->site[0] == b->site[1] && a->site[1] == b->site[0]);
  }
  if (a->kind == SIMD_OUT_OF_BOUNDS && a->space != b->space) return 0;
  return a->site[0] == b->site[0] && a->site[1] == b->site[1];
}

int simD_list_add(simD_list *l, const simD_finding *f) {
  uint64_t c = f->count ? f->count : 1;
  /* newest first: repeated instances of one bug tend to come together */
  for (unsigned i = l->n; i-- > 0;) {
    if (same_bug(&l->v[i], f)) {
      uint64_t s = l->v[i].count + c;
      l->v[i].count = s < c ? UINT64_MAX : s; /* saturate */
      /* the more severe grading wins (an error instance makes the bug an
       * error) */
      if (f->level < l->v[i].level) {
        l->v[i].level = f->level;
        memcpy(l->v[i].grade, f->grade, sizeof f->grade);
        memcpy(l->v[i].grade_why, f->grade_why, sizeof f->grade_why);
        memcpy(l->v[i].message, f->message, sizeof f->message);
        memcpy(l->v[i].evidence, f->evidence, sizeof f->evidence);
      }
      return 0;
    }
  }
  if (l->n == l->cap) {
    unsigned ncap = l->cap ? l->cap * 2 : 8;
    if (ncap <= l->cap) return -1;
    simD_finding *nv = realloc(l->v, (size_t)ncap * sizeof *nv);
    if (!nv) return -1;
    l->v = nv;
    l->cap = ncap;
  }
  l->v[l->n] = *f;
  l->v[l->n].count = c;
  l->n++;
  return 0;
}
