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
  SIMD_UNINITIALIZED_READ, /* a read of shared/local memory (or device-heap
                              memory) no thread wrote in this launch */
  SIMD_DEADLOCK,         /* threads wait forever (an mbarrier phase that never
                            completes, a spin no one releases); site[0] is
                            the waiting site */
  SIMD_KIND_COUNT
} simD_kind;

/* "data-race", "barrier-divergence", "redundant-barrier", "out-of-bounds",
 * "assertion", "invalid-warp-mask", "uninitialized-read", "deadlock" */
const char *simD_kind_name(simD_kind k);

/* Severity of a finding. ERROR counts towards exit status 1; WARNING only
 * with --fail-on warning; NOTE never (shown with -v and in JSON/SARIF). The
 * zero value is ERROR, so a finding built with memset 0 is an error. */
typedef enum simD_level {
  SIMD_LEVEL_ERROR = 0, SIMD_LEVEL_WARNING, SIMD_LEVEL_NOTE
} simD_level;

/* "error", "warning", "note" */
const char *simD_level_name(simD_level l);

/* Grades (the finding's `grade` string; "" = none):
 *   "warp-synchronous"          a race that lock-step warp execution would
 *                               order (relies on implicit warp synchrony)
 *   "same-value"                write-write race, both store the same bytes
 *   "outside-program-launches"  witness launch no host launch site allows
 *   "in-library"                both accesses lie in a system or library
 *                               header (simD_library_path) */
#define SIMD_GRADE_WARP_SYNC "warp-synchronous"
#define SIMD_GRADE_SAME_VALUE "same-value"
#define SIMD_GRADE_OUTSIDE "outside-program-launches"
#define SIMD_GRADE_IN_LIBRARY "in-library"

/* Why a finding is outside the program's launches when recorded launches
 * (scan --launches) graded it (the finding's `grade_why`; "" = no reason
 * given, as for a grade from the host code's launch sites). */
#define SIMD_WHY_SHAPE "shape not in recorded launches"
#define SIMD_WHY_SCALAR "scalar value not recorded"
#define SIMD_WHY_DATA "buffers not as recorded"
#define SIMD_WHY_KERNEL "kernel not launched in the recorded runs"
/* Why a finding of the automatic search is outside the launches the kernel
 * is written for (no host code says otherwise): it never reads blockIdx or
 * gridDim and takes block-scope atomics, and only launches of several
 * blocks show the finding. */
#define SIMD_WHY_ONE_BLOCK "written for one block"
/* The five, in the order summaries count them. */
#define SIMD_NWHY 5u
extern const char *const simD_whys[SIMD_NWHY];

/* The explanation of a grade, one sentence for people (it says what the
 * grade means and the fix): "" for "" or an unknown grade. Never NULL. */
const char *simD_grade_text(const char *grade);

/* Confirmation of a race by schedule perturbation (LD): the witness launch
 * re-run under other legal schedules, the global buffers compared. */
typedef struct simD_confirmation {
  unsigned schedules;   /* schedules run (0: not attempted) */
  int differs;          /* 1: some schedule gave different final contents */
  char buffer[64];      /* first differing buffer (differs) */
  uint64_t offset;      /* element index in it */
  uint64_t values[2];   /* raw bits: under the witness schedule / the other */
  unsigned elem_size;   /* bytes of one element */
  char schedule[64];    /* the other schedule, e.g. "warp order reversed" */
  unsigned elem;        /* simI_elem of the buffer (UNKNOWN: values are
                           elem_size-byte unsigned integers) */
} simD_confirmation;

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
  simD_level level;        /* severity (default SIMD_LEVEL_ERROR) */
  char grade[32];          /* one of SIMD_GRADE_* or "" */
  char grade_why[48];      /* one of SIMD_WHY_* or "" (JSON grade_reason) */
  simD_confirmation confirm; /* races: schedule-perturbation result */
  char evidence[384];      /* redundant barrier: the evidence stated; barrier
                              divergence: the branch that split the block and
                              its operand values; uninitialized read: the
                              variable; "" where none */
} simD_finding;

/* The explanation of f's grade: simD_grade_text, or for a finding recorded
 * launches graded (grade_why set) one saying so. Never NULL. */
const char *simD_finding_grade_text(const simD_finding *f);

/* A growable list of findings, deduplicated on add. */
typedef struct simD_list {
  simD_finding *v;
  unsigned n, cap;
} simD_list;

void simD_list_init(simD_list *l);
void simD_list_free(simD_list *l);
/* Add f, or bump the count of the finding with the same kind and sites (and
 * space/access kind for races; the listed one takes f's level, grade and
 * message when f's level is more severe). Returns 0, or -1 on out of
 * memory. */
int simD_list_add(simD_list *l, const simD_finding *f);

#ifdef __cplusplus
}
#endif
#endif
