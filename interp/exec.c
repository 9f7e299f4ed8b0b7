/*
 * The interpreter: executes a lowered kernel warp by warp.
 *
 * A warp dispatches each instruction once for all its active lanes (the
 * `m` mask). Divergence uses a SIMT reconvergence stack: a divergent branch
 * parks the warp's entry at the branch's immediate post-dominator and pushes
 * one entry per side; an entry pops when its pc reaches its reconvergence
 * point. Calls push a frame and a stack entry whose reconvergence point is
 * PC_EXIT. A block barrier parks the warp until every warp of the block is
 * parked or done. Resident blocks (at most RESIDENT) are scheduled round
 * robin by slices, so a block spinning on another block's flag cannot hang
 * the run; a thread past the step budget ends the launch with "timeout".
 */
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
  cpa *cp;           /* pending async copies of the warp's lanes, in issue order */
  uint32_t ncp, capcp;
  uint32_t cp_groups[64]; /* cp.async groups committed so far, per lane */
  uint32_t mb_site;  /* W_MBAR: the failed mbarrier wait */
  uint64_t mb_addr;  /* W_MBAR: the mbarrier it waits on */
  uint32_t mb_epoch; /* W_MBAR: the block's mb_epoch when it failed */
  int taint;         /* initcheck: some register of a frame may be tainted */
  int use_done;      /* initcheck: the USE event of this block run is out */
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
  uint32_t use_site; /* the global store or branch its value reached, or
                        UINT32_MAX */
  int branch;        /* that was a branch */
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
  simI_heap heap;            /* device malloc/new (heap.h) */
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
} ex;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void stop(ex *E, simI_status st, uint32_t site, const char *fmt, ...) {
  if (E->stop) return;
  E->stop = 1;
  E->status = st;
  E->stop_site = site;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(E->msg, sizeof E->msg, fmt, ap);
  va_end(ap);
}

static const char *site_str(ex *E, uint32_t site, char *buf, size_t len) {
  const simI_loc *lc = &E->p->locs[site];
  if (lc->line)
    snprintf(buf, len, "%s:%u:%u", E->p->strings[lc->file], lc->line, lc->col);
  else
    snprintf(buf, len, "%s", E->p->funcs[lc->func].name);
  return buf;
}

/* ------------------------------------------------------------- helpers */

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
#define OPND(r, P, S)                                                          \
  const uint64_t *P;                                                           \
  size_t S;                                                                    \
  do {                                                                         \
    if ((r) & KBIT) { P = &K[(r) & ~KBIT]; S = 0; }                            \
    else { P = &R[(size_t)(r) * W]; S = ~(size_t)0; }                          \
  } while (0)
#define AT(P, S, l) ((P)[(l) & (S)])

/* Iterate the active lanes l of mask m. */
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

/* ------------------------------------------------------------- memory */

/* Count `bytes` more simulated memory against simI_launch.mem_limit; at the
 * limit the launch stops with SIMI_E_NOMEM naming what asked (what, name). */
static int mem_charge(ex *E, uint64_t bytes, const char *what, const char *name) {
  if (E->mem_limit && (bytes > E->mem_limit || E->mem_used > E->mem_limit - bytes)) {
    stop(E, SIMI_E_NOMEM, UINT32_MAX,
         "simulated memory limit of %llu bytes reached allocating %s%s%s%s (%llu bytes, "
         "%llu in use)", (unsigned long long)E->mem_limit, what, name ? " '" : "",
         name ? name : "", name ? "'" : "", (unsigned long long)bytes,
         (unsigned long long)E->mem_used);
    return -1;
  }
  E->mem_used += bytes;
  return 0;
}

static uint8_t *alloc_local(ex *E, warp *w) {
  if (!w->local) {
    if (mem_charge(E, (uint64_t)w->nl * E->local_bytes, "the per-thread stacks of a warp", NULL))
      return NULL;
    w->local = calloc((size_t)w->nl * (E->want_uninit ? 2 : 1), E->local_bytes);
    if (!w->local) { stop(E, SIMI_E_NOMEM, UINT32_MAX, "out of memory for local memory"); return NULL; }
  }
  return w->local;
}

static void fault(ex *E, warp *w, unsigned l, uint64_t p, unsigned sz, unsigned kind,
                  uint32_t site, const char *what) {
  E->faults++;
  simI_fault f = {site, w->b->id, w->idx * E->W + l, p, sz, kind, what, 0, 0};
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].fault) E->obs[i].fault(E->obs[i].ctx, &f);
}

/* Host address of [p, p+sz) for lane l, or NULL after reporting a fault. */
static uint8_t *resolve_slow(ex *E, warp *w, unsigned l, uint64_t p, uint64_t sz, unsigned kind,
                             uint32_t site) {
  unsigned space = SIMI_PTR_SPACE(p), al = SIMI_PTR_ALLOC(p);
  uint64_t off = SIMI_PTR_OFFSET(p);
  const simI_program *P = E->p;
  uint8_t *base = NULL;
  uint64_t lim = 0;
  int cache = 1;
  switch (space) {
  case SIMI_SPACE_NONE:
    fault(E, w, l, p, (unsigned)sz, kind, site, p ? "invalid pointer" : "null pointer");
    return NULL;
  case SIMI_SPACE_GLOBAL:
    if (al < E->nbuf) {
      simI_buffer *b = &E->bufs[al];
      if (off + sz > b->size && off + sz <= b->cap && b->cap > b->size) {
        uint64_t ns = b->size ? b->size : 64;
        while (ns < off + sz) ns *= 2;
        if (ns > b->cap) ns = b->cap;
        if (mem_charge(E, ns - b->size, "growing buffer", b->name)) return NULL;
        E->grown += ns - b->size;
        /* calloc + copy, not realloc + memset: the grown part stays
         * untouched zero pages until the kernel touches them */
        uint8_t *nd = calloc(1, ns);
        if (!nd) { stop(E, SIMI_E_NOMEM, site, "out of memory growing buffer"); return NULL; }
        if (b->size) memcpy(nd, b->data, b->size);
        simI_mem_free(b->data);
        b->data = nd;
        b->size = ns;
        E->c_tag = ~0ull;
      }
      base = b->data;
      lim = b->size;
    } else if (al >= SIMI_HEAP_FIRST && al < SIMI_GLOBALVAR_BASE && simI_heap_block(&E->heap, al)) {
      const simI_hblock *hb = simI_heap_block(&E->heap, al);
      if (hb->freed) {
        fault(E, w, l, p, (unsigned)sz, kind, site, "use after free");
        return NULL;
      }
      base = hb->data;
      lim = hb->size;
    } else if (al >= SIMI_GLOBALVAR_BASE && al - SIMI_GLOBALVAR_BASE < P->nglobalvars) {
      base = E->gvars[al - SIMI_GLOBALVAR_BASE];
      lim = P->vars[P->globalvar[al - SIMI_GLOBALVAR_BASE]].size;
    } else if (al == SIMI_WORKSPACE_ALLOC) {
      base = E->ws;
      lim = SIMI_WORKSPACE_BYTES;
    } else {
      fault(E, w, l, p, (unsigned)sz, kind, site, "invalid global pointer");
      return NULL;
    }
    break;
  case SIMI_SPACE_SHARED:
    if (al >= P->nsharedvars) {
      fault(E, w, l, p, (unsigned)sz, kind, site, "invalid shared pointer");
      return NULL;
    } else {
      const simI_var *v = &P->vars[P->sharedvar[al]];
      const blk *ob = w->b;
      unsigned tag = SIMI_CLUSTER_TAG(p);
      if (tag) { /* shared::cluster: the variable in the block of rank tag-1 */
        if (tag > E->csize) {
          fault(E, w, l, p, (unsigned)sz, kind, site, "shared::cluster address of a rank outside the cluster");
          return NULL;
        }
        ob = w->b->cl ? w->b->cl->m[tag - 1] : w->b;
        if (!ob || ob->done) {
          fault(E, w, l, p, (unsigned)sz, kind, site,
                "shared memory of a block of the cluster that has exited");
          return NULL;
        }
        off &= (1ull << SIMI_CLUSTER_SHIFT) - 1;
        cache = 0;
      }
      if (v->dynamic) { base = ob->shared + E->shared_static; lim = E->shared_total - E->shared_static; }
      else if (E->k->shoff[al] == UINT64_MAX) { /* another kernel's variable */
        fault(E, w, l, p, (unsigned)sz, kind, site, "invalid shared pointer");
        return NULL;
      } else { base = ob->shared + E->k->shoff[al]; lim = v->size; }
    }
    break;
  case SIMI_SPACE_LOCAL:
    if (!alloc_local(E, w)) return NULL;
    base = w->local + (size_t)l * E->local_bytes;
    lim = E->local_bytes;
    cache = 0;
    break;
  case SIMI_SPACE_CONST:
    if (al >= P->nconstvars) {
      fault(E, w, l, p, (unsigned)sz, kind, site, "invalid constant pointer");
      return NULL;
    } else {
      const simI_var *v = &P->vars[P->constvar[al]];
      if ((kind & SIMI_ACC_WRITE)) {
        fault(E, w, l, p, (unsigned)sz, kind, site, "write to constant memory");
        return NULL;
      }
      base = v->init;
      lim = v->init ? v->size : 0;
    }
    break;
  default:
    fault(E, w, l, p, (unsigned)sz, kind, site, "invalid pointer");
    return NULL;
  }
  if (off + sz > lim || off + sz < off) {
    fault(E, w, l, p, (unsigned)sz, kind, site, "out of bounds");
    return NULL;
  }
  if (cache && space != SIMI_SPACE_CONST) {
    E->c_tag = p >> 40;
    E->c_base = base;
    E->c_lim = lim;
  }
  return base + off;
}

static inline uint8_t *resolve(ex *E, warp *w, unsigned l, uint64_t p, uint64_t sz, unsigned kind,
                               uint32_t site) {
  uint64_t off = p & OFFMASK;
  if ((p >> 40) == E->c_tag && off + sz <= E->c_lim) return E->c_base + off;
  return resolve_slow(E, w, l, p, sz, kind, site);
}

/* ------------------------------------------------------------ initcheck */

/* The shadow of host address h, just resolved for pointer p, or NULL where
 * memory has none (launch buffers, __device__ and __constant__ data: the
 * host's). A heap block's shadow follows its data (resolve() left the
 * block's size in c_lim). */
static inline uint8_t *shadow_of(ex *E, warp *w, uint64_t p, uint8_t *h) {
  switch (SIMI_PTR_SPACE(p)) {
  case SIMI_SPACE_SHARED: return h + E->shared_total;
  case SIMI_SPACE_LOCAL: return h + (size_t)w->nl * E->local_bytes;
  case SIMI_SPACE_GLOBAL: {
    unsigned al = SIMI_PTR_ALLOC(p);
    return al >= SIMI_HEAP_FIRST && al < SIMI_GLOBALVAR_BASE ? h + E->c_lim : NULL;
  }
  default: return NULL;
  }
}

/* Set n shadow bytes at sh (of pointer p) to v. */
static inline void shadow_set(warp *w, uint64_t p, uint8_t *sh, int v, uint64_t n) {
  memset(sh, v, n);
  if (SIMI_PTR_SPACE(p) == SIMI_SPACE_LOCAL) {
    uint64_t hi = SIMI_PTR_OFFSET(p) + n;
    if (hi > w->local_hi) w->local_hi = (uint32_t)hi;
  }
}

/* State of n shadow bytes: bit 0 some unwritten, bit 1 some tainted. */
static inline unsigned shadow_state(const uint8_t *sh, uint64_t n) {
  unsigned r = 0;
  for (uint64_t i = 0; i < n; i++) r |= sh[i] == 0 ? 1u : sh[i] == 2 ? 2u : 0u;
  return r;
}

/* The taint row of frame f (NULL on out of memory: the launch stops). */
static uint64_t *frame_taint(ex *E, frame *f) {
  size_t n = E->p->funcs[f->func].nregs + 1;
  if (f->tcap < n) {
    uint64_t *t = realloc(f->taint, n * sizeof *t);
    if (!t) { stop(E, SIMI_E_NOMEM, UINT32_MAX, "out of memory"); return NULL; }
    memset(t + f->tcap, 0, (n - f->tcap) * sizeof *t);
    f->taint = t;
    f->tcap = n;
  }
  return f->taint;
}

/* The warp gets its first tainted value: clear every frame's taint. */
static int taint_begin(ex *E, warp *w) {
  for (uint32_t i = 0; i < w->nfr; i++) {
    uint64_t *t = frame_taint(E, &w->fr[i]);
    if (!t) return -1;
    memset(t, 0, w->fr[i].tcap * sizeof *t);
  }
  w->taint = 1;
  return 0;
}

/* Lanes whose operand r (a register of frame f) is tainted. */
static inline uint64_t taint_of(ex *E, const frame *f, uint32_t r) {
  if (r & KBIT || r >= E->p->funcs[f->func].nregs || !f->taint) return 0;
  return f->taint[r];
}

/* Set the taint of lanes m of register r of frame f to t. */
static inline void taint_put(ex *E, frame *f, uint32_t r, uint64_t m, uint64_t t) {
  if (r & KBIT || r >= E->p->funcs[f->func].nregs || !f->taint) return;
  f->taint[r] = (f->taint[r] & ~m) | (t & m);
}

/* Propagate taint through an instruction other than a memory access: the
 * result is tainted in the lanes where an operand register is. */
static void taint_step(ex *E, frame *f, const simI_insn *in, uint64_t m) {
  uint64_t t = 0;
  switch ((simI_op)in->op) {
  case OP_LOAD: case OP_LOADV: case OP_STORE: case OP_STOREV: case OP_ATOMIC:
  case OP_CMPXCHG: case OP_MEMCPY: case OP_MEMSET:
    return; /* the access itself did it */
  case OP_MATH:
    t = taint_of(E, f, in->e);
    /* fallthrough */
  case OP_MOV: case OP_ADD: case OP_SUB: case OP_MUL: case OP_UDIV: case OP_SDIV:
  case OP_UREM: case OP_SREM: case OP_SHL: case OP_LSHR: case OP_ASHR: case OP_AND:
  case OP_OR: case OP_XOR: case OP_ICMP: case OP_SELECT: case OP_FADD: case OP_FSUB:
  case OP_FMUL: case OP_FDIV: case OP_FREM: case OP_FNEG: case OP_FCMP: case OP_TRUNC:
  case OP_SEXT: case OP_FPCONV: case OP_FPTOSI: case OP_FPTOUI: case OP_SITOFP:
  case OP_UITOFP: case OP_IDXADD: case OP_INTOP1: case OP_INTOP2: case OP_FSH: case OP_OVF:
  case OP_FMA: case OP_SWIN:
    /* operands a, b, c are registers or constants (others are KBIT or
     * above nregs: no taint) */
    t |= taint_of(E, f, in->a) | taint_of(E, f, in->b) | taint_of(E, f, in->c);
    /* a value masked with a constant is taken as defined: bit-field writes
     * read-modify-write a byte whose other bits may never have been set
     * (the shadow is per byte, not per bit) */
    if (in->op == OP_AND && ((in->a & KBIT) || (in->b & KBIT))) t = 0;
    break;
  default:
    break; /* a result not computed from operand values: clean */
  }
  taint_put(E, f, in->d, m, t);
  if ((in->ty == T_I128 || in->op == OP_OVF) && in->d + 1 > in->d) taint_put(E, f, in->d + 1, m, t);
}

/* An uninitialized read (READ: lanes mask at site, addr/size) is kept until
 * the block ends; a USE marks the read its
 * value came from (the warp's latest; taint loaded from memory another
 * warp tainted: the block's first). */
static void emit_uninit(ex *E, warp *w, unsigned what, uint32_t site, uint64_t mask,
                        uint64_t addr, unsigned size, int branch) {
  blk *b = w->b;
  if (what == SIMI_UNINIT_USE) {
    if (w->use_done) return;
    uint32_t o = w->taint_origin != UINT32_MAX ? w->taint_origin : 0;
    if (o >= b->nup) return;
    w->use_done = 1;
    if (b->up[o].use_site == UINT32_MAX) {
      b->up[o].use_site = site;
      b->up[o].branch = branch;
    }
    return;
  }
  for (unsigned i = 0; i < b->nup; i++)
    if (b->up[i].site == site && b->up[i].addr == addr) {
      w->taint_origin = i;
      return;
    }
  if (b->nup >= MAX_UPEND) return;
  if (!b->up && !(b->up = malloc(MAX_UPEND * sizeof *b->up))) {
    stop(E, SIMI_E_NOMEM, site, "out of memory");
    return;
  }
  b->up[b->nup] = (upend){site, w->idx, mask, addr, size, UINT32_MAX, 0};
  w->taint_origin = b->nup++;
}

/* The block ended: report its pending reads. A local read is reported only
 * when its value reached a global store or a branch (compilers copy
 * never-set bytes through the stack: padding, empty classes, structs
 * returned in registers). */
static void flush_uninit(ex *E, blk *b) {
  for (unsigned i = 0; i < b->nup; i++) {
    const upend *u = &b->up[i];
    unsigned sp = SIMI_PTR_SPACE(u->addr);
    if (sp == SIMI_SPACE_LOCAL && u->use_site == UINT32_MAX) continue;
    simI_uninit ev = {SIMI_UNINIT_READ, u->site, u->site, b->id, u->warp, u->mask, u->addr,
                      u->size, 0};
    for (unsigned k = 0; k < E->nobs; k++)
      if (E->obs[k].uninit) E->obs[k].uninit(E->obs[k].ctx, &ev);
    if (u->use_site == UINT32_MAX) continue;
    ev.what = SIMI_UNINIT_USE;
    ev.site = u->use_site;
    ev.branch = u->branch;
    for (unsigned k = 0; k < E->nobs; k++)
      if (E->obs[k].uninit) E->obs[k].uninit(E->obs[k].ctx, &ev);
  }
  b->nup = 0;
}

/* After a load of lanes m into registers d..d+n-1: lanes `unin` read
 * unwritten bytes, lanes `tnt` tainted ones (both may be 0). Returns -1 on
 * out of memory. */
static int load_taint(ex *E, warp *w, frame *f, uint32_t d, unsigned n, uint64_t m,
                      uint64_t unin, uint64_t tnt, uint64_t ptaint) {
  uint64_t t = unin | tnt | ptaint;
  if (!t && !w->taint) return 0;
  if (!w->taint && taint_begin(E, w) < 0) return -1;
  for (unsigned k = 0; k < n; k++) taint_put(E, f, d + k, m, t);
  return 0;
}

/* ------------------------------------------------------------- events */

static const uint64_t zero64[64];

/* Completes the cluster barrier's phase when every thread of the cluster
 * not exited has arrived; returns 1 if it did. */
static int cluster_check(ex *E, clu *C) {
  uint64_t exited = 0;
  for (unsigned r = 0; r < E->csize; r++)
    if (C->m[r]) exited += C->m[r]->done ? E->bthreads : C->m[r]->exited;
  uint64_t total = (uint64_t)E->csize * E->bthreads;
  if (C->arrived < total - exited) return 0;
  C->phase++;
  C->arrived = 0;
  return 1;
}

/* A shared memory access in a launch with clusters: one event per block
 * whose shared memory the lanes name (shared::cluster addresses carry the
 * rank, sreg.h), with the addresses untagged and owner1 set. */
static void emit_cluster_access(ex *E, warp *w, simI_access *a) {
  uint64_t left = a->mask;
  const uint64_t *addr = a->addr;
  while (left) {
    unsigned l0 = (unsigned)__builtin_ctzll(left);
    unsigned tag = SIMI_CLUSTER_TAG(addr[l0]);
    uint64_t same = 0;
    for (uint64_t mm = left; mm; mm &= mm - 1) {
      unsigned l = (unsigned)__builtin_ctzll(mm);
      if (SIMI_CLUSTER_TAG(addr[l]) == tag) {
        same |= 1ull << l;
        E->claddr[l] = addr[l] & ~(0xFFull << SIMI_CLUSTER_SHIFT);
      }
    }
    left &= ~same;
    const blk *ob = !tag ? w->b : tag <= E->csize && w->b->cl ? w->b->cl->m[tag - 1] : NULL;
    if (!ob || ob->done) continue; /* faulted: not an access */
    a->mask = same;
    a->addr = E->claddr;
    a->owner1 = ob->id + 1;
    for (unsigned i = 0; i < E->nobs; i++)
      if (E->obs[i].access) E->obs[i].access(E->obs[i].ctx, a);
  }
}

static void emit_access(ex *E, warp *w, const simt *e, uint32_t site, uint64_t mask,
                        uint64_t active, unsigned kind, unsigned scope, unsigned size,
                        const uint64_t *addr, const uint64_t *val) {
  if (!mask) return;
  /* split by space; local memory is private and not reported */
  uint64_t left = mask;
  while (left) {
    unsigned l0 = (unsigned)__builtin_ctzll(left);
    unsigned sp = SIMI_PTR_SPACE(addr[l0]);
    uint64_t same = 0;
    for (uint64_t mm = left; mm; mm &= mm - 1) {
      unsigned l = (unsigned)__builtin_ctzll(mm);
      if (SIMI_PTR_SPACE(addr[l]) == sp) same |= 1ull << l;
    }
    left &= ~same;
    if (sp == SIMI_SPACE_LOCAL || sp == SIMI_SPACE_NONE) continue;
    /* scope carries the memory order in its bits 7:4 (load.c) */
    simI_access a = {site, w->b->id, w->idx, same, active, e->path, w->steps, kind, scope & 15u,
                     size, sp, addr, size <= 8 ? val : NULL, scope >> 4, 0, E->prevp};
    if (sp == SIMI_SPACE_SHARED && E->csize > 1) {
      emit_cluster_access(E, w, &a);
      continue;
    }
    for (unsigned i = 0; i < E->nobs; i++)
      if (E->obs[i].access) E->obs[i].access(E->obs[i].ctx, &a);
  }
}

static void emit_path(ex *E, warp *w, uint32_t child, uint32_t parent, uint32_t group,
                      uint64_t mask, uint32_t site) {
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].path)
      E->obs[i].path(E->obs[i].ctx, w->b->id, w->idx, child, parent, group, mask, site);
}

static void emit_branch(ex *E, uint32_t site, uint32_t target, uint64_t lanes) {
  for (unsigned i = 0; i < E->nobs; i++) {
    if (E->obs[i].branch) E->obs[i].branch(E->obs[i].ctx, site, target);
    if (E->obs[i].branch_lanes)
      E->obs[i].branch_lanes(E->obs[i].ctx, site, target, (unsigned)__builtin_popcountll(lanes));
  }
}

static void emit_syncwarp(ex *E, warp *w, uint64_t mask, uint32_t site) {
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].syncwarp) E->obs[i].syncwarp(E->obs[i].ctx, w->b->id, w->idx, mask, site);
}

