/*
 * simulee evolve: the automatic input search (evolve.h): search space and
 * genomes, mutation, the counting fitness observer, the evolutionary loop
 * on worker threads, and the detection runs on the best inputs.
 */
#define _GNU_SOURCE
#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simulee/evolve.h"
#include "interp/util.h" /* simI_f2h, simI_h2f */

/* ------------------------------------------------------------ helpers */

static uint64_t mix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

/* The seed of candidate `index` of generation `gen`. */
static uint64_t cand_seed(uint64_t seed, unsigned gen, unsigned index) {
  return mix64(mix64(seed) ^ mix64(((uint64_t)gen << 32) | index));
}

static gsl_rng *rng_new(uint64_t seed) {
  gsl_rng *r = gsl_rng_alloc(gsl_rng_taus2);
  if (r) gsl_rng_set(r, (unsigned long)(mix64(seed) | 1u));
  return r;
}

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Uniform integer in [lo, hi]. */
static long rnd_int(gsl_rng *r, long lo, long hi) {
  if (hi <= lo) return lo;
  return lo + (long)gsl_rng_uniform_int(r, (unsigned long)(hi - lo + 1));
}

static int elem_is_float(simI_elem e) {
  return e == SIMI_ELEM_F32 || e == SIMI_ELEM_F64 || e == SIMI_ELEM_F16;
}

static int elem_is_signed(simI_elem e) {
  return e == SIMI_ELEM_I8 || e == SIMI_ELEM_I16 || e == SIMI_ELEM_I32 ||
         e == SIMI_ELEM_I64;
}

/* Range of integer elements of type e, as doubles. */
static void elem_range(simI_elem e, double *lo, double *hi) {
  unsigned bits = 8 * simI_elem_size(e);
  if (bits >= 64) bits = 63;
  if (elem_is_signed(e)) {
    *lo = -ldexp(1.0, (int)bits - 1);
    *hi = ldexp(1.0, (int)bits - 1) - 1;
  } else {
    *lo = 0;
    *hi = ldexp(1.0, (int)bits) - 1;
  }
}

/* The two's complement bits of an integral double within [-2^63, 2^64]:
 * saturated at INT64_MAX (is_signed) or UINT64_MAX. */
static uint64_t int_bits(double x, int is_signed) {
  if (x < 0) return (uint64_t)(int64_t)x; /* >= -2^63: exact */
  if (is_signed && x >= 9223372036854775808.0) return (uint64_t)INT64_MAX;
  if (x >= 18446744073709551616.0) return UINT64_MAX;
  return (uint64_t)x;
}

static simI_elem norm_elem(simI_elem e) {
  if (e == SIMI_ELEM_UNKNOWN) return SIMI_ELEM_I32;
  if (e == SIMI_ELEM_F16) return SIMI_ELEM_U16;
  return e;
}

/* ------------------------------------------------------------- slots */

unsigned simE_slots(const simI_kernel_info *ki, simE_slot *out, unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < ki->nparams; i++) {
    const simI_param *p = &ki->params[i];
    if (p->kind == SIMI_PARAM_STRUCT) {
      for (unsigned f = 0; f < p->nfields; f++) {
        if (n < max) {
          simE_slot *s = &out[n];
          memset(s, 0, sizeof *s);
          s->param = i;
          s->field = (int)f;
          s->kind = p->fields[f].kind;
          s->bits = p->fields[f].bits;
          s->offset = p->fields[f].offset;
          s->elem = s->kind == SIMI_PARAM_PTR ? SIMI_ELEM_I32 : SIMI_ELEM_UNKNOWN;
        }
        n++;
      }
    } else {
      if (n < max) {
        simE_slot *s = &out[n];
        memset(s, 0, sizeof *s);
        s->param = i;
        s->field = -1;
        s->kind = p->kind;
        s->bits = p->bits;
        s->elem = p->kind == SIMI_PARAM_PTR ? norm_elem(p->elem) : SIMI_ELEM_UNKNOWN;
      }
      n++;
    }
  }
  return n;
}

unsigned simE_varied_dims(const simI_kernel_info *ki) {
  unsigned r = ki->dims_read, v = 0;
  if (r & (SIMI_READS_TID_X | SIMI_READS_NTID_X)) v |= 1;
  if (r & (SIMI_READS_TID_Y | SIMI_READS_NTID_Y)) v |= 2;
  if (r & (SIMI_READS_TID_Z | SIMI_READS_NTID_Z)) v |= 4;
  if (r & (SIMI_READS_CTAID_X | SIMI_READS_NCTAID_X)) v |= 8;
  if (r & (SIMI_READS_CTAID_Y | SIMI_READS_NCTAID_Y)) v |= 16;
  if (r & (SIMI_READS_CTAID_Z | SIMI_READS_NCTAID_Z)) v |= 32;
  return v;
}

void simE_fill_rand(simI_elem e, void *data, uint64_t count, uint64_t seed,
                    double lo, double hi) {
  unsigned es = simI_elem_size(e);
  unsigned char *d = data;
  if (!es) return;
  uint64_t s = mix64(seed);
  if (elem_is_float(e) && e != SIMI_ELEM_F16) {
    if (!(lo <= hi)) hi = lo;
    for (uint64_t i = 0; i < count; i++) {
      uint64_t x = mix64(s ^ mix64(i));
      double u = (double)(x >> 11) * 0x1p-53;
      double v = lo + (hi - lo) * u;
      if (e == SIMI_ELEM_F32) {
        float f = (float)v;
        memcpy(d + i * 4, &f, 4);
      } else {
        memcpy(d + i * 8, &v, 8);
      }
    }
    return;
  }
  double rl, rh;
  elem_range(e, &rl, &rh);
  double a = nearbyint(lo), b = nearbyint(hi);
  if (!(a >= rl)) a = rl;
  if (!(a <= rh)) a = rh;
  if (!(b >= rl)) b = rl;
  if (!(b <= rh)) b = rh;
  if (b < a) { double t = a; a = b; b = t; }
  /* the bounds' two's complement bits, without a signed overflow: the
   * range's top as a double may be 2^63 or 2^64, one past the type's */
  uint64_t ua = int_bits(a, rl < 0), ub = int_bits(b, rl < 0);
  uint64_t span = ub - ua + 1; /* 0: the whole range */
  for (uint64_t i = 0; i < count; i++) {
    uint64_t x = mix64(s ^ mix64(i));
    uint64_t v = ua + (span ? x % span : x);
    memcpy(d + i * es, &v, es); /* little-endian: the low es bytes */
  }
}

/* -------------------------------------------------------------- space */

struct simE_space {
  const simI_program *p;       /* the program */
  unsigned k;                  /* kernel index */
  const simI_kernel_info *ki;  /* its description */
  simE_options o;              /* options (o.fixed not kept) */
  unsigned nslots;             /* slots */
  simE_slot *slots;            /* the slots */
  simE_value *fixed;           /* per slot: the user's value (fixed = 1) */
  int *slot_buf;               /* per slot: buffer index, or -1 */
  char (*names)[64];           /* per slot: buffer name for reports */
  unsigned nbufs;              /* buffers of a launch */
  unsigned varied;             /* dims varied (simE_varied_dims minus fixed) */
  int all_fixed;               /* nothing to search */
  int auto_bufs;               /* some buffer is automatic */
};

