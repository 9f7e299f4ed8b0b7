/*
 * Private to the interpreter (exec.c and the exec_*.inc files it includes):
 * the execution state (launch, blocks, warps, SIMT stack, frames), the
 * scheduling constants and the small helpers every instruction family uses.
 */
#ifndef SIMULEE_INTERP_EXEC_INT_H
#define SIMULEE_INTERP_EXEC_INT_H

#define _GNU_SOURCE
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/mman.h>

#include "interp/format.h"
#include "interp/ir.h"
#include "interp/sreg.h"
#include "interp/util.h"
#include "interp/heap.h"
enum { IO1_CTPOP, IO1_CTLZ, IO1_CTTZ, IO1_BSWAP, IO1_BITREV, IO1_ABS };
enum { IO2_SMIN, IO2_SMAX, IO2_UMIN, IO2_UMAX, IO2_MULHI, IO2_UMULHI, IO2_MUL24,
       IO2_UMUL24, IO2_SADDSAT, IO2_UADDSAT, IO2_SSUBSAT, IO2_USUBSAT, IO2_PRMT,
       IO2_SAD, IO2_USAD, IO2_HADD, IO2_UHADD, IO2_RHADD, IO2_URHADD };

#define RESIDENT 16              /* blocks resident at once */
#define WARP_SLICE 20000         /* dispatches before a warp yields */
#define SPIN_SLICE 2000          /* --its: dispatches of one divergent path
                                    looping before its sibling path runs */
#define SPIN_AHEAD 2000          /* --its: dispatches of looping before the
                                    lanes waiting at its reconvergence point
                                    run past it (warp collectives after it
                                    then see part of the warp) */
#define BLOCK_SLICE 400000       /* dispatches before a block yields */
#define COOP_SLICE 20000         /* the same in a launch using grid.sync(): its
                                    blocks spin while waiting for the others */
#define CLOCK_EVERY 4096         /* dispatches between reads of the clock */
#define LAZY_SHARED (256u << 10) /* shared memory above this: fresh calloc per block */
#define DEFAULT_LOCAL 8192       /* per-thread stack bytes */
#define MAX_FRAMES 4096          /* call depth */
#define OFFMASK 0xFFFFFFFFFFull

enum { W_RUN, W_BAR, W_DONE, W_CLW /* waits at barrier.cluster */,
       W_MBAR /* waits at an mbarrier phase */ };

/* A pending asynchronous copy of one thread (cp.async): issued, not landed. */
typedef struct cpa {
  uint64_t dst, src;  /* simulated pointers */
  uint64_t id;        /* launch-wide id (simI_async.id) */
  uint32_t size;      /* bytes written at dst */
  uint32_t nsrc;      /* bytes read from src (the rest of dst is zeroed) */
  uint32_t group;     /* commit group of the lane, CPA_UNCOMMITTED if none yet */
  uint32_t site;      /* the copy instruction */
  uint8_t lane;       /* issuing lane */
  uint64_t mbar;      /* the mbarrier whose phase completion lands it (a
                         cp.async.mbarrier.arrive tracks it), 0 if none */
} cpa;
#define CPA_UNCOMMITTED UINT32_MAX

typedef struct simt {
  uint32_t pc;       /* next instruction of this path */
  uint32_t rpc;      /* reconvergence point (pops when pc reaches it) */
  uint64_t mask;     /* lanes of this path */
  uint32_t frame;    /* call frame index */
  uint32_t path;     /* path id for the observers */
} simt;

typedef struct frame {
  uint64_t *regs;    /* nregs * W slots */
  size_t cap;        /* slots allocated in regs */
  uint32_t func;     /* function index */
  uint32_t ret_dst;  /* caller register receiving the result */
  uint32_t sp_base;  /* local stack offset of this frame */
  uint64_t *taint;   /* initcheck: per register the lanes holding a value
                        derived from uninitialized memory (valid while the
                        warp's `taint` is set) */
  size_t tcap;       /* entries allocated in taint */
  uint32_t *torig;   /* initcheck: per register (tcap entries) the pending
                        read its taint came from, UINT32_MAX not known */
} frame;

struct blk;

/* A resident thread block cluster (its blocks occupy consecutive slots). */
typedef struct clu {
  uint64_t id;          /* linear cluster index in the grid */
  unsigned c[3];        /* %clusterid */
  uint32_t phase;       /* completed phases of barrier.cluster */
  uint64_t arrived;     /* threads arrived in this phase */
  unsigned ndone;       /* blocks of the cluster that have ended */
  struct blk *m[SIMI_MAX_CLUSTER]; /* the blocks by rank */
} clu;

