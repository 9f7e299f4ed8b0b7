/*
 * simulee runtime: what launch.c and memory.c hand to the run's findings
 * (runtime/findings.c). The API misuse findings, the host's races with
 * launches and synchronization are declared in runtime/internal.h, for the
 * libraries too.
 */
#ifndef SIMULEE_RUNTIME_FINDINGS_H
#define SIMULEE_RUNTIME_FINDINGS_H

#include "runtime/internal.h"
#include "runtime/module.h"
#include "simulee/detect.h"

/* The launches of this process: launch.c counts them, the summary line
 * (runtime/exitpath.c) and the statistics read them. */
typedef struct simR_launch_counts {
  uint64_t launches; /* launches made (the ordinal of the last; a forked
                        child goes on from its parent's) */
  uint64_t checked;  /* of which with detection */
  unsigned kernels;  /* kernels launched in this process */
} simR_launch_counts;
extern simR_launch_counts simR_launched;

/* A record of launch `ordinal` of f (l, res: the launch and its result):
 * its findings not reported before (all of them when the launch failed),
 * with the program's line (frames), added to the report. */
void simR_launch_record_locked(const simR_func *f, const simI_launch *l, const simI_result *res,
                               simD_list *found, uint64_t ordinal, void *const *frames,
                               int nframes);
/* The records added since the last call: printed on stderr now (as a GPU
 * sanitizer prints each error when it happens), the report rewritten; the
 * summary's counts follow. */
void simR_records_flush_locked(void);
/* The race-between-launches finding of conflict c: `who` (this launch, or
 * a library call's name) against c's other side, at sites s0/s1, why. */
void simR_conflict_finding(const simR_conflict *c, const char *who, uint32_t s0, uint32_t s1,
                           const char *why, simD_finding *x);
/* The nc conflicts of library call (or copy, memset) `ordinal` named
 * `name` with the launches it is not ordered with: a record at the
 * program's line, printed at once. */
void simR_libcall_conflicts_locked(const char *name, uint64_t ordinal, const simR_conflict *conf,
                                   unsigned nc);

#endif