simE_space *simE_space_new(const simI_program *p, unsigned k,
                           const simE_options *o, char *err, size_t errlen) {
  const simI_kernel_info *ki = simI_kernel(p, k);
  if (!ki) {
    snprintf(err, errlen, "no kernel %u", k);
    return NULL;
  }
  unsigned n = simE_slots(ki, NULL, 0);
  if (n > SIME_MAX_SLOTS) {
    snprintf(err, errlen, "kernel %s has %u parameter values (at most %u)", ki->demangled,
             n, SIME_MAX_SLOTS);
    return NULL;
  }
  simE_space *s = calloc(1, sizeof *s);
  if (!s) goto oom;
  s->p = p;
  s->k = k;
  s->ki = ki;
  s->o = *o;
  s->o.fixed = NULL;
  if (!s->o.population) s->o.population = SIME_DEFAULT_POPULATION;
  if (!s->o.jobs) s->o.jobs = 1;
  s->nslots = n;
  unsigned m = n ? n : 1;
  s->slots = calloc(m, sizeof *s->slots);
  s->fixed = calloc(m, sizeof *s->fixed);
  s->slot_buf = calloc(m, sizeof *s->slot_buf);
  s->names = calloc(m, sizeof *s->names);
  if (!s->slots || !s->fixed || !s->slot_buf || !s->names) goto oom;
  simE_slots(ki, s->slots, n);
  int all = o->fix_grid && o->fix_block;
  for (unsigned i = 0; i < n; i++) {
    const simE_slot *sl = &s->slots[i];
    if (o->fixed) s->fixed[i] = o->fixed[i];
    if (!s->fixed[i].fixed) all = 0;
    s->slot_buf[i] = -1;
    if (sl->kind == SIMI_PARAM_PTR && !(s->fixed[i].fixed && s->fixed[i].null)) {
      s->slot_buf[i] = (int)s->nbufs++;
      if (!s->fixed[i].fixed) s->auto_bufs = 1;
      const simI_param *pp = &ki->params[sl->param];
      const char *pn = pp->name && *pp->name ? pp->name : NULL;
      if (sl->field >= 0) {
        if (pn) snprintf(s->names[i], sizeof s->names[i], "%s.%d", pn, sl->field);
        else snprintf(s->names[i], sizeof s->names[i], "arg%u.%d", sl->param, sl->field);
      } else if (pn) {
        snprintf(s->names[i], sizeof s->names[i], "%s", pn);
      } else {
        snprintf(s->names[i], sizeof s->names[i], "arg%u", sl->param);
      }
    }
    /* a fixed buffer given without a type takes the kernel's */
    if (s->fixed[i].fixed && sl->kind == SIMI_PARAM_PTR && !s->fixed[i].null &&
        s->fixed[i].elem == SIMI_ELEM_UNKNOWN)
      s->fixed[i].elem = sl->elem;
  }
  s->varied = simE_varied_dims(ki);
  if (o->fix_block) s->varied &= ~7u;
  if (o->fix_grid) s->varied &= ~56u;
  s->all_fixed = all;
  return s;
oom:
  snprintf(err, errlen, "out of memory");
  simE_space_free(s);
  return NULL;
}

void simE_space_free(simE_space *s) {
  if (!s) return;
  free(s->slots);
  free(s->fixed);
  free(s->slot_buf);
  free(s->names);
  free(s);
}

unsigned simE_space_nslots(const simE_space *s) { return s->nslots; }
const simE_slot *simE_space_slot(const simE_space *s, unsigned i) {
  return i < s->nslots ? &s->slots[i] : NULL;
}

/* ------------------------------------------------------------ genomes */

static uint64_t dim_total(simI_dim3 d) { return (uint64_t)d.x * d.y * d.z; }

static unsigned clampu(long v, unsigned lo, unsigned hi) {
  if (v < (long)lo) return lo;
  if (v > (long)hi) return hi;
  return (unsigned)v;
}

/* Put dims and derived parts (dynamic shared) of g within the limits. */
static void fix_dims(const simE_space *s, simE_genome *g) {
  const simE_options *o = &s->o;
  if (o->fix_block) {
    g->block = o->block;
  } else {
    g->block.x = s->varied & 1 ? clampu(g->block.x, 1, 1024) : 1;
    g->block.y = s->varied & 2 ? clampu(g->block.y, 1, 1024) : 1;
    g->block.z = s->varied & 4 ? clampu(g->block.z, 1, 64) : 1;
    while (dim_total(g->block) > 1024) {
      if (g->block.y > 1 && g->block.y >= g->block.z) g->block.y = (g->block.y + 1) / 2;
      else if (g->block.z > 1) g->block.z = (g->block.z + 1) / 2;
      else g->block.x = 1024;
    }
  }
  if (o->fix_grid) {
    g->grid = o->grid;
  } else {
    g->grid.x = s->varied & 8 ? clampu(g->grid.x, 1, 65535) : 1;
    g->grid.y = s->varied & 16 ? clampu(g->grid.y, 1, 65535) : 1;
    g->grid.z = s->varied & 32 ? clampu(g->grid.z, 1, 65535) : 1;
  }
  /* keep search launches small: shrink the grid, then the block */
  for (;;) {
    uint64_t t = dim_total(g->grid) * dim_total(g->block);
    int many = !o->fix_grid && dim_total(g->grid) > SIME_SEARCH_MAX_BLOCKS;
    if (t <= SIME_SEARCH_MAX_THREADS && !many) break;
    if (!o->fix_grid && dim_total(g->grid) > 1) {
      simI_dim3 *d = &g->grid;
      if (d->x >= d->y && d->x >= d->z) d->x = (d->x + 1) / 2;
      else if (d->y >= d->z) d->y = (d->y + 1) / 2;
      else d->z = (d->z + 1) / 2;
    } else if (!o->fix_block && dim_total(g->block) > 1) {
      simI_dim3 *d = &g->block;
      unsigned lim = (unsigned)(SIME_SEARCH_MAX_THREADS / dim_total(g->grid));
      if (!lim) lim = 1;
      if (d->z > 1) d->z = (d->z + 1) / 2;
      else if (d->y > 1) d->y = (d->y + 1) / 2;
      else d->x = d->x > lim ? lim : (d->x + 1) / 2;
    } else {
      break;
    }
  }
  if (o->fix_shared) g->shared = o->shared;
  else if (s->ki->uses_dynamic_shared)
    g->shared = (uint64_t)SIME_SHARED_PER_THREAD * dim_total(g->block);
  else g->shared = 0;
}

/* Integer scalar limits of the search: the width's range, and at most
 * 2^20 in magnitude (larger values only make loops time out). */
static void int_limits(unsigned bits, double *lo, double *hi) {
  if (bits <= 1) {
    *lo = 0;
    *hi = 1;
    return;
  }
  unsigned b = bits > 21 ? 21 : bits;
  *lo = -ldexp(1.0, (int)b - 1);
  *hi = ldexp(1.0, (int)b - 1) - 1;
}

