/*
 * simulee detect: the synchronization-bug detectors (data race, barrier
 * divergence, redundant barrier, invalid warp mask) plus out-of-bounds and
 * assertion findings,
 * driven by the interpreter's observer events through the memory-access
 * model (model.h).
 *
 * Usage, one kernel, any number of executions (launches) of it:
 *
 *   simD_ctx *d = simD_new(prog, kernel, NULL);
 *   for each launch l:
 *     simI_observer ob = simD_observer(d);
 *     simI_run(prog, kernel, &l, &ob, 1, &res);
 *     simD_end_execution(d, &l, &res);
 *   simD_list out; simD_list_init(&out);
 *   simD_collect(d, &out);            // deduplicated findings of all runs
 *   ... simD_finding_launch(d, &out.v[i]) gives the witness launch ...
 *   simD_list_free(&out); simD_free(d);
 *
 * Contract of the module:
 *  - A context belongs to one (program, kernel) and one thread at a time.
 *    It accumulates evidence over every execution ended with
 *    simD_end_execution(): races, divergence and out-of-bounds findings are
 *    the union over executions; a barrier is reported redundant only if it
 *    executed in at least one execution and in none of them did merging the
 *    two visit orders it separated create a race, some execution ran
 *    accesses of different threads on both sides of it in a block of more
 *    than one warp (the evidence, stated in the finding), and it is not
 *    the barrier of a divergence finding (divergent wins).
 *  - Exactness: every access that races (rules in detect.c / model.h) with an
 *    earlier access of the same execution produces a race finding (with one
 *    of its racing partners as the witness); no race is reported that the
 *    rules do not support. The shadow state per memory unit is bounded by a
 *    constant; nothing is evicted.
 *  - No function exits the process; errors are return codes.
 */
#ifndef SIMULEE_DETECT_H
#define SIMULEE_DETECT_H

#include <stddef.h>
#include <stdint.h>

#include "simulee/finding.h"
#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simD_ctx simD_ctx;

/* What to detect. simD_options_default() gives every field its default. */
typedef struct simD_options {
  int races;          /* data races (default 1) */
  int divergence;     /* barrier divergence (default 1) */
  int redundant;      /* redundant barriers (default 1) */
  int out_of_bounds;  /* findings from interpreter fault events (default 1;
                         an inner array dimension overrun is reported
                         whatever this says) */
  int assertions;     /* a SIMI_E_TRAP result becomes an assertion finding
                         (default 1) */
  int warp_mask;      /* invalid mask operands of warp-synchronous
                         collectives (default 1) */
  int initcheck;      /* uninitialized reads of shared, local and device-heap
                         memory whose value flows somewhere (simI_uninit;
                         default 1): an error naming the first use;
                         evidence: the memory read */
  int same_value;     /* SIMD_SAME_VALUE_*: what a write-write race whose
                         writers store the same bytes (and that no read
                         races with at that address in that execution)
                         becomes (default SIMD_SAME_VALUE_WARNING) */
} simD_options;

/* simD_options.same_value (--same-value-races error|warning|off). */
enum { SIMD_SAME_VALUE_WARNING = 0, SIMD_SAME_VALUE_ERROR, SIMD_SAME_VALUE_OFF };

/* Grading (simD_collect): a data race is
 *  - grade "same-value" (level WARNING, or ERROR / dropped per
 *    same_value) when every instance is a write-write pair whose second
 *    writer stored the bytes that were there (simM_race.prev) and no
 *    read-write race hit that address (4-byte granule) in that execution;
 *  - else grade "warp-synchronous", level WARNING, when every instance is
 *    one that lock-step warp execution orders (SIMM_WOULD_LOCKSTEP: only
 *    with simI_launch.its, independent thread scheduling);
 *  - else an ERROR without grade.
 * A redundant barrier is a WARNING. Graded findings carry the reason and
 * the fix at the end of their message. */

void simD_options_default(simD_options *o);