/* The mask operand of a warp-synchronous collective executed by lanes m
 * (CUDA's rule): every executing lane must be a member of its own mask, and
 * the executing lanes its mask names must give the same mask (tiles of one
 * warp may run one instruction with disjoint masks). The first violating
 * lane goes to the warp_mask observers. warp_mask_of() returns the first
 * executing lane's mask (32 bits), which the collective uses; it takes the
 * full look only when the masks are not one mask that covers m. */
static void bad_warp_mask(ex *E, warp *w, uint32_t site, uint64_t m, const uint64_t *Mk,
                          size_t SMk, unsigned what) {
  unsigned bad = UINT32_MAX;
  uint64_t done = 0;
  for (uint64_t mm = m & 0xffffffffull; mm && bad == UINT32_MAX; mm &= mm - 1) {
    unsigned l = (unsigned)__builtin_ctzll(mm);
    uint64_t k = AT(Mk, SMk, l) & 0xffffffffull;
    if (!((k >> l) & 1)) { bad = l; break; }
    if ((done >> l) & 1) continue;
    for (uint64_t nn = k & m; nn; nn &= nn - 1)
      if ((AT(Mk, SMk, (unsigned)__builtin_ctzll(nn)) & 0xffffffffull) != k) { bad = l; break; }
    done |= k & m;
  }
  if (bad == UINT32_MAX) return;
  uint64_t mask = AT(Mk, SMk, bad) & 0xffffffffull;
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].warp_mask)
      E->obs[i].warp_mask(E->obs[i].ctx, w->b->id, w->idx, site, m, mask, bad, what);
}

static inline uint64_t warp_mask_of(ex *E, warp *w, uint32_t site, uint64_t m,
                                    const uint64_t *Mk, size_t SMk, unsigned what) {
  uint64_t k0 = AT(Mk, SMk, (unsigned)__builtin_ctzll(m)) & 0xffffffffull;
  /* uniform operand: one test; per-lane operand: one pass over the lanes */
  uint64_t bad = m & ~k0 & 0xffffffffull;
  if (SMk)
    for (uint64_t mm = m; mm; mm &= mm - 1)
      bad |= (AT(Mk, SMk, (unsigned)__builtin_ctzll(mm)) ^ k0) & 0xffffffffull;
  if (bad) bad_warp_mask(E, w, site, m, Mk, SMk, what);
  return k0;
}

/* The next group of a warp collective: the lanes of `rest` that give the
 * same mask as its first lane (*grp), and the executing lanes (of m) that
 * mask names (*member; the group itself when it names none of them). A
 * uniform mask operand is one group. */
static inline void next_mask_group(uint64_t rest, uint64_t m, const uint64_t *Mk, size_t SMk,
                                   uint64_t *grp, uint64_t *member) {
  uint64_t k = AT(Mk, SMk, (unsigned)__builtin_ctzll(rest)) & 0xffffffffull;
  uint64_t g = rest;
  if (SMk) {
    g = 0;
    for (uint64_t mm = rest; mm; mm &= mm - 1) {
      unsigned j = (unsigned)__builtin_ctzll(mm);
      if ((AT(Mk, SMk, j) & 0xffffffffull) == k) g |= 1ull << j;
    }
  }
  *grp = g;
  *member = m & k ? m & k : g;
}

/* ------------------------------------------------------------- stacks */

static int push(ex *E, warp *w, uint32_t pc, uint32_t rpc, uint64_t mask, uint32_t frame,
                uint32_t path) {
  if (w->nst == w->capst) {
    uint32_t nc = w->capst ? w->capst * 2 : 16;
    simt *n = realloc(w->st, nc * sizeof *n);
    if (!n) { stop(E, SIMI_E_NOMEM, pc, "out of memory"); return -1; }
    w->st = n;
    w->capst = nc;
  }
  w->st[w->nst++] = (simt){pc, rpc, mask, frame, path};
  return 0;
}

static frame *push_frame(ex *E, warp *w, uint32_t func, uint32_t site) {
  if (w->nfr >= MAX_FRAMES) {
    char b[256];
    stop(E, SIMI_E_TRAP, site, "call stack overflow (depth %u) at %s", MAX_FRAMES,
         site_str(E, site, b, sizeof b));
    return NULL;
  }
  if (w->nfr == w->capfr) {
    uint32_t nc = w->capfr ? w->capfr * 2 : 4;
    frame *n = realloc(w->fr, nc * sizeof *n);
    if (!n) { stop(E, SIMI_E_NOMEM, site, "out of memory"); return NULL; }
    memset(n + w->capfr, 0, (nc - w->capfr) * sizeof *n);
    w->fr = n;
    w->capfr = nc;
  }
  frame *f = &w->fr[w->nfr];
  size_t need = (size_t)E->p->funcs[func].nregs * E->W;
  if (need == 0) need = 1;
  if (f->cap < need) {
    uint64_t *r = realloc(f->regs, need * sizeof(uint64_t));
    if (!r) { stop(E, SIMI_E_NOMEM, site, "out of memory"); return NULL; }
    f->regs = r;
    f->cap = need;
  }
  f->func = func;
  f->sp_base = w->lsp;
  if (w->taint) {
    uint64_t *t = frame_taint(E, f);
    if (!t) return NULL;
    memset(t, 0, f->tcap * sizeof *t);
  }
  uint32_t fb_ = E->p->funcs[func].frame_bytes;
  if ((uint64_t)w->lsp + fb_ > E->local_bytes) {
    char b[256];
    stop(E, SIMI_E_TRAP, site, "local memory stack overflow (%llu bytes per thread) at %s",
         (unsigned long long)E->local_bytes, site_str(E, site, b, sizeof b));
    return NULL;
  }
  w->lsp += fb_;
  w->nfr++;
  return f;
}

static void pop(warp *w) {
  simt *e = &w->st[--w->nst];
  if (w->nst == 0 || w->st[w->nst - 1].frame < e->frame) {
    w->nfr--;
    w->lsp = w->fr[w->nfr].sp_base;
  }
}

/* ------------------------------------------------------------- printf */

static int read_cstr(ex *E, warp *w, unsigned l, uint64_t p, char *out, size_t len) {
  size_t i = 0;
  for (; i + 1 < len; i++) {
    uint8_t *h = resolve(E, w, l, p + i, 1, SIMI_ACC_READ, UINT32_MAX);
    if (!h) { out[i] = 0; return -1; }
    out[i] = (char)*h;
    if (!*h) return 0;
  }
  out[i] = 0;
  return 0;
}

typedef struct print_src { ex *E; warp *w; unsigned l; uint64_t argp; } print_src;

static int print_arg(void *ctx, uint64_t off, unsigned size, uint64_t *v) {
  print_src *ps = ctx;
  uint8_t *h = resolve(ps->E, ps->w, ps->l, ps->argp + off, size, SIMI_ACC_READ, UINT32_MAX);
  if (!h) return -1;
  *v = 0;
  memcpy(v, h, size);
  return 0;
}

static long print_str(void *ctx, uint64_t ptr, char *out, size_t len) {
  print_src *ps = ctx;
  size_t i = 0;
  for (; i + 1 < len; i++) {
    uint8_t *h = resolve(ps->E, ps->w, ps->l, ptr + i, 1, SIMI_ACC_READ, UINT32_MAX);
    if (!h) { out[i] = 0; return i ? (long)i : -1; }
    if (!*h) break;
    out[i] = (char)*h;
  }
  out[i] = 0;
  return (long)i;
}

/* Kernel printf: the format and arguments are kernel data, formatted by
 * simI_format (format.h). A thread's output is capped at SIMI_PRINT_CAP
 * bytes per launch; the printf that crosses the cap is cut and ends with a
 * note, later ones print nothing. */
static void do_printf(ex *E, warp *w, unsigned l, uint64_t fmtp, uint64_t argp) {
  char fmt[1024];
  if (read_cstr(E, w, l, fmtp, fmt, sizeof fmt)) return;
  uint32_t used = w->printed[l];
  if (used >= SIMI_PRINT_CAP) return;
  print_src ps = {E, w, l, argp};
  simI_fmt_src src = {&ps, print_arg, print_str};
  size_t n = simI_format(fmt, strlen(fmt), &src, E->printbuf, sizeof E->printbuf);
  if (used + n > SIMI_PRINT_CAP) {
    static const char note[] = "[simulee: printf output of this thread cut at " 
                               SIMI_PRINT_CAP_STR " bytes]\n";
    size_t keep = SIMI_PRINT_CAP - used;
    if (keep + sizeof note > sizeof E->printbuf) keep = sizeof E->printbuf - sizeof note;
    memcpy(E->printbuf + keep, note, sizeof note);
    n = SIMI_PRINT_CAP - used;
  }
  w->printed[l] = used + (uint32_t)n;
  unsigned tid = w->idx * E->W + l;
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].print) E->obs[i].print(E->obs[i].ctx, w->b->id, tid, E->printbuf);
}

/* ------------------------------------------------------------- math */

typedef float (*f_f)(float);
typedef float (*f_ff)(float, float);
typedef float (*f_fff)(float, float, float);
typedef double (*d_d)(double);
typedef double (*d_dd)(double, double);
typedef double (*d_ddd)(double, double, double);

/* .ftz forms: flush the single precision operands named by the class's
 * signature (rare path, outside the per-class switch). */
static void math_ftz_args(unsigned cls, uint64_t *a, uint64_t *b, uint64_t *c) {
  const char *sig = simI_math_sigstr((int)cls);
  uint64_t *v[3] = {a, b, c};
  for (unsigned i = 0; i < 3 && sig[0] && sig[2 + i]; i++)
    if (sig[2 + i] == 'f') *v[i] = fb(simI_math_ftz(bf(*v[i])));
}

static void math_lane(const simI_insn *in, uint64_t a, uint64_t b, uint64_t c, uint64_t e,
                      uint64_t *d0, uint64_t *d1) {
  void *fn = simI_math_table[in->x].fn;
  unsigned ty = in->ty, cls = in->ty2 & ~SIMI_MATH_FTZ;
  if (in->ty2 & SIMI_MATH_FTZ) math_ftz_args(cls, &a, &b, &c);
  float fa = ty == T_F16 ? simI_h2f((uint16_t)a) : bf(a), fbv = ty == T_F16 ? simI_h2f((uint16_t)b) : bf(b),
        fc = ty == T_F16 ? simI_h2f((uint16_t)c) : bf(c);
  uint64_t r = 0;
  switch (cls) {
  case MS_F_F: r = fb(((f_f)fn)(fa)); break;
  case MS_F_FF: r = fb(((f_ff)fn)(fa, fbv)); break;
  case MS_F_FFF: r = fb(((f_fff)fn)(fa, fbv, fc)); break;
  case MS_D_D: r = db(((d_d)fn)(bd(a))); break;
  case MS_D_DD: r = db(((d_dd)fn)(bd(a), bd(b))); break;
  case MS_D_DDD: r = db(((d_ddd)fn)(bd(a), bd(b), bd(c))); break;
  case MS_I_F: r = (uint32_t)((int (*)(float))fn)(bf(a)); break;
  case MS_I_D: r = (uint32_t)((int (*)(double))fn)(bd(a)); break;
  case MS_F_FI: r = fb(((float (*)(float, int))fn)(bf(a), (int)(uint32_t)b)); break;
  case MS_D_DI: r = db(((double (*)(double, int))fn)(bd(a), (int)(uint32_t)b)); break;
  case MS_F_I: r = fb(((float (*)(int))fn)((int)(uint32_t)a)); break;
  case MS_D_I: r = db(((double (*)(int))fn)((int)(uint32_t)a)); break;
  case MS_I_II: r = (uint32_t)((int (*)(int, int))fn)((int)(uint32_t)a, (int)(uint32_t)b); break;
  case MS_I_I: r = (uint32_t)((int (*)(int))fn)((int)(uint32_t)a); break;
  case MS_L_L: r = (uint64_t)((long long (*)(long long))fn)((long long)a); break;
  case MS_L_LL: r = (uint64_t)((long long (*)(long long, long long))fn)((long long)a, (long long)b); break;
  case MS_I_L: r = (uint32_t)((int (*)(long long))fn)((long long)a); break;
  case MS_U_UUU: r = ((unsigned (*)(unsigned, unsigned, unsigned))fn)((unsigned)a, (unsigned)b, (unsigned)c); break;
  case MS_F_L: r = fb(((float (*)(long long))fn)((long long)a)); break;
  case MS_D_L: r = db(((double (*)(long long))fn)((long long)a)); break;
  case MS_L_F: r = (uint64_t)((long long (*)(float))fn)(bf(a)); break;
  case MS_L_D: r = (uint64_t)((long long (*)(double))fn)(bd(a)); break;
  case MS_F_D: r = fb(((float (*)(double))fn)(bd(a))); break;
  case MS_H_F: r = ((unsigned short (*)(float))fn)(bf(a)); break;
  case MS_F_H: r = fb(((float (*)(unsigned short))fn)((unsigned short)a)); break;
  case MS_V_FPP: { float s, co; ((void (*)(float, float *, float *))fn)(bf(a), &s, &co); r = fb(s); *d1 = fb(co); break; }
  case MS_V_DPP: { double s, co; ((void (*)(double, double *, double *))fn)(bd(a), &s, &co); r = db(s); *d1 = db(co); break; }
  case MS_F_FP: { float ip; r = fb(((float (*)(float, float *))fn)(bf(a), &ip)); *d1 = fb(ip); break; }
  case MS_D_DP: { double ip; r = db(((double (*)(double, double *))fn)(bd(a), &ip)); *d1 = db(ip); break; }
  case MS_F_FQ: { int e; r = fb(((float (*)(float, int *))fn)(bf(a), &e)); *d1 = (uint32_t)e; break; }
  case MS_D_DQ: { int e; r = db(((double (*)(double, int *))fn)(bd(a), &e)); *d1 = (uint32_t)e; break; }
  case MS_F_FFQ: { int q; r = fb(((float (*)(float, float, int *))fn)(bf(a), bf(b), &q)); *d1 = (uint32_t)q; break; }
  case MS_D_DDQ: { int q; r = db(((double (*)(double, double, int *))fn)(bd(a), bd(b), &q)); *d1 = (uint32_t)q; break; }
  case MS_F_FFFF: r = fb(((float (*)(float, float, float, float))fn)(fa, fbv, fc, bf(e))); break;
  case MS_D_DDDD: r = db(((double (*)(double, double, double, double))fn)(bd(a), bd(b), bd(c), bd(e))); break;
  case MS_F_IF: r = fb(((float (*)(int, float))fn)((int)(uint32_t)a, bf(b))); break;
  case MS_D_ID: r = db(((double (*)(int, double))fn)((int)(uint32_t)a, bd(b))); break;
  case MS_D_II: r = db(((double (*)(int, int))fn)((int)(uint32_t)a, (int)(uint32_t)b)); break;
  case MS_I_FI: r = (uint32_t)((int (*)(float, int))fn)(bf(a), (int)(uint32_t)b); break;
  case MS_I_DI: r = (uint32_t)((int (*)(double, int))fn)(bd(a), (int)(uint32_t)b); break;
  case MS_U_UUUU: r = ((unsigned (*)(unsigned, unsigned, unsigned, unsigned))fn)((unsigned)a, (unsigned)b, (unsigned)c, (unsigned)e); break;
  default: break;
  }
  if (ty == T_F16 && (cls == MS_F_F || cls == MS_F_FF || cls == MS_F_FFF))
    r = simI_f2h(bf(r));
  if ((in->ty2 & SIMI_MATH_FTZ) && simI_math_sigstr((int)cls)[0] == 'f') r = fb(simI_math_ftz(bf(r)));
  *d0 = r;
}

/* ------------------------------------------------------------- int ops */

static uint64_t intop1(unsigned x, unsigned ty, uint64_t a) {
  unsigned w = ty > 64 ? 64 : ty;
  switch (x) {
  case IO1_CTPOP: return (uint64_t)__builtin_popcountll(a & mk(w));
  case IO1_CTLZ: { a &= mk(w); if (!a) return w; return (uint64_t)(__builtin_clzll(a) - (64 - (int)w)); }
  case IO1_CTTZ: { a &= mk(w); if (!a) return w; return (uint64_t)__builtin_ctzll(a); }
  case IO1_BSWAP: { uint64_t r = __builtin_bswap64(a); return (r >> (64 - w)) & mk(w); }
  case IO1_BITREV: { uint64_t r = 0; for (unsigned i = 0; i < w; i++) r |= ((a >> i) & 1) << (w - 1 - i); return r; }
  case IO1_ABS: { int64_t s = sx(a, w); return (uint64_t)(s < 0 ? -(uint64_t)s : (uint64_t)s) & mk(w); }
  }
  return 0;
}

static uint64_t intop2(unsigned x, unsigned ty, uint64_t a, uint64_t b, uint64_t c) {
  unsigned w = ty > 64 ? 64 : ty;
  uint64_t M = mk(w);
  int64_t sa = sx(a, w), sb = sx(b, w);
  switch (x) {
  case IO2_SMIN: return sa < sb ? a : b;
  case IO2_SMAX: return sa > sb ? a : b;
  case IO2_UMIN: return (a & M) < (b & M) ? a : b;
  case IO2_UMAX: return (a & M) > (b & M) ? a : b;
  case IO2_MULHI: return (uint64_t)(((__int128)sa * sb) >> w) & M;
  case IO2_UMULHI: return (uint64_t)(((unsigned __int128)(a & M) * (b & M)) >> w) & M;
  case IO2_MUL24: return (uint64_t)((int64_t)sx(a, 24) * sx(b, 24)) & M;
  case IO2_UMUL24: return ((a & 0xffffff) * (b & 0xffffff)) & M;
  case IO2_SADDSAT: {
    __int128 r = (__int128)sa + sb, hi = (__int128)(M >> 1), lo = -hi - 1;
    return (uint64_t)(r > hi ? hi : r < lo ? lo : r) & M;
  }
  case IO2_UADDSAT: { unsigned __int128 r = (unsigned __int128)(a & M) + (b & M); return r > M ? M : (uint64_t)r; }
  case IO2_SSUBSAT: {
    __int128 r = (__int128)sa - sb, hi = (__int128)(M >> 1), lo = -hi - 1;
    return (uint64_t)(r > hi ? hi : r < lo ? lo : r) & M;
  }
  case IO2_USUBSAT: return (a & M) > (b & M) ? (a - b) & M : 0;
  case IO2_PRMT: {
    uint64_t v = ((b & 0xffffffff) << 32) | (a & 0xffffffff), r = 0;
    for (int i = 0; i < 4; i++) r |= ((v >> (8 * ((c >> (4 * i)) & 7))) & 0xff) << (8 * i);
    return r;
  }
  case IO2_SAD: return (uint64_t)((sa > sb ? sa - sb : sb - sa) + (int64_t)c) & M;
  case IO2_USAD: return (((a & M) > (b & M) ? (a & M) - (b & M) : (b & M) - (a & M)) + c) & M;
  case IO2_HADD: return (uint64_t)(((__int128)sa + sb) >> 1) & M;
  case IO2_UHADD: return (uint64_t)(((unsigned __int128)(a & M) + (b & M)) >> 1) & M;
  case IO2_RHADD: return (uint64_t)(((__int128)sa + sb + 1) >> 1) & M;
  case IO2_URHADD: return (uint64_t)(((unsigned __int128)(a & M) + (b & M) + 1) >> 1) & M;
  }
  return 0;
}

/* i128 arithmetic on two-slot values (rare: __umul64hi and friends at -O0). */
static void op128(const simI_insn *in, uint64_t a0, uint64_t a1, uint64_t b0, uint64_t b1,
                  uint64_t *d0, uint64_t *d1) {
  unsigned __int128 a = ((unsigned __int128)a1 << 64) | a0, b = ((unsigned __int128)b1 << 64) | b0, r = 0;
  __int128 sa = (__int128)a, sb = (__int128)b;
  unsigned sh = (unsigned)(b0 & 127);
  switch (in->op) {
  case OP_ADD: r = a + b; break;
  case OP_SUB: r = a - b; break;
  case OP_MUL: r = a * b; break;
  case OP_UDIV: r = b ? a / b : ~(unsigned __int128)0; break;
  case OP_UREM: r = b ? a % b : a; break;
  case OP_SDIV: r = b ? (unsigned __int128)(sa / sb) : ~(unsigned __int128)0; break;
  case OP_SREM: r = b ? (unsigned __int128)(sa % sb) : a; break;
  case OP_SHL: r = a << sh; break;
  case OP_LSHR: r = a >> sh; break;
  case OP_ASHR: r = (unsigned __int128)(sa >> sh); break;
  case OP_AND: r = a & b; break;
  case OP_OR: r = a | b; break;
  case OP_XOR: r = a ^ b; break;
  default: break;
  }
  *d0 = (uint64_t)r;
  *d1 = (uint64_t)(r >> 64);
}

static int icmp(unsigned pred, unsigned ty, uint64_t a, uint64_t b) {
  uint64_t M = mk(ty);
  a &= M; b &= M;
  switch (pred) {
  case 32: return a == b;
  case 33: return a != b;
  case 34: return a > b;
  case 35: return a >= b;
  case 36: return a < b;
  case 37: return a <= b;
  case 38: return sx(a, ty) > sx(b, ty);
  case 39: return sx(a, ty) >= sx(b, ty);
  case 40: return sx(a, ty) < sx(b, ty);
  case 41: return sx(a, ty) <= sx(b, ty);
  }
  return 0;
}

static int fcmp(unsigned pred, double x, double y) {
  int uno = x != x || y != y;
  switch (pred) {
  case 0: return 0;
  case 1: return !uno && x == y;
  case 2: return !uno && x > y;
  case 3: return !uno && x >= y;
  case 4: return !uno && x < y;
  case 5: return !uno && x <= y;
  case 6: return !uno && x != y;
  case 7: return !uno;
  case 8: return uno;
  case 9: return uno || x == y;
  case 10: return uno || x > y;
  case 11: return uno || x >= y;
  case 12: return uno || x < y;
  case 13: return uno || x <= y;
  case 14: return uno || x != y;
  default: return 1;
  }
}

static uint64_t fp_to_int(double x, unsigned ty, int sgn) {
  if (x != x) return 0;
  if (ty >= 64) {
    if (sgn) {
      if (x >= 9223372036854775807.0) return (uint64_t)INT64_MAX;
      if (x <= -9223372036854775808.0) return (uint64_t)INT64_MIN;
      return (uint64_t)(int64_t)x;
    }
    if (x <= 0) return 0;
    if (x >= 18446744073709551615.0) return UINT64_MAX;
    return (uint64_t)x;
  }
  if (sgn) {
    double hi = (double)((1ll << (ty - 1)) - 1), lo = -(double)(1ll << (ty - 1));
    int64_t v = x >= hi ? (int64_t)hi : x <= lo ? (int64_t)lo : (int64_t)x;
    return (uint64_t)v & mk(ty);
  }
  double hi = (double)mk(ty);
  if (x <= 0) return 0;
  return x >= hi ? mk(ty) : (uint64_t)x;
}

