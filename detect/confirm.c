/*
 * simulee detect: confirmation of races by schedule perturbation
 * (simD_confirm, contract in detect.h). The witness launch runs under the
 * default schedule and under other legal schedules; the final contents of
 * the launch buffers are compared.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "simulee/detect.h"
#include "util/clock.h"

simI_schedule simD_confirm_schedule(unsigned i, uint64_t seed) {
  simI_schedule s;
  memset(&s, 0, sizeof s);
  switch (i) {
  case 0: s.warp_order = SIMI_SCHED_REVERSED; break;
  case 1: s.slice = 1; break;
  case 2: s.blocks_reversed = 1; break;
  case 3: s.not_taken_first = 1; break;
  default:
    s.warp_order = SIMI_SCHED_RANDOM;
    s.slice = 4;
    s.seed = 4 * seed + i - 3;
    break;
  }
  return s;
}

void simD_confirm_schedule_name(unsigned i, uint64_t seed, char *buf, size_t len) {
  switch (i) {
  case 0: snprintf(buf, len, "warp order reversed"); break;
  case 1: snprintf(buf, len, "warps interleaved instruction by instruction"); break;
  case 2: snprintf(buf, len, "block order reversed"); break;
  case 3: snprintf(buf, len, "divergent branches not-taken side first"); break;
  default:
    snprintf(buf, len, "random warp order, seed %llu", (unsigned long long)(4 * seed + i - 3));
    break;
  }
}

/* The final contents of one run: per buffer a copy. */
typedef struct snap {
  unsigned n;
  void **data;
  uint64_t *size;
} snap;

static void snap_free(snap *s) {
  for (unsigned i = 0; s->data && i < s->n; i++) free(s->data[i]);
  free(s->data);
  free(s->size);
  memset(s, 0, sizeof *s);
}

/* Run one schedule; on a normal end copy the buffers into *out. Returns 1
 * (ran to the end), 0 (did not), -1 (out of memory). */
static int run_sched(const simI_program *p, unsigned k, const simD_launch_maker *m,
                     const simI_schedule *sc, double deadline, snap *out) {
  simI_launch *l = NULL;
  memset(out, 0, sizeof *out);
  if (m->make(m->ctx, &l) < 0 || !l) return -1;
  l->sched = *sc;
  double left = deadline - simU_now_s();
  if (left < 0.001) {
    m->release(m->ctx, l);
    return 0;
  }
  if (l->time_limit <= 0 || l->time_limit > left) l->time_limit = left;
  simI_result res;
  simI_run(p, k, l, NULL, 0, &res);
  int rc = 0;
  if (res.status == SIMI_OK) {
    out->n = l->nbuffers;
    out->data = calloc(l->nbuffers ? l->nbuffers : 1, sizeof *out->data);
    out->size = calloc(l->nbuffers ? l->nbuffers : 1, sizeof *out->size);
    rc = out->data && out->size ? 1 : -1;
    for (unsigned b = 0; rc == 1 && b < l->nbuffers; b++) {
      out->size[b] = l->buffers[b].size;
      out->data[b] = malloc(out->size[b] ? out->size[b] : 1);
      if (!out->data[b]) rc = -1;
      else if (out->size[b]) memcpy(out->data[b], l->buffers[b].data, out->size[b]);
    }
    if (rc < 0) snap_free(out);
  }
  m->release(m->ctx, l);
  return rc;
}

static uint64_t elem_bits(const void *data, uint64_t i, unsigned es) {
  uint64_t v = 0;
  memcpy(&v, (const unsigned char *)data + i * es, es); /* little-endian host */
  return v;
}

/* Record the difference of element i of buffer b into c. */
static void set_diff(simD_confirmation *c, const simI_launch *l, unsigned b, uint64_t i,
                     unsigned es, const snap *base, const snap *other, const char *name) {
  c->differs = 1;
  snprintf(c->buffer, sizeof c->buffer, "%s",
           l->buffers[b].name && *l->buffers[b].name ? l->buffers[b].name : "?");
  c->offset = i;
  c->elem_size = es;
  c->elem = simI_elem_size(l->buffers[b].elem) ? (unsigned)l->buffers[b].elem : SIMI_ELEM_UNKNOWN;
  c->values[0] = elem_bits(base->data[b], i, es);
  c->values[1] = elem_bits(other->data[b], i, es);
  snprintf(c->schedule, sizeof c->schedule, "%s", name);
}