static void fix_value(const simE_space *s, unsigned i, simE_value *v) {
  const simE_slot *sl = &s->slots[i];
  if (s->fixed[i].fixed) {
    *v = s->fixed[i];
    return;
  }
  v->fixed = 0;
  if (sl->kind == SIMI_PARAM_INT) {
    double lo, hi;
    int_limits(sl->bits, &lo, &hi);
    double x = nearbyint(v->v);
    v->v = !(x >= lo) ? lo : x > hi ? hi : x;
  } else if (sl->kind == SIMI_PARAM_FLOAT) {
    if (!isfinite(v->v)) v->v = 0;
    if (v->v > 1e30) v->v = 1e30;
    if (v->v < -1e30) v->v = -1e30;
    if (sl->bits == 32) v->v = (float)v->v;
    else if (sl->bits == 16) v->v = simI_h2f(simI_f2h((float)v->v));
  } else {
    v->null = 0;
    v->fill = SIME_FILL_RAND;
    v->elem = sl->elem;
    v->count = 0;
    v->seed &= 0xFFFFFFFFu;
    if (elem_is_float(sl->elem)) {
      if (!isfinite(v->lo)) v->lo = 0;
      if (!isfinite(v->hi)) v->hi = 1;
      if (v->lo < -1e6) v->lo = -1e6;
      if (v->hi > 1e6) v->hi = 1e6;
      if (v->hi < v->lo) v->hi = v->lo;
    } else {
      double rl, rh;
      elem_range(sl->elem, &rl, &rh);
      if (rh > 1048576) rh = 1048576;
      double a = nearbyint(v->lo), b = nearbyint(v->hi);
      if (!(a >= 0)) a = 0;
      if (a > rh) a = rh;
      if (!(b >= a)) b = a;
      if (b > rh) b = rh;
      v->lo = a;
      v->hi = b;
    }
  }
}

void simE_genome_random(const simE_space *s, uint64_t seed, simE_genome *g) {
  gsl_rng *r = rng_new(seed);
  memset(&g->grid, 0, sizeof g->grid);
  g->block.x = r ? (unsigned)rnd_int(r, 1, 256) : 32;
  g->block.y = r ? (unsigned)rnd_int(r, 1, 16) : 1;
  g->block.z = r ? (unsigned)rnd_int(r, 1, 4) : 1;
  g->grid.x = r ? (unsigned)rnd_int(r, 1, 4) : 2;
  g->grid.y = r ? (unsigned)rnd_int(r, 1, 4) : 1;
  g->grid.z = r ? (unsigned)rnd_int(r, 1, 2) : 1;
  for (unsigned i = 0; i < s->nslots; i++) {
    simE_value *v = &g->vals[i];
    memset(v, 0, sizeof *v);
    const simE_slot *sl = &s->slots[i];
    if (sl->kind == SIMI_PARAM_INT)
      v->v = sl->bits <= 1 ? (r ? (double)rnd_int(r, 0, 1) : 1) : (r ? (double)rnd_int(r, 1, 64) : 8);
    else if (sl->kind == SIMI_PARAM_FLOAT)
      v->v = r ? gsl_rng_uniform(r) * 16.0 : 1.0;
    else {
      v->seed = r ? gsl_rng_get(r) : 1;
      v->lo = 0;
      v->hi = r ? (double)rnd_int(r, 1, 64) : 8;
    }
    fix_value(s, i, v);
  }
  fix_dims(s, g);
  if (r) gsl_rng_free(r);
}

void simE_genome_mutate(const simE_space *s, const simE_genome *parent,
                        uint64_t seed, int cauchy, simE_genome *child) {
  gsl_rng *r = rng_new(seed ^ (cauchy ? 0x5bd1e995u : 0));
  child->grid = parent->grid;
  child->block = parent->block;
  child->shared = parent->shared;
  memcpy(child->vals, parent->vals, (size_t)s->nslots * sizeof *child->vals);
  if (!r) {
    fix_dims(s, child);
    return;
  }
  /* dimensions: a small random integer vector */
  long d[6];
  for (unsigned i = 0; i < 3; i++) d[i] = rnd_int(r, -4, 4);
  for (unsigned i = 3; i < 6; i++) d[i] = rnd_int(r, -1, 1);
  child->block.x = clampu((long)child->block.x + d[0], 1, 1024);
  child->block.y = clampu((long)child->block.y + d[1], 1, 1024);
  child->block.z = clampu((long)child->block.z + d[2], 1, 64);
  child->grid.x = clampu((long)child->grid.x + d[3], 1, 65535);
  child->grid.y = clampu((long)child->grid.y + d[4], 1, 65535);
  child->grid.z = clampu((long)child->grid.z + d[5], 1, 65535);
  /* arguments: a standard normal or standard Cauchy step on every number */
  for (unsigned i = 0; i < s->nslots; i++) {
    simE_value *v = &child->vals[i];
    if (s->fixed[i].fixed) continue;
    if (s->slots[i].kind == SIMI_PARAM_PTR) {
      v->lo += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      v->hi += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
      if (cauchy) v->seed = gsl_rng_get(r);
    } else {
      v->v += cauchy ? gsl_ran_cauchy(r, 1.0) : gsl_ran_gaussian(r, 1.0);
    }
    fix_value(s, i, v);
  }
  fix_dims(s, child);
  gsl_rng_free(r);
}

static int value_eq(const simE_slot *sl, const simE_value *a, const simE_value *b) {
  if (sl->kind != SIMI_PARAM_PTR) return a->v == b->v;
  if (a->null != b->null) return 0;
  if (a->null) return 1;
  return a->fill == b->fill && a->bits == b->bits && a->count == b->count &&
         a->elem == b->elem && (a->fill != SIME_FILL_RAND ||
                                (a->seed == b->seed && a->lo == b->lo && a->hi == b->hi));
}

static int genome_eq(const simE_space *s, const simE_genome *a, const simE_genome *b) {
  if (memcmp(&a->grid, &b->grid, sizeof a->grid) || memcmp(&a->block, &b->block, sizeof a->block) ||
      a->shared != b->shared)
    return 0;
  for (unsigned i = 0; i < s->nslots; i++)
    if (!value_eq(&s->slots[i], &a->vals[i], &b->vals[i])) return 0;
  return 1;
}

/* ------------------------------------------------------------ launches */

typedef struct built {
  simI_launch l;          /* the launch */
  simI_arg *args;         /* per parameter */
  simI_buffer *bufs;      /* per buffer */
  unsigned char **raws;   /* per parameter: struct bytes or NULL */
} built;

static void built_free(const simE_space *s, built *b) {
  if (b->bufs)
    for (unsigned i = 0; i < s->nbufs; i++) free(b->bufs[i].data);
  if (b->raws)
    for (unsigned i = 0; i < s->ki->nparams; i++) free(b->raws[i]);
  free(b->bufs);
  free(b->args);
  free(b->raws);
  memset(b, 0, sizeof *b);
}

static uint64_t scalar_bits(const simE_slot *sl, double v) {
  if (sl->kind == SIMI_PARAM_INT) {
    int64_t x = (int64_t)v;
    uint64_t u = (uint64_t)x;
    if (sl->bits < 64) u &= ((uint64_t)1 << sl->bits) - 1;
    return u;
  }
  if (sl->bits == 64) {
    uint64_t u;
    memcpy(&u, &v, 8);
    return u;
  }
  float f = (float)v;
  if (sl->bits == 16) return simI_f2h(f);
  uint32_t w;
  memcpy(&w, &f, 4);
  return w;
}

