/*
 * simulee detect: the detectors' state shared by detect.c (events, rules,
 * results) and detect_merge.c (a launch's parts merged, statistics).
 */
#ifndef SIMULEE_DETECT_INT_H
#define SIMULEE_DETECT_INT_H
#include <stdint.h>

#include "simulee/detect.h"
#include "simulee/model.h"

#define NONE32 UINT32_MAX

/* One finding with the execution that first produced it. */
typedef struct fent {
  simD_finding f;   /* the finding (count accumulates) */
  uint64_t exec;    /* index into launches, UINT64_MAX if none */
  unsigned char ls_all; /* races: every instance is ordered by lock-step
                           warp execution (SIMM_WOULD_LOCKSTEP) */
  unsigned char sv_all; /* races: every instance is a write-write pair of
                           the same bytes that no read race met */
} fent;

#define SIDE_SITES 4  /* access sites kept per interval of one block */
#define COV_SITES 8   /* access sites kept per side of one barrier */
#define COV_DIMS 4    /* block sizes kept per barrier */

/* The accesses of one block between two consecutive releases. */
typedef struct side {
  uint32_t sites[SIDE_SITES]; /* distinct access sites (raw), first ones */
  unsigned nsites;
  uint32_t tid;        /* first accessing thread (in block) */
  int any;             /* some access */
  int multi;           /* accesses of more than one thread */
  int shared;          /* some access of shared memory */
} side;

/* Coverage of one barrier (or pair): instances whose interval before and
 * interval after both ran accesses of different threads, in blocks of more
 * than one warp. */
typedef struct cover {
  uint64_t instances;  /* such instances */
  uint64_t executions; /* executions with one */
  uint64_t last_exec;  /* execution number of the last one + 1 */
  uint32_t before[COV_SITES], after[COV_SITES]; /* canonical access sites */
  unsigned nbefore, nafter; /* kept (capped at COV_SITES) */
  uint64_t more_before, more_after; /* sites beyond the cap (counted once per
                                      execution at most, approximate) */
  simI_dim3 dims[COV_DIMS]; /* block sizes of those executions */
  unsigned ndims;
} cover;
/* A same-value race instance of this execution: finding fv[fi] at the
 * 4-byte granule g (checked against the read races at its end). */
typedef struct svcand { uint32_t fi; uint64_t g; } svcand;
#define SVCAND_MAX 65536u /* beyond: the instance counts as an error */

/* Evidence about one barrier site. */
typedef struct bar {
  uint32_t site;       /* barrier instruction */
  uint64_t instances;  /* releases over all executions */
  uint64_t executions; /* executions in which it released */
  uint64_t last_exec;  /* execution number of the last release + 1 */
  int needed;          /* some execution gave evidence that it is needed */
  cover cov;           /* accesses seen on both sides */
  uint64_t solo;       /* instances with accesses on both sides, all of one
                          thread (the same on both sides), in a block of
                          more than one thread */
  int mixed;           /* some instance was not like that (accesses on both
                          sides, not all of one and the same thread) */
  uint64_t lead;       /* instances that were their block's first barrier,
                          with no access of shared memory before them */
  int notlead;         /* some instance was not like that */
} bar;

/* Two barriers released one right after the other in some block (in either
 * order): removing both merges three intervals. */
typedef struct bpair {
  uint32_t a, b;       /* canonical sites, a < b */
  cover cov;           /* accesses before the first and after the second */
  uint64_t between;    /* instances with accesses between them */
  int verdict;         /* -1 not evaluated, 0 removing both creates no race,
                          1 removing both races (simD_set_pair_verdict) */
} bpair;

/* Per resident block: the intervals around its last two releases. */
typedef struct bstate {
  unsigned block;      /* owner, UINT_MAX: free */
  int lost;            /* another block held the slot: no coverage */
  side cur;            /* accesses since the last release */
  uint32_t last;       /* canonical site of the last release, NONE32 */
  side before;         /* the interval before `last` */
  uint32_t prev;       /* the release before `last`, NONE32 */
  side before2;        /* the interval before `prev` */
} bstate;
#define BSTATES 256