typedef struct warp {
  struct blk *b;     /* owning block */
  unsigned idx;      /* warp index in the block */
  unsigned nl;       /* lanes present */
  uint64_t full;     /* mask of present lanes */
  uint64_t live;     /* lanes not exited */
  uint8_t slept;     /* its last slice ended at __nanosleep */
  int state;         /* W_RUN, W_BAR, W_DONE */
  simt *st;          /* reconvergence stack */
  uint32_t nst, capst;
  frame *fr;         /* call frames */
  uint32_t nfr, capfr;
  uint8_t *local;    /* nl * local_bytes, allocated on first use */
  uint32_t lsp;      /* local stack top (same offset for every lane) */
  uint64_t steps;    /* dispatches so far */
  uint32_t bar_site; /* barrier the warp waits at */
  uint32_t bar_kind; /* 0 plain, 1 popc, 2 and, 3 or */
  uint32_t bar_dst;  /* result register of a reducing barrier */
  uint32_t bar_frame;/* frame of that register */
  uint64_t bar_mask; /* lanes waiting */
  uint64_t bar_pred; /* lanes whose predicate was true */
  int bar_named;     /* parked at named barrier bar_id (not the block's) */
  unsigned bar_id;   /* named: barrier id 0..15 */
  uint32_t last_div; /* site of the last divergent branch */
  /* the last conditional branch ([0]) and the last divergent one ([1]) the
   * warp ran: for barrier divergence (release()); written on every
   * conditional branch, read only when a barrier releases divergent */
  uint32_t cbr_site[2], cbr_frame[2];
  uint64_t cbr_m[2], cbr_t[2]; /* lanes that ran it / saw the condition true */
  uint32_t exit_site; /* where lanes of the warp last exited, UINT32_MAX */
  uint32_t top_n;    /* --its: stack depth when top_since was taken */
  uint64_t top_since;/* --its: dispatch count when the top entry became top */
  uint32_t next_path;/* path id counter */
  uint32_t cl_phase; /* phase of the cluster barrier at the warp's last arrive */
  uint32_t tid[3][64]; /* threadIdx per lane */
  uint32_t printed[64];/* printf bytes per lane this launch (SIMI_PRINT_CAP) */
  uint32_t clk[64];    /* clock reads per lane (SIMI_CLOCK_TICK) */
  cpa *cp;           /* pending async copies of the warp's lanes, in issue order */
  uint32_t ncp, capcp;
  uint32_t cp_groups[64]; /* cp.async groups committed so far, per lane */
  uint32_t mb_site;  /* W_MBAR: the failed mbarrier wait */
  uint64_t mb_addr;  /* W_MBAR: the mbarrier it waits on */
  uint32_t mb_epoch; /* W_MBAR: the block's mb_epoch when it failed */
  int taint;         /* initcheck: some register of a frame may be tainted */
  uint32_t taint_origin; /* initcheck: the warp's latest uninitialized read
                            (index into the block's pending reads), or
                            UINT32_MAX */
  uint32_t local_hi; /* initcheck: per-lane stack bytes whose shadow may be
                        set (cleared up to it when the next block starts) */
  uint32_t mb_probe_site; /* its mb_site when the block's last probe round
                             began (UINT32_MAX: it was not waiting) */
} warp;

/* initcheck: an uninitialized read waiting for the block's end, when it is
 * reported (or dropped, see flush_uninit). */
typedef struct upend {
  uint32_t site;     /* the load */
  unsigned warp;     /* warp and lanes */
  uint64_t mask;
  uint64_t addr;     /* first lane's pointer */
  unsigned size;     /* bytes read */
  uint32_t use_site; /* the first place its value reached (simI_uninit), or
                        UINT32_MAX */
  unsigned use;      /* what that was (SIMI_USE_*) */
} upend;
#define MAX_UPEND 256      /* pending reads per block (more: not reported) */

/* A child grid a lane of the block launched (dynamic parallelism), queued
 * until the block's next cudaDeviceSynchronize() or its end. */
typedef struct dpq {
  unsigned kernel;        /* kernel index */
  simI_dim3 grid, block;  /* its dimensions */
  uint32_t shmem;         /* dynamic shared bytes */
  uint32_t site;          /* the launch */
  unsigned thread;        /* launching thread in the block */
  uint64_t id;            /* grid id (simI_grid.id) */
  uint8_t *params;        /* malloc'd parameter buffer */
  uint32_t *offs;         /* malloc'd: byte offset of each parameter */
  uint32_t bytes;         /* bytes in params */
} dpq;

