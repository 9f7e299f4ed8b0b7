/*
 * simulee runtime: order between launches and the host. Every operation a
 * stream runs gets a vector clock over the streams (happens-before as CUDA
 * defines it: stream order, the legacy default stream's implicit
 * synchronization with blocking streams, events and cudaStreamWaitEvent,
 * and the host's synchronizing calls, after which everything the host
 * issues is ordered after what it waited for). Launches run at their call,
 * so the order is not needed for results; it decides
 *  - races between launches: two checked launches that CUDA may run
 *    concurrently (neither ordered before the other) where one writes a
 *    4-byte granule of an allocation the other reads or writes;
 *  - host/device races on managed memory: after a launch that used a
 *    managed allocation, its pages are protected until the host
 *    synchronizes with that launch; a host access before that faults, is
 *    recorded with the host's program counter, and the pages open again.
 */
#define _GNU_SOURCE /* REG_RIP */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include "runtime/internal.h"

/* clock vectors over SIMR_MAX_STREAMS streams (index 0: the default) */
typedef struct vclock {
  uint64_t c[SIMR_MAX_STREAMS];
} vclock;

static vclock streams[SIMR_MAX_STREAMS]; /* each stream's clock */
static unsigned stream_flags[SIMR_MAX_STREAMS]; /* cudaStreamNonBlocking */
static unsigned char lane[SIMR_MAX_STREAMS]; /* a graph launch's branch */
static unsigned nstreams = 1;
static vclock host;                      /* what the host has waited for */

static void join(vclock *a, const vclock *b) {
  for (unsigned i = 0; i < nstreams; i++)
    if (b->c[i] > a->c[i]) a->c[i] = b->c[i];
}

unsigned simR_order_new_stream_locked(unsigned flags) {
  if (nstreams == SIMR_MAX_STREAMS) return 0; /* more streams: serialized on the default one */
  unsigned s = nstreams++;
  stream_flags[s] = flags;
  memset(&streams[s], 0, sizeof streams[s]);
  return s;
}

unsigned simR_order_lane_locked(const uint64_t *vc) {
  for (unsigned s = 1; s < nstreams; s++)
    if (lane[s] && streams[s].c[s] <= vc[s]) return s;
  unsigned s = simR_order_new_stream_locked(cudaStreamNonBlocking);
  if (s) lane[s] = 1;
  return s;
}

int simR_order_is_lane(unsigned s) { return s < SIMR_MAX_STREAMS && lane[s]; }

/* What an operation on stream s waits for before it starts. */
static void before_op(unsigned s) {
  join(&streams[s], &host);
  if (s == 0) {
    for (unsigned t = 1; t < nstreams; t++)
      if (!(stream_flags[t] & cudaStreamNonBlocking)) join(&streams[0], &streams[t]);
  } else if (!(stream_flags[s] & cudaStreamNonBlocking)) {
    join(&streams[s], &streams[0]);
  }
}

simR_stamp simR_order_op_locked(unsigned s) {
  before_op(s);
  simR_stamp st = {s, ++streams[s].c[s]};
  return st;
}

void simR_order_record_locked(unsigned s, uint64_t *vc) {
  before_op(s);
  memcpy(vc, streams[s].c, sizeof streams[s].c);
}

void simR_order_wait_locked(unsigned s, const uint64_t *vc) {
  vclock v;
  memcpy(v.c, vc, sizeof v.c);
  join(&streams[s], &v);
}

void simR_order_host_stream_locked(unsigned s) {
  if (s == 0) before_op(0);
  join(&host, &streams[s]);
}

void simR_order_host_event_locked(const uint64_t *vc) {
  vclock v;
  memcpy(v.c, vc, sizeof v.c);
  join(&host, &v);
}

void simR_order_host_all_locked(void) {
  for (unsigned s = 0; s < nstreams; s++) join(&host, &streams[s]);
}

int simR_order_done_locked(simR_stamp st) { return host.c[st.stream] >= st.seq; }

/* ------------------------------------------------- launches' byte sets */

/* The granules one retained launch touched in one allocation. */
typedef struct touch {
  unsigned alloc;       /* allocation */
  uint64_t ngran;       /* 4-byte granules of it */
  uint8_t *bits;        /* 2 bits per granule: 1 read, 2 written */
  uint32_t site[2];     /* a read site, a write site (UINT32_MAX: none) */
} touch;