/* Build the launch of genome g. counts: per slot initial elements of
 * automatic buffers (NULL or 0: one per thread). Returns 0 or -1 (out of
 * memory). */
static int build(const simE_space *s, const simE_genome *g, const uint64_t *counts,
                 int search, built *b) {
  memset(b, 0, sizeof *b);
  const simI_kernel_info *ki = s->ki;
  unsigned np = ki->nparams;
  b->args = calloc(np ? np : 1, sizeof *b->args);
  b->raws = calloc(np ? np : 1, sizeof *b->raws);
  b->bufs = calloc(s->nbufs ? s->nbufs : 1, sizeof *b->bufs);
  if (!b->args || !b->raws || !b->bufs) goto oom;
  uint64_t threads = dim_total(g->grid) * dim_total(g->block);
  for (unsigned i = 0; i < np; i++)
    if (ki->params[i].kind == SIMI_PARAM_STRUCT) {
      unsigned sz = ki->params[i].size;
      if (!(b->raws[i] = calloc(sz ? sz : 1, 1))) goto oom;
      b->args[i].raw = b->raws[i];
      b->args[i].rawlen = sz;
    }
  for (unsigned i = 0; i < s->nslots; i++) {
    const simE_slot *sl = &s->slots[i];
    const simE_value *v = &g->vals[i];
    uint64_t bits = 0;
    if (sl->kind == SIMI_PARAM_PTR) {
      int bi = s->slot_buf[i];
      if (bi >= 0) {
        simI_elem e = v->elem ? v->elem : sl->elem;
        unsigned es = simI_elem_size(e);
        uint64_t n = v->count;
        if (!v->fixed && counts && counts[i]) n = counts[i];
        if (!n && !v->fixed) n = threads ? threads : 1;
        uint64_t bytes = n * es;
        simI_buffer *bf = &b->bufs[bi];
        bf->data = malloc(bytes ? bytes : 1);
        if (!bf->data) goto oom;
        bf->size = bytes;
        bf->elem = e;
        bf->name = s->names[i];
        bf->cap = v->fixed ? 0 : (bytes > SIME_BUFFER_CAP ? bytes : SIME_BUFFER_CAP);
        switch (v->fill) {
        case SIME_FILL_ZERO: memset(bf->data, 0, bytes); break;
        case SIME_FILL_VALUE:
          for (uint64_t k = 0; k < n; k++) memcpy((char *)bf->data + k * es, &v->bits, es);
          break;
        case SIME_FILL_IOTA:
          for (uint64_t k = 0; k < n; k++) {
            uint64_t x = k;
            if (e == SIMI_ELEM_F32) {
              float f = (float)k;
              uint32_t w;
              memcpy(&w, &f, 4);
              x = w;
            } else if (e == SIMI_ELEM_F64) {
              double f = (double)k;
              memcpy(&x, &f, 8);
            }
            memcpy((char *)bf->data + k * es, &x, es);
          }
          break;
        case SIME_FILL_RAND: simE_fill_rand(e, bf->data, n, v->seed, v->lo, v->hi); break;
        }
        bits = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, (unsigned)bi, 0);
        if (sl->field < 0) {
          b->args[sl->param].is_buffer = 1;
          b->args[sl->param].buffer = (unsigned)bi;
          b->args[sl->param].offset = 0;
        }
      }
    } else {
      bits = v->fixed ? v->bits : scalar_bits(sl, v->v);
    }
    if (sl->field >= 0) {
      unsigned bytes = sl->kind == SIMI_PARAM_PTR ? 8 : (sl->bits + 7) / 8;
      if ((uint64_t)sl->offset + bytes <= ki->params[sl->param].size)
        memcpy(b->raws[sl->param] + sl->offset, &bits, bytes);
    } else if (!b->args[sl->param].is_buffer) {
      b->args[sl->param].bits = bits;
    }
  }
  simI_launch *l = &b->l;
  l->grid = g->grid;
  l->block = g->block;
  l->dyn_shared = g->shared;
  l->warp_size = s->o.warp_size;
  l->its = s->o.its;
  l->max_steps = s->o.max_steps;
  l->mem_limit = s->o.mem_limit;
  if (!l->max_steps && !s->all_fixed) l->max_steps = SIME_DETECT_MAX_STEPS;
  if (search && (!l->max_steps || l->max_steps > SIME_SEARCH_MAX_STEPS))
    l->max_steps = SIME_SEARCH_MAX_STEPS;
  /* a small stack for evaluations: the interpreter clears a warp's stack
   * on first use, which dominates a short evaluation */
  if (search) l->local_bytes = SIME_SEARCH_LOCAL_BYTES;
  l->nargs = np;
  l->args = b->args;
  l->nbuffers = s->nbufs;
  l->buffers = b->bufs;
  return 0;
oom:
  built_free(s, b);
  return -1;
}

/* ------------------------------------------------------------- fitness */

typedef struct fitent {
  uint64_t key;         /* address key */
  uint32_t thr;         /* last thread; UINT32_MAX: empty */
} fitent;

typedef struct fitobs {
  fitent *tab;          /* open-addressing table of addresses */
  uint32_t cap, n;      /* table size (power of 2) and entries (distinct
                           addresses) */
  uint64_t accesses;    /* thread-address accesses */
  struct { uint64_t id, lo, hi; } rng[64]; /* per allocation: offset range */
  unsigned nrng;        /* allocations seen */
  unsigned ws;          /* warp size */
  unsigned bthreads;    /* threads per block */
  int oom;              /* an allocation failed */
} fitobs;

static int fit_grow(fitobs *f) {
  uint32_t ncap = f->cap ? f->cap * 2 : 4096;
  fitent *nt = malloc((size_t)ncap * sizeof *nt);
  if (!nt) return -1;
  for (uint32_t i = 0; i < ncap; i++) nt[i].thr = UINT32_MAX;
  for (uint32_t i = 0; i < f->cap; i++) {
    if (f->tab[i].thr == UINT32_MAX) continue;
    uint32_t h = (uint32_t)mix64(f->tab[i].key) & (ncap - 1);
    while (nt[h].thr != UINT32_MAX) h = (h + 1) & (ncap - 1);
    nt[h] = f->tab[i];
  }
  free(f->tab);
  f->tab = nt;
  f->cap = ncap;
  return 0;
}

static void fit_launch_begin(void *ctx, const simI_program *p, unsigned kernel,
                             const simI_launch *l) {
  (void)p;
  (void)kernel;
  fitobs *f = ctx;
  f->ws = l->warp_size ? l->warp_size : 32;
  f->bthreads = (unsigned)dim_total(l->block);
}

/* The range entry of allocation id, or -1 when the table is full. */
static int fit_range(fitobs *f, uint64_t id) {
  unsigned r = 0;
  while (r < f->nrng && f->rng[r].id != id) r++;
  if (r < f->nrng) return (int)r;
  if (r == sizeof f->rng / sizeof f->rng[0]) return -1;
  f->nrng++;
  f->rng[r].id = id;
  f->rng[r].lo = UINT64_MAX;
  f->rng[r].hi = 0;
  return (int)r;
}