typedef struct blk {
  unsigned id;       /* linear block index (a child grid's: virtual, see
                        SIMI_DP_*) */
  upend *up;         /* initcheck: pending reads (MAX_UPEND) */
  unsigned nup;
  unsigned c[3];     /* blockIdx */
  warp *w;           /* warps */
  unsigned nw;
  uint8_t *shared;   /* static + dynamic shared memory */
  int shared_charged;/* counted against the memory limit */
  int active;        /* slot in use */
  uint64_t exited;   /* threads exited */
  unsigned arrived[16]; /* named barriers: threads arrived this generation */
  clu *cl;           /* its cluster (clusters of more than one block), or NULL */
  unsigned rank;     /* %cluster_ctarank */
  int done;          /* ended; its slot is kept until its cluster has ended */
  uint32_t mb_epoch;    /* bumped by every mbarrier state change in the block */
  int mb_probe;         /* the warps parked at mbarrier waits were re-run */
  uint32_t mb_probe_epoch; /* mb_epoch when that round started */
  dpq *dq;              /* child grids launched and not yet run */
  unsigned ndq, capdq;
} blk;

typedef struct ex {
  const simI_program *p;     /* program */
  const simI_kernel_rec *k;  /* kernel */
  const simI_launch *l;      /* launch */
  unsigned W;                /* warp size */
  unsigned bthreads;         /* threads per block */
  unsigned nwarps;           /* warps per block */
  uint64_t nblocks;          /* blocks in the grid */
  simI_buffer *bufs;         /* launch buffers */
  unsigned nbuf;
  uint8_t **gvars;           /* per-launch copies of __device__ variables */
  uint64_t shared_static;    /* static shared bytes */
  uint64_t shared_total;     /* static + dynamic */
  uint64_t local_bytes;      /* per-thread stack */
  const simI_observer *obs;  /* observers */
  unsigned nobs;
  int want_access, want_path;/* some observer listens */
  int want_branch;
  uint64_t max_steps;        /* per-thread budget */
  double deadline;           /* wall-clock limit (0 = none) */
  uint64_t mem_limit;        /* simulated bytes the launch may hold (0 = none) */
  uint64_t mem_used;         /* simulated bytes held so far */
  uint64_t clock_steps;      /* dispatches since the clock was last read */
  uint64_t cut_left;         /* dispatches until the observers after the
                                first are cut off (simI_launch.check_steps);
                                0 = no cut ahead */
  uint64_t cut_at;           /* the cut happened: simI_result.cut_steps */
  uint64_t cut_faults;       /* faults before it */
  int stop;                  /* launch aborted */
  simI_status status;        /* why */
  char msg[512];
  uint32_t stop_site;
  uint64_t insns;            /* thread instructions */
  uint64_t warp_insns;       /* dispatches */
  uint64_t faults;
  /* address cache for resolve() */
  uint64_t c_tag;
  uint8_t *c_base;
  uint64_t c_lim;
  simI_heap *heap;           /* device malloc/new (heap.h): own_heap, the
                                launch's simI_launch.heap, or a child grid's
                                parent's */
  simI_heap own_heap;        /* the launch's own heap (no simI_launch.heap) */
  char fault_msg[200];       /* a fault's message built for it (use after free) */
  blk *cur;                  /* block being run */
  uint64_t rng;              /* schedule: xorshift state (RANDOM) */
  int want_uninit;           /* initcheck: an observer listens; shared,
                                local and heap memory carry a shadow of one
                                byte per byte (0 unwritten, 1 written, 2
                                written with a tainted value) right after
                                their data */
  uint64_t addrbuf[64], valbuf[64];
  uint64_t cpa_ids;          /* async copies issued so far */
  uint64_t prevbuf[64];          /* a store's bytes before it, per lane */
  const uint64_t *prevp;         /* prevbuf while a store's event is out */
  char printbuf[4096];
  unsigned cd[3];            /* blocks per cluster (1,1,1 without clusters) */
  unsigned csize;            /* blocks per cluster */
  int explicit_cluster;      /* the launch or the kernel named a cluster */
  uint8_t ws[SIMI_WORKSPACE_BYTES]; /* the cooperative-launch workspace */
  uint64_t claddr[64];       /* emit_access: shared::cluster addresses, untagged */
  /* dynamic parallelism (SIMI_DP_*) */
  struct ex *root;           /* the context of the host's launch (itself there) */
  unsigned depth;            /* 0: the host's grid; else a child grid's depth */
  unsigned vbase;            /* virtual id of this grid's block 0 */
  uint64_t vnext;            /* root: next free virtual block id */
  uint64_t ngrids;           /* root: child grids launched so far */
  uint64_t child_blocks;     /* root: child blocks launched so far */
  uint64_t child_threads;    /* root: child threads launched so far */
  uint64_t grid_id;          /* this child grid's id, 0 for the host's grid */
  unsigned pblock;           /* a child grid's launching block (virtual id) */
  uint64_t grown;            /* bytes charged for buffer growth (they stay
                                after a child grid; its stacks and shared
                                memory do not) */
  uint32_t psite;            /* a child grid's launch site */
  uint64_t conds;            /* cudaGraphSetConditional calls so far */
} ex;