/* A detector context for kernel `kernel` of program p (p must outlive the
 * context). o may be NULL for the defaults. Returns NULL on out of memory
 * or if kernel is not a kernel index of p. Free with simD_free(). */
simD_ctx *simD_new(const simI_program *p, unsigned kernel,
                   const simD_options *o);
void simD_free(simD_ctx *d);

/* The observer to pass to simI_run for the next execution. The launch must
 * be the one given to simI_run; the context reads the launch configuration
 * (dims, warp size, its) from launch_begin. */
simI_observer simD_observer(simD_ctx *d);

/* Finish the current execution (call after simI_run returned, also when it
 * failed). l: the launch just run (may be NULL: the one seen at
 * launch_begin is used; it must still be valid). res: its result, may be
 * NULL; with res->status == SIMI_E_TRAP an assertion finding is added at
 * res->site. Finalises the execution's race and redundancy evidence and
 * keeps a copy of the launch (dims, arguments, buffer sizes and names, no
 * buffer data) as the witness of the findings first seen in it.
 * Returns 0, or -1 on out of memory (the execution's evidence is then
 * dropped whole). Calling it without a preceding run is a no-op. */
int simD_end_execution(simD_ctx *d, const simI_launch *l,
                       const simI_result *res);

/* Append the deduplicated findings of every ended execution to out (with
 * simD_list_add): races, barrier divergence, out-of-bounds, assertions, and
 * redundant barriers (computed now from the accumulated evidence). Order:
 * by kind, then by the first site's id. Sites in findings are canonical:
 * instructions with one file:line:column (copies made by unrolling or
 * inlining) are one site, so one bug is one finding and one source barrier
 * is judged as a whole. May be called again later (give it an empty list:
 * findings already in out get their counts added). Returns the number of
 * findings appended, or -1 on out of memory. */
int simD_collect(simD_ctx *d, simD_list *out);

/* Library code (the "in-library" grade): is source file `path` a system or
 * library header: under /usr/include, /usr/local/include, /usr/lib or
 * /usr/local/cuda (not /opt: projects live there too), or under the directory of simulee's own CUDA
 * headers (simD_set_library_dir; else $SIMULEE_CUDA_DIR)? A data race both
 * of whose accesses lie in library code is a WARNING graded "in-library",
 * its message naming the pattern (CUB's tile status published with .cg
 * stores and loads: thread_store.cuh / thread_load.cuh). */
int simD_library_path(const char *path);
/* Race f (sites of program p) lies in library code, both of its accesses:
 * grade it "in-library", a WARNING whose message names the pattern (the
 * detectors' races, and runtime/sample.c's races between blocks). */
void simD_grade_library(const simI_program *p, simD_finding *f);
/* Findings a and b (sites of program p) are the same bug: the same kind at
 * the same source places (file, line, column; a race's two in either
 * order), whatever site ids the runs that found them gave those places
 * (cli/check.c's grading of the search's findings, runtime/launch.c's
 * races between blocks against the detectors'). */
int simD_same_finding(const simI_program *p, const simD_finding *a, const simD_finding *b);
/* The directory of simulee's own CUDA headers (the program sets it once,
 * before any detection; NULL: none). The string must outlive the process's
 * detections. */
void simD_set_library_dir(const char *dir);

/* The launch of the execution where finding f (as returned by simD_collect
 * of this context) was first seen; NULL for redundant barriers (whose
 * evidence spans executions) or unknown findings. Owned by d: valid until
 * simD_free. Its buffers have data == NULL. */
/* An access outside every allocation, named by the launch buffer it missed
 * (out-of-bounds findings): an address past a buffer's end or just below its
 * start (a[-1] wraps into the allocation field) as the buffer and a signed
 * element index of its element type, "buffer 'sift2'[-1]", "buffer
 * 'nlist'[7]" (a signed byte offset, "buffer 'b' - 3", when the element
 * size does not divide it). Returns SIMI_SPACE_GLOBAL with buf written and
 * *below (may be NULL) set when the address is below the buffer's start, or
 * 0 (no buffer of l is near: buf untouched). An access below a buffer's
 * start depends on no buffer size: it is an out-of-bounds finding even
 * when simD_options.out_of_bounds is off (the automatic search). */