static void fit_access(void *ctx, const simI_access *a) {
  fitobs *f = ctx;
  if (f->oom || (a->space != SIMI_SPACE_GLOBAL && a->space != SIMI_SPACE_SHARED)) return;
  uint64_t salt = a->space == SIMI_SPACE_SHARED ? mix64(a->block + 1) : 0;
  uint64_t m = a->mask;
  uint64_t rid = UINT64_MAX;
  int r = -1;
  uint32_t tbase = a->block * f->bthreads + a->warp * f->ws;
  while (m) {
    unsigned l = (unsigned)__builtin_ctzll(m);
    m &= m - 1;
    uint64_t addr = a->addr[l];
    uint32_t t = tbase + l;
    uint64_t key = addr ^ salt;
    if (2 * (f->n + 1) > f->cap && fit_grow(f) < 0) {
      f->oom = 1;
      return;
    }
    uint32_t h = (uint32_t)mix64(key) & (f->cap - 1);
    fitent *e = &f->tab[h];
    while (e->thr != UINT32_MAX && e->key != key) {
      h = (h + 1) & (f->cap - 1);
      e = &f->tab[h];
    }
    if (e->thr == UINT32_MAX) {
      e->key = key;
      e->thr = t;
      f->n++;
      f->accesses++;
    } else if (e->thr != t) {
      e->thr = t;
      f->accesses++;
    }
    /* the accessed range of the allocation (per block for shared) */
    uint64_t id = (addr >> 40) ^ salt, off = SIMI_PTR_OFFSET(addr);
    if (id != rid) {
      rid = id;
      r = fit_range(f, id);
    }
    if (r < 0) continue;
    if (off < f->rng[r].lo) f->rng[r].lo = off;
    if (off + a->size > f->rng[r].hi) f->rng[r].hi = off + a->size;
  }
}

int simE_evaluate(const simE_space *s, const simE_genome *g, simE_fitness *out) {
  built b;
  memset(out, 0, sizeof *out);
  if (build(s, g, NULL, 1, &b) < 0) return -1;
  fitobs f;
  memset(&f, 0, sizeof f);
  simI_observer ob;
  memset(&ob, 0, sizeof ob);
  ob.ctx = &f;
  ob.launch_begin = fit_launch_begin;
  ob.access = fit_access;
  simI_result res;
  memset(&res, 0, sizeof res);
  simI_status st = simI_run(s->p, s->k, &b.l, &ob, 1, &res);
  built_free(s, &b);
  free(f.tab);
  if (f.oom || st == SIMI_E_NOMEM) return -1;
  out->accesses = f.accesses;
  out->insns = res.insns;
  /* a launch the kernel cannot take (it indexes beyond its own arrays, or
   * runs out of steps) is not an input worth detecting on */
  out->penalty = (st != SIMI_OK && st != SIMI_E_TRAP) || res.faults > 0 ||
                 (st == SIMI_E_TRAP && strstr(res.message, "stack overflow"));
  if (f.accesses) {
    double range = 0;
    for (unsigned r = 0; r < f.nrng; r++) range += (double)(f.rng[r].hi - f.rng[r].lo);
    out->primary = (double)f.n / (double)f.accesses;
    out->secondary = range / (double)f.accesses;
  } else {
    out->primary = 1.0;
    out->secondary = 1e300;
  }
  return 0;
}

/* ------------------------------------------------------------- search */

typedef struct cand {
  simE_genome g;     /* genome (vals point into a pool) */
  simE_fitness f;    /* its fitness */
  uint64_t id;       /* birth order: the last tie-break */
} cand;

static int cand_cmp(const void *pa, const void *pb) {
  const cand *a = pa, *b = pb;
  if (a->f.penalty != b->f.penalty) return a->f.penalty - b->f.penalty;
  if (a->f.primary != b->f.primary) return a->f.primary < b->f.primary ? -1 : 1;
  if (a->f.secondary != b->f.secondary) return a->f.secondary < b->f.secondary ? -1 : 1;
  return a->id < b->id ? -1 : a->id > b->id;
}

/* Work items 0..n-1 shared by worker threads: each takes the next index. */
typedef struct pool {
  unsigned n;                            /* items */
  atomic_uint next;                      /* next index to take */
  void (*fn)(void *ctx, unsigned i);     /* the work of item i */
  void *ctx;
} pool;

static void *pool_worker(void *arg) {
  pool *p = arg;
  for (;;) {
    unsigned i = atomic_fetch_add(&p->next, 1);
    if (i >= p->n) break;
    p->fn(p->ctx, i);
  }
  return NULL;
}

/* Run fn(ctx, i) for i in 0..n-1 on up to `jobs` threads (the caller's
 * included, at most 64). */
static void run_pool(unsigned jobs, unsigned n, void (*fn)(void *, unsigned), void *ctx) {
  pool p;
  p.n = n;
  atomic_init(&p.next, 0);
  p.fn = fn;
  p.ctx = ctx;
  unsigned nt = jobs < n ? jobs : n;
  pthread_t th[64];
  unsigned started = 0;
  if (nt > 64) nt = 64;
  for (unsigned i = 1; i < nt; i++)
    if (pthread_create(&th[started], NULL, pool_worker, &p) == 0) started++;
  pool_worker(&p);
  for (unsigned i = 0; i < started; i++) pthread_join(th[i], NULL);
}

typedef struct batch {
  const simE_space *s;
  cand *c;              /* candidates to evaluate */
  atomic_int oom;       /* an evaluation ran out of memory */
} batch;

static void batch_item(void *ctx, unsigned i) {
  batch *b = ctx;
  if (simE_evaluate(b->s, &b->c[i].g, &b->c[i].f) < 0) atomic_store(&b->oom, 1);
}

/* Evaluate n candidates on the space's worker threads. */
static int run_batch(const simE_space *s, cand *c, unsigned n) {
  batch b;
  b.s = s;
  b.c = c;
  atomic_init(&b.oom, 0);
  run_pool(s->o.jobs, n, batch_item, &b);
  return atomic_load(&b.oom) ? -1 : 0;
}

/* The search: fills best[0..*nbest) with distinct genomes, best first
 * (vals into pool `keep`, nslots each). */
typedef struct search_out {
  simE_value *keep;      /* values of the kept genomes */
  cand *best;            /* the final population, sorted */
  unsigned nbest;        /* its size */
  uint64_t evaluations;
  unsigned generations;
} search_out;