static uint64_t atomic_op(unsigned op, unsigned ty, uint64_t old, uint64_t v, int *ok) {
  uint64_t M = mk(ty >= T_F16 ? (ty == T_F64 ? 64 : ty == T_F32 ? 32 : 16) : ty);
  *ok = 1;
  switch (op) {
  case 0: return v;                              /* xchg */
  case 1: return (old + v) & M;                  /* add */
  case 2: return (old - v) & M;                  /* sub */
  case 3: return old & v;                        /* and */
  case 4: return ~(old & v) & M;                 /* nand */
  case 5: return old | v;                        /* or */
  case 6: return old ^ v;                        /* xor */
  case 7: return sx(old, ty) > sx(v, ty) ? old : v;  /* max */
  case 8: return sx(old, ty) < sx(v, ty) ? old : v;  /* min */
  case 9: return (old & M) > (v & M) ? old : v;  /* umax */
  case 10: return (old & M) < (v & M) ? old : v; /* umin */
  case 11: return putf(getf(old, ty) + getf(v, ty), ty); /* fadd */
  case 12: return putf(getf(old, ty) - getf(v, ty), ty); /* fsub */
  case 13: return putf(fmax(getf(old, ty), getf(v, ty)), ty);
  case 14: return putf(fmin(getf(old, ty), getf(v, ty)), ty);
  case 15: return (old & M) >= (v & M) ? 0 : (old + 1) & M;          /* uinc_wrap */
  case 16: return ((old & M) == 0 || (old & M) > (v & M)) ? v : (old - 1) & M; /* udec_wrap */
  }
  *ok = 0;
  return old;
}

/* ------------------------------------------------------------- the loop */

/* --its: the top path e of warp w took a backward branch to pc. If it has
 * looped SPIN_SLICE dispatches without reconverging (spinning on a lock or
 * flag another lane of the warp holds), the lanes of the path below it run
 * on: a sibling path, or the lanes already waiting at e's reconvergence
 * point, which then run past it to the point after (on Volta and later the
 * lanes of a warp progress independently). Returns 1 if the stack changed
 * (e->pc saved). */
static int its_spin(ex *E, warp *w, simt *e, uint32_t pc) {
  if (!E->l->its || w->nst < 2 || w->steps - w->top_since <= SPIN_SLICE) return 0;
  /* entries below that only wait to pop (their lanes arrived at their
   * reconvergence point, and the entry under them holds those lanes) */
  int changed = 0;
  while (w->nst >= 3 && w->st[w->nst - 2].pc == w->st[w->nst - 2].rpc &&
         w->st[w->nst - 2].frame == e->frame) {
    e->pc = pc;
    w->st[w->nst - 2] = w->st[w->nst - 1];
    w->nst--;
    e = &w->st[w->nst - 1];
    changed = 1;
  }
  if (changed) return 1;
  simt *sb = &w->st[w->nst - 2];
  if (sb->rpc != e->rpc && !(sb->pc == e->rpc && (sb->mask & ~e->mask)))
    return 0;
  if (sb->frame != e->frame) return 0;
  if (sb->rpc == e->rpc && sb->pc != sb->rpc) {
    e->pc = pc;
    w->top_since = w->steps;
    simt tmp = *e; /* a sibling path: swap */
    *e = *sb;
    *sb = tmp;
    return 1;
  }
  if (sb->pc != e->rpc || sb->pc == sb->rpc || !(sb->mask & ~e->mask)) return 0;
  /* lanes running ahead could reach a block barrier without their warp:
   * only in kernels without block barriers */
  if (E->k->info.nbarriers || w->steps - w->top_since <= SPIN_AHEAD) return 0;
  e->pc = pc;
  w->top_since = w->steps;
  /* sb waits at e's reconvergence point: its other lanes run ahead to sb's
   * own reconvergence point */
  uint64_t ahead = sb->mask & ~e->mask;
  sb->mask &= e->mask;
  simt a = {sb->pc, sb->rpc, ahead, sb->frame, sb->path};
  if (push(E, w, a.pc, a.rpc, a.mask, a.frame, a.path)) return 1;
  return 1;
}


/* ------------------------------------------------ async copies, mbarriers */

/* cp.async: each lane keeps its copies (w->cp) until a wait_group /
 * wait_all / cp.async.mbarrier.arrive of the lane, or the thread's exit,
 * lands them: the bytes are copied then (a valid schedule: the copy may
 * complete any time before the wait that observes it) and the observers see
 * SIMI_ASYNC_DONE and the copy's accesses as the issuing lane's. */
static int cpa_issue(ex *E, warp *w, unsigned l, uint64_t dst, uint64_t src, unsigned size,
                     unsigned nsrc, uint32_t site) {
  if (w->ncp == w->capcp) {
    uint32_t n = w->capcp ? w->capcp * 2 : 16;
    cpa *v = realloc(w->cp, n * sizeof *v);
    if (!v) return -1;
    w->cp = v;
    w->capcp = n;
  }
  cpa *c = &w->cp[w->ncp++];
  c->dst = dst;
  c->src = src;
  c->id = E->cpa_ids++;
  c->size = size;
  c->nsrc = nsrc;
  c->group = CPA_UNCOMMITTED;
  c->site = site;
  c->lane = (uint8_t)l;
  c->mbar = 0;
  simI_async ev = {SIMI_ASYNC_ISSUE, site, w->b->id, w->idx, l, dst, src, size, c->id};
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].async) E->obs[i].async(E->obs[i].ctx, &ev);
  return 0;
}

static void cpa_land(ex *E, warp *w, const simt *e, const cpa *c) {
  unsigned l = c->lane;
  uint8_t *hd = resolve(E, w, l, c->dst, c->size, SIMI_ACC_WRITE, c->site);
  /* initcheck: the shadows, each taken right after its resolve (a heap
   * block's shadow follows from the c_lim that resolve left) */
  uint8_t *sd = E->want_uninit && hd ? shadow_of(E, w, c->dst, hd) : NULL;
  uint8_t *hs = c->nsrc ? resolve(E, w, l, c->src, c->nsrc, SIMI_ACC_READ, c->site) : NULL;
  uint8_t *ss = E->want_uninit && hs ? shadow_of(E, w, c->src, hs) : NULL;
  uint64_t v = 0;
  if (hd && (hs || !c->nsrc)) {
    if (c->nsrc) memmove(hd, hs, c->nsrc);
    memset(hd + c->nsrc, 0, c->size - c->nsrc);
    memcpy(&v, hd, c->size < 8 ? c->size : 8);
    if (sd) {
      /* the copy carries the source bytes' state (host memory: written);
       * the zero-filled rest is written */
      if (c->nsrc) {
        if (ss) memmove(sd, ss, c->nsrc);
        else shadow_set(w, c->dst, sd, 1, c->nsrc);
      }
      if (c->size > c->nsrc) shadow_set(w, c->dst + c->nsrc, sd + c->nsrc, 1, c->size - c->nsrc);
    }
  }
  simI_async ev = {SIMI_ASYNC_DONE, c->site, w->b->id, w->idx, l, c->dst, c->src, c->size, c->id};
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].async) E->obs[i].async(E->obs[i].ctx, &ev);
  if (!E->want_access) return;
  uint64_t addr[64], val[64];
  addr[l] = c->src;
  val[l] = v;
  if (hs) emit_access(E, w, e, c->site, 1ull << l, e->mask, SIMI_ACC_READ, 0, c->nsrc, addr, val);
  addr[l] = c->dst;
  if (hd) emit_access(E, w, e, c->site, 1ull << l, e->mask, SIMI_ACC_WRITE, 0, c->size, addr, val);
}

/* Lands the copies of the lanes in `lanes` that `pick` selects (0 commit
 * groups older than the last `keep`; 1 all), in issue order. */
static void cpa_wait(ex *E, warp *w, const simt *e, uint64_t lanes, int all, const uint64_t *keep,
                     size_t SK) {
  uint32_t j = 0;
  for (uint32_t i = 0; i < w->ncp; i++) {
    cpa c = w->cp[i];
    int go = (lanes >> c.lane) & 1;
    if (go && !all) {
      uint64_t k = keep[c.lane & SK];
      go = c.group != CPA_UNCOMMITTED && (uint64_t)c.group + k < w->cp_groups[c.lane];
    }
    if (go) cpa_land(E, w, e, &c);
    else w->cp[j++] = c;
  }
  w->ncp = j;
  E->c_tag = ~0ull;
}

/* The phase of the mbarrier at `p` (a pointer of block b) completed: the
 * copies it tracks land, each followed by a release of its issuing lane on
 * the mbarrier (the arrive-on that the hardware performs when the copies
 * complete), so that the waiters of the phase see the copied bytes. */
static void cpa_mbar_done(ex *E, blk *b, uint64_t p) {
  for (unsigned i = 0; i < b->nw; i++) {
    warp *v = &b->w[i];
    if (!v->ncp) continue;
    simt top = {0, 0, 0, 0, 0};
    const simt *ev = v->nst ? &v->st[v->nst - 1] : &top;
    uint64_t lanes = 0;
    uint32_t site = 0, j = 0;
    for (uint32_t k = 0; k < v->ncp; k++) {
      cpa c = v->cp[k];
      if (c.mbar != p) { v->cp[j++] = c; continue; }
      cpa_land(E, v, ev, &c);
      lanes |= 1ull << c.lane;
      site = c.site;
    }
    v->ncp = j;
    if (!lanes || !E->want_access) continue;
    v->steps++;
    uint64_t addr[64];
    for (uint64_t mm = lanes; mm; mm &= mm - 1) addr[__builtin_ctzll(mm)] = p;
    emit_access(E, v, ev, site, lanes, lanes, SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC,
                SIMI_SCOPE_BLOCK | (SIMI_ORDER_RELEASE << 4), 8, addr, NULL);
    v->steps++;
  }
  E->c_tag = ~0ull;
}

/* ------------------------------------------------------ bulk tensor copies */

/* The words of simulee's CUtensorMap (cuda/simulee_tensormap.h), by byte
 * offset / 4. */
enum {
  TM_MAGIC = 0, TM_RANK = 2, TM_ESIZE = 3, TM_ADDR = 4, TM_DIM = 6, TM_SWIZZLE = 11,
  TM_STRIDE = 12, TM_BOX = 20, TM_ESTRIDE = 25, TM_INTERLEAVE = 30, TM_BYTES = 128
};
#define TM_MAGIC_VALUE 0x50414d54u /* "TMAP", __SIM_TMAP_MAGIC */

/* One lane's copy of n bytes from global src to shared dst (zero: n zero
 * bytes) for a bulk tensor copy at pc: the lane's read and write events, as
 * OP_MEMCPY's. */
static void tma_segment(ex *E, warp *w, const simt *e, uint32_t pc, uint64_t m, unsigned l,
                        uint64_t dst, uint64_t src, unsigned n, int zero) {
  if (!n) return;
  uint8_t *hd = resolve(E, w, l, dst, n, SIMI_ACC_WRITE, pc);
  if (!hd) return;
  uint8_t *sd = E->want_uninit ? shadow_of(E, w, dst, hd) : NULL;
  if (zero) {
    memset(hd, 0, n);
    if (sd) shadow_set(w, dst, sd, 1, n);
  } else {
    uint8_t *hs = resolve(E, w, l, src, n, SIMI_ACC_READ, pc);
    if (!hs) return;
    uint8_t *ss = sd ? shadow_of(E, w, src, hs) : NULL;
    memmove(hd, hs, n);
    if (sd) {
      if (ss) memmove(sd, ss, n);
      else shadow_set(w, dst, sd, 1, n);
    }
    if (E->want_access) {
      E->addrbuf[l] = src;
      emit_access(E, w, e, pc, 1ull << l, m, SIMI_ACC_READ, 0, n, E->addrbuf, NULL);
    }
  }
  if (E->want_access) {
    E->addrbuf[l] = dst;
    emit_access(E, w, e, pc, 1ull << l, m, SIMI_ACC_WRITE, 0, n, E->addrbuf, NULL);
  }
}

/* One lane's bulk tensor copy (OP_TMA) of rank `rank`: the box of the tensor
 * map at tp at the coordinates c (signed) lands at shared dst, row-major
 * (dimension 0 fastest); elements outside the tensor are zeros, as the
 * hardware fills them. Returns the box's bytes (what completes on the
 * mbarrier), 0 after a fault (a map simulee did not make, or one it does not
 * execute). */
static uint64_t tma_lane(ex *E, warp *w, const simt *e, uint32_t pc, uint64_t m, unsigned l,
                         uint64_t dst, uint64_t tp, unsigned rank, const int64_t *c) {
  uint8_t *h = resolve(E, w, l, tp, TM_BYTES, SIMI_ACC_READ, pc);
  if (!h) return 0;
  uint32_t u[TM_BYTES / 4];
  uint64_t gaddr, gstride[4];
  memcpy(u, h, TM_BYTES);
  memcpy(&gaddr, h + 4 * TM_ADDR, 8);
  memcpy(gstride, h + 4 * TM_STRIDE, sizeof gstride);
  const uint32_t *dim = &u[TM_DIM], *box = &u[TM_BOX];
  unsigned es = u[TM_ESIZE];
  const char *bad = NULL;
  uint64_t total = es;
  if (u[TM_MAGIC] != TM_MAGIC_VALUE)
    bad = "not a tensor map simulee made (give the CUtensorMap parameter with --arg tmap:...)";
  else if (u[TM_RANK] != rank) bad = "tensor map of another rank than the copy's";
  else if (es != 1 && es != 2 && es != 4 && es != 8) bad = "tensor map with a bad element size";
  else if (u[TM_SWIZZLE] || u[TM_INTERLEAVE])
    bad = "tensor map with a swizzle or interleave layout (not executed by simulee)";
  for (unsigned i = 0; i < rank && !bad; i++) {
    if (!box[i] || box[i] > 256 || !dim[i]) bad = "tensor map with a bad box or tensor size";
    else if (u[TM_ESTRIDE + i] != 1) bad = "tensor map with element strides (not executed by simulee)";
    total *= box[i];
  }
  if (!bad && total > (1u << 18)) bad = "tensor map box larger than shared memory";
  if (bad) {
    fault(E, w, l, tp, TM_BYTES, SIMI_ACC_READ, pc, bad);
    return 0;
  }
  uint64_t rowb = (uint64_t)box[0] * es, rows = total / rowb;
  for (uint64_t r = 0; r < rows; r++) {
    uint64_t t = r, off = 0;
    int in = 1;
    for (unsigned i = 1; i < rank; i++) {
      int64_t x = c[i] + (int64_t)(t % box[i]);
      t /= box[i];
      if (x < 0 || x >= (int64_t)dim[i]) in = 0;
      else off += (uint64_t)x * gstride[i - 1];
    }
    /* [lo, a) zeros, [a, b) the tensor's, [b, hi) zeros */
    int64_t lo = c[0], hi = c[0] + box[0];
    int64_t a = in ? (lo > 0 ? lo : 0) : lo, b = in ? (hi < (int64_t)dim[0] ? hi : dim[0]) : lo;
    if (a > hi) a = hi;
    if (b < a) b = a;
    uint64_t sd = dst + r * rowb;
    tma_segment(E, w, e, pc, m, l, sd, 0, (unsigned)((a - lo) * es), 1);
    tma_segment(E, w, e, pc, m, l, sd + (uint64_t)(a - lo) * es, gaddr + off + (uint64_t)a * es,
                (unsigned)((b - a) * es), 0);
    tma_segment(E, w, e, pc, m, l, sd + (uint64_t)(b - lo) * es, 0, (unsigned)((hi - b) * es), 1);
    if (E->stop) return 0;
  }
  return total;
}

/* mbarrier object (8 bytes of shared memory, opaque to the program):
 * bits 0..19 expected arrivals, 20..39 pending arrivals of the current
 * phase, 40..61 transaction bytes pending (two's complement), 63 the phase
 * parity. An arrive returns the object as it was after the arrival (the
 * "state" token: its phase bit and pending count). */
#define MB_CNT(v, s) (((v) >> (s)) & 0xFFFFFull)
#define MB_TX(v) ((int64_t)((v) << 2) >> 42)
static uint64_t mb_make(uint64_t phase, uint64_t expected, uint64_t pending, int64_t tx) {
  return (phase << 63) | (expected & 0xFFFFF) | ((pending & 0xFFFFF) << 20) |
         (((uint64_t)tx & 0x3FFFFF) << 40);
}

/* One lane's mbarrier operation on the object at h (MB_* x, flags f);
 * returns the result; sets *changed to 1 if the object was (re)initialised,
 * to 2 if its phase completed. */
static uint64_t mb_lane(unsigned x, unsigned f, uint8_t *h, uint64_t b, uint64_t c, int *changed) {
  uint64_t v;
  memcpy(&v, h, 8);
  uint64_t ph = v >> 63, ex = MB_CNT(v, 0), pend = MB_CNT(v, 20);
  int64_t tx = MB_TX(v);
  uint64_t r = 0;
  switch (x) {
  case MB_INIT: v = mb_make(0, b, b, 0); *changed = 1; break;
  case MB_INVAL: v = 0; *changed = 1; break;
  case MB_ARRIVE:
  case MB_EXPECT_TX:
  case MB_COMPLETE_TX:
    if (x == MB_EXPECT_TX || (f & MBF_EXPECT)) tx += (int64_t)(x == MB_EXPECT_TX ? b : c);
    if (x == MB_COMPLETE_TX) tx -= (int64_t)b;
    if (x == MB_ARRIVE) {
      pend = b > pend ? 0 : pend - b;
      if (f & MBF_DROP) ex = b > ex ? 0 : ex - b;
    }
    r = mb_make(ph, ex, pend, tx);
    if (pend == 0 && tx == 0 && !(f & MBF_NOCOMPLETE) && (x != MB_EXPECT_TX)) {
      ph ^= 1;
      pend = ex;
      *changed = 2;
    }
    v = mb_make(ph, ex, pend, tx);
    break;
  default: break;
  }
  memcpy(h, &v, 8);
  return r;
}

/* Run warp w for at most `budget` dispatches or until it parks. */
/* Named barriers (OP_BAR with BAR_NAMED): lanes m of w arrive at barrier
 * `id` of their block, which waits for `cnt` threads (a warp counts as all
 * its threads, as PTX counts them). bar.sync parks the warp; bar.arrive goes
 * on. Once `cnt` threads arrived, the warps parked at `id` go on and the
 * generation restarts. Ids are independent of each other and of the block
 * barrier. Returns 1 if w stays parked, 0 if it goes on, -1 on a bad id or
 * count (the launch stops with a trap). */
static int named_bar(ex *E, warp *w, uint32_t pc, uint64_t m, uint64_t id, uint64_t cnt,
                     int arrive) {
  blk *b = w->b;
  if (id >= 16) {
    stop(E, SIMI_E_TRAP, pc, "named barrier id %llu out of range (0..15)", (unsigned long long)id);
    return -1;
  }
  if (cnt == 0 || cnt > E->bthreads) cnt = E->bthreads;
  simI_named ev = {SIMI_NAMED_ARRIVE, pc, b->id, w->idx, (unsigned)id, (unsigned)cnt, m, !arrive};
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].named) E->obs[i].named(E->obs[i].ctx, &ev);
  b->arrived[id] += (unsigned)__builtin_popcountll(w->full);
  if (!arrive) {
    w->bar_site = pc;
    w->bar_mask = m;
    w->bar_kind = 0;
    w->bar_dst = NOREG;
    w->bar_pred = 0;
    w->bar_named = 1;
    w->bar_id = (unsigned)id;
  }
  if (b->arrived[id] < cnt) return !arrive;
  b->arrived[id] = 0;
  for (unsigned i = 0; i < b->nw; i++) {
    warp *v = &b->w[i];
    if (v->state != W_BAR && v != w) continue;
    if (!v->bar_named || v->bar_id != id || (v == w && arrive)) continue;
    v->bar_named = 0;
    v->state = W_RUN;
    simI_named rv = {SIMI_NAMED_RELEASE, v->bar_site, b->id, v->idx, (unsigned)id,
                     (unsigned)cnt, v->bar_mask, 1};
    for (unsigned k = 0; k < E->nobs; k++)
      if (E->obs[k].named) E->obs[k].named(E->obs[k].ctx, &rv);
  }
  return 0;
}

/* ------------------------------------------------ device-side launches */

static simI_status run_grid(const simI_program *p, unsigned kidx, const simI_launch *l,
                            const simI_observer *obs, unsigned nobs, simI_result *res,
                            ex *parent, const dpq *q, unsigned pblock);

/* Lanes mask of w acquire (release 0) or publish to (1) channel `chan`:
 * the ordering events of dynamic parallelism (SIMI_DP_*). */
static void dp_order(ex *E, warp *w, const simt *e, uint32_t site, uint64_t mask, uint64_t chan,
                     int release) {
  (void)e;
  if (!mask) return;
  simI_named ev = {release ? SIMI_NAMED_DP_PUBLISH : SIMI_NAMED_DP_ACQUIRE, site, w->b->id,
                   w->idx, (unsigned)chan, 0, mask, 0};
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].named) E->obs[i].named(E->obs[i].ctx, &ev);
}

/* Lane l of w launches kernel `fn` with the configuration at cfgp and the
 * parameter buffer at parp (cuda/simulee_dp.h): the grid is queued on the
 * block. Returns its id, or 0 when the launch stopped (why in E). */