typedef struct retained {
  simR_stamp st;        /* its stream and sequence number */
  uint64_t vc[SIMR_MAX_STREAMS]; /* its clock when issued */
  const void *who;      /* its launch record (kernel, program), owned by launch.c */
  uint64_t ordinal;
  void *frames[16];     /* the host call stack that made it */
  int nframes;
  touch *t;
  unsigned nt;
} retained;

static retained *ret;
static unsigned nret;
static retained cur;    /* the launch being checked */
static int cur_on;

/* A stream's older retained operations, merged (bounded memory for a
 * program that never synchronizes inside a loop of launches): a later
 * operation X is unordered with an operation of stream s exactly when that
 * one's sequence number is above X's clock entry for s, so per granule the
 * highest sequence number that wrote it and the highest that read it tell
 * X's conflicts with all of them; the operation named is the latest one
 * that touched the granule. An operation is merged once its stream holds
 * more than RET_KEEP of them; those below stay as they are (each one's
 * conflicts named as itself). */
#define RET_KEEP 64u

typedef struct merged_alloc {
  unsigned alloc;
  uint64_t ngran;
  uint64_t *w, *r;      /* per granule: the highest sequence number that
                           wrote / read it (0: none) */
} merged_alloc;

typedef struct merged_op {
  uint64_t seq;         /* its sequence number on the stream */
  const void *who;
  uint64_t ordinal;
  void *frames[16];
  int nframes;
  unsigned nsite;       /* (alloc, read site, write site) of its touches */
  uint32_t (*site)[3];
} merged_op;

typedef struct merged {
  merged_alloc *a;
  unsigned na;
  merged_op *op;        /* by sequence number, ascending */
  unsigned nop, capop;
  uint64_t top;         /* the highest sequence number merged */
  unsigned compact_at;  /* nop at which operations no granule names are dropped */
} merged;

static merged merge[SIMR_MAX_STREAMS];

static void merged_free(merged *m) {
  for (unsigned i = 0; i < m->na; i++) free(m->a[i].w), free(m->a[i].r);
  for (unsigned i = 0; i < m->nop; i++) free(m->op[i].site);
  free(m->a);
  free(m->op);
  memset(m, 0, sizeof *m);
}

static const merged_op *merged_find(const merged *m, uint64_t seq) {
  unsigned lo = 0, hi = m->nop;
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (m->op[mid].seq < seq) lo = mid + 1;
    else hi = mid;
  }
  return lo < m->nop && m->op[lo].seq == seq ? &m->op[lo] : NULL;
}

/* Drop the merged operations no granule names any more (a later one
 * touched every granule they did): memory stays bounded by the granules. */
static void merged_compact(merged *m) {
  unsigned char *used = calloc(m->nop ? m->nop : 1, 1);
  if (!used) return;
  for (unsigned i = 0; i < m->na; i++)
    for (uint64_t g = 0; g < m->a[i].ngran; g++)
      for (int k = 0; k < 2; k++) {
        uint64_t seq = k ? m->a[i].r[g] : m->a[i].w[g];
        const merged_op *o = seq ? merged_find(m, seq) : NULL;
        if (o) used[o - m->op] = 1;
      }
  unsigned n = 0;
  for (unsigned i = 0; i < m->nop; i++) {
    if (used[i]) m->op[n++] = m->op[i];
    else free(m->op[i].site);
  }
  m->nop = n;
  free(used);
}

/* Retained operation r (its stream's oldest) into its stream's merge;
 * -1 on out of memory (r stays as it is). */