static int search(const simE_space *s, double t0, search_out *out) {
  const simE_options *o = &s->o;
  unsigned N = o->population, ns = s->nslots ? s->nslots : 1;
  memset(out, 0, sizeof *out);
  cand *pop = calloc((size_t)3 * N, sizeof *pop);
  simE_value *pv = calloc((size_t)N * ns, sizeof *pv);
  simE_value *cv = calloc((size_t)2 * N * ns, sizeof *cv);
  simE_value *nv = calloc((size_t)N * ns, sizeof *nv);
  int rc = -1;
  if (!pop || !pv || !cv || !nv) goto done;
  uint64_t nextid = 0;
  for (unsigned i = 0; i < N; i++) {
    pop[i].g.vals = pv + (size_t)i * ns;
    simE_genome_random(s, cand_seed(o->seed, 0, i), &pop[i].g);
    pop[i].id = nextid++;
  }
  if (run_batch(s, pop, N) < 0) goto done;
  out->evaluations += N;
  qsort(pop, N, sizeof *pop, cand_cmp);
  double bp = pop[0].f.primary;
  unsigned stale = 0, gen = 0;
  if (o->progress) {
    simE_progress pr = {0, o->generations, bp, out->evaluations, now_s() - t0};
    o->progress(o->progress_ctx, &pr);
  }
  uint64_t work = 0;
  for (unsigned i = 0; i < N; i++) work += pop[i].f.insns;
  while (gen < o->generations && !(bp <= SIME_ACCEPT) && stale < SIME_PATIENCE &&
         work < SIME_SEARCH_BUDGET) {
    if (o->time_limit > 0 && now_s() - t0 > o->time_limit / 2) break;
    gen++;
    cand *ch = pop + N;
    for (unsigned i = 0; i < 2 * N; i++) {
      ch[i].g.vals = cv + (size_t)i * ns;
      simE_genome_mutate(s, &pop[i / 2].g, cand_seed(o->seed, gen, i), (int)(i & 1), &ch[i].g);
      ch[i].id = nextid++;
    }
    if (run_batch(s, ch, 2 * N) < 0) goto done;
    out->evaluations += 2 * N;
    for (unsigned i = 0; i < 2 * N; i++) work += ch[i].f.insns;
    qsort(pop, 3 * N, sizeof *pop, cand_cmp);
    /* the survivors' values move to a fresh pool */
    for (unsigned i = 0; i < N; i++) {
      memcpy(nv + (size_t)i * ns, pop[i].g.vals, (size_t)ns * sizeof *nv);
      pop[i].g.vals = nv + (size_t)i * ns;
    }
    simE_value *t = pv;
    pv = nv;
    nv = t;
    double p0 = pop[0].f.primary;
    stale = p0 < bp * (1 - SIME_IMPROVE) ? 0 : stale + 1;
    if (p0 < bp) bp = p0;
    if (o->progress) {
      simE_progress pr = {gen, o->generations, bp, out->evaluations, now_s() - t0};
      o->progress(o->progress_ctx, &pr);
    }
  }
  out->generations = gen;
  out->best = pop;
  out->nbest = N;
  out->keep = pv;
  pop = NULL;
  pv = NULL;
  rc = 0;
done:
  free(pop);
  free(pv);
  free(cv);
  free(nv);
  return rc;
}

/* ----------------------------------------------------------- detection */

typedef struct dexec {
  simE_genome g;        /* genome */
  simE_fitness fit;     /* search fitness */
  uint64_t *counts;     /* per slot: elements of automatic buffers */
  uint64_t *bytes;      /* per slot: final bytes */
  simI_result res;      /* result of the detection run */
  simD_ctx *d;          /* its detector context */
  simD_list found;      /* its own findings */
  void **data;          /* keep: per slot the final contents */
  int skip;             /* left out of the merged evidence */
  int oom;              /* out of memory */
} dexec;

typedef struct dbatch {
  const simE_space *s;
  dexec *x;
  double deadline;      /* absolute, 0 = none */
} dbatch;

/* Build execution x's launch into b with the time left before the deadline
 * (0: none). Returns 0, or -1 with x->oom set. */
static int build_until(const simE_space *s, dexec *x, double deadline, built *b) {
  if (build(s, &x->g, x->counts, 0, b) < 0) {
    x->oom = 1;
    return -1;
  }
  if (deadline > 0) {
    double left = deadline - now_s();
    b->l.time_limit = left > 0.001 ? left : 0.001;
  }
  return 0;
}

static void run_one(const simE_space *s, dexec *x, double deadline) {
  built b;
  unsigned ns = s->nslots;
  /* size the automatic buffers: run until the sizes are stable, so that the
   * detection run (and its replay) has buffers filled from the start */
  for (unsigned it = 0; s->auto_bufs && it < 3; it++) {
    if (build_until(s, x, deadline, &b) < 0) return;
    simI_result r;
    memset(&r, 0, sizeof r);
    simI_status st = simI_run(s->p, s->k, &b.l, NULL, 0, &r);
    int grew = 0;
    for (unsigned i = 0; i < ns; i++) {
      int bi = s->slot_buf[i];
      if (bi < 0 || x->g.vals[i].fixed) continue;
      unsigned es = simI_elem_size(b.bufs[bi].elem);
      uint64_t n = es ? b.bufs[bi].size / es : 0;
      uint64_t before = x->counts[i] ? x->counts[i] : dim_total(x->g.grid) * dim_total(x->g.block);
      if (n > before) grew = 1;
      x->counts[i] = n > before ? n : before;
    }
    built_free(s, &b);
    if (st != SIMI_OK || !grew) break;
  }
  if (build_until(s, x, deadline, &b) < 0) return;
  simI_observer ob;
  memset(&ob, 0, sizeof ob);
  if (x->d) ob = simD_observer(x->d);
  memset(&x->res, 0, sizeof x->res);
  x->res.site = UINT32_MAX;
  simI_run(s->p, s->k, &b.l, x->d ? &ob : NULL, x->d ? 1 : 0, &x->res);
  x->res.message[sizeof x->res.message - 1] = 0;
  for (unsigned i = 0; i < ns; i++) {
    int bi = s->slot_buf[i];
    x->bytes[i] = bi >= 0 ? b.bufs[bi].size : 0;
    if (bi >= 0 && x->data) {
      x->data[i] = b.bufs[bi].data;
      b.bufs[bi].data = NULL;
    }
  }
  if (x->d && (simD_end_execution(x->d, &b.l, &x->res) < 0 || simD_collect(x->d, &x->found) < 0))
    x->oom = 1;
  built_free(s, &b);
}

static void dbatch_item(void *ctx, unsigned i) {
  dbatch *b = ctx;
  run_one(b->s, &b->x[i], b->deadline);
}

void simE_options_default(simE_options *o) {
  memset(o, 0, sizeof *o);
  o->population = SIME_DEFAULT_POPULATION;
  o->generations = SIME_DEFAULT_GENERATIONS;
  o->seed = SIME_DEFAULT_SEED;
  o->jobs = 1;
  simD_options_default(&o->detect);
  o->detect.out_of_bounds = 0;
}

const simE_space *simE_result_space(const simE_result *r) { return r->space; }

void simE_result_free(simE_result *r) {
  if (r->execs) {
    for (unsigned i = 0; i < r->nexec; i++) {
      free(r->execs[i].g.vals);
      free(r->execs[i].bytes);
      if (r->execs[i].data && r->space)
        for (unsigned j = 0; j < r->space->nslots; j++) free(r->execs[i].data[j]);
      free(r->execs[i].data);
    }
  }
  free(r->execs);
  free(r->finding_exec);
  simD_list_free(&r->findings);
  simD_free(r->detect);
  simE_space_free(r->space);
  memset(r, 0, sizeof *r);
}

static int same_key(const simD_finding *a, const simD_finding *b) {
  return a->kind == b->kind && a->site[0] == b->site[0] && a->site[1] == b->site[1] &&
         a->space == b->space && a->write_write == b->write_write;
}