unsigned simD_describe_oob(const simI_launch *l, uint64_t addr, char *buf, size_t len,
                           int *below);

const simI_launch *simD_finding_launch(const simD_ctx *d,
                                       const simD_finding *f);

/* Merge the evidence of src (same program and kernel) into dst: findings,
 * counts, barrier evidence and executions. For a search that runs several
 * contexts on worker threads. Returns 0, -1 on out of memory, -2 if src is
 * for another kernel. src is unchanged. */
int simD_merge(simD_ctx *dst, const simD_ctx *src);

/* A fresh context for one part of a launch (simI_run_jobs) that d runs:
 * d's program, kernel, options and simD_set_pair. NULL on out of memory. */
simD_ctx *simD_new_part(const simD_ctx *d);
/* 1 when d recorded no finding and no race instance (and no allocation
 * failed): merging it with simD_merge_launch gives the serial result.
 * Also while d runs (from its observer's thread). */
int simD_part_clean(const simD_ctx *d);

/* Merge n contexts (same program and kernel) that each ran one part of
 * one launch (simI_run_jobs: blocks split into ranges, parts in ascending
 * block order, each ended with simD_end_execution) into dst as one
 * execution of that launch: the state dst has after running the whole
 * launch itself when the parts' event streams, concatenated, are its
 * stream and no part found a race. Returns 0, -1 on out of memory, -2 if
 * a part is for another kernel or did not run exactly one execution. */
int simD_merge_launch(simD_ctx *dst, simD_ctx *const *parts, unsigned n);

/* The evidence about one barrier (a source barrier: instructions with the
 * same file:line:column count as one, see simD_collect). */
typedef struct simD_barrier_stat {
  uint32_t site;        /* the barrier (its canonical site) */
  uint64_t instances;   /* releases over all executions */
  uint64_t executions;  /* executions in which it released */
  int needed;           /* some execution showed that deleting it creates a
                           race; 0: redundant so far */
  uint64_t covered;     /* executions in which some instance had accesses of
                           different threads on both sides in a block of
                           more than one warp (evidence for "redundant") */
} simD_barrier_stat;

/* The barriers that released so far, in order of first release: writes at
 * most max entries to out (out may be NULL when max is 0) and returns how
 * many there are. */
unsigned simD_barrier_stats(const simD_ctx *d, simD_barrier_stat *out,
                            unsigned max);

/* Back-to-back barriers. Two barriers whose releases followed one another
 * in some block (in either order), each alone not needed, may still be
 * needed together: removing both merges three intervals. simD_collect
 * reports such a pair as one redundant-barrier finding with site[0] and
 * site[1] the two barriers (source order) when removing both races
 * ("one of the barriers at lines 139 and 170 is redundant; removing both
 * races") or when no access ran between them; otherwise each is judged
 * alone.
 *
 * simD_barrier_pairs: the candidate pairs still to evaluate (each alone not
 * needed, with accesses before the first and after the second in a block of
 * more than one warp): writes at most max to out, returns how many.
 * simD_set_pair: before the first run of a fresh context of the same
 * program and kernel, make barriers a and b (canonical sites of another
 * context) one barrier for the model; after the runs, simD_pair_races says
 * whether deleting both created a race in them (1) or not (0). Returns 0,
 * -1 when the context already ran or a/b are invalid.
 * simD_set_pair_verdict: record that verdict in the context that collects
 * (races: nonzero if some execution raced with both removed). */
unsigned simD_barrier_pairs(const simD_ctx *d, uint32_t (*out)[2], unsigned max);
int simD_set_pair(simD_ctx *d, uint32_t a, uint32_t b);
int simD_pair_races(const simD_ctx *d);
/* simD_pair_covered: executions with accesses before the first and after
 * the second of barriers a and b (either order) in a block of more than one
 * warp; 0 if the pair never released back to back. */
