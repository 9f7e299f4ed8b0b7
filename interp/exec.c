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
 *
 * The instruction families live in their own files, all one translation
 * unit: exec_arith.inc, exec_mem.inc, exec_ctrl.inc (control, calls),
 * exec_warp.inc (barriers, warp collectives), exec_async.inc (async copies,
 * clusters) and exec_sched.inc (blocks and the scheduler); exec_int.h holds
 * the shared state. ops.def is the one opcode table.
 */
#define _GNU_SOURCE
#include "interp/exec_int.h"
#ifdef __SSE2__
#include <emmintrin.h> /* the branch mask of a full warp (exec_ctrl.inc) */
#endif

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

/* "what (freed at FILE:LINE:COL in launch N)" for a freed heap block
 * (FILE: the name without its folder; the site is named only when the
 * free was code of this program, the launch only for a persistent heap), in
 * E->fault_msg. */
static const char *freed_msg(ex *E, const simI_hblock *hb, const char *what) {
  char at[160] = "", ln[48] = "";
  if (hb->free_prog == E->p && hb->free_site < E->p->ncode) {
    site_str(E, hb->free_site, at, sizeof at);
    const char *base = strrchr(at, '/'); /* the file's name, as initcheck's uses */
    if (base && E->p->locs[hb->free_site].line) memmove(at, base + 1, strlen(base + 1) + 1);
  }
  if (hb->free_launch)
    snprintf(ln, sizeof ln, "%slaunch %llu", at[0] ? " in " : "",
             (unsigned long long)hb->free_launch);
  if (at[0] || ln[0])
    snprintf(E->fault_msg, sizeof E->fault_msg, "%.48s (freed %s%.96s%.40s)", what,
             at[0] ? "at " : "in ", at, ln); /* at most 199 bytes */
  else
    snprintf(E->fault_msg, sizeof E->fault_msg, "%s", what);
  return E->fault_msg;
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
    } else if (al >= SIMI_HEAP_FIRST && al < SIMI_GLOBALVAR_BASE && simI_heap_block(E->heap, al)) {
      const simI_hblock *hb = simI_heap_block(E->heap, al);
      if (hb->freed) {
        fault(E, w, l, p, (unsigned)sz, kind, site, freed_msg(E, hb, "use after free"));
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
          /* without clusters: a 32-bit index below the variable wrapped */
          fault(E, w, l, p, (unsigned)sz, kind, site,
                E->csize > 1 ? "shared::cluster address of a rank outside the cluster"
                             : "out of bounds");
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
      base = E->l->consts && E->l->consts[al] ? (uint8_t *)E->l->consts[al] : v->init;
      lim = base ? v->size : 0;
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

/* The same for an access that must be aligned (amask: its alignment - 1,
 * the `c` operand of LOAD/STORE/LOADV/STOREV, load.c's need_align): a
 * misaligned address is a fault ("misaligned address", as a GPU's), NULL. */
static inline uint8_t *resolve_al(ex *E, warp *w, unsigned l, uint64_t p, uint64_t sz,
                                  unsigned kind, uint32_t site, uint64_t amask) {
  if (p & amask) {
    fault(E, w, l, p, (unsigned)sz, kind, site, SIMI_MISALIGNED);
    return NULL;
  }
  return resolve(E, w, l, p, sz, kind, site);
}

/* The alignment mask of memory instruction in (0: none required). */
static inline uint64_t align_mask(const simI_insn *in) {
  return in->c == NOREG || !in->c ? 0 : (uint64_t)in->c - 1;
}

/* Whether every lane of the full warp (pointers A[0..nl)) accesses sz bytes
 * inside the region resolve() has cached, aligned to amask + 1: then each
 * lane's host address is c_base + its offset, with no check (a loop SSE2
 * vectorizes). */
static inline int full_hit(const ex *E, const uint64_t *A, unsigned nl, uint64_t sz,
                           uint64_t amask) {
  const uint64_t tag = E->c_tag, lim = E->c_lim;
  if (sz > lim) return 0;
  const uint64_t top = lim - sz; /* the highest offset that fits */
  uint64_t bad = 0;
  for (unsigned l = 0; l < nl; l++)
    bad |= ((A[l] >> 40) ^ tag) | ((top - (A[l] & OFFMASK)) >> 63) | (A[l] & amask);
  return bad == 0;
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
  /* the usual sizes inline (a constant-size memset is a store) */
  if (n == 4) memset(sh, v, 4);
  else if (n == 8) memset(sh, v, 8);
  else memset(sh, v, n);
  if (SIMI_PTR_SPACE(p) == SIMI_SPACE_LOCAL) {
    uint64_t hi = SIMI_PTR_OFFSET(p) + n;
    if (hi > w->local_hi) w->local_hi = (uint32_t)hi;
  }
}

/* State of n shadow bytes: bit 0 some unwritten, bit 1 some tainted. */
static inline unsigned shadow_state(const uint8_t *sh, uint64_t n) {
  /* the usual case: every byte written, none tainted (1 each) */
  if (n == 4) {
    uint32_t x;
    memcpy(&x, sh, 4);
    if (x == 0x01010101u) return 0;
  } else if (n == 8) {
    uint64_t x;
    memcpy(&x, sh, 8);
    if (x == 0x0101010101010101ull) return 0;
  }
  unsigned r = 0;
  for (uint64_t i = 0; i < n; i++) r |= sh[i] == 0 ? 1u : sh[i] >= 2 ? 2u : 0u;
  return r;
}

/* initcheck: the shadow byte of a tainted byte whose value came from
 * pending read o (2 + o; 255: not known), and the read of such a byte. */
static inline int taint_byte(uint32_t o) { return o < 253 ? 2 + (int)o : 255; }
static inline uint32_t taint_byte_origin(const uint8_t *sh, uint64_t n) {
  for (uint64_t i = 0; i < n; i++)
    if (sh[i] >= 2) return sh[i] < 255 ? sh[i] - 2u : UINT32_MAX;
  return UINT32_MAX;
}

/* The taint row of frame f (NULL on out of memory: the launch stops). */
static uint64_t *frame_taint(ex *E, frame *f) {
  size_t n = E->p->funcs[f->func].nregs + 1;
  if (f->tcap < n) {
    uint64_t *t = realloc(f->taint, n * sizeof *t);
    if (t) f->taint = t;
    uint32_t *o = t ? realloc(f->torig, n * sizeof *o) : NULL;
    if (!o) { stop(E, SIMI_E_NOMEM, UINT32_MAX, "out of memory"); return NULL; }
    f->torig = o;
    memset(t + f->tcap, 0, (n - f->tcap) * sizeof *t);
    memset(o + f->tcap, 0xff, (n - f->tcap) * sizeof *o);
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

/* The pending read the taint of register r of frame f came from
 * (UINT32_MAX: not known). */
static inline uint32_t torig_of(ex *E, const frame *f, uint32_t r) {
  if (r & KBIT || r >= E->p->funcs[f->func].nregs || !f->taint) return UINT32_MAX;
  return f->torig[r];
}

/* Set the taint of lanes m of register r of frame f to t, coming from
 * pending read o. */
static inline void taint_put(ex *E, frame *f, uint32_t r, uint64_t m, uint64_t t, uint32_t o) {
  if (r & KBIT || r >= E->p->funcs[f->func].nregs || !f->taint) return;
  f->taint[r] = (f->taint[r] & ~m) | (t & m);
  if (t & m) f->torig[r] = o;
}

/* Propagate taint through an instruction other than a memory access: the
 * result is tainted in the lanes where an operand register is. */
static void taint_step(ex *E, frame *f, const simI_insn *in, uint64_t m) {
  uint64_t t = 0;
  uint32_t o = UINT32_MAX; /* the read it came from: the first tainted operand's */
  switch ((simI_op)in->op) {
  case OP_LOAD: case OP_LOADV: case OP_STORE: case OP_STOREV: case OP_ATOMIC:
  case OP_CMPXCHG: case OP_MEMCPY: case OP_MEMSET:
    return; /* the access itself did it */
  case OP_MATH:
    t = taint_of(E, f, in->e);
    if (t & m) o = torig_of(E, f, in->e);
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
    if (in->op == OP_SELECT && !(in->a & KBIT) && in->d != in->a) {
      /* only the chosen operand's value flows (a stale neighbour a select
       * discards, `i + 1 < n ? t[i + 1] : 0` speculated, is no use) */
      uint64_t tb = taint_of(E, f, in->b), tc = taint_of(E, f, in->c), pick = 0;
      const uint64_t *C = &f->regs[(size_t)in->a * E->W];
      for (uint64_t mm = m; mm; mm &= mm - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mm);
        if (C[l] & 1) pick |= 1ull << l;
      }
      t |= taint_of(E, f, in->a) | (tb & pick) | (tc & ~pick);
      if (o == UINT32_MAX)
        o = taint_of(E, f, in->a) & m ? torig_of(E, f, in->a)
            : tb & pick & m ? torig_of(E, f, in->b) : torig_of(E, f, in->c);
      break;
    }
    if (o == UINT32_MAX) {
      const uint32_t ops[3] = {in->a, in->b, in->c};
      for (unsigned k = 0; k < 3 && o == UINT32_MAX; k++)
        if (taint_of(E, f, ops[k]) & m) o = torig_of(E, f, ops[k]);
    }
    t |= taint_of(E, f, in->a) | taint_of(E, f, in->b) | taint_of(E, f, in->c);
    /* a value masked with a constant is taken as defined: bit-field writes
     * read-modify-write a byte whose other bits may never have been set
     * (the shadow is per byte, not per bit) */
    if (in->op == OP_AND && ((in->a & KBIT) || (in->b & KBIT))) t = 0;
    break;
  default:
    break; /* a result not computed from operand values: clean */
  }
  taint_put(E, f, in->d, m, t, o);
  if ((in->ty == T_I128 || in->op == OP_OVF) && in->d + 1 > in->d) taint_put(E, f, in->d + 1, m, t, o);
}

/* An uninitialized read (READ: lanes mask at site, addr/size) is kept until
 * the block ends; a USE (what it reached: `use`, SIMI_USE_*) marks the read
 * its value came from: `origin`, else the warp's latest read. */
static void emit_uninit(ex *E, warp *w, unsigned what, uint32_t site, uint64_t mask,
                        uint64_t addr, unsigned size, unsigned use, uint32_t origin) {
  blk *b = w->b;
  if (what == SIMI_UNINIT_USE) {
    uint32_t o = origin < b->nup ? origin : w->taint_origin != UINT32_MAX ? w->taint_origin : 0;
    if (o >= b->nup) return;
    /* the first use, or the first that reaches global memory or a branch
     * after an address or printf use (observers grade them apart) */
    int weak = b->up[o].use == SIMI_USE_ADDRESS || b->up[o].use == SIMI_USE_PRINTF;
    int strong = use != SIMI_USE_ADDRESS && use != SIMI_USE_PRINTF;
    if (b->up[o].use_site == UINT32_MAX || (weak && strong)) {
      b->up[o].use_site = site;
      b->up[o].use = use;
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
  b->up[b->nup] = (upend){site, w->idx, mask, addr, size, UINT32_MAX, SIMI_USE_STORE};
  w->taint_origin = b->nup++;
}

/* The block ended: report its pending reads whose value reached a use
 * (simI_uninit). The others are dropped: a stale value that is discarded
 * (a select's other arm, a debugging leftover, compilers copying never-set
 * bytes through the stack: padding, empty classes, structs returned in
 * registers) is no bug. */
static void flush_uninit(ex *E, blk *b) {
  for (unsigned i = 0; i < b->nup; i++) {
    const upend *u = &b->up[i];
    if (u->use_site == UINT32_MAX) continue;
    simI_uninit ev = {SIMI_UNINIT_READ, u->site, u->site, b->id, u->warp, u->mask, u->addr,
                      u->size, 0};
    for (unsigned k = 0; k < E->nobs; k++)
      if (E->obs[k].uninit) E->obs[k].uninit(E->obs[k].ctx, &ev);
    ev.what = SIMI_UNINIT_USE;
    ev.site = u->use_site;
    ev.use = u->use;
    for (unsigned k = 0; k < E->nobs; k++)
      if (E->obs[k].uninit) E->obs[k].uninit(E->obs[k].ctx, &ev);
  }
  b->nup = 0;
}

/* After a load of lanes m into registers d..d+n-1: lanes `unin` read
 * unwritten bytes (the warp's latest pending read), lanes `tnt` tainted
 * ones (coming from pending read omem), lanes `ptaint` through a tainted
 * pointer (from optr); all may be 0. Returns -1 on out of memory. */
static int load_taint(ex *E, warp *w, frame *f, uint32_t d, unsigned n, uint64_t m,
                      uint64_t unin, uint64_t tnt, uint64_t ptaint, uint32_t omem,
                      uint32_t optr) {
  uint64_t t = unin | tnt | ptaint;
  if (!t && !w->taint) return 0;
  if (!w->taint && taint_begin(E, w) < 0) return -1;
  uint32_t o = unin ? w->taint_origin : tnt ? omem : optr;
  for (unsigned k = 0; k < n; k++) taint_put(E, f, d + k, m, t, o);
  return 0;
}

/* initcheck: lanes m use register r of frame f as `use` (SIMI_USE_*) at
 * site: a USE of the read its taint came from, if it is tainted. */
static inline void taint_use(ex *E, warp *w, frame *f, uint32_t r, uint64_t m, uint32_t site,
                             unsigned use) {
  if (!w->taint) return;
  uint64_t t = taint_of(E, f, r) & m;
  if (t) emit_uninit(E, w, SIMI_UNINIT_USE, site, t, 0, 0, use, torig_of(E, f, r));
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
    /* the usual event names one space: one pass without a mask per lane
     * (the lanes between l0 and the last one, masked by arithmetic) */
    unsigned lh = 63u - (unsigned)__builtin_clzll(left);
    uint64_t diff = 0;
    const uint64_t run = left >> l0;
    if (!(run & (run + 1))) { /* lanes l0..lh all in: a plain reduction */
      const uint64_t a0 = addr[l0];
      for (unsigned l = l0 + 1; l <= lh; l++) diff |= (addr[l] ^ a0) >> 60;
    } else {
      for (unsigned l = l0 + 1; l <= lh; l++)
        diff |= ((addr[l] ^ addr[l0]) >> 60) & (0 - ((left >> l) & 1));
    }
    uint64_t same = left;
    if (diff) {
      same = 0;
      for (uint64_t mm = left; mm; mm &= mm - 1) {
        unsigned l = (unsigned)__builtin_ctzll(mm);
        if (SIMI_PTR_SPACE(addr[l]) == sp) same |= 1ull << l;
      }
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
      E->obs[i].branch_lanes(E->obs[i].ctx, site, target, pop64(lanes));
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


/* A worker's share of a block-parallel launch (exec_pool.inc). */
typedef struct part part;
static int part_turn(ex *E, part *pt, int r);
static int part_claim(part *pt, uint64_t *b);
static simI_status run_grid_in(const simI_program *p, unsigned kidx, const simI_launch *l,
                               const simI_observer *obs, unsigned nobs, simI_result *res,
                               ex *parent, const dpq *q, unsigned pblock, part *pt);
static simI_status run_grid(const simI_program *p, unsigned kidx, const simI_launch *l,
                            const simI_observer *obs, unsigned nobs, simI_result *res,
                            ex *parent, const dpq *q, unsigned pblock) {
  return run_grid_in(p, kidx, l, obs, nobs, res, parent, q, pblock, NULL);
}

#include "interp/exec_arith.inc"
#include "interp/exec_mem.inc"
#include "interp/exec_warp.inc"
#include "interp/exec_async.inc"
#include "interp/exec_ctrl.inc"

/* ------------------------------------------------------------- the loop */

/* Run warp w for at most `budget` dispatches or until it parks. */
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
    const unsigned pop_m = pop64(m);
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
#define EXEC_CASES
#include "interp/exec_arith.inc"
#include "interp/exec_mem.inc"
#include "interp/exec_ctrl.inc"
#include "interp/exec_warp.inc"
#include "interp/exec_async.inc"
#undef EXEC_CASES
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

#include "interp/exec_pool.inc"
#include "interp/exec_sched.inc"
