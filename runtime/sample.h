/*
 * simulee runtime: the sampled check of a launch too large for the
 * detectors. The shadow tells apart SIMI_MAX_THREADS_TOTAL threads of one
 * launch; a checked launch of more threads runs all its blocks, but its
 * detectors see only a sample of them:
 *  - the sample: the first SIMR_SAMPLE_EDGE blocks, the last SIMR_SAMPLE_EDGE
 *    blocks, and blocks evenly spaced between them, SIMR_SAMPLE_THREADS
 *    threads in all (whole blocks, in linear block order);
 *  - the detectors see the sampled blocks as a grid of their own (block i of
 *    the sample is block i of a one-dimensional grid); the findings are
 *    turned back to the launch's own blockIdx (simR_sample_fix);
 *  - every block, sampled or not, has its plain accesses of global memory
 *    (launch buffers) tracked per 4-byte word: a word written by one block
 *    and read or written by another is an inter-block race when one of the
 *    two blocks is outside the sample (two sampled blocks are the
 *    detectors' to judge). Atomic accesses are not plain; a kernel that
 *    orders blocks (a fence of device or system scope, an atomic with an
 *    order stronger than relaxed) has no such races reported, the report
 *    saying why.
 * The workers of a parallel run share one tracker (its words are updated
 * with atomic operations) and filter their own detector parts.
 */
#ifndef SIMULEE_RUNTIME_SAMPLE_H
#define SIMULEE_RUNTIME_SAMPLE_H

#include <stdint.h>

#include "simulee/finding.h"
#include "simulee/interp.h"

/* Threads the sample holds at most (whole blocks), and blocks of it taken
 * from each end of the grid. */
#define SIMR_SAMPLE_THREADS (1u << 25)
#define SIMR_SAMPLE_EDGE 1024u

typedef struct simR_sample simR_sample;

/* The sample of launch l (kept by pointer: it must outlive the sample) for
 * a kernel checked with more than SIMI_MAX_THREADS_TOTAL threads; NULL when
 * out of memory. */
simR_sample *simR_sample_new(const simI_launch *l);
/* The same with a sample of at most `threads` threads (whole blocks, at
 * least 2): policy 1 for the check policy's sample of a launch of more
 * than --check-threads threads (runtime/launch.c runs the blocks outside
 * it unchecked, simI_launch.skip), 2 for the same of a kernel whose blocks
 * wait for each other (simI_kernel_info.waits_on_blocks: every block runs
 * in one interpreted pass), 0 for the detectors' limit. */
simR_sample *simR_sample_new_budget(const simI_launch *l, uint64_t threads, int policy);
/* simI_launch.skip functions (ctx: the sample): 1 for the blocks outside
 * the sample (simR_sample_out), or inside it (simR_sample_in). */
int simR_sample_out(const void *s, uint64_t b);
int simR_sample_in(const void *s, uint64_t b);
void simR_sample_free(simR_sample *s);

/* The launch the detectors are given (the sample as a 1-D grid). */
const simI_launch *simR_sample_view(const simR_sample *s);

/* Whether linear block b is in the sample (and its index there). */
int simR_sample_has(const simR_sample *s, uint64_t b, uint64_t *idx);

/* An observer in front of `inner` (a detector's): events of sampled blocks
 * go on with the sample's block numbers, the others are dropped; every
 * access of global memory is tracked. ctx storage is the caller's
 * (simR_sample_filter_size bytes) and lives as long as the observer. main:
 * 1 for the launch's own observer (its launch_begin starts a serial run:
 * the tracking of a parallel run that was not kept is forgotten), 0 for a
 * part's of a parallel run. */
unsigned simR_sample_filter_size(void);
simI_observer simR_sample_filter(simR_sample *s, const simI_observer *inner, void *storage,
                                 int main);

/* The finding of detector d turned back to the launch's blocks. */
void simR_sample_fix(const simR_sample *s, simD_finding *x);

/* One line saying which blocks were checked (for the report), into buf. */
void simR_sample_describe(const simR_sample *s, char *buf, size_t len);

/* The inter-block races the word tracking found (at most max findings,
 * one per pair of sites); *dropped: 1 when the kernel orders blocks, so
 * none is reported. Returns the number written. */
unsigned simR_sample_races(const simR_sample *s, simD_finding *out, unsigned max, int *dropped);

#endif
