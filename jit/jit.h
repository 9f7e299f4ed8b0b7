/*
 * simulee jit: launches run as native code. A kernel's device bitcode is
 * rewritten for the host CPU (the special registers become the loop
 * variables of a loop over the block's threads, every access through a
 * simulated pointer is translated to host memory with its bounds checked,
 * the math functions call the interpreter's own implementations), optimised
 * with the new pass manager (default<O2>) and compiled by ORC LLJIT, once per
 * module and kernel. Results are the interpreter's: what the rewrite cannot
 * reproduce exactly (warp collectives but __syncwarp, printf, traps, device
 * malloc, order-dependent atomics, ...) is refused, and the caller runs the
 * launch with the interpreter. The blocks of a launch's persistent device
 * heap (simI_launch.heap) are read and written in place like buffers (a
 * kernel that calls malloc/free/new/delete is refused, so no native launch
 * changes the heap's blocks, only their bytes).
 *
 * Used for launches that run without detection (simulee run's unchecked
 * launches). Not thread-safe across calls: the caller serialises launches.
 */
#ifndef SIMULEE_JIT_H
#define SIMULEE_JIT_H

#include <stdint.h>

#include "simulee/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct simJ_result {
  simI_status status;  /* OK, or TIMEOUT (a thread exceeded the step budget) */
  char message[512];   /* one line when not OK */
  uint64_t faults;     /* refused accesses (the interpreter's fault events) */
  int misaligned;      /* the first of them was a misaligned address */
  uint64_t threads;    /* threads run */
  double seconds;      /* wall time of the launch (compilation not included) */
  double cpu_seconds;  /* CPU time of the threads that ran its blocks */
  double compile_seconds; /* compilation of this launch's kernel (0: cached) */
  unsigned workers;    /* host threads that ran blocks */
} simJ_result;

/* A kernel is compiled once its launches that reached simJ_run have run
 * this many threads in all (SIMULEE_JIT_MIN_THREADS overrides; 0: at its
 * first launch); until then simJ_run returns 0 (interpreted). */
#define SIMJ_MIN_THREADS 65536u

/* ... or once the interpreter ran this many thread instructions of it
 * (simJ_note_interpreted): a kernel of few threads that loop long (a
 * grid-stride loop over a large array) is compiled before its launches'
 * threads add up. */
#define SIMJ_MIN_INSNS (1ull << 24)

/* The interpreter ran a launch of kernel k of bc (checked or not): insns
 * thread instructions (simI_result.insns), counted towards SIMJ_MIN_INSNS. */
void simJ_note_interpreted(const uint8_t *bc, unsigned k, uint64_t insns);

/* The detectors checked a launch of kernel k of bc: raced 1 when they found
 * a data race in it (any grade). A kernel whose checked launches found none
 * may access device memory through volatile pointers in native code (its
 * barriers order those accesses, as the checks saw); one that raced, or
 * that was never checked, stays interpreted when it does (warp-synchronous
 * code relies on lock step). */
void simJ_note_checked(const uint8_t *bc, unsigned k, int raced);

/* Run launch l of kernel k of program p, whose device bitcode is bc (bclen
 * bytes; the module p was loaded from), natively on up to `jobs` threads.
 * Returns 1 when it ran (res filled, memory updated as the interpreter
 * would), 0 when the kernel or launch is not one the native path takes, or
 * not yet (the caller runs it with the interpreter; nothing was touched). The compiled
 * kernel, or the refusal, is cached per (bc, k). */
int simJ_run(const uint8_t *bc, uint64_t bclen, const simI_program *p, unsigned k,
             const simI_launch *l, unsigned jobs, simJ_result *res);

/* Kernels with barriers run each thread as a coroutine suspended at every
 * barrier, and where little work lies between barriers the suspensions
 * cost more than the interpreter's lock step does. simJ_needs_probe: kernel
 * k is compiled, with barriers, and not yet measured against the
 * interpreter; the caller runs a few blocks each way and tells the CPU
 * seconds of each with simJ_decide (after a decision for the interpreter,
 * simJ_run returns 0 for the kernel). */
int simJ_needs_probe(const uint8_t *bc, unsigned k);
/* Kernel k was compiled or refused and needs no probe: its launches run
 * whole, as simJ_run decides. */
int simJ_settled(const uint8_t *bc, unsigned k);
/* Returns 1 when native code is kept; SIMULEE_JIT_PROBE=native or
 * =interpreter decides instead of the times (for benchmarks and tests). */
int simJ_decide(const uint8_t *bc, unsigned k, const char *name, double native_s, double interp_s);

/* Why kernel k of bc was refused ("" when it was compiled or never tried). */
const char *simJ_refusal(const uint8_t *bc, unsigned k);

/* Counters of the process: kernels compiled, refused, launches run. */
void simJ_counts(unsigned *compiled, unsigned *refused, uint64_t *launches, double *compile_s);

#ifdef __cplusplus
}
#endif
#endif