/* A structural variant's block: x threads wide, y and z halved until the
 * block fits CUDA's 1024 threads. */
static void variant_block_x(simI_dim3 *b, unsigned x) {
  b->x = x;
  while (dim_total(*b) > 1024 && b->y > 1) b->y /= 2;
  while (dim_total(*b) > 1024 && b->z > 1) b->z /= 2;
}

/* A structural variant's dynamic shared bytes follow its block (as in
 * fix_dims) unless the user fixed them. */
static void variant_shared(const simE_space *s, simE_genome *g) {
  if (!s->o.fix_shared && s->ki->uses_dynamic_shared)
    g->shared = (uint64_t)SIME_SHARED_PER_THREAD * dim_total(g->block);
}

/* Add a genome copy to the detection list unless an equal one is there. */
static int add_exec(const simE_space *s, dexec *x, unsigned *n, unsigned max,
                    const simE_genome *g, const simE_fitness *f) {
  for (unsigned i = 0; i < *n; i++)
    if (genome_eq(s, &x[i].g, g)) return 0;
  if (*n >= max) return 0;
  unsigned ns = s->nslots ? s->nslots : 1;
  dexec *d = &x[*n];
  memset(d, 0, sizeof *d);
  d->g = *g;
  d->g.vals = malloc(ns * sizeof *d->g.vals);
  d->counts = calloc(ns, sizeof *d->counts);
  d->bytes = calloc(ns, sizeof *d->bytes);
  if (!d->g.vals || !d->counts || !d->bytes) {
    free(d->g.vals);
    free(d->counts);
    free(d->bytes);
    return -1;
  }
  memcpy(d->g.vals, g->vals, (size_t)s->nslots * sizeof *g->vals);
  if (f) d->fit = *f;
  (*n)++;
  return 0;
}

int simE_check(const simI_program *p, unsigned k, const simE_options *o,
               simE_result *r, char *err, size_t errlen) {
  memset(r, 0, sizeof *r);
  double t0 = now_s();
  r->space = simE_space_new(p, k, o, err, errlen);
  if (!r->space) return -1;
  const simE_space *s = r->space;
  unsigned ns = s->nslots ? s->nslots : 1;
  enum { MAXX = SIME_DETECT_BEST + 4 };
  dexec x[MAXX];
  unsigned nx = 0;
  memset(x, 0, sizeof x);
  search_out so;
  memset(&so, 0, sizeof so);
  int rc = -1;
  simE_value *tmpv = calloc(ns, sizeof *tmpv);
  if (!tmpv) goto oom;

  if (s->all_fixed) {
    simE_genome g = {o->grid, o->block, 0, tmpv};
    for (unsigned i = 0; i < s->nslots; i++) tmpv[i] = s->fixed[i];
    fix_dims(s, &g); /* dims stay o's (both fixed): sets the shared bytes */
    if (add_exec(s, x, &nx, MAXX, &g, NULL) < 0) goto oom;
  } else {
    if (search(s, t0, &so) < 0) goto oom;
    r->search_seconds = now_s() - t0;
    r->evaluations = so.evaluations;
    r->generations = so.generations;
    r->best = so.best[0].f.primary;
    for (unsigned i = 0; i < so.nbest && nx < SIME_DETECT_BEST; i++) {
      if (so.best[i].f.penalty && nx) break;
      if (add_exec(s, x, &nx, SIME_DETECT_BEST, &so.best[i].g, &so.best[i].f) < 0) goto oom;
    }
    /* structural variants of the best: several blocks; blockDim.x > 32 and
     * not a multiple of the warp; integer scalars that leave the last
     * block partly idle */
    simE_genome v = so.best[0].g;
    v.vals = tmpv;
    memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
    /* a kernel that reads no dimension at all runs the same code in every
     * thread: try it with several threads and blocks too */
    int none = !(s->ki->dims_read & 0xFFFu);
    if ((s->varied & 8) || (none && !o->fix_grid)) v.grid.x = 3;
    if ((s->varied & 1) || (none && !o->fix_block)) {
      variant_block_x(&v.block, 48);
    }
    variant_shared(s, &v);
    if (add_exec(s, x, &nx, MAXX, &v, NULL) < 0) goto oom;
    uint64_t tt = dim_total(v.grid) * dim_total(v.block);
    unsigned nint = 0;
    for (unsigned i = 0; i < s->nslots; i++)
      if (!s->fixed[i].fixed && s->slots[i].kind == SIMI_PARAM_INT && s->slots[i].bits > 8) {
        tmpv[i].v = (double)(tt > 8 ? tt - 7 : 1);
        nint++;
      }
    if (nint && add_exec(s, x, &nx, MAXX, &v, NULL) < 0) goto oom;
    /* and a larger block (reductions and tiles over more than two warps) */
    if (s->varied & 1) {
      memcpy(tmpv, so.best[0].g.vals, (size_t)s->nslots * sizeof *tmpv);
      variant_block_x(&v.block, 256);
      if (s->varied & 8) v.grid.x = 2;
      variant_shared(s, &v);
      if (add_exec(s, x, &nx, MAXX, &v, NULL) < 0) goto oom;
      /* and one full block of 1024 threads (a thread id far from 0) */
      v.block.x = 1024;
      v.block.y = v.block.z = 1;
      if (!o->fix_grid) v.grid = (simI_dim3){1, 1, 1};
      variant_shared(s, &v);
      if (add_exec(s, x, &nx, MAXX, &v, NULL) < 0) goto oom;
    }
  }

  /* detection runs, on the worker threads */
  simD_options dopt = o->detect;
  if (o->no_detect) dopt.races = dopt.divergence = dopt.redundant = dopt.warp_mask = 0;
  if (o->keep_data && nx && !(x[0].data = calloc(ns, sizeof *x[0].data))) goto oom;
  for (unsigned i = 0; i < nx; i++) {
    simD_list_init(&x[i].found);
    if (!(x[i].d = simD_new(p, k, &dopt))) goto oom;
  }
  dbatch db;
  db.s = s;
  db.x = x;
  db.deadline = o->time_limit > 0 ? t0 + o->time_limit : 0;
  run_pool(s->o.jobs, nx, dbatch_item, &db);
  for (unsigned i = 0; i < nx; i++)
    if (x[i].oom) goto oom;

  /* merge the evidence in a fixed order */
  if (!(r->detect = simD_new(p, k, &dopt))) goto oom;
  /* an execution that faulted indexed beyond the kernel's own arrays: the
   * launch is not one the kernel is written for, so its evidence is left
   * out (a fixed launch keeps it: out-of-bounds findings then report it) */
  for (unsigned i = 0; i < nx; i++) {
    x[i].skip = !s->all_fixed && x[i].res.faults > 0;
    if (!x[i].skip && simD_merge(r->detect, x[i].d) < 0) goto oom;
  }
  simD_list_init(&r->findings);
  if (simD_collect(r->detect, &r->findings) < 0) goto oom;
  r->finding_exec = calloc(r->findings.n ? r->findings.n : 1, sizeof *r->finding_exec);
  if (!r->finding_exec) goto oom;
  for (unsigned f = 0; f < r->findings.n; f++) {
    r->finding_exec[f] = -1;
    if (r->findings.v[f].kind == SIMD_REDUNDANT_BARRIER) {
      /* the first execution in which the barrier released (no execution
       * needed it, so that one alone shows it redundant too) */
      for (unsigned i = 0; i < nx && r->finding_exec[f] < 0; i++) {
        if (x[i].skip) continue;
        simD_barrier_stat bs[64];
        unsigned nb = simD_barrier_stats(x[i].d, bs, 64);
        for (unsigned j = 0; j < nb && j < 64; j++)
          if (bs[j].site == r->findings.v[f].site[0] && bs[j].executions) {
            r->finding_exec[f] = (int)i;
            break;
          }
      }
      continue;
    }
    for (unsigned i = 0; i < nx && r->finding_exec[f] < 0; i++)
      for (unsigned j = 0; j < x[i].found.n && !x[i].skip; j++)
        if (same_key(&x[i].found.v[j], &r->findings.v[f])) {
          r->finding_exec[f] = (int)i;
          break;
        }
  }
  r->execs = calloc(nx ? nx : 1, sizeof *r->execs);
  if (!r->execs) goto oom;
  for (unsigned i = 0; i < nx; i++) {
    r->execs[i].g = x[i].g;
    r->execs[i].bytes = x[i].bytes;
    r->execs[i].res = x[i].res;
    r->execs[i].fit = x[i].fit;
    r->execs[i].data = x[i].data;
    x[i].data = NULL;
    r->insns += x[i].res.insns;
    r->threads += x[i].res.threads;
    x[i].g.vals = NULL;
    x[i].bytes = NULL;
  }
  r->nexec = nx;
  /* the status: the best input's run (the others are extra evidence) */
  r->status = nx ? r->execs[0].res.status : SIMI_OK;
  if (r->status != SIMI_OK)
    snprintf(r->message, sizeof r->message, "%s",
             r->execs[0].res.message[0] ? r->execs[0].res.message : simI_status_name(r->status));
  rc = 0;
  goto done;
oom:
  snprintf(err, errlen, "out of memory");
done:
  for (unsigned i = 0; i < MAXX; i++) {
    free(x[i].g.vals);
    free(x[i].counts);
    free(x[i].bytes);
    simD_free(x[i].d);
    simD_list_free(&x[i].found);
    if (x[i].data)
      for (unsigned j = 0; j < ns; j++) free(x[i].data[j]);
    free(x[i].data);
  }
  free(so.best);
  free(so.keep);
  free(tmpv);
  r->seconds = now_s() - t0;
  if (rc < 0) simE_result_free(r);
  return rc;
}