static uint64_t dp_launch(ex *E, warp *w, unsigned l, uint32_t pc, uint64_t fn, uint64_t cfgp,
                          uint64_t parp) {
  const simI_program *P = E->p;
  char sb[256];
  site_str(E, pc, sb, sizeof sb);
  unsigned kidx = UINT32_MAX;
  if (SIMI_PTR_SPACE(fn) == 15 && !SIMI_PTR_OFFSET(fn))
    for (unsigned k = 0; k < P->nkernels; k++)
      if (P->kernels[k].func == SIMI_PTR_ALLOC(fn)) { kidx = k; break; }
  if (kidx == UINT32_MAX) {
    stop(E, SIMI_E_TRAP, pc, "device-side launch at %s of a function that is not a kernel", sb);
    return 0;
  }
  const simI_kernel_rec *k = &P->kernels[kidx];
  uint32_t head[9];
  uint8_t *h = resolve(E, w, l, cfgp, sizeof head, SIMI_ACC_READ, pc);
  if (!h) {
    stop(E, SIMI_E_TRAP, pc, "device-side launch at %s: its configuration is unreadable", sb);
    return 0;
  }
  memcpy(head, h, sizeof head);
  simI_dim3 g = {head[0], head[1], head[2]}, b = {head[3], head[4], head[5]};
  unsigned np = head[7];
  uint32_t bytes = head[8];
  if (E->depth + 1 > SIMI_DP_MAX_DEPTH) {
    stop(E, SIMI_E_TRAP, pc,
         "device-side launch at %s nests child grids %u deep: above CUDA's limit of %u",
         sb, E->depth + 1, SIMI_DP_MAX_DEPTH);
    return 0;
  }
  uint64_t nb = (uint64_t)g.x * g.y * g.z, bt = (uint64_t)b.x * b.y * b.z;
  if (!nb || !bt || bt > 1024 || b.x > 1024 || b.y > 1024 || b.z > 64 || g.y > 65535 ||
      g.z > 65535 || g.x > 2147483647u) {
    stop(E, SIMI_E_TRAP, pc,
         "device-side launch at %s: grid %ux%ux%u of blocks %ux%ux%u is outside CUDA's limits",
         sb, g.x, g.y, g.z, b.x, b.y, b.z);
    return 0;
  }
  if (E->root->child_blocks + nb > SIMI_DP_MAX_BLOCKS ||
      E->root->child_threads + nb * bt > SIMI_DP_MAX_THREADS) { /* simulee's bounds */
    stop(E, SIMI_E_NOMEM, pc,
         "device-side launch at %s: a child grid of %llu blocks of %llu threads makes %llu "
         "child blocks and %llu child threads in this launch, above simulee's limits of %u and %u",
         sb, (unsigned long long)nb, (unsigned long long)bt,
         (unsigned long long)(E->root->child_blocks + nb),
         (unsigned long long)(E->root->child_threads + nb * bt), SIMI_DP_MAX_BLOCKS,
         SIMI_DP_MAX_THREADS);
    return 0;
  }
  if (head[6] > (1u << 20)) {
    stop(E, SIMI_E_TRAP, pc, "device-side launch at %s: %u bytes of dynamic shared memory is above 1 MiB",
         sb, head[6]);
    return 0;
  }
  if (np != k->info.nparams || bytes > 4096) {
    stop(E, SIMI_E_TRAP, pc,
         "device-side launch at %s: %u argument bytes for the %u parameters of '%s' (CUDA "
         "passes at most 4096)", sb, bytes, k->info.nparams, k->info.demangled);
    return 0;
  }
  uint32_t *offs = malloc((np + 1) * sizeof *offs);
  uint8_t *par = malloc(bytes + 1);
  if (!offs || !par) {
    free(offs);
    free(par);
    stop(E, SIMI_E_NOMEM, pc, "out of memory");
    return 0;
  }
  if (np) {
    uint8_t *o = resolve(E, w, l, cfgp + sizeof head, 4ull * np, SIMI_ACC_READ, pc);
    if (o) memcpy(offs, o, 4ull * np);
    for (unsigned i = 0; o && i < np; i++)
      if (offs[i] > bytes || bytes - offs[i] < k->info.params[i].size) o = NULL;
    uint8_t *pb = o && bytes ? resolve(E, w, l, parp, bytes, SIMI_ACC_READ, pc) : o;
    if (pb && bytes) memcpy(par, pb, bytes);
    if (!pb) {
      free(offs);
      free(par);
      stop(E, SIMI_E_TRAP, pc, "device-side launch at %s: its parameter buffer is unreadable", sb);
      return 0;
    }
  }
  blk *B = w->b;
  if (B->ndq == B->capdq) {
    unsigned nc = B->capdq ? 2 * B->capdq : 4;
    dpq *nq = realloc(B->dq, nc * sizeof *nq);
    if (!nq) {
      free(offs);
      free(par);
      stop(E, SIMI_E_NOMEM, pc, "out of memory");
      return 0;
    }
    B->dq = nq;
    B->capdq = nc;
  }
  dpq *q = &B->dq[B->ndq++];
  q->kernel = kidx;
  q->grid = g;
  q->block = b;
  q->shmem = head[6];
  q->site = pc;
  q->thread = w->idx * E->W + l;
  q->params = par;
  q->offs = offs;
  q->bytes = bytes;
  E->root->child_blocks += nb;
  E->root->child_threads += nb * bt;
  q->id = ++E->root->ngrids;
  return q->id;
}

/* Run the child grids queued on block B to completion, in launch order. */
static void dp_run(ex *E, blk *B) {
  const simI_program *P = E->p;
  for (unsigned i = 0; i < B->ndq && !E->stop; i++) {
    dpq *q = &B->dq[i];
    const simI_kernel_rec *k = &P->kernels[q->kernel];
    unsigned np = k->info.nparams;
    simI_arg *args = calloc(np + 1, sizeof *args);
    if (!args) { stop(E, SIMI_E_NOMEM, q->site, "out of memory"); break; }
    for (unsigned a = 0; a < np; a++) {
      const simI_param *pr = &k->info.params[a];
      const uint8_t *src = q->params + q->offs[a];
      if (pr->kind == SIMI_PARAM_STRUCT) {
        args[a].raw = src;
        args[a].rawlen = pr->size;
      } else {
        uint64_t v = 0;
        memcpy(&v, src, pr->size < 8 ? pr->size : 8);
        args[a].bits = v;
      }
    }
    simI_launch cl = *E->l;
    cl.grid = q->grid;
    cl.block = q->block;
    cl.dyn_shared = q->shmem;
    cl.nargs = np;
    cl.args = args;
    cl.cluster = (simI_dim3){0, 0, 0};
    simI_result res;
    run_grid(P, q->kernel, &cl, E->obs, E->nobs, &res, E, q, B->id);
    free(args);
    E->insns += res.insns;
    E->warp_insns += res.warp_insns;
    E->faults += res.faults;
    if (res.status != SIMI_OK) stop(E, res.status, res.site, "%s", res.message);
  }
  for (unsigned i = 0; i < B->ndq; i++) {
    free(B->dq[i].params);
    free(B->dq[i].offs);
  }
  B->ndq = 0;
  E->c_tag = ~0ull; /* a child may have grown a buffer */
}