struct simD_ctx {
  const simI_program *p;     /* the program */
  unsigned kernel;           /* the kernel */
  simD_options o;            /* what to detect */
  simM_model *m;             /* the memory-access model */
  /* current execution */
  int running;               /* between launch_begin and end_execution */
  const simI_launch *cur;    /* launch given to launch_begin */
  /* buffers of this launch no write can reach (simI_ro_buffers): their
   * reads can race with nothing and are evidence for no barrier, so the
   * model does not see them */
  unsigned nro;
  unsigned ro[8];
  simI_dim3 grid, block;     /* its dims */
  uint32_t tpb;              /* threads per block */
  uint32_t stride;           /* thread ids per block in the model's events
                                (SIMI_DP_STRIDE with device-side launches) */
  struct dpgrid {            /* child grids of this execution (simI_grid) */
    uint64_t first, n;       /* their virtual blocks */
    simI_dim3 grid, block;
    uint32_t site;           /* the launch */
    unsigned kernel;
  } *dpg;
  unsigned ndpg, capdpg;
  uint64_t exec;             /* executions ended so far */
  unsigned last_block, last_warp; /* last barrier arrival (witness) */
  uint64_t last_mask;
  int have_arrival;
  /* findings */
  fent *fv;
  unsigned nf, capf;
  uint32_t *fh;              /* hash: index+1 into fv, 0 empty */
  unsigned caph;
  /* barriers */
  bar *bars;
  unsigned nbars, capbars;
  bpair *pairs;              /* back-to-back barriers */
  unsigned npairs, cappairs;
  bstate *bs;                /* BSTATES slots, by block (redundant only) */
  uint8_t *ran;              /* bit per site: an access event came from it */
  uint32_t nsites;           /* sites of the program (bits of ran) */
  int multiwarp;             /* this execution's blocks span several warps */
  uint32_t group[2];         /* simD_set_pair: one barrier for the model */
  /* witness launches, by execution number (NULL if none kept) */
  simI_launch **launches;
  uint64_t nlaunches;
  int launch_needed;         /* this execution produced a new finding */
  /* source locations: every site is replaced by the first site seen with
   * the same file:line:column (its canonical site), so that one bug is one
   * finding and one source barrier is one barrier, also when the compiler
   * duplicated the instruction (unrolling, inlining) */
  uint32_t *canon;           /* hash: key site+1, value canonical site */
  unsigned ncanon, capcanon;
  struct sloc { const char *file; unsigned line, col; uint32_t site; } *locs;
  unsigned nlocs, caplocs;
  /* same-value grading, this execution: candidate instances and the
   * granules (+1, hash set) where a read-write race happened */
  svcand *svc;
  unsigned nsvc, capsvc;
  uint64_t *rdg;
  unsigned nrdg, caprdg;
  int nomem;                 /* an allocation failed */
  simD_stats st;             /* counters */
};

#define ONE_EXEC(c, sexec, one, dst)                                                  \
  do {                                                                              \
    if (!(one)) (c)->executions += (sexec);                                          \
    else if ((sexec) && (c)->last_exec != (dst)->exec + 1) {                         \
      (c)->last_exec = (dst)->exec + 1;                                             \
      (c)->executions++;                                                            \
    }                                                                               \
  } while (0)

/* detect.c, for detect_merge.c */
fent *dt_add_finding(simD_ctx *d, const simD_finding *f, uint64_t exec,
                         int *isnew);
uint32_t dt_canon_site(simD_ctx *d, uint32_t site);
void dt_cover_merge(simD_ctx *d, cover *c, const cover *s, int one);
bar *dt_get_bar(simD_ctx *d, uint32_t site);
bpair *dt_get_pair(simD_ctx *d, uint32_t a, uint32_t b);
int dt_keep_launch(simD_ctx *d, uint64_t exec, const simI_launch *l);

#endif
