/*
 * simulee findings: what the detectors report and the report writers print.
 * A finding is one bug (deduplicated by kind and pair of source sites) with
 * a count of dynamic instances and one witness that reproduces it.
 */
#ifndef SIMULEE_FINDING_H
#define SIMULEE_FINDING_H

#include <stdint.h>
#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum simD_kind {
  SIMD_DATA_RACE = 0,
  SIMD_BARRIER_DIVERGENCE,
  SIMD_REDUNDANT_BARRIER,
  SIMD_OUT_OF_BOUNDS,
  SIMD_ASSERTION,        /* assert() failed / __trap in the kernel */
  SIMD_INVALID_WARP_MASK, /* a warp collective's mask leaves out an executing
                             lane, or differs between executing lanes */
  SIMD_KIND_COUNT
} simD_kind;

/* "data-race", "barrier-divergence", "redundant-barrier", "out-of-bounds",
 * "assertion", "invalid-warp-mask" */
const char *simD_kind_name(simD_kind k);

/* Warp relation of the two threads of a race. */
typedef enum simD_relation {
  SIMD_REL_NONE = 0, SIMD_REL_SAME_WARP, SIMD_REL_OTHER_WARP, SIMD_REL_OTHER_BLOCK
} simD_relation;

/* One thread of a witness. */
typedef struct simD_thread {
  simI_dim3 block;      /* blockIdx */
  simI_dim3 thread;     /* threadIdx */
  unsigned access;      /* SIMI_ACC_* of its access (races) */
  int has_value;        /* value is meaningful */
  uint64_t value;       /* value written (or read), raw bits */
  unsigned size;        /* bytes of its access */
} simD_thread;

typedef struct simD_finding {
  simD_kind kind;
  unsigned space;          /* SIMI_SPACE_* (races, out-of-bounds), else NONE */
  int write_write;         /* races: 1 write-write, 0 read-write */
  uint32_t site[2];        /* sites of the two accesses / barrier and branch;
                              UINT32_MAX where absent */
  simD_thread thread[2];   /* the witness threads; nthreads says how many */
  unsigned nthreads;
  simD_relation relation;  /* races */
  uint64_t addr;           /* simulated address (races, out-of-bounds) */
  uint64_t count;          /* dynamic instances merged into this finding */
  /* barrier divergence */
  unsigned arrived, missing;
  /* redundant barrier: the evidence */
  uint64_t executions, instances;
  char message[512];       /* one line: what happened, with the address as
                              buffer/variable + offset */
  char why[256];           /* races: why synchronisation did not order the
                              pair (from simM_why), one line, or "" */
} simD_finding;

/* A growable list of findings, deduplicated on add. */
typedef struct simD_list {
  simD_finding *v;
  unsigned n, cap;
} simD_list;

void simD_list_init(simD_list *l);
void simD_list_free(simD_list *l);
/* Add f, or bump the count of the finding with the same kind and sites (and
 * space/access kind for races). Returns 0, or -1 on out of memory. */
int simD_list_add(simD_list *l, const simD_finding *f);

#ifdef __cplusplus
}
#endif
#endif