static void run_warp(ex *E, warp *w, uint64_t budget) {
  const simI_program *P = E->p;
  const simI_insn *code = P->code;
  const uint64_t *K = P->konst;
  const unsigned W = E->W;
  /* saturating: a budget of UINT64_MAX steps must not wrap to 0 */
  uint64_t lim = w->steps + budget < w->steps ? UINT64_MAX : w->steps + budget;
  uint64_t cap = E->max_steps == UINT64_MAX ? UINT64_MAX : E->max_steps + 1;
  if (lim > cap) lim = cap;
  uint64_t insns = 0, steps0 = w->steps;
  E->c_tag = ~0ull;
  blk *B = w->b;

reload:
  if (E->stop) goto out;
  if (w->nst == 0) { w->state = W_DONE; goto out; }
  {
    simt *e = &w->st[w->nst - 1];
    e->mask &= w->live;
    if (e->mask == 0 || e->pc == e->rpc) { pop(w); goto reload; }
    if (w->nst != w->top_n) { w->top_n = w->nst; w->top_since = w->steps; }
    uint32_t pc = e->pc;
    const uint64_t m = e->mask;
    const unsigned pop_m = (unsigned)__builtin_popcountll(m);
    uint64_t *R = w->fr[e->frame].regs;
    for (;;) {
      if (w->steps >= lim) {
        e->pc = pc;
        if (w->steps > E->max_steps) {
          char b[256];
          stop(E, SIMI_E_TIMEOUT, pc,
               "kernel did not finish: a thread exceeded the step budget of %llu instructions at %s (block %u, warp %u); a kernel that needs more: --max-steps N",
               (unsigned long long)E->max_steps, site_str(E, pc, b, sizeof b), B->id, w->idx);
        }
        goto out;
      }
      w->steps++;
      insns += pop_m;
      const simI_insn *in = &code[pc];
      switch ((simI_op)in->op) {
      case OP_NOP:
        break;
      case OP_MOV: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(D[l] = AT(A, SA, l));
        break;
      }
#define INTBIN(OPC, EXPR)                                                      \
      case OPC: {                                                              \
        if (in->ty == T_I128) goto i128;                                       \
        OPND(in->a, A, SA);                                                    \
        OPND(in->b, Bv, SB);                                                   \
        uint64_t *D = &R[(size_t)in->d * W];                                   \
        const uint64_t M = mk(in->ty);                                         \
        const unsigned ty = in->ty;                                            \
        (void)ty;                                                              \
        LANES(uint64_t a = AT(A, SA, l); uint64_t b = AT(Bv, SB, l); D[l] = (EXPR) & M); \
        break;                                                                 \
      }
      INTBIN(OP_ADD, a + b)
      INTBIN(OP_SUB, a - b)
      INTBIN(OP_MUL, a * b)
      INTBIN(OP_AND, a & b)
      INTBIN(OP_OR, a | b)
      INTBIN(OP_XOR, a ^ b)
      INTBIN(OP_SHL, b >= ty ? 0 : a << b)
      INTBIN(OP_LSHR, b >= ty ? 0 : (a & M) >> b)
      INTBIN(OP_ASHR, (uint64_t)(sx(a, ty) >> (b >= ty ? ty - 1 : b)))
      INTBIN(OP_UDIV, (b & M) ? (a & M) / (b & M) : ~0ull)
      INTBIN(OP_UREM, (b & M) ? (a & M) % (b & M) : a)
      INTBIN(OP_SDIV, (b & M) == 0 ? ~0ull
                      : (sx(b, ty) == -1) ? (uint64_t)(0 - (uint64_t)sx(a, ty))
                      : (uint64_t)(sx(a, ty) / sx(b, ty)))
      INTBIN(OP_SREM, (b & M) == 0 ? a : (sx(b, ty) == -1) ? 0 : (uint64_t)(sx(a, ty) % sx(b, ty)))
#undef INTBIN
      i128: {
        uint32_t ra = in->a, rb = in->b;
        const uint64_t *A0, *A1, *B0, *B1;
        size_t SA, SB;
        if (ra & KBIT) { A0 = &K[ra & ~KBIT]; A1 = A0 + 1; SA = 0; }
        else { A0 = &R[(size_t)ra * W]; A1 = A0 + W; SA = ~(size_t)0; }
        if (rb & KBIT) { B0 = &K[rb & ~KBIT]; B1 = B0 + 1; SB = 0; }
        else { B0 = &R[(size_t)rb * W]; B1 = B0 + W; SB = ~(size_t)0; }
        uint64_t *D0 = &R[(size_t)in->d * W], *D1 = D0 + W;
        if (in->op == OP_ICMP) {
          LANES({
            unsigned __int128 a = ((unsigned __int128)AT(A1, SA, l) << 64) | AT(A0, SA, l);
            unsigned __int128 b = ((unsigned __int128)AT(B1, SB, l) << 64) | AT(B0, SB, l);
            __int128 x = (__int128)a, y = (__int128)b;
            int r = 0;
            switch (in->x) {
            case 32: r = a == b; break; case 33: r = a != b; break;
            case 34: r = a > b; break; case 35: r = a >= b; break;
            case 36: r = a < b; break; case 37: r = a <= b; break;
            case 38: r = x > y; break; case 39: r = x >= y; break;
            case 40: r = x < y; break; case 41: r = x <= y; break;
            }
            D0[l] = (uint64_t)r;
          });
        } else {
          LANES(op128(in, AT(A0, SA, l), AT(A1, SA, l), AT(B0, SB, l), AT(B1, SB, l), &D0[l], &D1[l]));
        }
        break;
      }
      case OP_ICMP: {
        if (in->ty == T_I128) goto i128;
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned ty = in->ty;
        const uint64_t M = mk(ty);
        switch (in->x) {
        case 32: LANES(D[l] = ((AT(A, SA, l) ^ AT(Bv, SB, l)) & M) == 0); break;
        case 33: LANES(D[l] = ((AT(A, SA, l) ^ AT(Bv, SB, l)) & M) != 0); break;
        case 36: LANES(D[l] = (AT(A, SA, l) & M) < (AT(Bv, SB, l) & M)); break;
        case 40: LANES(D[l] = sx(AT(A, SA, l), ty) < sx(AT(Bv, SB, l), ty)); break;
        default: LANES(D[l] = (uint64_t)icmp(in->x, ty, AT(A, SA, l), AT(Bv, SB, l))); break;
        }
        break;
      }
      case OP_SELECT: {
        OPND(in->a, C, SC);
        OPND(in->b, A, SA);
        OPND(in->c, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(D[l] = (AT(C, SC, l) & 1) ? AT(A, SA, l) : AT(Bv, SB, l));
        break;
      }
#define FBIN(OPC, EXPR)                                                        \
      case OPC: {                                                              \
        OPND(in->a, A, SA);                                                    \
        OPND(in->b, Bv, SB);                                                   \
        uint64_t *D = &R[(size_t)in->d * W];                                   \
        if (in->ty == T_F32) {                                                 \
          LANES(float x = bf(AT(A, SA, l)); float y = bf(AT(Bv, SB, l)); D[l] = fb(EXPR)); \
        } else if (in->ty == T_F64) {                                          \
          LANES(double x = bd(AT(A, SA, l)); double y = bd(AT(Bv, SB, l)); D[l] = db(EXPR)); \
        } else {                                                               \
          LANES(float x = simI_h2f((uint16_t)AT(A, SA, l)); float y = simI_h2f((uint16_t)AT(Bv, SB, l)); \
                D[l] = simI_f2h((float)(EXPR)));                               \
        }                                                                      \
        break;                                                                 \
      }
      FBIN(OP_FADD, x + y)
      FBIN(OP_FSUB, x - y)
      FBIN(OP_FMUL, x * y)
      FBIN(OP_FDIV, x / y)
      FBIN(OP_FREM, fmod(x, y))
#undef FBIN
      case OP_FNEG: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        uint64_t sb = in->ty == T_F64 ? 1ull << 63 : in->ty == T_F32 ? 1ull << 31 : 1ull << 15;
        LANES(D[l] = AT(A, SA, l) ^ sb);
        break;
      }
      case OP_FCMP: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned ty = in->ty;
        if (ty == T_F32 && in->x == 4) LANES(D[l] = bf(AT(A, SA, l)) < bf(AT(Bv, SB, l)));
        else if (ty == T_F32 && in->x == 2) LANES(D[l] = bf(AT(A, SA, l)) > bf(AT(Bv, SB, l)));
        else LANES(D[l] = (uint64_t)fcmp(in->x, getf(AT(A, SA, l), ty), getf(AT(Bv, SB, l), ty)));
        break;
      }
      case OP_TRUNC: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->ty == T_I128) { /* zext into i128 */
          const uint64_t M = mk(in->ty2);
          LANES(D[l] = AT(A, SA, l) & M; D[l + W] = 0);
        } else {
          const uint64_t M = mk(in->ty);
          LANES(D[l] = AT(A, SA, l) & M);
        }
        break;
      }
      case OP_SEXT: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned t2 = in->ty2;
        if (in->ty == T_I128) {
          LANES(int64_t v = sx(AT(A, SA, l), t2); D[l] = (uint64_t)v; D[l + W] = v < 0 ? ~0ull : 0);
        } else {
          const uint64_t M = mk(in->ty);
          LANES(D[l] = (uint64_t)sx(AT(A, SA, l), t2) & M);
        }
        break;
      }
      case OP_FPCONV: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->ty == T_F64 && in->ty2 == T_F32) LANES(D[l] = db((double)bf(AT(A, SA, l))));
        else if (in->ty == T_F32 && in->ty2 == T_F64) LANES(D[l] = fb((float)bd(AT(A, SA, l))));
        else LANES(D[l] = putf(getf(AT(A, SA, l), in->ty2), in->ty));
        break;
      }
      case OP_FPTOSI: case OP_FPTOUI: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        int sg = in->op == OP_FPTOSI;
        if (in->ty == T_I128) {
          LANES(double x = getf(AT(A, SA, l), in->ty2);
                __int128 v = x != x ? 0 : (__int128)x; D[l] = (uint64_t)v; D[l + W] = (uint64_t)(v >> 64));
        } else {
          LANES(D[l] = fp_to_int(getf(AT(A, SA, l), in->ty2), in->ty, sg));
        }
        break;
      }
      case OP_SITOFP: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->ty2 == T_I128) {
          LANES(__int128 v = (__int128)(((unsigned __int128)AT(A, SA, l + W) << 64) | AT(A, SA, l));
                D[l] = putf((double)v, in->ty));
        } else if (in->ty == T_F32) {
          LANES(D[l] = fb((float)sx(AT(A, SA, l), in->ty2)));
        } else {
          LANES(D[l] = putf((double)sx(AT(A, SA, l), in->ty2), in->ty));
        }
        break;
      }
      case OP_UITOFP: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        const uint64_t M = mk(in->ty2);
        if (in->ty == T_F32) LANES(D[l] = fb((float)(AT(A, SA, l) & M)));
        else LANES(D[l] = putf((double)(AT(A, SA, l) & M), in->ty));
        break;
      }
      case OP_IDXADD: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned ty = in->ty;
        const int64_t sc = (int64_t)in->x;
        /* unsigned product: a kernel-chosen index may overflow int64 (wraps,
         * as the hardware's address arithmetic does; no host UB) */
        LANES(D[l] = AT(A, SA, l) + (uint64_t)sx(AT(Bv, SB, l), ty) * (uint64_t)sc);
        break;
      }
      case OP_IDXCHK: {
        /* an index of an inner array dimension outside [0, x): the access
         * that follows is out of bounds of that dimension although its
         * address is inside the variable; it is reported, not refused */
        OPND(in->a, I, SI);
        OPND(in->b, A, SA);
        uint64_t bad = 0;
        LANES({
          int64_t v = sx(AT(I, SI, l), in->ty);
          if (v < 0 || (uint64_t)v >= in->x) bad |= 1ull << l;
        });
        if (!bad) break;
        const simI_insn *acc = in + 1;
        for (int j = 0; j < 4 && acc < code + P->ncode; j++, acc++)
          if (acc->op == OP_LOAD || acc->op == OP_STORE || acc->op == OP_LOADV ||
              acc->op == OP_STOREV)
            break;
        if (acc >= code + P->ncode) break;
        unsigned kind = acc->op == OP_STORE || acc->op == OP_STOREV ? SIMI_ACC_WRITE : SIMI_ACC_READ;
        unsigned sz = acc->op == OP_LOADV || acc->op == OP_STOREV ? acc->x * acc->e : acc->x;
        uint32_t asite = (uint32_t)(acc - code);
        for (uint64_t mm = bad; mm; mm &= mm - 1) {
          unsigned l = (unsigned)__builtin_ctzll(mm);
          simI_fault f = {asite, w->b->id, w->idx * E->W + l, AT(A, SA, l), sz, kind,
                          "out of bounds of an array dimension", in->x, sx(AT(I, SI, l), in->ty)};
          for (unsigned i = 0; i < E->nobs; i++)
            if (E->obs[i].fault) E->obs[i].fault(E->obs[i].ctx, &f);
        }
        break;
      }
      case OP_LOAD: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned sz = in->x;
        const uint64_t M = T_IS_FLOAT(in->ty) ? mk(sz * 8) : mk(in->ty);
        uint64_t ok = 0;
        /* ty2: 1 atomic; 2 volatile synchronisation, atomic (relaxed, system) on global memory */
        const int atom = in->ty2 == 1 || (in->ty2 == 2 && m &&
                                          SIMI_PTR_SPACE(AT(A, SA, __builtin_ctzll(m))) == SIMI_SPACE_GLOBAL);
        unsigned kind = SIMI_ACC_READ | (atom ? SIMI_ACC_ATOMIC : 0);
        uint64_t unin = 0, tnt = 0;
        uint32_t ufirst = 0;
        LANES({
          uint8_t *h = resolve(E, w, l, AT(A, SA, l), sz, kind, pc);
          uint64_t v = 0;
          if (h) { memcpy(&v, h, sz); ok |= 1ull << l; }
          D[l] = v & M;
          if (E->want_uninit && h) {
            uint8_t *sh = shadow_of(E, w, AT(A, SA, l), h);
            unsigned st_ = sh ? shadow_state(sh, sz) : 0;
            if (st_ & 1) { if (!unin) ufirst = l; unin |= 1ull << l; }
            if (st_ & 2) tnt |= 1ull << l;
          }
        });
        if (E->want_uninit) {
          if (unin) emit_uninit(E, w, SIMI_UNINIT_READ, pc, unin, AT(A, SA, ufirst), sz, 0);
          frame *tf = &w->fr[e->frame];
          if (load_taint(E, w, tf, in->d, 1, m, unin, tnt, w->taint ? taint_of(E, tf, in->a) : 0) < 0)
            goto out;
        }
        if (E->want_access) {
          const uint64_t *addr = A;
          if (!SA) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = A[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, ok, m, kind, atom ? in->e : SIMI_SCOPE_NONE, sz, addr, D);
        }
        break;
      }
      case OP_STORE: {
        OPND(in->a, A, SA);
        OPND(in->b, V, SV);
        const unsigned sz = in->x;
        uint64_t ok = 0;
        /* ty2: 1 atomic; 2 volatile synchronisation, atomic (relaxed, system) on global memory */
        const int atom = in->ty2 == 1 || (in->ty2 == 2 && m &&
                                          SIMI_PTR_SPACE(AT(A, SA, __builtin_ctzll(m))) == SIMI_SPACE_GLOBAL);
        unsigned kind = SIMI_ACC_WRITE | (atom ? SIMI_ACC_ATOMIC : 0);
        const uint64_t vt = w->taint ? taint_of(E, &w->fr[e->frame], in->b) & m : 0;
        uint64_t used = 0;
        const int keep_prev = E->want_access && !atom && sz <= 8;
        LANES({
          uint8_t *h = resolve(E, w, l, AT(A, SA, l), sz, kind, pc);
          if (h) {
            uint64_t v = AT(V, SV, l);
            if (keep_prev) { uint64_t o = 0; memcpy(&o, h, sz); E->prevbuf[l] = o; }
            memcpy(h, &v, sz);
            ok |= 1ull << l;
          }
          if (E->want_uninit && h) {
            uint8_t *sh = shadow_of(E, w, AT(A, SA, l), h);
            if (sh) shadow_set(w, AT(A, SA, l), sh, (vt >> l & 1) ? 2 : 1, sz);
            else if (vt >> l & 1) used |= 1ull << l;
          }
        });
        if (used) emit_uninit(E, w, SIMI_UNINIT_USE, pc, used, 0, 0, 0);
        if (E->want_access) {
          const uint64_t *addr = A, *val = V;
          if (!SA) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = A[0]; addr = E->addrbuf; }
          if (!SV) { for (unsigned l = 0; l < w->nl; l++) E->valbuf[l] = V[0]; val = E->valbuf; }
          E->prevp = keep_prev ? E->prevbuf : NULL;
          emit_access(E, w, e, pc, ok, m, kind, atom ? in->e : SIMI_SCOPE_NONE, sz, addr, val);
          E->prevp = NULL;
        }
        break;
      }
      case OP_LOADV: case OP_STOREV: {
        OPND(in->a, A, SA);
        const unsigned esz = in->x, n = in->e, tot = esz * n;
        const int st = in->op == OP_STOREV;
        const uint64_t M = mk(esz * 8);
        uint64_t ok = 0;
        unsigned kind = st ? SIMI_ACC_WRITE : SIMI_ACC_READ;
        uint64_t unin = 0, tnt = 0, used = 0;
        uint32_t ufirst = 0;
        frame *tf = &w->fr[e->frame];
        LANES({
          uint8_t *h = resolve(E, w, l, AT(A, SA, l), tot, kind, pc);
          if (h) ok |= 1ull << l;
          if (E->want_uninit && h) {
            uint8_t *sh = shadow_of(E, w, AT(A, SA, l), h);
            if (!st) {
              unsigned st_ = sh ? shadow_state(sh, tot) : 0;
              if (st_ & 1) { if (!unin) ufirst = l; unin |= 1ull << l; }
              if (st_ & 2) tnt |= 1ull << l;
            } else {
              uint64_t lt = 0;
              for (unsigned k = 0; w->taint && k < n; k++) lt |= taint_of(E, tf, in->b + k);
              if (sh) shadow_set(w, AT(A, SA, l), sh, (lt >> l & 1) ? 2 : 1, tot);
              else if (lt >> l & 1) used |= 1ull << l;
            }
          }
          for (unsigned k = 0; k < n; k++) {
            if (st) {
              uint32_t r = in->b + k;
              uint64_t v = (r & KBIT) ? K[r & ~KBIT] : R[(size_t)r * W + l];
              if (h) memcpy(h + k * esz, &v, esz);
            } else {
              uint64_t v = 0;
              if (h) memcpy(&v, h + k * esz, esz);
              R[(size_t)(in->d + k) * W + l] = v & M;
            }
          }
        });
        if (E->want_uninit) {
          if (unin) emit_uninit(E, w, SIMI_UNINIT_READ, pc, unin, AT(A, SA, ufirst), tot, 0);
          if (used) emit_uninit(E, w, SIMI_UNINIT_USE, pc, used, 0, 0, 0);
          if (!st && load_taint(E, w, tf, in->d, n, m, unin, tnt, w->taint ? taint_of(E, tf, in->a) : 0) < 0)
            goto out;
        }
        if (E->want_access) {
          const uint64_t *addr = A;
          if (!SA) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = A[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, ok, m, kind, SIMI_SCOPE_NONE, tot, addr, NULL);
        }
        break;
      }
      case OP_ATOMIC: {
        OPND(in->a, A, SA);
        OPND(in->b, V, SV);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned sz = in->x;
        uint64_t ok = 0;
        const unsigned kind = SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC;
        uint64_t unin = 0;
        uint32_t ufirst = 0;
        LANES({
          uint8_t *h = resolve(E, w, l, AT(A, SA, l), sz, kind, pc);
          uint64_t old = 0;
          if (E->want_uninit && h) {
            uint8_t *sh = shadow_of(E, w, AT(A, SA, l), h);
            if (sh && (shadow_state(sh, sz) & 1)) { if (!unin) ufirst = l; unin |= 1ull << l; }
            if (sh) shadow_set(w, AT(A, SA, l), sh, 1, sz);
          }
          if (h) {
            memcpy(&old, h, sz);
            int good;
            uint64_t nv = atomic_op(in->c, in->ty, old, AT(V, SV, l), &good);
            memcpy(h, &nv, sz);
            E->valbuf[l] = nv;
            ok |= 1ull << l;
          }
          D[l] = old;
        });
        if (unin) emit_uninit(E, w, SIMI_UNINIT_READ, pc, unin, AT(A, SA, ufirst), sz, 0);
        if (E->want_uninit && load_taint(E, w, &w->fr[e->frame], in->d, 1, m, unin, 0, 0) < 0) goto out;
        if (E->want_access) {
          const uint64_t *addr = A;
          if (!SA) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = A[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, ok, m, kind, in->e, sz, addr, E->valbuf);
        }
        break;
      }
      case OP_CMPXCHG: {
        OPND(in->a, A, SA);
        OPND(in->b, C, SC);
        OPND(in->c, N, SN);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned sz = in->x;
        const uint64_t M = mk(sz * 8);
        uint64_t ok = 0;
        const unsigned kind = SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC;
        uint64_t unin = 0;
        uint32_t ufirst = 0;
        LANES({
          uint8_t *h = resolve(E, w, l, AT(A, SA, l), sz, kind, pc);
          uint64_t old = 0;
          int succ = 0;
          if (E->want_uninit && h) {
            uint8_t *sh = shadow_of(E, w, AT(A, SA, l), h);
            if (sh && (shadow_state(sh, sz) & 1)) { if (!unin) ufirst = l; unin |= 1ull << l; }
            if (sh) shadow_set(w, AT(A, SA, l), sh, 1, sz);
          }
          if (h) {
            memcpy(&old, h, sz);
            old &= M;
            if (old == (AT(C, SC, l) & M)) { uint64_t nv = AT(N, SN, l); memcpy(h, &nv, sz); succ = 1; }
            E->valbuf[l] = succ ? AT(N, SN, l) & M : old;
            ok |= 1ull << l;
          }
          D[l] = old;
          D[l + W] = (uint64_t)succ;
        });
        if (unin) emit_uninit(E, w, SIMI_UNINIT_READ, pc, unin, AT(A, SA, ufirst), sz, 0);
        if (E->want_uninit && load_taint(E, w, &w->fr[e->frame], in->d, 2, m, unin, 0, 0) < 0) goto out;
        if (E->want_access) {
          const uint64_t *addr = A;
          if (!SA) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = A[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, ok, m, kind, in->e, sz, addr, E->valbuf);
        }
        break;
      }
      case OP_MEMCPY: case OP_MEMSET: {
        OPND(in->a, Dp, SD);
        OPND(in->b, S, SS);
        OPND(in->c, N, SN);
        int cpy = in->op == OP_MEMCPY;
        uint64_t okw = 0, okr = 0;
        uint64_t len0 = AT(N, SN, (unsigned)__builtin_ctzll(m));
        int uniform = 1;
        LANES({
          uint64_t n = AT(N, SN, l);
          if (n != len0) uniform = 0;
          if (n) {
            uint8_t *hd = resolve(E, w, l, AT(Dp, SD, l), n, SIMI_ACC_WRITE, pc);
            uint8_t *sd = E->want_uninit && hd ? shadow_of(E, w, AT(Dp, SD, l), hd) : NULL;
            if (cpy) {
              uint8_t *hs = resolve(E, w, l, AT(S, SS, l), n, SIMI_ACC_READ, pc);
              if (hs) okr |= 1ull << l;
              if (hd && hs) memmove(hd, hs, n);
              /* the copy carries the source bytes' state (host memory: written) */
              uint8_t *ss = sd && hs ? shadow_of(E, w, AT(S, SS, l), hs) : NULL;
              if (sd && hs) {
                if (ss) memmove(sd, ss, n);
                else shadow_set(w, AT(Dp, SD, l), sd, 1, n);
                if (ss && SIMI_PTR_SPACE(AT(Dp, SD, l)) == SIMI_SPACE_LOCAL) {
                  uint64_t hi = SIMI_PTR_OFFSET(AT(Dp, SD, l)) + n;
                  if (hi > w->local_hi) w->local_hi = (uint32_t)hi;
                }
              }
            } else if (hd) {
              memset(hd, (int)(AT(S, SS, l) & 0xff), n);
              if (sd) shadow_set(w, AT(Dp, SD, l), sd, 1, n);
            }
            if (hd) okw |= 1ull << l;
          }
        });
        if (E->want_access && len0 <= 0xFFFFFFFFu) {
          for (unsigned l = 0; l < w->nl; l++) {
            E->addrbuf[l] = AT(Dp, SD, l);
            E->valbuf[l] = cpy ? AT(S, SS, l) : 0;
          }
          if (uniform) {
            if (cpy) emit_access(E, w, e, pc, okr, m, SIMI_ACC_READ, 0, (unsigned)len0, E->valbuf, NULL);
            emit_access(E, w, e, pc, okw, m, SIMI_ACC_WRITE, 0, (unsigned)len0, E->addrbuf, NULL);
          } else {
            for (uint64_t mm = m; mm; mm &= mm - 1) {
              unsigned l = (unsigned)__builtin_ctzll(mm);
              unsigned n = (unsigned)AT(N, SN, l);
              if (cpy) emit_access(E, w, e, pc, okr & (1ull << l), m, SIMI_ACC_READ, 0, n, E->valbuf, NULL);
              emit_access(E, w, e, pc, okw & (1ull << l), m, SIMI_ACC_WRITE, 0, n, E->addrbuf, NULL);
            }
          }
        }
        break;
      }
      case OP_TMA: {
        OPND(in->a, Dp, SD);
        OPND(in->b, Tp, STp);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES({
          int64_t c[5];
          for (unsigned i = 0; i < in->x && i < 5; i++)
            c[i] = (int32_t)R[(size_t)(in->e + i) * W + l];
          D[l] = tma_lane(E, w, e, pc, m, l, AT(Dp, SD, l), AT(Tp, STp, l), in->x, c);
        });
        if (E->stop) goto out;
        break;
      }
      case OP_ALLOCA: {
        uint64_t *D = &R[(size_t)in->d * W];
        uint64_t v = SIMI_PTR_MAKE(SIMI_SPACE_LOCAL, 0, w->fr[e->frame].sp_base + in->x);
        LANES(D[l] = v);
        break;
      }
      case OP_ALLOCADYN: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        uint64_t mx = 0;
        LANES(if (AT(A, SA, l) > mx) mx = AT(A, SA, l));
        uint64_t bytes = (mx * in->x + 15) & ~15ull;
        if ((uint64_t)w->lsp + bytes > E->local_bytes) {
          char b[256];
          stop(E, SIMI_E_TRAP, pc, "local memory stack overflow at %s", site_str(E, pc, b, sizeof b));
          goto out;
        }
        uint64_t v = SIMI_PTR_MAKE(SIMI_SPACE_LOCAL, 0, w->lsp);
        w->lsp += (uint32_t)bytes;
        LANES(D[l] = v);
        break;
      }
      case OP_JMP:
        pc = in->x;
        if (pc == e->rpc) { e->pc = pc; goto reload; }
        if (pc < (uint32_t)(in - code) && its_spin(E, w, e, pc)) goto reload;
        continue;
      case OP_CBR: {
        OPND(in->a, C, SC);
        if (w->taint) {
          uint64_t tt = taint_of(E, &w->fr[e->frame], in->a) & m;
          if (tt) emit_uninit(E, w, SIMI_UNINIT_USE, pc, tt, 0, 0, 1);
        }
        uint64_t t = 0;
        LANES(if (AT(C, SC, l) & 1) t |= 1ull << l);
        uint64_t f = m & ~t;
        if (E->want_branch) {
          if (t) emit_branch(E, pc, in->b, t);
          if (f) emit_branch(E, pc, in->c, f);
        }
        w->cbr_site[0] = pc;
        w->cbr_frame[0] = e->frame;
        w->cbr_m[0] = m;
        w->cbr_t[0] = t;
        if (!f || !t) {
          uint32_t here = pc;
          pc = t ? in->b : in->c;
          if (pc == e->rpc) { e->pc = pc; goto reload; }
          if (pc < here && its_spin(E, w, e, pc)) goto reload;
          continue;
        }
        /* divergence */
        w->last_div = pc;
        w->cbr_site[1] = pc;
        w->cbr_frame[1] = e->frame;
        w->cbr_m[1] = m;
        w->cbr_t[1] = t;
        uint32_t r = in->x, parent = e->path, fr_ = e->frame;
        uint32_t group = ++w->next_path, pt = ++w->next_path, pf = ++w->next_path;
        if (E->l->sched.not_taken_first) {
          /* the schedule runs the not-taken side first: it goes on top */
          if (r == e->rpc) {
            e->pc = in->b; e->mask = t; e->path = pt;
            if (push(E, w, in->c, r, f, fr_, pf)) goto out;
          } else {
            e->pc = r;
            if (push(E, w, in->b, r, t, fr_, pt) || push(E, w, in->c, r, f, fr_, pf)) goto out;
          }
        } else if (r == e->rpc) {
          e->pc = in->c; e->mask = f; e->path = pf;
          if (push(E, w, in->b, r, t, fr_, pt)) goto out;
        } else {
          e->pc = r;
          if (push(E, w, in->c, r, f, fr_, pf) || push(E, w, in->b, r, t, fr_, pt)) goto out;
        }
        if (E->want_path) {
          emit_path(E, w, pt, parent, group, t, pc);
          emit_path(E, w, pf, parent, group, f, pc);
        }
        goto reload;
      }
      case OP_SWITCH: {
        OPND(in->a, C, SC);
        if (w->taint) {
          uint64_t tt = taint_of(E, &w->fr[e->frame], in->a) & m;
          if (tt) emit_uninit(E, w, SIMI_UNINIT_USE, pc, tt, 0, 0, 1);
        }
        const uint32_t *tab = &P->aux[in->x];
        uint32_t ncase = tab[0], def = tab[1], r = tab[2];
        uint32_t tg[64];
        uint64_t tm[64];
        unsigned nt = 0;
        const uint64_t M = mk(in->ty);
        LANES({
          uint64_t v = AT(C, SC, l) & M;
          uint32_t target = def;
          for (uint32_t i = 0; i < ncase; i++)
            if ((((uint64_t)tab[4 + 3 * i] << 32 | tab[3 + 3 * i]) & M) == v) { target = tab[5 + 3 * i]; break; }
          unsigned j = 0;
          while (j < nt && tg[j] != target) j++;
          if (j == nt) { tg[nt] = target; tm[nt] = 0; nt++; }
          tm[j] |= 1ull << l;
        });
        if (E->want_branch)
          for (unsigned j = 0; j < nt; j++) emit_branch(E, pc, tg[j], tm[j]);
        if (nt == 1) {
          pc = tg[0];
          if (pc == e->rpc) { e->pc = pc; goto reload; }
          continue;
        }
        w->last_div = pc;
        if (E->l->sched.not_taken_first)
          for (unsigned j = 0; j < nt / 2; j++) {
            uint32_t tt = tg[j]; tg[j] = tg[nt - 1 - j]; tg[nt - 1 - j] = tt;
            uint64_t mm = tm[j]; tm[j] = tm[nt - 1 - j]; tm[nt - 1 - j] = mm;
          }
        uint32_t parent = e->path, fr_ = e->frame;
        uint32_t group = ++w->next_path;
        uint32_t ids[64];
        if (r == e->rpc) {
          ids[0] = ++w->next_path;
          e->pc = tg[0]; e->mask = tm[0]; e->path = ids[0];
          for (unsigned j = 1; j < nt; j++) {
            ids[j] = ++w->next_path;
            if (push(E, w, tg[j], r, tm[j], fr_, ids[j])) goto out;
          }
        } else {
          e->pc = r;
          for (unsigned j = 0; j < nt; j++) {
            ids[j] = ++w->next_path;
            if (push(E, w, tg[j], r, tm[j], fr_, ids[j])) goto out;
          }
        }
        if (E->want_path)
          for (unsigned j = 0; j < nt; j++) emit_path(E, w, ids[j], parent, group, tm[j], pc);
        goto reload;
      }
      case OP_CALL: {
        const uint32_t *ax = &P->aux[in->x];
        uint32_t callee = ax[0], nsl = ax[1];
        uint32_t cur_frame = e->frame, path = e->path;
        e->pc = pc + 1;
        frame *nf = push_frame(E, w, callee, pc);
        if (!nf) goto out;
        nf->ret_dst = in->d;
        uint64_t *NR = nf->regs;
        uint64_t *CR = w->fr[cur_frame].regs;
        for (uint32_t i = 0; i < nsl; i++) {
          uint32_t r = ax[2 + i];
          uint64_t *D = &NR[(size_t)i * W];
          if (r == NOREG) continue;
          if (r & KBIT) { uint64_t v = K[r & ~KBIT]; LANES(D[l] = v); }
          else { const uint64_t *S = &CR[(size_t)r * W]; LANES(D[l] = S[l]); }
        }
        if (push(E, w, P->funcs[callee].entry, PC_EXIT, m, w->nfr - 1, path)) goto out;
        goto reload;
      }
      case OP_RET: {
        if (e->frame > 0) {
          frame *cf = &w->fr[e->frame - 1];
          uint32_t rd = w->fr[e->frame].ret_dst;
          if (rd != NOREG && in->a != NOREG) {
            for (uint32_t s = 0; s < in->e; s++) {
              uint32_t r = in->a + s;
              uint64_t *D = &cf->regs[(size_t)(rd + s) * W];
              if (r & KBIT) { uint64_t v = K[r & ~KBIT]; LANES(D[l] = v); }
              else { const uint64_t *S = &R[(size_t)r * W]; LANES(D[l] = S[l]); }
            }
          }
        } else {
          if (w->ncp) cpa_wait(E, w, e, m, 1, NULL, 0);
          if (E->depth) /* a child thread's accesses reach its parent's sync */
            dp_order(E, w, e, pc, m, SIMI_DP_DONE + E->pblock, 1);
          w->live &= ~m;
          w->exit_site = pc;
          B->exited += pop_m;
          for (unsigned i = 0; i < E->nobs; i++)
            if (E->obs[i].thread_exit) E->obs[i].thread_exit(E->obs[i].ctx, B->id, w->idx, m);
        }
        e->pc = PC_EXIT;
        goto reload;
      }
      case OP_EXIT: {
        if (w->ncp) cpa_wait(E, w, e, m, 1, NULL, 0);
        if (E->depth) /* a child thread's accesses reach its parent's sync */
          dp_order(E, w, e, pc, m, SIMI_DP_DONE + E->pblock, 1);
        w->live &= ~m;
        w->exit_site = pc;
        B->exited += pop_m;
        for (unsigned i = 0; i < E->nobs; i++)
          if (E->obs[i].thread_exit) E->obs[i].thread_exit(E->obs[i].ctx, B->id, w->idx, m);
        e->pc = PC_EXIT;
        goto reload;
      }
      case OP_TRAP: {
        char b[256];
        unsigned l = (unsigned)__builtin_ctzll(m);
        stop(E, SIMI_E_TRAP, pc, "%s at %s (block %u, thread %u)", P->strings[in->x],
             site_str(E, pc, b, sizeof b), B->id, w->idx * W + l);
        goto out;
      }
      case OP_UNSUP: {
        char b[256];
        stop(E, SIMI_E_UNSUPPORTED, pc, "%s at %s", P->strings[in->x], site_str(E, pc, b, sizeof b));
        goto out;
      }
      case OP_EXTRACTDYN: {
        OPND(in->b, I, SI);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES({
          uint64_t i = AT(I, SI, l) & mk(in->ty);
          D[l] = i < in->x ? R[(size_t)(in->a + i) * W + l] : 0;
        });
        break;
      }
      case OP_INSERTDYN: {
        OPND(in->b, V, SV);
        OPND(in->c, I, SI);
        LANES({
          for (uint32_t k = 0; k < in->x; k++) {
            uint32_t r = in->a + k;
            R[(size_t)(in->d + k) * W + l] = (r & KBIT) ? K[r & ~KBIT] : R[(size_t)r * W + l];
          }
          uint64_t i = AT(I, SI, l) & mk(in->ty);
          if (i < in->x) R[(size_t)(in->d + i) * W + l] = AT(V, SV, l);
        });
        break;
      }
      case OP_INTOP1: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(D[l] = intop1(in->x, in->ty, AT(A, SA, l)));
        break;
      }
      case OP_INTOP2: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->c != NOREG) {
          OPND(in->c, C, SC);
          LANES(D[l] = intop2(in->x, in->ty, AT(A, SA, l), AT(Bv, SB, l), AT(C, SC, l)));
        } else {
          LANES(D[l] = intop2(in->x, in->ty, AT(A, SA, l), AT(Bv, SB, l), 0));
        }
        break;
      }
      case OP_FSH: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        OPND(in->c, C, SC);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned ty = in->ty;
        const uint64_t M = mk(ty);
        LANES({
          unsigned s = (unsigned)(AT(C, SC, l) % ty);
          uint64_t a = AT(A, SA, l) & M, b = AT(Bv, SB, l) & M;
          uint64_t r;
          if (s == 0) r = in->x ? b : a;
          else if (in->x == 0) r = (a << s) | (b >> (ty - s));
          else r = (b >> s) | (a << (ty - s));
          D[l] = r & M;
        });
        break;
      }
      case OP_OVF: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned ty = in->ty;
        const uint64_t M = mk(ty);
        LANES({
          uint64_t a = AT(A, SA, l) & M, b = AT(Bv, SB, l) & M;
          __int128 sa = sx(a, ty), sb = sx(b, ty), sr = 0;
          unsigned __int128 ur = 0;
          int o = 0;
          switch (in->x) {
          case 0: sr = sa + sb; o = sr != sx((uint64_t)sr & M, ty); ur = (unsigned __int128)sr; break;
          case 1: ur = (unsigned __int128)a + b; o = ur > M; break;
          case 2: sr = sa - sb; o = sr != sx((uint64_t)sr & M, ty); ur = (unsigned __int128)sr; break;
          case 3: o = b > a; ur = (unsigned __int128)(a - b); break;
          case 4: sr = sa * sb; o = sr != sx((uint64_t)sr & M, ty); ur = (unsigned __int128)sr; break;
          default: ur = (unsigned __int128)a * b; o = ur > M; break;
          }
          D[l] = (uint64_t)ur & M;
          D[l + W] = (uint64_t)o;
        });
        break;
      }
      case OP_FMA: {
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        OPND(in->c, C, SC);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->ty == T_F32) LANES(D[l] = fb(fmaf(bf(AT(A, SA, l)), bf(AT(Bv, SB, l)), bf(AT(C, SC, l)))));
        else if (in->ty == T_F64) LANES(D[l] = db(fma(bd(AT(A, SA, l)), bd(AT(Bv, SB, l)), bd(AT(C, SC, l)))));
        else LANES(D[l] = putf(fma(getf(AT(A, SA, l), in->ty), getf(AT(Bv, SB, l), in->ty), getf(AT(C, SC, l), in->ty)), in->ty));
        break;
      }
      case OP_MATH: {
        static const uint64_t zero = 0;
        const uint64_t *A = &zero, *Bv = &zero, *C = &zero;
        size_t SA = 0, SB = 0, SC = 0;
        if (in->a != NOREG) { if (in->a & KBIT) A = &K[in->a & ~KBIT]; else { A = &R[(size_t)in->a * W]; SA = ~(size_t)0; } }
        if (in->b != NOREG) { if (in->b & KBIT) Bv = &K[in->b & ~KBIT]; else { Bv = &R[(size_t)in->b * W]; SB = ~(size_t)0; } }
        if (in->c != NOREG) { if (in->c & KBIT) C = &K[in->c & ~KBIT]; else { C = &R[(size_t)in->c * W]; SC = ~(size_t)0; } }
        const uint64_t *Ev = &zero;
        size_t SE = 0;
        if (in->e != NOREG) { if (in->e & KBIT) Ev = &K[in->e & ~KBIT]; else { Ev = &R[(size_t)in->e * W]; SE = ~(size_t)0; } }
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned cls = in->ty2 & ~SIMI_MATH_FTZ;
        int two = cls == MS_V_FPP || cls == MS_V_DPP || cls == MS_F_FP || cls == MS_D_DP ||
                  cls == MS_F_FQ || cls == MS_D_DQ || cls == MS_F_FFQ || cls == MS_D_DDQ;
        LANES({
          uint64_t d1 = 0;
          math_lane(in, AT(A, SA, l), AT(Bv, SB, l), AT(C, SC, l), AT(Ev, SE, l), &D[l], &d1);
          if (two) D[l + W] = d1;
        });
        break;
      }
      case OP_MATHMEM: {
        /* libdevice functions that read simulated memory: nan(tag) reads a
         * string at a; norm(dim a, array b) reads dim elements at b. Every
         * read is bounds-checked and reported as an access. */
        OPND(in->a, A, SA);
        OPND(in->b, Bv, SB);
        uint64_t *D = &R[(size_t)in->d * W];
        const unsigned cls = in->ty2;
        const int isd = cls == MS_D_N || cls == MS_D_IV;
        void *fn = simI_math_table[in->x].fn;
        LANES({
          uint64_t p, n = 0;
          uint8_t *h = NULL;
          char tag[64];
          if (cls == MS_F_N || cls == MS_D_N) {
            p = AT(A, SA, l);
            unsigned k = 0;
            for (;;) {
              uint8_t *c1 = resolve(E, w, l, p + k, 1, SIMI_ACC_READ, pc);
              if (!c1) break;
              if (!*c1 || k == sizeof tag - 1) { tag[k] = 0; h = (uint8_t *)tag; break; }
              tag[k++] = (char)*c1;
            }
            n = k + 1;
          } else {
            int dim = (int)(uint32_t)AT(A, SA, l);
            p = AT(Bv, SB, l);
            n = (uint64_t)(dim < 1 ? 1 : dim) * (isd ? 8 : 4);
            h = resolve(E, w, l, p, n, SIMI_ACC_READ, pc);
          }
          uint64_t v = 0;
          if (h) {
            switch (cls) {
            case MS_F_N: v = fb(((float (*)(const char *))fn)((const char *)h)); break;
            case MS_D_N: v = db(((double (*)(const char *))fn)((const char *)h)); break;
            case MS_F_IV: v = fb(((float (*)(int, const float *))fn)((int)(uint32_t)AT(A, SA, l), (const float *)(void *)h)); break;
            default: v = db(((double (*)(int, const double *))fn)((int)(uint32_t)AT(A, SA, l), (const double *)(void *)h)); break;
            }
            if (E->want_access && n <= 0xFFFFFFFFu) {
              E->addrbuf[l] = p;
              emit_access(E, w, e, pc, 1ull << l, m, SIMI_ACC_READ, SIMI_SCOPE_NONE, (unsigned)n, E->addrbuf, NULL);
            }
          }
          D[l] = v;
        });
        break;
      }
      case OP_SREG: {
        uint64_t *D = &R[(size_t)in->d * W];
        const simI_launch *Lc = E->l;
        uint64_t v = 0;
        int uni = 1;
        switch (in->x) {
        case SR_TID_X: case SR_TID_Y: case SR_TID_Z: {
          const uint32_t *T = w->tid[in->x - SR_TID_X];
          LANES(D[l] = T[l]);
          uni = 0;
          break;
        }
        case SR_NTID_X: v = Lc->block.x; break;
        case SR_NTID_Y: v = Lc->block.y; break;
        case SR_NTID_Z: v = Lc->block.z; break;
        case SR_CTAID_X: v = B->c[0]; break;
        case SR_CTAID_Y: v = B->c[1]; break;
        case SR_CTAID_Z: v = B->c[2]; break;
        case SR_NCTAID_X: v = Lc->grid.x; break;
        case SR_NCTAID_Y: v = Lc->grid.y; break;
        case SR_NCTAID_Z: v = Lc->grid.z; break;
        case SR_LANEID: LANES(D[l] = l); uni = 0; break;
        case SR_WARPSIZE: v = W; break;
        case SR_WARPID: v = w->idx; break;
        case SR_NWARPID: v = E->nwarps; break;
        case SR_CLOCK: case SR_CLOCK64: case SR_GLOBALTIMER: v = w->steps * 4; break;
        case SR_LANEMASK_EQ: LANES(D[l] = 1ull << l); uni = 0; break;
        case SR_LANEMASK_LE: LANES(D[l] = (2ull << l) - 1); uni = 0; break;
        case SR_LANEMASK_LT: LANES(D[l] = (1ull << l) - 1); uni = 0; break;
        case SR_LANEMASK_GE: LANES(D[l] = (~((1ull << l) - 1)) & 0xffffffffull); uni = 0; break;
        case SR_LANEMASK_GT: LANES(D[l] = (~((2ull << l) - 1)) & 0xffffffffull); uni = 0; break;
        case SR_SMID: v = B->id % 80; break;
        case SR_NSMID: v = 80; break;
        case SR_DYNAMIC_SMEM: v = Lc->dyn_shared; break;
        /* static + dynamic, without the reserved region; aggr adds it (the
           system keeps one per block whether the kernel names it or not) */
        case SR_TOTAL_SMEM: v = E->shared_total - E->k->reserved; break;
        case SR_AGGR_SMEM: v = E->shared_total - E->k->reserved + SIMI_RESERVED_SMEM; break;
        case SR_CLUSTERID_X: case SR_CLUSTERID_Y: case SR_CLUSTERID_Z:
          v = B->c[in->x - SR_CLUSTERID_X] / E->cd[in->x - SR_CLUSTERID_X];
          break;
        case SR_NCLUSTERID_X: v = Lc->grid.x / E->cd[0]; break;
        case SR_NCLUSTERID_Y: v = Lc->grid.y / E->cd[1]; break;
        case SR_NCLUSTERID_Z: v = Lc->grid.z / E->cd[2]; break;
        case SR_CLUSTER_CTAID_X: case SR_CLUSTER_CTAID_Y: case SR_CLUSTER_CTAID_Z:
          v = B->c[in->x - SR_CLUSTER_CTAID_X] % E->cd[in->x - SR_CLUSTER_CTAID_X];
          break;
        case SR_CLUSTER_NCTAID_X: case SR_CLUSTER_NCTAID_Y: case SR_CLUSTER_NCTAID_Z:
          v = E->cd[in->x - SR_CLUSTER_NCTAID_X];
          break;
        case SR_CLUSTER_CTARANK: v = B->rank; break;
        case SR_CLUSTER_NCTARANK: v = E->csize; break;
        case SR_IS_EXPLICIT_CLUSTER: v = (uint64_t)E->explicit_cluster; break;
        case SR_ENVREG1: v = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_WORKSPACE_ALLOC, 0) >> 32; break;
        case SR_ENVREG2: v = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_WORKSPACE_ALLOC, 0) & 0xffffffffu; break;
        default: v = 0; break;
        }
        if (uni) LANES(D[l] = v);
        if (in->ty < 64) { const uint64_t M = mk(in->ty); LANES(D[l] &= M); }
        break;
      }
      case OP_BAR: {
        if (in->x & BAR_NAMED) {
          OPND(in->a, Id, SId);
          uint64_t cnt = 0;
          if (in->b != NOREG) { OPND(in->b, Cn, SCn); cnt = AT(Cn, SCn, __builtin_ctzll(m)) & 0xffffffffu; }
          uint64_t id = AT(Id, SId, __builtin_ctzll(m)) & 0xffffffffu;
          /* barrier 0 over the whole block is the block barrier */
          if (id || (cnt && cnt < E->bthreads) || (in->x & BAR_ARRIVE)) {
            int r = named_bar(E, w, pc, m, id, cnt, (in->x & BAR_ARRIVE) != 0);
            if (r < 0) goto out;
            e->pc = pc + 1;
            if (r == 1) { w->state = W_BAR; goto out; }
            break;
          }
        }
        w->bar_site = pc;
        w->bar_mask = m;
        w->bar_kind = in->x & 3u;
        w->bar_dst = in->d;
        w->bar_frame = e->frame;
        w->bar_pred = 0;
        if (in->x & 3u) {
          OPND(in->a, Pd, SP);
          LANES(if (AT(Pd, SP, l) & 1) w->bar_pred |= 1ull << l);
        }
        simI_barrier bev = {pc, B->id, w->idx, m, w->live, in->x & 3u};
        for (unsigned i = 0; i < E->nobs; i++)
          if (E->obs[i].barrier) E->obs[i].barrier(E->obs[i].ctx, &bev);
        e->pc = pc + 1;
        w->state = W_BAR;
        goto out;
      }
      case OP_SYNCWARP: {
        OPND(in->a, Mk, SMk);
        emit_syncwarp(E, w, m & warp_mask_of(E, w, pc, m, Mk, SMk, SIMI_WARPOP_SYNCWARP), pc);
        break;
      }
      case OP_SHFL: {
        {
          OPND(in->a, Mk, SMk);
          (void)warp_mask_of(E, w, pc, m, Mk, SMk, SIMI_WARPOP_SHFL);
        }
        OPND(in->b, V, SV);
        OPND(in->c, Bb, SBb);
        uint32_t ce = in->e;
        const uint64_t *Cc;
        size_t SCc;
        if (ce & KBIT) { Cc = &K[ce & ~KBIT]; SCc = 0; } else { Cc = &R[(size_t)ce * W]; SCc = ~(size_t)0; }
        uint64_t *D = &R[(size_t)in->d * W];
        uint64_t tmp[64], ok[64];
        LANES({
          unsigned lane = l, bval = (unsigned)AT(Bb, SBb, l) & 31, cv = (unsigned)AT(Cc, SCc, l);
          unsigned cval = cv & 31, seg = (cv >> 8) & 31;
          unsigned maxl = (lane & seg) | (cval & ~seg), minl = lane & seg;
          int j = (int)lane, pv = 0;
          switch (in->x) {
          case 0: j = (int)(minl | (bval & ~seg)); pv = j <= (int)maxl; break;
          case 1: j = (int)lane - (int)bval; pv = j >= (int)maxl; break;
          case 2: j = (int)lane + (int)bval; pv = j <= (int)maxl; break;
          default: j = (int)(lane ^ bval); pv = j <= (int)maxl; break;
          }
          if (!pv || j < 0 || (unsigned)j >= w->nl) { j = (int)lane; pv = 0; }
          tmp[l] = AT(V, SV, (unsigned)j);
          ok[l] = (uint64_t)pv;
        });
        LANES(D[l] = tmp[l]);
        if (in->ty2) LANES(D[l + W] = ok[l]);
        if (E->want_access) emit_syncwarp(E, w, m, pc);
        break;
      }
      case OP_VOTE: {
        OPND(in->a, Mk, SMk);
        OPND(in->b, Pd, SP);
        uint64_t *D = &R[(size_t)in->d * W];
        (void)warp_mask_of(E, w, pc, m, Mk, SMk, in->x >= 4 ? SIMI_WARPOP_REDUX : SIMI_WARPOP_VOTE);
        /* lanes giving different masks (the tiles of a partitioned warp)
         * form a group each: a group computes over the executing lanes its
         * mask names (or over itself when the mask names none of them) */
        for (uint64_t rest = m; rest;) {
          uint64_t grp, member;
          next_mask_group(rest, m, Mk, SMk, &grp, &member);
          rest &= ~grp;
          uint64_t yes = 0;
          for (uint64_t mm = member; mm; mm &= mm - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mm);
            if (AT(Pd, SP, l) & 1) yes |= 1ull << l;
          }
          uint64_t r;
          if (in->x >= 4) { /* redux.sync: a 32-bit reduction of b over the members */
            unsigned l0 = (unsigned)__builtin_ctzll(member);
            uint32_t acc = (uint32_t)AT(Pd, SP, l0);
            for (uint64_t mm = member & (member - 1); mm; mm &= mm - 1) {
              uint32_t v = (uint32_t)AT(Pd, SP, (unsigned)__builtin_ctzll(mm));
              switch (in->x) {
              case 4: acc += v; break;
              case 5: acc = (int32_t)v < (int32_t)acc ? v : acc; break;
              case 6: acc = (int32_t)v > (int32_t)acc ? v : acc; break;
              case 7: acc = v < acc ? v : acc; break;
              case 8: acc = v > acc ? v : acc; break;
              case 9: acc &= v; break;
              case 10: acc |= v; break;
              default: acc ^= v; break;
              }
            }
            r = acc;
          } else switch (in->x) {
          case 0: r = yes == member; break;
          case 1: r = yes != 0; break;
          case 2: r = yes == 0 || yes == member; break;
          default: r = yes & 0xffffffffull; break;
          }
          for (uint64_t mm = grp; mm; mm &= mm - 1) D[__builtin_ctzll(mm)] = r;
          if (E->want_access) emit_syncwarp(E, w, member, pc);
        }
        break;
      }
      case OP_MATCH: {
        OPND(in->a, Mk, SMk);
        OPND(in->b, V, SV);
        uint64_t *D = &R[(size_t)in->d * W];
        (void)warp_mask_of(E, w, pc, m, Mk, SMk, SIMI_WARPOP_MATCH);
        const uint64_t M = mk(in->ty);
        for (uint64_t rest = m; rest;) {
          uint64_t grp, member;
          next_mask_group(rest, m, Mk, SMk, &grp, &member);
          rest &= ~grp;
          if (in->x == 0) {
            for (uint64_t gg = grp; gg; gg &= gg - 1) {
              unsigned l = (unsigned)__builtin_ctzll(gg);
              uint64_t r = 0, v = AT(V, SV, l) & M;
              for (uint64_t mm = member; mm; mm &= mm - 1) {
                unsigned j = (unsigned)__builtin_ctzll(mm);
                if ((AT(V, SV, j) & M) == v) r |= 1ull << j;
              }
              D[l] = r;
            }
          } else {
            uint64_t v0 = AT(V, SV, (unsigned)__builtin_ctzll(member)) & M;
            int all = 1;
            for (uint64_t mm = member; mm; mm &= mm - 1)
              if ((AT(V, SV, (unsigned)__builtin_ctzll(mm)) & M) != v0) all = 0;
            for (uint64_t gg = grp; gg; gg &= gg - 1) {
              unsigned l = (unsigned)__builtin_ctzll(gg);
              D[l] = all ? member : 0;
              D[l + W] = (uint64_t)all;
            }
          }
          if (E->want_access) emit_syncwarp(E, w, member, pc);
        }
        break;
      }
      case OP_ACTIVEMASK: {
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(D[l] = m & 0xffffffffull);
        break;
      }
      case OP_FENCE:
        for (unsigned i = 0; i < E->nobs; i++)
          if (E->obs[i].fence) E->obs[i].fence(E->obs[i].ctx, B->id, w->idx, m, in->x, pc);
        break;
      case OP_PRINTF: {
        OPND(in->a, Fm, SF);
        OPND(in->b, Ag, SAg);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(do_printf(E, w, l, AT(Fm, SF, l), AT(Ag, SAg, l)); D[l] = 0);
        break;
      }
      case OP_ASSERT: {
        OPND(in->a, Ms, SMs);
        OPND(in->b, Fi, SFi);
        OPND(in->c, Li, SLi);
        unsigned l = (unsigned)__builtin_ctzll(m);
        char msgs[256], file[256];
        if (read_cstr(E, w, l, AT(Ms, SMs, l), msgs, sizeof msgs)) strcpy(msgs, "?");
        if (read_cstr(E, w, l, AT(Fi, SFi, l), file, sizeof file)) strcpy(file, "?");
        unsigned tid = w->idx * W + l;
        stop(E, SIMI_E_TRAP, pc,
             "assertion '%s' failed at %s:%u (block (%u,%u,%u), thread (%u,%u,%u))", msgs, file,
             (unsigned)AT(Li, SLi, l), B->c[0], B->c[1], B->c[2], w->tid[0][l], w->tid[1][l],
             w->tid[2][l]);
        (void)tid;
        goto out;
      }
      case OP_ISSPACE: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES(D[l] = SIMI_PTR_SPACE(AT(A, SA, l)) == in->x);
        break;
      }
      case OP_MALLOC: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        int nomem = 0;
        LANES(D[l] = nomem ? 0 : simI_heap_alloc(&E->heap, AT(A, SA, l), &nomem));
        if (nomem) { stop(E, SIMI_E_NOMEM, pc, "out of memory for the device heap"); goto out; }
        break;
      }
      case OP_FREE: {
        OPND(in->a, A, SA);
        static const char *const why[3] = {"", "double free", "free of a pointer not returned by malloc or new"};
        LANES({
          int r = simI_heap_free(&E->heap, AT(A, SA, l), pc);
          if (r) fault(E, w, l, AT(A, SA, l), 0, SIMI_ACC_WRITE, pc, why[r]);
        });
        E->c_tag = ~0ull;
        break;
      }
      case OP_CPASYNC: {
        OPND(in->a, Dp, SD);
        OPND(in->b, Sp, SS);
        const unsigned n = in->x;
        uint64_t zero = 0;
        const uint64_t *Ns = &zero;
        size_t SN = 0;
        if (in->c != NOREG) {
          if (in->c & KBIT) Ns = &K[in->c & ~KBIT];
          else { Ns = &R[(size_t)in->c * W]; SN = ~(size_t)0; }
        }
        int nomem = 0;
        uint64_t issued = 0, srcm = 0;
        LANES({
          uint64_t ns = in->c == NOREG ? n : AT(Ns, SN, l);
          if (ns > n) ns = n;
          uint64_t dp = AT(Dp, SD, l), sp = AT(Sp, SS, l);
          if (SIMI_PTR_SPACE(dp) != SIMI_SPACE_SHARED) {
            fault(E, w, l, dp, n, SIMI_ACC_WRITE, pc, "cp.async destination not in shared memory");
            continue;
          }
          if (!resolve(E, w, l, dp, n, SIMI_ACC_WRITE, pc)) continue;
          if (ns && !resolve(E, w, l, sp, ns, SIMI_ACC_READ, pc)) continue;
          issued |= 1ull << l;
          if (ns == n) srcm |= 1ull << l;
          E->addrbuf[l] = dp;
          E->valbuf[l] = sp;
        });
        /* the copy starts: ordered after the thread's earlier accesses, so
         * it conflicts with every earlier access of the buffers not ordered
         * before the issue (a refill racing with the last reads of a buffer) */
        if (E->want_access && issued) {
          emit_access(E, w, e, pc, issued, m, SIMI_ACC_WRITE, 0, n, E->addrbuf, NULL);
          emit_access(E, w, e, pc, srcm, m, SIMI_ACC_READ, 0, n, E->valbuf, NULL);
        }
        for (uint64_t mm = issued; mm; mm &= mm - 1) {
          unsigned l = (unsigned)__builtin_ctzll(mm);
          uint64_t ns = in->c == NOREG ? n : AT(Ns, SN, l);
          if (ns > n) ns = n;
          if (cpa_issue(E, w, l, E->addrbuf[l], E->valbuf[l], n, (unsigned)ns, pc)) nomem = 1;
        }
        if (nomem) { stop(E, SIMI_E_NOMEM, pc, "out of memory for pending async copies"); goto out; }
        break;
      }
      case OP_CPAGROUP: {
        if (in->x == 0) {
          for (uint32_t i = 0; i < w->ncp; i++)
            if (((m >> w->cp[i].lane) & 1) && w->cp[i].group == CPA_UNCOMMITTED)
              w->cp[i].group = w->cp_groups[w->cp[i].lane];
          LANES(w->cp_groups[l]++);
          break;
        }
        if (in->x == 1) {
          OPND(in->a, Kp, SKp);
          if (w->ncp) cpa_wait(E, w, e, m, 0, Kp, SKp);
          break;
        }
        if (in->x == 2) {
          if (w->ncp) cpa_wait(E, w, e, m, 1, NULL, 0);
          break;
        }
        /* cp.async.mbarrier.arrive[.noinc]: the mbarrier tracks the lane's
         * copies so far; they land when its current phase completes (the
         * latest a GPU may land them). With .noinc the arrive-on counts as
         * one of the phase's arrivals (taken now: the phase cannot
         * complete before the copies land either way). */
        OPND(in->a, Ap, SAp);
        uint64_t one = in->b ? 1 : 0;
        int changed = 0;
        uint64_t done_p = 0;
        for (uint32_t i = 0; i < w->ncp; i++)
          if (((m >> w->cp[i].lane) & 1) && !w->cp[i].mbar) w->cp[i].mbar = AT(Ap, SAp, w->cp[i].lane);
        LANES({
          uint8_t *h = resolve(E, w, l, AT(Ap, SAp, l), 8, SIMI_ACC_READ | SIMI_ACC_WRITE, pc);
          if (h) {
            int ch = 0;
            mb_lane(MB_ARRIVE, 0, h, one, 0, &ch);
            if (ch == 2) done_p = AT(Ap, SAp, l);
            if (ch) changed = 1;
          }
        });
        if (E->want_access) {
          const uint64_t *addr = Ap;
          if (!SAp) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = Ap[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, m, m, SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC,
                      SIMI_SCOPE_BLOCK | (SIMI_ORDER_RELEASE << 4), 8, addr, NULL);
        }
        B->mb_epoch++;
        if (done_p) cpa_mbar_done(E, B, done_p);
        if (changed)
          for (unsigned i = 0; i < B->nw; i++)
            if (B->w[i].state == W_MBAR) B->w[i].state = W_RUN;
        break;
      }
      case OP_MBAR: {
        uint64_t *D = in->d == NOREG ? NULL : &R[(size_t)in->d * W];
        if (in->x == MB_PENDING) {
          OPND(in->b, Tv, STv);
          LANES(D[l] = MB_CNT(AT(Tv, STv, l), 20));
          break;
        }
        OPND(in->a, Ap, SAp);
        uint64_t bz = 1;
        const uint64_t *Bv = &bz;
        size_t SBv = 0;
        if (in->b != NOREG) {
          if (in->b & KBIT) Bv = &K[in->b & ~KBIT];
          else { Bv = &R[(size_t)in->b * W]; SBv = ~(size_t)0; }
        }
        uint64_t cz = 0;
        const uint64_t *Cv = &cz;
        size_t SCv = 0;
        if (in->c != NOREG) {
          if (in->c & KBIT) Cv = &K[in->c & ~KBIT];
          else { Cv = &R[(size_t)in->c * W]; SCv = ~(size_t)0; }
        }
        const unsigned x = in->x, f = in->ty2;
        unsigned kind, order;
        if (x == MB_INIT || x == MB_INVAL) kind = SIMI_ACC_WRITE, order = 0;
        else if (x == MB_TEST_WAIT) kind = SIMI_ACC_READ | SIMI_ACC_ATOMIC, order = SIMI_ORDER_ACQUIRE;
        else kind = SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC,
             order = x == MB_EXPECT_TX ? SIMI_ORDER_RELAXED : SIMI_ORDER_RELEASE;
        uint64_t ok = 0, done = 0;
        int changed = 0;
        LANES({
          uint64_t p = AT(Ap, SAp, l);
          uint8_t *h = resolve(E, w, l, p, 8, kind & ~SIMI_ACC_ATOMIC, pc);
          uint64_t r = 0;
          if (h) {
            if (x == MB_TEST_WAIT) {
              uint64_t v;
              memcpy(&v, h, 8);
              uint64_t want = (f & MBF_PARITY) ? (AT(Bv, SBv, l) & 1) : (AT(Bv, SBv, l) >> 63);
              r = (v >> 63) != want;
              if (r) ok |= 1ull << l;
            } else {
              int ch = 0;
              r = mb_lane(x, f, h, AT(Bv, SBv, l), AT(Cv, SCv, l), &ch);
              if (ch == 2) E->addrbuf[l] = p, done |= 1ull << l;
              if (ch) changed = 1;
              ok |= 1ull << l;
            }
          }
          if (D) D[l] = r;
        });
        if (E->want_access && ok) {
          const uint64_t *addr = Ap;
          if (!SAp) { for (unsigned l = 0; l < w->nl; l++) E->addrbuf[l] = Ap[0]; addr = E->addrbuf; }
          emit_access(E, w, e, pc, ok, m, kind,
                      (kind & SIMI_ACC_ATOMIC ? SIMI_SCOPE_BLOCK : 0) | (order << 4), 8, addr, NULL);
        }
        if (x != MB_TEST_WAIT) {
          B->mb_epoch++;
          /* after this warp's release: the copies the phase tracked land */
          for (uint64_t mm = done; mm; mm &= mm - 1) {
            unsigned l = (unsigned)__builtin_ctzll(mm);
            cpa_mbar_done(E, B, E->addrbuf[l]);
          }
          if (changed)
            for (unsigned i = 0; i < B->nw; i++)
              if (B->w[i].state == W_MBAR) B->w[i].state = W_RUN;
          break;
        }
        if ((f & MBF_BLOCK) ? ok == m : ok != 0) break;
        /* no lane's phase completed (a blocking wait: not every lane's): the warp waits (it runs again when a
         * phase of the block completes, or when nothing else can run) */
        {
          unsigned l0 = (unsigned)__builtin_ctzll(m);
          w->mb_addr = AT(Ap, SAp, l0);
          w->mb_site = pc;
          w->mb_epoch = B->mb_epoch;
          w->state = W_MBAR;
          e->pc = (f & MBF_BLOCK) ? pc : pc + 1;
          goto out;
        }
      }
      case OP_NANOSLEEP:
        e->pc = pc + 1;
        goto out;
      case OP_DEVLAUNCH: {
        OPND(in->a, Fn, SF);
        OPND(in->b, Cf, SC);
        OPND(in->c, Pm, SPm);
        uint64_t ids[64];
        LANES(ids[l] = E->stop ? 0 : dp_launch(E, w, l, pc, AT(Fn, SF, l), AT(Cf, SC, l), AT(Pm, SPm, l)));
        if (E->stop) goto out;
        if (in->d != NOREG) {
          uint64_t *D = &R[(size_t)in->d * W];
          LANES(D[l] = 0);
        }
        /* the launch orders the lane's accesses so far before the child */
        if (E->want_access)
          LANES(dp_order(E, w, e, pc, 1ull << l, ids[l], 1));
        break;
      }
      case OP_DEVRT: {
        if (in->x == 0) {
          /* cudaDeviceSynchronize: the block's child grids run now */
          if (B->ndq) {
            e->pc = pc;
            dp_run(E, B);
            if (E->stop) goto out;
            R = w->fr[e->frame].regs;
          }
          dp_order(E, w, e, pc, m, SIMI_DP_DONE + B->id, 0);
        }
        if (in->d != NOREG) {
          uint64_t *D = &R[(size_t)in->d * W];
          LANES(D[l] = 0);
        }
        break;
      }
      case OP_MAPA: {
        OPND(in->a, A, SA);
        OPND(in->b, Rk, SRk);
        uint64_t *D = &R[(size_t)in->d * W];
        /* a rank outside the cluster keeps an invalid tag: accesses fault */
        LANES({
          uint64_t a = AT(A, SA, l), rk = AT(Rk, SRk, l) & 0xffffffffu;
          uint64_t tag = rk < E->csize ? rk + 1 : 0xFF;
          D[l] = SIMI_PTR_SPACE(a) == SIMI_SPACE_SHARED
                     ? (a & ~(0xFFull << SIMI_CLUSTER_SHIFT)) | (tag << SIMI_CLUSTER_SHIFT) : 0;
        });
        break;
      }
      case OP_SWIN: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        if (in->x) LANES(D[l] = simI_swin_ptr(AT(A, SA, l)));
        else LANES(D[l] = simI_swin_of(AT(A, SA, l)));
        break;
      }
      case OP_CTARANK: {
        OPND(in->a, A, SA);
        uint64_t *D = &R[(size_t)in->d * W];
        LANES({
          unsigned tag = SIMI_CLUSTER_TAG(AT(A, SA, l));
          D[l] = tag ? tag - 1 : B->rank;
        });
        break;
      }
      case OP_CLBAR: {
        clu *C = B->cl;
        if (!C) break; /* a cluster of one block: the block is alone */
        if (in->x != 2) { /* arrive (release unless relaxed) */
          C->arrived += (uint64_t)__builtin_popcountll(m);
          w->cl_phase = C->phase;
        }
        /* one word per phase parity: a wait acquires the arrivals of its own
         * phase, not those of the next phase that faster threads made */
        uint64_t wsa = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, SIMI_WORKSPACE_ALLOC,
                                     SIMI_WORKSPACE_CLUSTER + 8 * C->id + 4 * (w->cl_phase & 1));
        if (in->x != 2) {
          cluster_check(E, C);
          if (in->x == 0 && E->want_access) {
            LANES(E->addrbuf[l] = wsa);
            emit_access(E, w, e, pc, m, m, SIMI_ACC_ATOMIC | SIMI_ACC_READ | SIMI_ACC_WRITE,
                        SIMI_SCOPE_DEVICE | (SIMI_ORDER_RELEASE << 4), 4, E->addrbuf, zero64);
          }
          break;
        }
        if (C->phase == w->cl_phase && !cluster_check(E, C)) {
          e->pc = pc; /* park; the wait runs again when the phase completes */
          w->state = W_CLW;
          goto out;
        }
        if (E->want_access) {
          LANES(E->addrbuf[l] = wsa);
          emit_access(E, w, e, pc, m, m, SIMI_ACC_ATOMIC | SIMI_ACC_READ,
                      SIMI_SCOPE_DEVICE | (SIMI_ORDER_ACQUIRE << 4), 4, E->addrbuf, zero64);
        }
        break;
      }
      case OP__COUNT:
        stop(E, SIMI_E_INTERNAL, pc, "internal error: bad opcode");
        goto out;
      }
      if (w->taint) taint_step(E, &w->fr[e->frame], in, m);
      pc++;
    }
  }