static int merge_in(const retained *r) {
  merged *m = &merge[r->st.stream];
  if (m->nop == m->capop) {
    unsigned nc = m->capop ? 2 * m->capop : 64;
    merged_op *no = realloc(m->op, nc * sizeof *no);
    if (!no) return -1;
    m->op = no;
    m->capop = nc;
  }
  merged_op *o = &m->op[m->nop];
  memset(o, 0, sizeof *o);
  o->site = malloc((r->nt ? r->nt : 1) * sizeof *o->site);
  if (!o->site) return -1;
  for (unsigned i = 0; i < r->nt; i++) {
    const touch *t = &r->t[i];
    merged_alloc *x = NULL;
    for (unsigned k = 0; k < m->na && !x; k++)
      if (m->a[k].alloc == t->alloc) x = &m->a[k];
    if (!x) {
      merged_alloc *na = realloc(m->a, (m->na + 1) * sizeof *na);
      if (!na) goto oom;
      m->a = na;
      x = &na[m->na++];
      memset(x, 0, sizeof *x);
      x->alloc = t->alloc;
    }
    if (t->ngran > x->ngran) { /* (a slot reused by a larger allocation) */
      uint64_t *w = realloc(x->w, t->ngran * sizeof *w), *rd = w ? realloc(x->r, t->ngran * sizeof *rd) : NULL;
      if (w) x->w = w;
      if (rd) x->r = rd;
      if (!w || !rd) goto oom;
      memset(x->w + x->ngran, 0, (t->ngran - x->ngran) * sizeof *x->w);
      memset(x->r + x->ngran, 0, (t->ngran - x->ngran) * sizeof *x->r);
      x->ngran = t->ngran;
    }
    for (uint64_t g = 0; g < t->ngran; g++) {
      if (t->bits[g] & 2) x->w[g] = r->st.seq;
      if (t->bits[g] & 1) x->r[g] = r->st.seq;
    }
    o->site[o->nsite][0] = t->alloc;
    o->site[o->nsite][1] = t->site[0];
    o->site[o->nsite][2] = t->site[1];
    o->nsite++;
  }
  o->seq = r->st.seq;
  o->who = r->who;
  o->ordinal = r->ordinal;
  memcpy(o->frames, r->frames, sizeof o->frames);
  o->nframes = r->nframes;
  m->nop++;
  if (r->st.seq > m->top) m->top = r->st.seq;
  if (m->nop >= m->compact_at) {
    merged_compact(m);
    m->compact_at = m->nop * 2 > 1024 ? m->nop * 2 : 1024;
  }
  return 0;
oom:
  free(o->site);
  return -1;
}

/* The conflicts of the current operation with stream s's merged ones (at
 * most one per allocation it touched), into out[*n..max). */
static void merged_conflicts(unsigned s, simR_conflict *out, unsigned *n, unsigned max) {
  const merged *m = &merge[s];
  uint64_t v = cur.vc[s]; /* what the current operation is ordered after */
  if (!m->nop || m->top <= v) return;
  for (unsigned a = 0; a < cur.nt && *n < max; a++)
    for (unsigned b = 0; b < m->na; b++) {
      const touch *x = &cur.t[a];
      const merged_alloc *y = &m->a[b];
      if (x->alloc != y->alloc) continue;
      uint64_t ng = x->ngran < y->ngran ? x->ngran : y->ngran;
      for (uint64_t g = 0; g < ng; g++) {
        uint8_t bx = x->bits[g];
        if (!bx) continue;
        uint8_t by = (uint8_t)((y->w[g] > v ? 2 : 0) | (y->r[g] > v ? 1 : 0));
        if (!((bx & 2) && by) && !((by & 2) && bx)) continue;
        int ow = (by & 2) != 0;
        const merged_op *o = merged_find(m, ow ? y->w[g] : y->r[g]);
        if (!o) continue;
        simR_conflict *c = &out[(*n)++];
        c->other = o->who;
        c->other_ordinal = o->ordinal;
        c->other_stream = s;
        c->alloc = x->alloc;
        c->offset = g * 4;
        c->write_write = (bx & 2) && ow;
        c->cur_write = (bx & 2) != 0;
        c->other_write = ow;
        c->site = x->site[c->cur_write];
        c->other_site = UINT32_MAX;
        for (unsigned k = 0; k < o->nsite; k++)
          if (o->site[k][0] == x->alloc) c->other_site = o->site[k][1 + ow];
        memcpy(c->other_frames, o->frames, sizeof c->other_frames);
        c->other_nframes = o->nframes;
        break;
      }
      break;
    }
}

void simR_order_begin_locked(simR_stamp st, const void *who, uint64_t ordinal,
                             void *const *frames, int nframes) {
  memset(&cur, 0, sizeof cur);
  cur.nframes = frames && nframes > 0 ? (nframes < 16 ? nframes : 16) : 0;
  if (cur.nframes) memcpy(cur.frames, frames, (size_t)cur.nframes * sizeof *frames);
  cur.st = st;
  memcpy(cur.vc, streams[st.stream].c, sizeof cur.vc);
  cur.who = who;
  cur.ordinal = ordinal;
  cur_on = 1;
}

/* A zeroed array of n granules' bits; a big one (calloc maps it fresh) in
 * huge pages: a checked launch's workers each mark the granules of every
 * buffer it touches, and in small pages the faults of arrays of a few MiB,
 * made per launch and per worker, cost more than the launch's marking. */