int simD_confirm(const simI_program *p, unsigned k, const simD_launch_maker *m,
                 const simD_confirm_options *o, simD_finding *const *fs, unsigned n) {
  unsigned nraces = 0;
  for (unsigned i = 0; i < n; i++)
    if (fs[i]->kind == SIMD_DATA_RACE) nraces++;
  if (!nraces) return 0;
  unsigned max = o && o->max_schedules && o->max_schedules < SIMD_CONFIRM_SCHEDULES
                     ? o->max_schedules
                     : SIMD_CONFIRM_SCHEDULES;
  double limit = o && o->time_limit > 0 ? o->time_limit : SIMD_CONFIRM_SECONDS;
  uint64_t seed = o ? o->seed : 0;
  double deadline = simU_now_s() + limit;
  /* layout (names, element types) of the launch: one made and released */
  simI_launch *shape = NULL;
  if (m->make(m->ctx, &shape) < 0 || !shape) return -1;
  snap base;
  simI_schedule def;
  memset(&def, 0, sizeof def);
  int rc = run_sched(p, k, m, &def, deadline, &base);
  if (rc <= 0) {
    m->release(m->ctx, shape);
    return rc < 0 ? -1 : 0;
  }
  /* per finding: its difference is at its own address (final) */
  unsigned char *own = calloc(n, 1);
  if (!own) {
    snap_free(&base);
    m->release(m->ctx, shape);
    return -1;
  }
  for (unsigned i = 0; i < n; i++)
    if (fs[i]->kind == SIMD_DATA_RACE) memset(&fs[i]->confirm, 0, sizeof fs[i]->confirm);
  unsigned ran = 0;
  int err = 0;
  for (unsigned si = 0; si < max && !err; si++) {
    simI_schedule sc = simD_confirm_schedule(si, seed);
    char name[64];
    simD_confirm_schedule_name(si, seed, name, sizeof name);
    snap other;
    rc = run_sched(p, k, m, &sc, deadline, &other);
    if (rc < 0) err = 1;
    if (rc <= 0) {
      if (simU_now_s() >= deadline) break;
      continue;
    }
    ran++;
    /* the first differing element of this schedule */
    int found = 0;
    unsigned fb = 0;
    uint64_t fi = 0;
    unsigned fes = 1;
    for (unsigned b = 0; b < base.n && !found; b++) {
      unsigned es = simI_elem_size(shape->buffers[b].elem);
      if (!es) es = 1;
      uint64_t sz = base.size[b] < other.size[b] ? base.size[b] : other.size[b];
      uint64_t ne = sz / es;
      if (!memcmp(base.data[b], other.data[b], (size_t)(ne * es))) continue;
      for (uint64_t e = 0; e < ne; e++)
        if (memcmp((unsigned char *)base.data[b] + e * es, (unsigned char *)other.data[b] + e * es,
                   es)) {
          found = 1, fb = b, fi = e, fes = es;
          break;
        }
    }
    if (found)
      for (unsigned i = 0; i < n; i++) {
        simD_finding *f = fs[i];
        if (f->kind != SIMD_DATA_RACE || own[i]) continue;
        /* the element at the race's own address, when it differs */
        if (f->space == SIMI_SPACE_GLOBAL && SIMI_PTR_ALLOC(f->addr) < base.n) {
          unsigned b = SIMI_PTR_ALLOC(f->addr);
          unsigned es = simI_elem_size(shape->buffers[b].elem);
          if (!es) es = 1;
          uint64_t e = SIMI_PTR_OFFSET(f->addr) / es;
          if ((e + 1) * es <= base.size[b] && (e + 1) * es <= other.size[b] &&
              memcmp((unsigned char *)base.data[b] + e * es,
                     (unsigned char *)other.data[b] + e * es, es)) {
            set_diff(&f->confirm, shape, b, e, es, &base, &other, name);
            own[i] = 1;
            continue;
          }
        }
        if (!f->confirm.differs) set_diff(&f->confirm, shape, fb, fi, fes, &base, &other, name);
      }
    snap_free(&other);
  }
  for (unsigned i = 0; i < n; i++)
    if (fs[i]->kind == SIMD_DATA_RACE) fs[i]->confirm.schedules = ran;
  free(own);
  snap_free(&base);
  m->release(m->ctx, shape);
  return err ? -1 : 0;
}
