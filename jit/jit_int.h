/*
 * simulee jit, internal: what the rewrite (jit/jit.c) and the launches of
 * compiled kernels (jit/jit_run.c) share: the worker context the native
 * code reads, a launch's state, the cache of compiled kernels.
 */
#ifndef SIMULEE_JIT_INT_H
#define SIMULEE_JIT_INT_H

#include <setjmp.h>
#include <stdatomic.h>

#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/TargetMachine.h>

#include "interp/ir.h"
#include "jit/jit.h"

/* Slots of the worker context the native code reads (uint64 each). */
enum {
  C_NTID = 0, C_CTAID = 3, C_NCTAID = 6, C_TAB = 9,
  C_FIRST = 10, /* 16: first table entry of each space */
  C_CNT = 26,   /* 16: entries of each space (allocations 0..cnt-1) */
  C_MAXSTEPS = 42,
  C_ARG = 48,   /* 3 per pointer parameter j < C_MAXARGS: its allocation's
                   key (pointer >> 40, ~0: none), host base, size */
  C_VAR = 48 + 3 * 32, /* 3 per shared, then constant, variable j < C_MAXVARS:
                          the same (key, base, size) */
  C_NSLOTS = 48 + 3 * 32 + 3 * 32
};
#define C_MAXARGS 32u
#define C_MAXVARS 32u
#define SJ_MAX_LOCAL 4096u /* bytes of allocas a kernel's thread may have */

typedef struct ent { uint8_t *base; uint64_t size; } ent;

struct launch_state;

typedef struct wctx {
  uint64_t s[C_NSLOTS]; /* first: the native code's view */
  struct launch_state *L;
  ent *tab;
  uint8_t *shared;      /* the block's shared memory (all variables) */
  uint64_t shared_bytes;
  uint64_t faults;
  unsigned fault_block; /* block of the first fault */
  int misaligned;
  unsigned block;       /* linear id of the block running */
  jmp_buf out;          /* a timeout leaves the native code */
  int timed_out;
  double cpu;           /* CPU seconds of the thread that ran it */
  /* kernels with barriers: each thread of the block a coroutine (its
   * frame in the arena), suspended at each barrier */
  void **hdl;           /* per thread: its coroutine's handle */
  uint8_t *arena;       /* the frames */
  size_t arena_len;
  uint8_t *fdone;
  uint8_t *fwait;       /* per thread: 0 runs, FW_BLOCK / FW_WARP / FW_LOCK waits */
  unsigned fcur, nfib;
  uint8_t junk[512];    /* where a refused store lands */
} wctx;

enum { FW_BLOCK = 1, FW_WARP = 2, FW_LOCK = 3 };

typedef void (*block_fn)(wctx *c, const uint64_t *args);
/* a kernel with barriers: one thread, (x, y, z), started as a coroutine:
 * it runs to its first barrier or its end and returns its handle (resumed
 * by calling the function at the handle's address with the handle) */
typedef void *(*thread_fn)(wctx *c, const uint64_t *args, uint32_t x, uint32_t y, uint32_t z);

typedef struct launch_state {
  const simI_program *p;
  const simI_launch *l;
  block_fn fn;
  thread_fn tfn;        /* set instead of fn: the kernel has barriers */
  const uint64_t *args;
  uint64_t nblocks;
  _Atomic uint64_t next;
  atomic_int stop;
  unsigned ntab, nbuf, nshared, nconst;
  ent *tab;             /* the template: buffers, shared (offsets), consts */
  uint64_t shared_bytes;
  uint8_t ws[SIMI_WORKSPACE_BYTES];
} launch_state;

typedef struct cached {
  const uint8_t *bc;
  unsigned k;
  block_fn fn;        /* NULL: refused */
  int fibers;         /* fn is a thread_fn (the kernel has barriers: its
                         threads are coroutines) */
  int tried;          /* compiled, or refused */
  uint64_t threads;   /* threads of its unchecked launches before that */
  uint64_t insns;     /* thread instructions the interpreter ran for it */
  int checked;        /* its checked launches: 1 none raced so far, -1 one
                         did (simJ_note_checked), 0 none was checked */
  int vol_refused;    /* refused for a volatile access of device memory */
  int vol_retried;    /* compiled again once its checks came out clean */
  uint64_t *specv;    /* fn is specialised (sj_compile's spec): the integer
                         arguments it was compiled for, per parameter */
  int engine;         /* coroutines against the interpreter (simJ_decide): 0
                         not measured, 1 native code is faster, -1 the
                         interpreter is (simJ_run then declines) */
  char why[200];
} cached;

typedef struct jit_state {
  int init;           /* 1 ok, -1 the JIT could not start */
  LLVMOrcLLJITRef jit;
  LLVMOrcThreadSafeContextRef tsc;
  LLVMTargetMachineRef tm;
  cached *v;
  unsigned n, cap;
  unsigned compiled, refused, serial;
  int min_read;
  uint64_t min_threads;
  uint64_t launches;
  double compile_s;
  int debug;
} jit_state;
extern jit_state simJ_g; /* the JIT: one per process */


/* jit.c: start the JIT (once): 1, or -1 when it cannot. */
int sj_init(void);
/* jit.c: kernel k of module bc (bclen bytes, loaded as p) compiled, or NULL
 * with why (*fibers: the function is a thread_fn). */
/* vol_ok: volatile accesses of device memory are taken (the kernel's
 * checked launches found no race); else they refuse the kernel, with
 * *vol_refused set when that was the reason.
 * spec: NULL, or a launch whose integer arguments become constants in the
 * code (a specialisation, for those values only); *want_spec: refused for
 * a call that cannot be inlined, which a specialisation might drop. */
block_fn sj_compile(const uint8_t *bc, uint64_t bclen, const simI_program *p, unsigned k,
                    char *why, size_t whylen, int *fibers, int vol_ok, int *vol_refused,
                    const simI_launch *spec, int *want_spec);

#endif