out:
  E->insns += insns;
  E->warp_insns += w->steps - steps0;
}

/* ------------------------------------------------------------- blocks */

static int block_init(ex *E, blk *b, uint64_t id) {
  const simI_launch *l = E->l;
  const simI_program *P = E->p;
  const simI_kernel_rec *k = E->k;
  b->id = E->vbase + (unsigned)id;
  b->c[0] = (unsigned)(id % l->grid.x);
  b->c[1] = (unsigned)((id / l->grid.x) % l->grid.y);
  b->c[2] = (unsigned)(id / ((uint64_t)l->grid.x * l->grid.y));
  b->exited = 0;
  b->nup = 0;
  memset(b->arrived, 0, sizeof b->arrived);
  b->mb_epoch = 0;
  b->mb_probe = 0;
  b->mb_probe_epoch = 0;
  b->active = 1;
  b->done = 0;
  if (E->shared_total && !b->shared_charged) {
    if (mem_charge(E, E->shared_total, "the shared memory of a resident block", NULL)) return -2;
    b->shared_charged = 1;
  }
  /* initcheck: the shadow (all unwritten) follows the data */
  const size_t shx = E->want_uninit ? 2 : 1;
  if (E->shared_total > LAZY_SHARED) {
    /* fresh zero pages from calloc (mmap): a block pays for what it touches */
    free(b->shared);
    b->shared = calloc(shx, E->shared_total);
    if (!b->shared) return -1;
  } else if (E->shared_total) {
    if (!b->shared) b->shared = malloc(shx * E->shared_total);
    if (!b->shared) return -1;
    memset(b->shared, 0, shx * E->shared_total);
  }
  if (!b->w) {
    b->w = calloc(E->nwarps, sizeof(warp));
    if (!b->w) return -1;
    b->nw = E->nwarps;
  }
  const simI_func *F = &P->funcs[k->func];
  for (unsigned i = 0; i < b->nw; i++) {
    warp *w = &b->w[i];
    w->b = b;
    w->idx = i;
    unsigned first = i * E->W;
    w->nl = E->bthreads - first < E->W ? E->bthreads - first : E->W;
    w->full = w->nl >= 64 ? ~0ull : ((1ull << w->nl) - 1);
    w->live = w->full;
    w->state = W_RUN;
    w->bar_named = 0;
    w->nst = 0;
    w->nfr = 0;
    w->lsp = 0;
    w->steps = 0;
    w->last_div = UINT32_MAX;
    w->cbr_site[0] = w->cbr_site[1] = UINT32_MAX;
    w->exit_site = UINT32_MAX;
    w->next_path = 0;
    w->cl_phase = 0;
    w->ncp = 0;
    memset(w->cp_groups, 0, sizeof w->cp_groups);
    w->taint = 0;
    w->use_done = 0;
    w->taint_origin = UINT32_MAX;
    if (E->want_uninit && w->local && w->local_hi) {
      /* the stack's shadow starts unwritten in every block */
      uint8_t *sh0 = w->local + (size_t)w->nl * E->local_bytes;
      for (unsigned ln = 0; ln < w->nl; ln++) memset(sh0 + (size_t)ln * E->local_bytes, 0, w->local_hi);
    }
    w->local_hi = 0;
    memset(w->printed, 0, sizeof w->printed);
    for (unsigned ln = 0; ln < w->nl; ln++) {
      unsigned t = first + ln;
      w->tid[0][ln] = t % l->block.x;
      w->tid[1][ln] = (t / l->block.x) % l->block.y;
      w->tid[2][ln] = t / (l->block.x * l->block.y);
    }
    /* byval struct parameters live at the bottom of each thread's stack */
    uint32_t byval_off[64];
    for (unsigned pi = 0; pi < k->info.nparams && pi < 64; pi++) {
      const simI_param *q = &k->info.params[pi];
      byval_off[pi] = 0;
      if (q->kind == SIMI_PARAM_STRUCT && q->byval) {
        if (!alloc_local(E, w)) return -1;
        byval_off[pi] = w->lsp;
        for (unsigned ln = 0; ln < w->nl; ln++) {
          uint8_t *dst = w->local + (size_t)ln * E->local_bytes + w->lsp;
          memset(dst, 0, q->size);
          if (l->args[pi].raw) memcpy(dst, l->args[pi].raw, l->args[pi].rawlen < q->size ? l->args[pi].rawlen : q->size);
          /* the host's bytes: written */
          if (E->want_uninit) memset(dst + (size_t)w->nl * E->local_bytes, 1, q->size);
        }
        if (E->want_uninit && w->lsp + q->size > w->local_hi) w->local_hi = w->lsp + q->size;
        w->lsp += (q->size + 15) & ~15u;
      }
    }
    frame *f = push_frame(E, w, k->func, F->entry);
    if (!f) return -1;
    f->ret_dst = NOREG;
    unsigned W = E->W;
    for (unsigned pi = 0; pi < k->info.nparams; pi++) {
      const simI_param *q = &k->info.params[pi];
      const simI_arg *a = &l->args[pi];
      uint32_t r = F->param_reg[pi];
      uint64_t *D = &f->regs[(size_t)r * W];
      if (q->kind == SIMI_PARAM_PTR) {
        uint64_t v = a->is_buffer ? SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, a->buffer, a->offset) : a->bits;
        for (unsigned ln = 0; ln < w->nl; ln++) D[ln] = v;
      } else if (q->kind == SIMI_PARAM_STRUCT && q->byval) {
        uint64_t v = SIMI_PTR_MAKE(SIMI_SPACE_LOCAL, 0, pi < 64 ? byval_off[pi] : 0);
        for (unsigned ln = 0; ln < w->nl; ln++) D[ln] = v;
      } else if (q->kind == SIMI_PARAM_STRUCT) {
        /* an aggregate passed directly: one slot per flattened field */
        for (unsigned fi = 0; fi < q->nfields && fi < F->param_slots[pi]; fi++) {
          uint64_t v = 0;
          unsigned fsz = (q->fields[fi].bits + 7) / 8;
          if (a->raw && q->fields[fi].offset + fsz <= a->rawlen)
            memcpy(&v, (const uint8_t *)a->raw + q->fields[fi].offset, fsz);
          for (unsigned ln = 0; ln < w->nl; ln++) f->regs[(size_t)(r + fi) * W + ln] = v;
        }
      } else {
        uint64_t v = a->bits & mk(q->bits);
        for (unsigned ln = 0; ln < w->nl; ln++) D[ln] = v;
      }
    }
    if (push(E, w, F->entry, PC_EXIT, w->full, 0, 0)) return -1;
  }
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].block_begin) E->obs[i].block_begin(E->obs[i].ctx, b->id);
  /* a child grid's threads start after their launch */
  if (E->depth)
    for (unsigned i = 0; i < b->nw; i++)
      dp_order(E, &b->w[i], &b->w[i].st[b->w[i].nst - 1], E->psite, b->w[i].full,
               E->grid_id, 0);
  return 0;
}