/* ------------------------------------------------------------- helpers */

/* Bits set in x, branch-free: without -mpopcnt __builtin_popcountll is a
 * libgcc call, and the scheduler counts lanes at every step. */
static inline unsigned pop64(uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
  return (unsigned)((x * 0x0101010101010101ull) >> 56);
}
static inline uint64_t mk(unsigned ty) { return ty >= 64 ? ~0ull : ((1ull << ty) - 1); }
static inline int64_t sx(uint64_t v, unsigned ty) {
  return ty >= 64 ? (int64_t)v : (int64_t)(v << (64 - ty)) >> (64 - ty);
}
static inline float bf(uint64_t v) { float f; uint32_t u = (uint32_t)v; memcpy(&f, &u, 4); return f; }
static inline uint64_t fb(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline double bd(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
static inline uint64_t db(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
/* read a float of type ty as double, write back */
static inline double getf(uint64_t v, unsigned ty) {
  return ty == T_F64 ? bd(v) : ty == T_F32 ? (double)bf(v) : (double)simI_h2f((uint16_t)v);
}
static inline uint64_t putf(double x, unsigned ty) {
  return ty == T_F64 ? db(x) : ty == T_F32 ? fb((float)x) : simI_f2h((float)x);
}

/* Operand rows: a register row, or a constant broadcast (stride 0). */
/* The sz (1..8) bytes at h as a zero-extended integer (little-endian host),
 * and the store of v's low sz bytes: the usual sizes as fixed-size copies
 * (single loads and stores, not calls of memcpy). */
static inline uint64_t load_bytes(const uint8_t *h, unsigned sz) {
  switch (sz) {
  case 4: { uint32_t x; memcpy(&x, h, 4); return x; }
  case 8: { uint64_t x; memcpy(&x, h, 8); return x; }
  case 1: return *h;
  case 2: { uint16_t x; memcpy(&x, h, 2); return x; }
  default: { uint64_t x = 0; memcpy(&x, h, sz); return x; }
  }
}

static inline void store_bytes(uint8_t *h, uint64_t v, unsigned sz) {
  switch (sz) {
  case 4: { uint32_t x = (uint32_t)v; memcpy(h, &x, 4); return; }
  case 8: memcpy(h, &v, 8); return;
  case 1: *h = (uint8_t)v; return;
  case 2: { uint16_t x = (uint16_t)v; memcpy(h, &x, 2); return; }
  default: memcpy(h, &v, sz); return;
  }
}

#define OPND(r, P, S)                                                          \
  const uint64_t *P;                                                           \
  size_t S;                                                                    \
  do {                                                                         \
    if ((r) & KBIT) { P = &K[(r) & ~KBIT]; S = 0; }                            \
    else { P = &R[(size_t)(r) * W]; S = ~(size_t)0; }                          \
  } while (0)
#define AT(P, S, l) ((P)[(l) & (S)])

/* Iterate the active lanes l of mask m. */
/* LANES over an expression of the operand values a (of A, S_A) and b (of B,
 * S_B) only. The usual case, the full warp with a register operand a and a
 * register or constant operand b, runs as a plain loop over the lanes: no
 * index masks per lane, the constant read once. */
#define LANES_AB(A, S_A, B, S_B, ...)                                          \
  do {                                                                         \
    if (m == w->full && (S_A)) {                                               \
      const unsigned nl_ = w->nl;                                              \
      if (S_B) {                                                               \
        for (unsigned l = 0; l < nl_; l++) {                                   \
          const uint64_t a = (A)[l], b = (B)[l];                               \
          __VA_ARGS__;                                                         \
        }                                                                      \
      } else {                                                                 \
        const uint64_t b = (B)[0];                                             \
        for (unsigned l = 0; l < nl_; l++) {                                   \
          const uint64_t a = (A)[l];                                           \
          __VA_ARGS__;                                                         \
        }                                                                      \
      }                                                                        \
    } else {                                                                   \
      LANES(const uint64_t a = AT(A, S_A, l); const uint64_t b = AT(B, S_B, l); \
            __VA_ARGS__);                                                      \
    }                                                                          \
  } while (0)

#define LANES(...)                                                             \
  do {                                                                         \
    if (m == w->full) {                                                        \
      for (unsigned l = 0; l < w->nl; l++) { __VA_ARGS__; }                    \
    } else {                                                                   \
      for (uint64_t mm_ = m; mm_; mm_ &= mm_ - 1) {                            \
        unsigned l = (unsigned)__builtin_ctzll(mm_);                           \
        __VA_ARGS__;                                                           \
      }                                                                        \
    }                                                                          \
  } while (0)


#endif