uint64_t simD_pair_covered(const simD_ctx *d, uint32_t a, uint32_t b);
void simD_set_pair_verdict(simD_ctx *d, uint32_t a, uint32_t b, int races);

/* Counters of a context (cumulative over executions). */
typedef struct simD_stats {
  uint64_t executions;      /* simD_end_execution calls after a run */
  uint64_t access_events;   /* warp access events seen */
  uint64_t lane_accesses;   /* lane accesses checked */
  uint64_t races;           /* dynamic race instances */
  uint64_t releases;        /* block barrier releases */
  uint64_t shadow_bytes_peak;   /* peak shadow memory of one execution */
  uint64_t tracked_bytes_peak;  /* peak bytes of memory covered by shadow
                                   pages in one execution */
} simD_stats;

void simD_get_stats(const simD_ctx *d, simD_stats *s);

/* ------------------------------------------- confirmation (confirm.c)
 * Confirmation of races by schedule perturbation (as in LD): the witness
 * launch runs under the default schedule and then under up to
 * SIMD_CONFIRM_SCHEDULES other legal ones (simI_schedule), in this order:
 *   0 "warp order reversed"
 *   1 "warps interleaved instruction by instruction"
 *   2 "block order reversed"
 *   3 "divergent branches not-taken side first"
 *   4..7 "random warp order, seed N" (turns of 1..4 dispatches; N is
 *        4 * options seed + schedule index - 3, so one seed, one schedule)
 * and the final contents of every launch buffer are compared element by
 * element (elements of the buffer's type; bytes when it is unknown) with
 * the default schedule's. The result says whether the launch's result
 * depends on the schedule: it is given to every race finding of that
 * launch; the element reported is, of the schedules that differ, the first
 * at the finding's own address (global races), else the first differing
 * element of the first schedule that differs (lowest buffer, then
 * offset). __device__ variables are not compared. A schedule whose run
 * does not end normally (timeout, trap) is not counted. Deterministic: the
 * same launch and seed give the same result, unless the time limit cuts
 * the schedules short. */
#define SIMD_CONFIRM_SCHEDULES 8
#define SIMD_CONFIRM_SECONDS 5.0

typedef struct simD_confirm_options {
  unsigned max_schedules; /* other schedules to try, 0 = all 8 */
  double time_limit;      /* wall seconds for all runs of one call, 0 =
                             SIMD_CONFIRM_SECONDS */
  uint64_t seed;          /* seeds the random warp orders */
} simD_confirm_options;

/* A maker of fresh copies of the witness launch: make() sets *l to a launch
 * whose buffers hold the launch's initial contents (simI_run may change
 * them, and grow those with cap > size), returns 0, or -1 on out of
 * memory; release() frees what make() made. */
typedef struct simD_launch_maker {
  void *ctx;
  int (*make)(void *ctx, simI_launch **l);
  void (*release)(void *ctx, simI_launch *l);
} simD_launch_maker;

/* Name of other schedule i (0-based, as listed above) into buf. */
void simD_confirm_schedule_name(unsigned i, uint64_t seed, char *buf, size_t len);
/* The simI_schedule of other schedule i. */
simI_schedule simD_confirm_schedule(unsigned i, uint64_t seed);

/* Confirm the n findings fs (races of kernel k of p whose witness launch m
 * makes) and fill their `confirm`: schedules run to the end, differs, and
 * the first differing element (buffer name, element offset, raw values
 * under the default schedule and the other, element size, element type,
 * schedule name). Findings other than data races are left alone. With
 * n == 0 nothing runs. When the default schedule's run does not end
 * normally the findings keep schedules = 0 (not attempted). Returns 0, or
 * -1 on out of memory (the findings keep what was filled). */
int simD_confirm(const simI_program *p, unsigned k, const simD_launch_maker *m,
                 const simD_confirm_options *o, simD_finding *const *fs,
                 unsigned n);

#ifdef __cplusplus
}
#endif
#endif