/* A register's value for lane `ln` in frame `fi` of warp w at function
 * `func`, as it is now; 0 with *ok = 0 when that frame no longer holds it. */
static uint64_t reg_now(const ex *E, const warp *w, uint32_t fi, uint32_t func,
                        uint32_t r, unsigned ln, int *ok) {
  if (r & KBIT) return E->p->konst[r & ~KBIT];
  if (fi >= w->capfr || w->fr[fi].func != func ||
      (size_t)r * E->W + ln >= w->fr[fi].cap) {
    *ok = 0;
    return 0;
  }
  return w->fr[fi].regs[(size_t)r * E->W + ln];
}

/* If the path from pc leads straight (jumps only) to a return of the
 * kernel (frame 0) or an exit: the first instruction on it
 * with a line (at -O0 the `return;` statement's jump to the function's one
 * exit), else the return itself; UINT32_MAX if it does not. */
static uint32_t straight_return(const ex *E, uint32_t pc, uint32_t frame) {
  uint32_t first = UINT32_MAX;
  for (unsigned k = 0; k < 32 && pc < E->p->ncode; k++) {
    const simI_insn *in = &E->p->code[pc];
    if (first == UINT32_MAX && E->p->locs[pc].line) first = pc;
    if ((in->op == OP_RET && frame == 0) || in->op == OP_EXIT) return first != UINT32_MAX ? first : pc;
    if (in->op != OP_JMP) return UINT32_MAX;
    pc = in->x;
  }
  return UINT32_MAX;
}

/* Why a divergent release split the block (simI_release.split_*): among the
 * last conditional branch and the last divergent branch of every warp, one
 * site where a thread that arrived at `site` and one that did not saw
 * different conditions; then the icmp feeding that branch and its operands
 * for both threads. Runs only for divergent releases. */
static void explain_split(const ex *E, const blk *b, uint32_t site, simI_release *r) {
  uint64_t arr[64];
  unsigned nw = b->nw < 64 ? b->nw : 64;
  for (unsigned i = 0; i < nw; i++) {
    const warp *w = &b->w[i];
    arr[i] = w->state == W_BAR && !w->bar_named && w->bar_site == site ? w->bar_mask : 0;
    if (w->state == W_BAR && !w->bar_named && w->bar_site != site && w->bar_site == r->other_site)
      r->other_waiting += (unsigned)__builtin_popcountll(w->bar_mask);
    if (w->exit_site != UINT32_MAX && r->exit_site == UINT32_MAX && w->live != w->full)
      r->exit_site = w->exit_site;
  }
  /* lanes left behind at a barrier whose path leads straight to a return */
  for (unsigned i = 0; i < nw; i++) {
    const warp *w = &b->w[i];
    if (!arr[i]) continue;
    uint64_t behind = w->live & ~arr[i];
    for (uint32_t q = 0; q < w->nst && behind; q++) {
      const simt *e = &w->st[q];
      uint64_t lanes = e->mask & behind;
      if (!lanes) continue;
      uint32_t ret = straight_return(E, e->pc, e->frame);
      if (ret == UINT32_MAX) continue;
      r->returning += (unsigned)__builtin_popcountll(lanes);
      behind &= ~lanes;
      if (r->exit_site == UINT32_MAX) r->exit_site = ret;
    }
  }
  for (int pass = 1; pass >= 0; pass--)
    for (unsigned i = 0; i < nw; i++) {
      const warp *wa = &b->w[i];
      for (int ka = 1; ka >= 0; ka--) {
        uint32_t s = wa->cbr_site[ka];
        uint64_t a = arr[i] & wa->cbr_m[ka];
        if (s == UINT32_MAX || !a) continue;
        for (unsigned j = 0; j < nw; j++) {
          /* the first pass looks inside one warp (a divergent branch) */
          if (pass == 1 && j != i) continue;
          const warp *wn = &b->w[j];
          for (int kn = 1; kn >= 0; kn--) {
            if (wn->cbr_site[kn] != s) continue;
            uint64_t n = wn->full & ~arr[j] & wn->cbr_m[kn];
            uint64_t at = a & wa->cbr_t[ka], af = a & ~wa->cbr_t[ka];
            uint64_t nt = n & wn->cbr_t[kn], nf = n & ~wn->cbr_t[kn];
            uint64_t pa, pn;
            if (at && nf) { pa = at; pn = nf; }
            else if (af && nt) { pa = af; pn = nt; }
            else continue;
            unsigned la = (unsigned)__builtin_ctzll(pa), ln = (unsigned)__builtin_ctzll(pn);
            r->split_site = s;
            r->split_thread[0] = wa->idx * E->W + la;
            r->split_thread[1] = wn->idx * E->W + ln;
            r->split_taken[0] = (int)((wa->cbr_t[ka] >> la) & 1);
            r->split_taken[1] = (int)((wn->cbr_t[kn] >> ln) & 1);
            /* threads that left by this branch's other side returned there */
            if (r->exited || r->returning) {
              const simI_insn *bi = &E->p->code[s];
              uint32_t ret = straight_return(E, r->split_taken[1] ? bi->b : bi->c, wn->cbr_frame[kn]);
              if (ret != UINT32_MAX) r->exit_site = ret;
            }
            /* the icmp that defines the condition, just before the branch in
             * its function */
            const simI_insn *code = E->p->code, *br = &code[s];
            uint32_t func = E->p->locs[s].func;
            uint32_t entry = E->p->funcs[func].entry;
            if (br->a & KBIT) return;
            for (uint32_t q = s, k = 0; q > entry && k < 64; k++) {
              const simI_insn *in = &code[--q];
              if (in->d != br->a) continue;
              if (in->op != OP_ICMP || in->ty == T_I128) return;
              int ok = 1;
              r->split_ops[0][0] = reg_now(E, wa, wa->cbr_frame[ka], func, in->a, la, &ok);
              r->split_ops[0][1] = reg_now(E, wa, wa->cbr_frame[ka], func, in->b, la, &ok);
              r->split_ops[1][0] = reg_now(E, wn, wn->cbr_frame[kn], func, in->a, ln, &ok);
              r->split_ops[1][1] = reg_now(E, wn, wn->cbr_frame[kn], func, in->b, ln, &ok);
              if (ok) {
                r->split_pred = in->x;
                r->split_bits = in->ty;
              }
              return;
            }
            return;
          }
        }
      }
    }
}

/* Every warp of b is parked or done: release the barrier (or finish). */
static void release(ex *E, blk *b) {
  unsigned waiting = 0, live = 0;
  uint32_t site = UINT32_MAX, other = UINT32_MAX, branch = UINT32_MAX;
  unsigned missing = UINT32_MAX;
  int divergent = 0;
  unsigned cnt_pred = 0, any_pred = 0, all_pred = 1;
  for (unsigned i = 0; i < b->nw; i++) {
    warp *w = &b->w[i];
    live += (unsigned)__builtin_popcountll(w->live);
    if (w->state != W_BAR) continue;
    waiting += (unsigned)__builtin_popcountll(w->bar_mask);
    if (site == UINT32_MAX) site = w->bar_site;
    else if (w->bar_site != site) { divergent = 1; if (other == UINT32_MAX) other = w->bar_site; }
    if (w->bar_mask != w->live) {
      divergent = 1;
      if (branch == UINT32_MAX) branch = w->last_div;
      if (missing == UINT32_MAX)
        missing = w->idx * E->W + (unsigned)__builtin_ctzll(w->live & ~w->bar_mask);
    }
    cnt_pred += (unsigned)__builtin_popcountll(w->bar_pred);
    if (w->bar_pred) any_pred = 1;
    if (w->bar_pred != w->bar_mask) all_pred = 0;
  }
  if (b->exited) {
    divergent = 1;
    if (missing == UINT32_MAX)
      for (unsigned i = 0; i < b->nw && missing == UINT32_MAX; i++)
        if (b->w[i].live != b->w[i].full)
          missing = i * E->W + (unsigned)__builtin_ctzll(b->w[i].full & ~b->w[i].live);
    if (branch == UINT32_MAX)
      for (unsigned i = 0; i < b->nw && branch == UINT32_MAX; i++)
        if (b->w[i].live != b->w[i].full) branch = b->w[i].last_div;
  }
  simI_release r;
  memset(&r, 0, sizeof r);
  r.block = b->id;
  r.site = site;
  r.waiting = waiting;
  r.live = live;
  r.exited = (unsigned)b->exited;
  r.divergent = divergent;
  r.other_site = other;
  r.branch_site = branch;
  r.missing_thread = missing == UINT32_MAX ? 0 : missing;
  r.split_site = r.exit_site = UINT32_MAX;
  if (divergent) explain_split(E, b, site, &r);
  for (unsigned i = 0; i < E->nobs; i++)
    if (E->obs[i].release) E->obs[i].release(E->obs[i].ctx, &r);
  for (unsigned i = 0; i < b->nw; i++) {
    warp *w = &b->w[i];
    if (w->state != W_BAR) continue;
    if (w->bar_kind && w->bar_dst != NOREG) {
      uint64_t v = w->bar_kind == 1 ? cnt_pred : w->bar_kind == 2 ? all_pred : any_pred;
      uint64_t *D = &w->fr[w->bar_frame].regs[(size_t)w->bar_dst * E->W];
      for (uint64_t mm = w->bar_mask; mm; mm &= mm - 1) D[__builtin_ctzll(mm)] = v;
    }
    w->state = W_RUN;
    w->bar_named = 0;
  }
}

static uint64_t sched_next(ex *E) {
  uint64_t x = E->rng;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return E->rng = x;
}

/* Run block b for about `slice` dispatches. Returns 1 when it has finished
 * (block_end is the caller's for a block of a cluster), 2 when it could not
 * run at all (its warps wait at barrier.cluster for other blocks), else 0. */