static uint8_t *bits_new(uint64_t n) {
  uint8_t *b = calloc(n ? n : 1, 1);
#ifdef MADV_HUGEPAGE
  uintptr_t huge = (uintptr_t)2 << 20;
  if (b && n >= 2 * huge) {
    uintptr_t lo = ((uintptr_t)b + huge - 1) & ~(huge - 1);
    uintptr_t hi = ((uintptr_t)b + n) & ~(huge - 1);
    if (hi > lo) (void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
  }
#endif
  return b;
}

/* The record of allocation `alloc` in the list *t (*nt records): found or
 * appended (in the order of first touch). NULL on out of memory. */
static touch *touch_in(touch **t, unsigned *nt, unsigned alloc) {
  for (unsigned i = 0; i < *nt; i++)
    if ((*t)[i].alloc == alloc) return &(*t)[i];
  if (alloc >= simR_mem.n) return NULL;
  touch *n2 = realloc(*t, (*nt + 1) * sizeof *n2);
  if (!n2) return NULL;
  *t = n2;
  touch *x = &n2[*nt];
  x->alloc = alloc;
  x->ngran = (simR_mem.v[alloc].size + 3) / 4;
  x->bits = bits_new(x->ngran);
  x->site[0] = x->site[1] = UINT32_MAX;
  if (!x->bits) return NULL;
  (*nt)++;
  return x;
}

static touch *touch_of(unsigned alloc) { return touch_in(&cur.t, &cur.nt, alloc); }

/* Mark the granules of access a in the list *t; -1 on out of memory. */
static int mark_access(touch **t, unsigned *nt, const simI_access *a) {
  if (a->space != SIMI_SPACE_GLOBAL || (a->kind & SIMI_ACC_ATOMIC)) return 0;
  touch *x = NULL; /* the lanes' allocation is mostly one: the last one's */
  for (unsigned ln = 0; ln < 64; ln++) {
    if (!(a->mask >> ln & 1)) continue;
    uint64_t p = a->addr[ln];
    unsigned al = SIMI_PTR_ALLOC(p);
    if (al >= simR_mem.n) continue;
    if ((!x || x->alloc != al) && !(x = touch_in(t, nt, al))) return -1;
    uint64_t off = SIMI_PTR_OFFSET(p);
    int w = (a->kind & SIMI_ACC_WRITE) != 0;
    if (x->site[w] == UINT32_MAX) x->site[w] = a->site;
    for (uint64_t g = off / 4; g <= (off + a->size - 1) / 4 && g < x->ngran; g++)
      x->bits[g] |= (uint8_t)(w ? 2 : 1);
  }
  return 0;
}

void simR_order_access(void *ctx, const simI_access *a) {
  (void)ctx;
  if (cur_on) mark_access(&cur.t, &cur.nt, a);
}

/* One worker's granules of a launch run on several threads. */
struct simR_order_part {
  touch *t;
  unsigned nt;
  int failed;           /* out of memory: its record is incomplete */
};

simR_order_part *simR_order_part_new(void) { return calloc(1, sizeof(simR_order_part)); }

void simR_order_part_access(void *ctx, const simI_access *a) {
  simR_order_part *p = ctx;
  if (!p->failed && mark_access(&p->t, &p->nt, a) < 0) p->failed = 1;
}

int simR_order_part_ok(const simR_order_part *p) { return p && !p->failed; }

static void free_touches(touch *t, unsigned nt) {
  for (unsigned i = 0; i < nt; i++) free(t[i].bits);
  free(t);
}

void simR_order_part_free(simR_order_part *p) {
  if (!p) return;
  free_touches(p->t, p->nt);
  free(p);
}

int simR_order_part_commit_locked(simR_order_part *const *parts, unsigned n) {
  if (!cur_on) return 0;
  for (unsigned w = 0; w < n; w++) {
    const simR_order_part *p = parts[w];
    if (!p || p->failed) goto fail;
    for (unsigned i = 0; i < p->nt; i++) {
      touch *s = &p->t[i];
      unsigned had = cur.nt;
      touch *d = touch_of(s->alloc);
      if (!d) goto fail;
      if (cur.nt > had && d->ngran == s->ngran) {
        /* first touched by this worker: its granules as they are */
        uint8_t *b = d->bits;
        d->bits = s->bits, d->site[0] = s->site[0], d->site[1] = s->site[1];
        s->bits = b;
        continue;
      }
      uint64_t ng = s->ngran < d->ngran ? s->ngran : d->ngran, g = 0;
      for (; g + 8 <= ng; g += 8) {
        uint64_t x, y;
        memcpy(&x, d->bits + g, 8);
        memcpy(&y, s->bits + g, 8);
        x |= y;
        memcpy(d->bits + g, &x, 8);
      }
      for (; g < ng; g++) d->bits[g] |= s->bits[g];
      /* the first access of each kind in the serial stream: the earliest
       * worker's */
      for (int k = 0; k < 2; k++)
        if (d->site[k] == UINT32_MAX) d->site[k] = s->site[k];
    }
  }
  return 0;
fail: /* the launch runs serially: it starts from nothing again */
  free_touches(cur.t, cur.nt);
  cur.t = NULL;
  cur.nt = 0;
  return -1;
}

void simR_order_range_locked(uint64_t devptr, uint64_t bytes, int write) {
  unsigned al = SIMI_PTR_ALLOC(devptr);
  if (!cur_on || !bytes || SIMI_PTR_SPACE(devptr) != SIMI_SPACE_GLOBAL || al >= simR_mem.n) return;
  touch *t = touch_of(al);
  if (!t) return;
  uint64_t off = SIMI_PTR_OFFSET(devptr);
  for (uint64_t g = off / 4; g <= (off + bytes - 1) / 4 && g < t->ngran; g++)
    t->bits[g] |= (uint8_t)(write ? 2 : 1);
}

static void free_retained(retained *r) { free_touches(r->t, r->nt); }

unsigned simR_order_end_locked(simR_conflict *out, unsigned max) {
  unsigned n = 0;
  if (!cur_on) return 0;
  cur_on = 0;
  /* launches the host has waited for are ordered before everything to come */
  unsigned k = 0;
  for (unsigned i = 0; i < nret; i++) {
    if (simR_order_done_locked(ret[i].st)) free_retained(&ret[i]);
    else ret[k++] = ret[i];
  }
  nret = k;
  for (unsigned s = 0; s < nstreams; s++) {
    if (merge[s].nop && host.c[s] >= merge[s].top) merged_free(&merge[s]);
    else merged_conflicts(s, out, &n, max);
  }
  for (unsigned i = 0; i < nret; i++) {
    retained *m = &ret[i];
    if (cur.vc[m->st.stream] >= m->st.seq) continue; /* ordered before */
    for (unsigned a = 0; a < cur.nt && n < max; a++)
      for (unsigned b = 0; b < m->nt; b++) {
        touch *x = &cur.t[a], *y = &m->t[b];
        if (x->alloc != y->alloc) continue;
        uint64_t ng = x->ngran < y->ngran ? x->ngran : y->ngran;
        for (uint64_t g = 0; g < ng; g++) {
          uint8_t bx = x->bits[g], by = y->bits[g];
          if (!((bx & 2) && by) && !((by & 2) && bx)) continue;
          simR_conflict *c = &out[n++];
          c->other = m->who;
          c->other_ordinal = m->ordinal;
          c->other_stream = m->st.stream;
          c->alloc = x->alloc;
          c->offset = g * 4;
          c->write_write = (bx & 2) && (by & 2);
          c->cur_write = (bx & 2) != 0;
          c->other_write = (by & 2) != 0;
          c->site = x->site[c->cur_write];
          c->other_site = y->site[c->other_write];
          memcpy(c->other_frames, m->frames, sizeof c->other_frames);
          c->other_nframes = m->nframes;
          break;
        }
        break;
      }
  }
  /* keep it for the launches to come; past RET_KEEP of its stream, the
   * stream's oldest one is merged */
  retained *nr = cur.nt ? realloc(ret, (nret + 1) * sizeof *nr) : NULL;
  if (nr) {
    ret = nr;
    ret[nret++] = cur;
    unsigned same = 0, oldest = 0;
    for (unsigned i = nret; i-- > 0;)
      if (ret[i].st.stream == cur.st.stream) same++, oldest = i;
    if (same > RET_KEEP && merge_in(&ret[oldest]) == 0) {
      free_retained(&ret[oldest]);
      memmove(&ret[oldest], &ret[oldest + 1], (nret - oldest - 1) * sizeof *ret);
      nret--;
    }
  } else {
    free_retained(&cur);
  }
  memset(&cur, 0, sizeof cur);
  return n;
}

/* ------------------------------------------- managed memory and the host */

/* Protected managed allocations: the launch the host has not waited for. */
typedef struct guard {
  unsigned alloc;         /* the allocation */
  simR_stamp st;          /* the latest launch on it not yet waited for */
  const void *who;        /* that launch (launch.c's) */
  uint64_t ordinal;
  void *frames[16];       /* the launch's call stack */
  int nframes;
  volatile int prot;      /* its pages are protected now */
} guard;

static guard guards[SIMR_MAX_GUARDS];
static volatile unsigned nguards;
static simR_hostrace hits[SIMR_MAX_HOSTRACES];
static volatile unsigned nhits;
static struct sigaction old_segv;
static int handler_on;

static void set_prot(guard *g, int on) {
  const simR_alloc *a = &simR_mem.v[g->alloc];
  long pg = sysconf(_SC_PAGESIZE);
  size_t len = (a->size + (size_t)pg - 1) & ~((size_t)pg - 1);
  if (a->data && len) mprotect(a->data, len, on ? PROT_NONE : PROT_READ | PROT_WRITE);
  g->prot = on;
}

static void on_segv(int sig, siginfo_t *si, void *uc) {
  uintptr_t addr = (uintptr_t)si->si_addr;
  for (unsigned i = 0; i < nguards; i++) {
    guard *g = &guards[i];
    const simR_alloc *a = &simR_mem.v[g->alloc];
    if (!g->prot || addr < (uintptr_t)a->data || addr >= (uintptr_t)a->data + a->size) continue;
    if (nhits < SIMR_MAX_HOSTRACES) {
      simR_hostrace *h = &hits[nhits];
      h->alloc = g->alloc;
      h->offset = addr - (uintptr_t)a->data;
      h->who = g->who;
      h->ordinal = g->ordinal;
      memcpy(h->frames, g->frames, sizeof h->frames);
      h->nframes = g->nframes;
#ifdef REG_RIP
      h->pc = (void *)((ucontext_t *)uc)->uc_mcontext.gregs[REG_RIP];
#else
      h->pc = NULL;
#endif
      nhits++;
    }
    set_prot(g, 0); /* the access goes on; one report per launch and allocation */
    return;
  }
  /* not ours: the program's own fault */
  sigaction(SIGSEGV, &old_segv, NULL);
  (void)sig;
}

void simR_order_unguard_locked(unsigned alloc) {
  for (unsigned i = 0; i < nguards; i++)
    if (guards[i].alloc == alloc && guards[i].prot) set_prot(&guards[i], 0);
}

void simR_order_unguard_all_locked(void) {
  for (unsigned i = 0; i < nguards; i++)
    if (guards[i].prot) set_prot(&guards[i], 0);
}

void simR_order_guard_locked(unsigned alloc, simR_stamp st, const void *who, uint64_t ordinal,
                             void *const *frames, int nframes) {
  guard *g = NULL;
  for (unsigned i = 0; i < nguards && !g; i++)
    if (guards[i].alloc == alloc) g = &guards[i];
  if (!g) {
    if (nguards == SIMR_MAX_GUARDS) return;
    g = &guards[nguards];
    memset(g, 0, sizeof *g);
    g->alloc = alloc;
    nguards++;
  }
  g->st = st;
  g->who = who;
  g->ordinal = ordinal;
  g->nframes = nframes < 16 ? nframes : 16;
  memcpy(g->frames, frames, (size_t)g->nframes * sizeof *frames);
  if (!handler_on) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_NODEFER;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGSEGV, &sa, &old_segv) == 0) handler_on = 1;
  }
}

void simR_order_reguard_locked(void) {
  unsigned k = 0;
  for (unsigned i = 0; i < nguards; i++) {
    guard *g = &guards[i];
    int live = simR_mem.v[g->alloc].kind == SIMR_MEM_MANAGED && !simR_order_done_locked(g->st);
    if (!live) {
      if (g->prot) set_prot(g, 0);
      continue;
    }
    guards[k] = *g;
    if (!guards[k].prot) set_prot(&guards[k], 1);
    k++;
  }
  nguards = k;
}

unsigned simR_order_take_hostraces(simR_hostrace *out, unsigned max) {
  unsigned n = nhits < max ? nhits : max;
  memcpy(out, hits, n * sizeof *out);
  nhits = 0;
  return n;
}