/* ---------------------------------------------------------- formatting */

static int put(char *buf, size_t len, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static int put(char *buf, size_t len, size_t *n, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int m = *n < len ? vsnprintf(buf + *n, len - *n, fmt, ap) : -1;
  va_end(ap);
  if (m < 0 || *n + (size_t)m >= len) return -1;
  *n += (size_t)m;
  return 0;
}

static int put_double(char *buf, size_t len, size_t *n, double d, int prec) {
  if (isnan(d)) return put(buf, len, n, "nan");
  if (isinf(d)) return put(buf, len, n, d < 0 ? "-inf" : "inf");
  return put(buf, len, n, "%.*g", prec, d);
}

static int put_elem_bits(char *buf, size_t len, size_t *n, simI_elem e, uint64_t bits) {
  unsigned es = simI_elem_size(e);
  if (e == SIMI_ELEM_F32) {
    float f;
    uint32_t w = (uint32_t)bits;
    memcpy(&f, &w, 4);
    return put_double(buf, len, n, f, 9);
  }
  if (e == SIMI_ELEM_F64) {
    double d;
    memcpy(&d, &bits, 8);
    return put_double(buf, len, n, d, 17);
  }
  if (es < 8) bits &= ((uint64_t)1 << (8 * es)) - 1;
  if (elem_is_signed(e) && es < 8 && (bits >> (8 * es - 1)) & 1)
    bits |= ~(((uint64_t)1 << (8 * es)) - 1);
  if (elem_is_signed(e)) return put(buf, len, n, "%lld", (long long)(int64_t)bits);
  return put(buf, len, n, "%llu", (unsigned long long)bits);
}

static int put_slot(const simE_space *s, const simE_exec *x, unsigned i, char *buf,
                    size_t len, size_t *n) {
  const simE_slot *sl = &s->slots[i];
  const simE_value *v = &x->g.vals[i];
  if (v->fixed && sl->kind == SIMI_PARAM_INT)
    return put(buf, len, n, "%llu", (unsigned long long)v->bits);
  if (v->fixed && sl->kind == SIMI_PARAM_FLOAT)
    return put_elem_bits(buf, len, n,
                         sl->bits == 64 ? SIMI_ELEM_F64
                         : sl->bits == 32 ? SIMI_ELEM_F32 : SIMI_ELEM_U16, v->bits);
  if (sl->kind == SIMI_PARAM_INT) return put(buf, len, n, "%lld", (long long)(int64_t)v->v);
  if (sl->kind == SIMI_PARAM_FLOAT)
    return put_double(buf, len, n, sl->bits == 64 ? v->v : (double)(float)v->v,
                      sl->bits == 64 ? 17 : 9);
  if (v->null) return put(buf, len, n, "null");
  simI_elem e = v->elem ? v->elem : sl->elem;
  unsigned es = simI_elem_size(e);
  uint64_t count = v->count;
  if (x->bytes && x->bytes[i] && es && !v->fixed) count = x->bytes[i] / es;
  if (put(buf, len, n, "%s[%llu]", simI_elem_name(e), (unsigned long long)count) < 0) return -1;
  switch (v->fill) {
  case SIME_FILL_ZERO: return 0;
  case SIME_FILL_IOTA: return put(buf, len, n, "=iota");
  case SIME_FILL_VALUE:
    if (put(buf, len, n, "=") < 0) return -1;
    return put_elem_bits(buf, len, n, e, v->bits);
  case SIME_FILL_RAND:
    if (put(buf, len, n, "=rand:%llu:", (unsigned long long)v->seed) < 0) return -1;
    if (elem_is_float(e)) {
      if (put_double(buf, len, n, v->lo, 17) < 0 || put(buf, len, n, ":") < 0) return -1;
      return put_double(buf, len, n, v->hi, 17);
    }
    return put(buf, len, n, "%lld:%lld", (long long)v->lo, (long long)v->hi);
  }
  return 0;
}

int simE_format_arg(const simE_space *s, const simE_exec *x, unsigned param,
                    char *buf, size_t len) {
  size_t n = 0;
  if (!len) return -1;
  buf[0] = 0;
  const simI_param *p = &s->ki->params[param];
  unsigned first = 0;
  while (first < s->nslots && s->slots[first].param != param) first++;
  if (p->kind != SIMI_PARAM_STRUCT) return first < s->nslots ? put_slot(s, x, first, buf, len, &n) : -1;
  if (put(buf, len, &n, "{") < 0) return -1;
  for (unsigned f = 0; f < p->nfields; f++) {
    if (f && put(buf, len, &n, ",") < 0) return -1;
    if (put_slot(s, x, first + f, buf, len, &n) < 0) return -1;
  }
  return put(buf, len, &n, "}");
}