static int run_block(ex *E, blk *b, uint64_t slice) {
  uint64_t used = 0;
  const simI_schedule *S = &E->l->sched;
  const uint64_t wslice = S->slice ? S->slice : WARP_SLICE;
  unsigned perm[1024]; /* RANDOM: the pass's warp order (at most 1024 warps
                          of one lane) */
  unsigned nperm = b->nw <= 1024 ? b->nw : 1024;
  for (unsigned i = 0; i < nperm; i++) perm[i] = i;
  E->cur = b;
  for (;;) {
    int all_done = 1, any_run = 0, clw = 0;
    if (S->warp_order == SIMI_SCHED_RANDOM)
      for (unsigned i = nperm; i > 1; i--) {
        unsigned j = (unsigned)(sched_next(E) % i), t = perm[i - 1];
        perm[i - 1] = perm[j];
        perm[j] = t;
      }
    for (unsigned ii = 0; ii < b->nw; ii++) {
      unsigned i = ii;
      if (S->warp_order == SIMI_SCHED_RANDOM && ii < nperm) i = perm[ii];
      else if (S->warp_order == SIMI_SCHED_REVERSED) i = b->nw - 1 - ii;
      warp *w = &b->w[i];
      if (w->state == W_CLW) {
        if (b->cl->phase != w->cl_phase || cluster_check(E, b->cl)) w->state = W_RUN;
        else clw = 1;
      }
      if (w->state == W_RUN) {
        uint64_t s0 = w->steps;
        run_warp(E, w, S->warp_order == SIMI_SCHED_RANDOM && S->slice ? 1 + sched_next(E) % wslice
                                                                      : wslice);
        used += w->steps - s0 + 1;
        if (E->stop) return 0;
        /* the wall-clock limit is checked after warp slices totalling
         * CLOCK_EVERY dispatches (a few ms at most), so a launch stops close
         * to it however large its blocks, without a clock read per slice */
        E->clock_steps += w->steps - s0 + 1;
        if (E->deadline && E->clock_steps >= CLOCK_EVERY && (E->clock_steps = 0, now() > E->deadline)) {
          stop(E, SIMI_E_TIMEOUT, UINT32_MAX, "kernel did not finish within the time limit of %g s",
               E->l->time_limit);
          return 0;
        }
        if (w->state == W_RUN) any_run = 1;
      }
      if (w->state != W_DONE) all_done = 0;
    }
    if (all_done) {
      if (b->ndq) { /* child grids not synchronised run by the block's end */
        dp_run(E, b);
        if (E->stop) return 0;
        if (E->depth) {
          /* a grid completes with its children: what they did reaches
           * whoever synchronises with this grid */
          simt e0 = {0, 0, 0, 0, 0};
          for (unsigned i = 0; i < b->nw; i++) {
            dp_order(E, &b->w[i], &e0, E->psite, b->w[i].full, SIMI_DP_DONE + b->id, 0);
            dp_order(E, &b->w[i], &e0, E->psite, b->w[i].full, SIMI_DP_DONE + E->pblock, 1);
          }
        }
      }
      if (b->nup) flush_uninit(E, b);
      if (!b->cl)
        for (unsigned i = 0; i < E->nobs; i++)
          if (E->obs[i].block_end) E->obs[i].block_end(E->obs[i].ctx, b->id);
      return 1;
    }
    if (!any_run && clw) return used ? 0 : 2; /* the cluster's other blocks go first */
    if (!any_run) {
      /* warps waiting for an mbarrier phase: once nothing else runs, they
       * run again (their loop may do more than wait); a whole round of
       * them without an mbarrier change is a deadlock */
      warp *mw = NULL;
      for (unsigned i = 0; i < b->nw && !mw; i++)
        if (b->w[i].state == W_MBAR) mw = &b->w[i];
      if (mw) {
        /* the same waits as when the round began, nothing changed since */
        int same = b->mb_probe && b->mb_probe_epoch == b->mb_epoch;
        for (unsigned i = 0; i < b->nw && same; i++)
          if (b->w[i].state == W_MBAR && b->w[i].mb_site != b->w[i].mb_probe_site) same = 0;
        if (same) {
          char s1[256];
          unsigned waiting = 0, atbar = 0;
          for (unsigned i = 0; i < b->nw; i++) {
            if (b->w[i].state == W_MBAR) waiting += (unsigned)__builtin_popcountll(b->w[i].live);
            if (b->w[i].state == W_BAR) atbar += (unsigned)__builtin_popcountll(b->w[i].bar_mask);
          }
          stop(E, SIMI_E_DEADLOCK, mw->mb_site,
               "deadlock: %u thread%s of block (%u,%u,%u) wait at %s for an mbarrier phase that never completes (%u at a barrier, %llu exited)",
               waiting, waiting == 1 ? "" : "s", b->c[0], b->c[1], b->c[2],
               site_str(E, mw->mb_site, s1, sizeof s1), atbar, (unsigned long long)b->exited);
          return 0;
        }
        b->mb_probe = 1;
        b->mb_probe_epoch = b->mb_epoch;
        for (unsigned i = 0; i < b->nw; i++) {
          b->w[i].mb_probe_site = b->w[i].state == W_MBAR ? b->w[i].mb_site : UINT32_MAX;
          if (b->w[i].state == W_MBAR) b->w[i].state = W_RUN;
        }
        if (used >= slice) return 0;
        continue;
      }
      b->mb_probe = 0;
      int parked = 0;
      /* a named barrier may have let an earlier warp of this pass go on */
      for (unsigned i = 0; i < b->nw; i++) {
        if (b->w[i].state == W_BAR) parked = 1;
        if (b->w[i].state == W_RUN) parked = 0, any_run = 1;
        if (any_run) break;
      }
      if (parked) release(E, b);
    }
    if (used >= slice) return 0;
  }
}

/* ------------------------------------------------------------- launch */

/* Makes cluster `nc` (in the order of %clusterid, x fastest) resident in
 * slot group g; without clusters, block nc in slot g. Returns -1 (launch
 * stopped) when memory runs out. */
static int admit(ex *E, blk *slots, clu *cls, unsigned g, uint64_t nc) {
  const simI_launch *l = E->l;
  unsigned ncx = l->grid.x / E->cd[0], ncy = l->grid.y / E->cd[1];
  unsigned cc[3] = {(unsigned)(nc % ncx), (unsigned)((nc / ncx) % ncy),
                    (unsigned)(nc / ((uint64_t)ncx * ncy))};
  clu *C = cls ? &cls[g] : NULL;
  if (C) {
    memset(C, 0, sizeof *C);
    C->id = nc;
    memcpy(C->c, cc, sizeof cc);
  }
  for (unsigned r = 0; r < E->csize; r++) {
    blk *b = &slots[g * E->csize + r];
    uint64_t bx = (uint64_t)cc[0] * E->cd[0] + r % E->cd[0];
    uint64_t by = (uint64_t)cc[1] * E->cd[1] + (r / E->cd[0]) % E->cd[1];
    uint64_t bz = (uint64_t)cc[2] * E->cd[2] + r / (E->cd[0] * E->cd[1]);
    b->cl = C;
    b->rank = r;
    if (C) C->m[r] = b;
    if (block_init(E, b, bx + l->grid.x * (by + l->grid.y * bz))) {
      stop(E, SIMI_E_NOMEM, UINT32_MAX, "out of memory");
      return -1;
    }
  }
  return 0;
}

static simI_status bad(simI_result *res, simI_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(res->message, sizeof res->message, fmt, ap);
  va_end(ap);
  res->status = st;
  return st;
}

simI_status simI_run(const simI_program *p, unsigned kidx, const simI_launch *l,
                     const simI_observer *obs, unsigned nobs, simI_result *res) {
  return run_grid(p, kidx, l, obs, nobs, res, NULL, NULL, 0);
}

/* One grid: the host's launch (parent NULL), or the child grid q that block
 * pblock of `parent` launched, sharing its global memory, heap, limits and
 * observers. */
static simI_status run_grid(const simI_program *p, unsigned kidx, const simI_launch *l,
                            const simI_observer *obs, unsigned nobs, simI_result *res,
                            ex *parent, const dpq *q, unsigned pblock) {
  memset(res, 0, sizeof *res);
  res->site = UINT32_MAX;
  if (!p || kidx >= p->nkernels) return bad(res, SIMI_E_USAGE, "no such kernel");
  const simI_kernel_rec *k = &p->kernels[kidx];
  const simI_launch *L = l;
  if (L->nargs != k->info.nparams)
    return bad(res, SIMI_E_USAGE, "kernel '%s' takes %u arguments, %u given", k->info.demangled,
               k->info.nparams, L->nargs);
  if (!L->grid.x || !L->grid.y || !L->grid.z || !L->block.x || !L->block.y || !L->block.z)
    return bad(res, SIMI_E_USAGE, "launch dimensions must be at least 1");
  uint64_t bthreads = (uint64_t)L->block.x * L->block.y * L->block.z;
  if (bthreads > 1024 || L->block.x > 1024 || L->block.y > 1024 || L->block.z > 64)
    return bad(res, SIMI_E_USAGE,
               "block %ux%ux%u exceeds CUDA's limits (1024 threads per block, z at most 64)",
               L->block.x, L->block.y, L->block.z);
  if (L->grid.y > 65535 || L->grid.z > 65535 || L->grid.x > 2147483647u)
    return bad(res, SIMI_E_USAGE, "grid %ux%ux%u exceeds CUDA's limits", L->grid.x, L->grid.y,
               L->grid.z);
  uint64_t nblocks = (uint64_t)L->grid.x * L->grid.y * L->grid.z;
  if (nblocks * bthreads > SIMI_MAX_THREADS_TOTAL)
    return bad(res, SIMI_E_USAGE, "launch of %llu threads is above simulee's limit of %u",
               (unsigned long long)(nblocks * bthreads), SIMI_MAX_THREADS_TOTAL);
  unsigned W = L->warp_size ? L->warp_size : 32;
  if (W > 32) return bad(res, SIMI_E_USAGE, "warp size %u is above 32", W);
  if (L->dyn_shared > (1u << 20))
    return bad(res, SIMI_E_USAGE, "dynamic shared memory of %llu bytes is above 1 MiB",
               (unsigned long long)L->dyn_shared);
  simI_dim3 cd = L->cluster;
  if (!cd.x && !cd.y && !cd.z) cd = k->info.cluster_dims;
  int explicit_cluster = cd.x != 0;
  if (!cd.x && !cd.y && !cd.z) cd = (simI_dim3){1, 1, 1};
  if (!cd.x || !cd.y || !cd.z)
    return bad(res, SIMI_E_USAGE, "cluster dimensions must be at least 1");
  uint64_t csize = (uint64_t)cd.x * cd.y * cd.z;
  if (csize > SIMI_MAX_CLUSTER)
    return bad(res, SIMI_E_USAGE, "cluster %ux%ux%u of %llu blocks is above CUDA's maximum of %u",
               cd.x, cd.y, cd.z, (unsigned long long)csize, SIMI_MAX_CLUSTER);
  if (L->grid.x % cd.x || L->grid.y % cd.y || L->grid.z % cd.z)
    return bad(res, SIMI_E_USAGE, "grid %ux%ux%u is not a multiple of the cluster %ux%ux%u",
               L->grid.x, L->grid.y, L->grid.z, cd.x, cd.y, cd.z);
  if (k->info.grid_sync && nblocks > SIMI_MAX_COOP_BLOCKS)
    return bad(res, SIMI_E_USAGE,
               "kernel '%s' uses grid.sync(), which needs all %llu blocks resident at once: "
               "simulee runs at most %u",
               k->info.demangled, (unsigned long long)nblocks, SIMI_MAX_COOP_BLOCKS);
  if (L->nbuffers >= SIMI_WORKSPACE_ALLOC)
    return bad(res, SIMI_E_USAGE, "%u buffers: at most %u", L->nbuffers, SIMI_WORKSPACE_ALLOC - 1);
  for (unsigned i = 0; i < L->nargs; i++)
    if (L->args[i].is_buffer && L->args[i].buffer >= L->nbuffers)
      return bad(res, SIMI_E_USAGE, "argument %u names buffer %u of %u", i, L->args[i].buffer,
                 L->nbuffers);
  if (k->unsupported) {
    res->status = SIMI_E_UNSUPPORTED;
    snprintf(res->message, sizeof res->message, "%s", k->unsupported);
    return res->status;
  }
  ex *E = calloc(1, sizeof *E);
  if (!E) return bad(res, SIMI_E_NOMEM, "out of memory");
  double t0 = now();
  E->p = p;
  E->k = k;
  E->l = L;
  E->W = W;
  E->bthreads = (unsigned)bthreads;
  E->nwarps = (unsigned)((bthreads + W - 1) / W);
  E->nblocks = nblocks;
  E->bufs = L->buffers;
  E->nbuf = L->nbuffers;
  E->cd[0] = cd.x;
  E->cd[1] = cd.y;
  E->cd[2] = cd.z;
  E->csize = (unsigned)csize;
  E->explicit_cluster = explicit_cluster;
  E->obs = obs;
  E->nobs = nobs;
  simI_heap_init(&E->heap, L->device_heap);
  E->root = E;
  E->vnext = nblocks;
  if (parent) {
    /* a child grid: the parent's heap and counters until it returns */
    E->heap = parent->heap;
    E->root = parent->root;
    E->depth = parent->depth + 1;
    E->vbase = (unsigned)E->root->vnext;
    E->root->vnext += nblocks;
    E->grid_id = q->id;
    E->pblock = pblock;
    E->psite = q->site;
    E->cpa_ids = parent->cpa_ids;
  }
  for (unsigned i = 0; i < nobs; i++) {
    if (obs[i].access) E->want_access = 1;
    if (obs[i].path) E->want_path = 1;
    if (obs[i].branch || obs[i].branch_lanes) E->want_branch = 1;
    if (obs[i].uninit) E->want_uninit = 1;
  }
  E->heap.shadow = E->want_uninit;
  E->max_steps = L->max_steps ? L->max_steps : SIMI_DEFAULT_MAX_STEPS;
  E->deadline = L->time_limit > 0 ? t0 + L->time_limit : 0;
  if (parent) E->deadline = parent->deadline;
  E->local_bytes = L->local_bytes ? L->local_bytes : DEFAULT_LOCAL;
  E->shared_static = k->shared_arena;
  E->shared_total = E->shared_static + L->dyn_shared;
  E->mem_limit = L->mem_limit;
  if (parent) E->mem_used = parent->mem_used;
  E->gvars = parent ? parent->gvars : calloc(p->nglobalvars + 1, sizeof(uint8_t *));
  /* resident blocks: RESIDENT, or the whole grid for grid.sync(); whole
   * clusters (group g of slots holds cluster cls[g]) */
  unsigned nslots = k->info.grid_sync ? (unsigned)nblocks : nblocks < RESIDENT ? (unsigned)nblocks : RESIDENT;
  nslots -= nslots % E->csize;
  unsigned ngroups = nslots / E->csize;
  blk *slots = calloc(nslots, sizeof(blk));
  clu *cls = E->csize > 1 ? calloc(ngroups, sizeof(clu)) : NULL;
  simI_status st = SIMI_OK;
  if (!E->gvars || !slots || (E->csize > 1 && !cls)) { st = SIMI_E_NOMEM; snprintf(E->msg, sizeof E->msg, "out of memory"); goto done; }
  if (k->info.static_shared > SIMI_MAX_STATIC_SHARED) {
    /* as the hardware: a block has at most 228 KiB of shared memory */
    const char *big = "?";
    uint64_t bigsz = 0;
    for (uint32_t i = 0; i < p->nsharedvars; i++) { /* the kernel's own, as counted */
      const simI_var *v = &p->vars[p->sharedvar[i]];
      if (k->shoff[i] != UINT64_MAX && !v->dynamic &&
          !(p->reserved_smem && p->sharedvar[i] == p->reserved_var) && v->size > bigsz) { bigsz = v->size; big = v->name ? v->name : "?"; }
    }
    st = SIMI_E_USAGE;
    char *dn = simI_demangle(big, 1);
    snprintf(E->msg, sizeof E->msg,
             "static __shared__ memory of %llu bytes (variable '%s': %llu bytes) is more than "
             "the %u bytes (228 KiB) a block can have",
             (unsigned long long)k->info.static_shared, dn ? dn : big,
             (unsigned long long)bigsz, (unsigned)SIMI_MAX_STATIC_SHARED);
    free(dn);
    goto done;
  }
  /* the launch buffers are the caller's memory (zero-filled ones lazily
   * backed): only their growth is charged; a copy-on-write view of
   * __device__ data costs the pages the kernel writes, a plain copy all */
  for (uint32_t i = 0; i < p->nglobalvars && !parent; i++) {
    const simI_var *v = &p->vars[p->globalvar[i]];
    if (!v->cow && mem_charge(E, v->size, "the copy of __device__ variable", v->name)) {
      st = E->status;
      goto done;
    }
    if (v->cow) { /* a private copy-on-write view of the shared initial bytes */
      void *m = mmap(NULL, (size_t)v->size, PROT_READ | PROT_WRITE, MAP_PRIVATE, v->cow_fd, 0);
      if (m == MAP_FAILED) { st = SIMI_E_NOMEM; snprintf(E->msg, sizeof E->msg, "out of memory"); goto done; }
      E->gvars[i] = m;
      continue;
    }
    E->gvars[i] = calloc(1, v->size ? v->size : 1);
    if (!E->gvars[i]) { st = SIMI_E_NOMEM; snprintf(E->msg, sizeof E->msg, "out of memory"); goto done; }
    if (v->init) memcpy(E->gvars[i], v->init, v->size);
  }
  /* legacy texture references: the address of their texture buffer */
  for (unsigned i = 0; i < L->ntexbinds && !parent; i++) {
    unsigned gv = L->texbinds[i].var;
    if (gv >= p->nglobalvars || L->texbinds[i].buffer >= L->nbuffers ||
        p->vars[p->globalvar[gv]].size < 8 || !E->gvars[gv])
      continue;
    uint64_t h = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, L->texbinds[i].buffer, 0);
    memcpy(E->gvars[gv], &h, 8);
  }
  for (unsigned i = 0; i < nobs && !parent; i++)
    if (obs[i].launch_begin) obs[i].launch_begin(obs[i].ctx, p, kidx, L);
  if (parent) {
    simI_grid g = {q->id, kidx, E->depth, L->grid, L->block, L->dyn_shared, E->vbase, q->site,
                   pblock, q->thread};
    for (unsigned i = 0; i < nobs; i++)
      if (obs[i].grid) obs[i].grid(obs[i].ctx, &g);
  }
  {
    uint64_t next = 0, nclusters = nblocks / E->csize;
    unsigned nres = 0;
    E->rng = L->sched.seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull;
    if (!E->rng) E->rng = 1;
    const int brev = L->sched.blocks_reversed;
#define NEXT_CLUSTER() (brev ? nclusters - 1 - next++ : next++)
    for (unsigned g = 0; g < ngroups && next < nclusters; g++) {
      if (admit(E, slots, cls, g, NEXT_CLUSTER())) break;
      nres += E->csize;
    }
    while (nres && !E->stop) {
      int progress = 0;
      for (unsigned s = 0; s < nslots && !E->stop; s++) {
        blk *b = &slots[s];
        if (!b->active || b->done) continue;
        int r = run_block(E, b, k->info.grid_sync ? COOP_SLICE : BLOCK_SLICE);
        if (r != 2) progress = 1;
        if (r != 1) continue;
        b->done = 1;
        if (b->cl && ++b->cl->ndone < E->csize) continue;
        /* the block (its whole cluster) has ended: the slots take the next */
        unsigned g = s / E->csize;
        for (unsigned r2 = 0; r2 < E->csize; r2++) {
          blk *mb = &slots[g * E->csize + r2];
          if (mb->cl)
            for (unsigned i = 0; i < E->nobs; i++)
              if (E->obs[i].block_end) E->obs[i].block_end(E->obs[i].ctx, mb->id);
          mb->active = 0;
        }
        nres -= E->csize;
        if (next < nclusters && !E->stop) {
          if (admit(E, slots, cls, g, NEXT_CLUSTER())) break;
          nres += E->csize;
        }
      }
      if (!progress && !E->stop) {
        /* every resident block waits at barrier.cluster for a block that
         * never comes: a deadlock */
        uint32_t site = UINT32_MAX;
        for (unsigned s = 0; s < nslots && site == UINT32_MAX; s++)
          for (unsigned i = 0; slots[s].active && !slots[s].done && i < slots[s].nw; i++)
            if (slots[s].w[i].state == W_CLW && slots[s].w[i].nst) {
              site = slots[s].w[i].st[slots[s].w[i].nst - 1].pc;
              break;
            }
        char sb[256];
        stop(E, SIMI_E_TIMEOUT, site,
             "deadlock: threads wait at barrier.cluster (%s) for threads of their cluster that "
             "never arrive",
             site == UINT32_MAX ? "?" : site_str(E, site, sb, sizeof sb));
      }
      if (E->deadline && now() > E->deadline)
        stop(E, SIMI_E_TIMEOUT, UINT32_MAX, "kernel did not finish within the time limit of %g s",
             L->time_limit);
    }
  }
  st = E->stop ? E->status : SIMI_OK;
  for (unsigned i = 0; i < nobs && !parent; i++)
    if (obs[i].launch_end) obs[i].launch_end(obs[i].ctx, st);
done:
  res->status = st;
  snprintf(res->message, sizeof res->message, "%s", st == SIMI_OK ? "" : E->msg);
  res->insns = E->insns;
  res->warp_insns = E->warp_insns;
  res->threads = nblocks * bthreads;
  res->faults = E->faults;
  res->site = E->stop ? E->stop_site : UINT32_MAX;
  res->seconds = now() - t0;
  free(cls);
  if (slots) {
    for (unsigned s = 0; s < nslots; s++) {
      blk *b = &slots[s];
      if (b->w) {
        for (unsigned i = 0; i < b->nw; i++) {
          warp *w = &b->w[i];
          for (uint32_t f = 0; f < w->capfr; f++) {
            free(w->fr[f].regs);
            free(w->fr[f].taint);
          }
          free(w->fr);
          free(w->st);
          free(w->local);
          free(w->cp);
        }
        free(b->w);
      }
      free(b->shared);
      free(b->up);
      for (unsigned i = 0; i < b->ndq; i++) {
        free(b->dq[i].params);
        free(b->dq[i].offs);
      }
      free(b->dq);
    }
    free(slots);
  }
  if (parent) { /* give back what the child grid shares */
    parent->heap = E->heap;
    parent->mem_used += E->grown;
    parent->grown += E->grown;
    parent->cpa_ids = E->cpa_ids;
    free(E);
    return st;
  }
  if (E->gvars)
    for (uint32_t i = 0; i < p->nglobalvars; i++) {
      const simI_var *v = &p->vars[p->globalvar[i]];
      if (v->cow && E->gvars[i]) munmap(E->gvars[i], (size_t)v->size);
      else if (!v->cow) free(E->gvars[i]);
    }
  free(E->gvars);
  simI_heap_release(&E->heap);
  free(E);
  return st;
}
