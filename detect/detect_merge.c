/*
 * simulee detect: merging the detectors' state (detect.h): a parallel
 * launch's parts into the launch (simD_new_part, simD_merge_launch), one
 * context into another (simD_merge), and the counters.
 */
#include <stdlib.h>
#include <string.h>

#include "detect_int.h"

static int merge_ctx(simD_ctx *dst, const simD_ctx *src, int one);

int simD_merge(simD_ctx *dst, const simD_ctx *src) { return merge_ctx(dst, src, 0); }

simD_ctx *simD_new_part(const simD_ctx *d) {
  simD_ctx *c = simD_new(d->p, d->kernel, &d->o);
  if (c && d->group[0] != NONE32 && simD_set_pair(c, d->group[0], d->group[1]) < 0) {
    simD_free(c);
    return NULL;
  }
  return c;
}

int simD_part_clean(const simD_ctx *d) {
  return !d->nf && !d->st.races && !d->nomem && !d->launch_needed;
}

int simD_merge_launch(simD_ctx *dst, simD_ctx *const *parts, unsigned n) {
  for (unsigned i = 0; i < n; i++) {
    if (parts[i]->running || parts[i]->exec != 1) return -2;
    int rc = merge_ctx(dst, parts[i], 1);
    if (rc) return rc;
  }
  dst->exec++;
  dst->st.executions++;
  return 0;
}

static int merge_ctx(simD_ctx *dst, const simD_ctx *src, int one) {
  if (dst->p != src->p || dst->kernel != src->kernel) return -2;
  uint64_t base = dst->exec;
  for (unsigned i = 0; i < src->nf; i++) {
    const fent *s = &src->fv[i];
    int isnew = 0;
    uint64_t ex = s->exec < src->nlaunches && src->launches[s->exec]
                      ? base + s->exec : UINT64_MAX;
    simD_finding f = s->f;
    f.site[0] = dt_canon_site(dst, f.site[0]);
    f.site[1] = dt_canon_site(dst, f.site[1]);
    fent *e = dt_add_finding(dst, &f, ex, &isnew);
    if (!e) return -1;
    if (isnew) {
      e->ls_all = s->ls_all;
      e->sv_all = s->sv_all;
    } else {
      if (f.kind == SIMD_UNINITIALIZED_READ && f.level < e->f.level) {
        /* the value reached a store or branch in src's executions */
        e->f.level = f.level;
        memcpy(e->f.message, f.message, sizeof f.message);
      }
      if (e->ls_all && !s->ls_all && ex != UINT64_MAX) {
        /* an error instance: its witness replaces the warp-synchronous one */
        uint64_t c = e->f.count;
        e->f = f;
        e->f.count = c;
        e->exec = ex;
        if (dt_keep_launch(dst, ex, src->launches[s->exec]) < 0) return -1;
      }
      e->ls_all &= s->ls_all;
      e->sv_all &= s->sv_all;
    }
    if (isnew && ex != UINT64_MAX &&
        dt_keep_launch(dst, ex, src->launches[s->exec]) < 0)
      return -1;
  }
  for (unsigned i = 0; i < src->nbars; i++) {
    const bar *s = &src->bars[i];
    uint32_t site = dt_canon_site(dst, s->site);
    bar *b = dt_get_bar(dst, site);
    if (!b) return -1;
    b->instances += s->instances;
    ONE_EXEC(b, s->executions, one, dst);
    b->needed |= s->needed;
    if (s->needed) simM_known_needed(dst->m, site);
    dt_cover_merge(dst, &b->cov, &s->cov, one);
    b->solo += s->solo;
    b->mixed |= s->mixed;
    b->lead += s->lead;
    b->notlead |= s->notlead;
  }
  for (unsigned i = 0; i < src->npairs; i++) {
    const bpair *s = &src->pairs[i];
    bpair *q = dt_get_pair(dst, dt_canon_site(dst, s->a), dt_canon_site(dst, s->b));
    if (!q) return -1;
    dt_cover_merge(dst, &q->cov, &s->cov, one);
    q->between += s->between;
    if (s->verdict > q->verdict) q->verdict = s->verdict;
  }
  if (dst->ran && src->ran && dst->nsites == src->nsites)
    for (uint32_t i = 0; i <= dst->nsites / 8; i++) dst->ran[i] |= src->ran[i];
  if (dst->nomem) return -1;
  if (!one) {
    dst->exec += src->exec;
    dst->st.executions += src->st.executions;
  }
  dst->st.access_events += src->st.access_events;
  dst->st.lane_accesses += src->st.lane_accesses;
  dst->st.races += src->st.races;
  dst->st.releases += src->st.releases;
  if (src->st.shadow_bytes_peak > dst->st.shadow_bytes_peak)
    dst->st.shadow_bytes_peak = src->st.shadow_bytes_peak;
  if (src->st.tracked_bytes_peak > dst->st.tracked_bytes_peak)
    dst->st.tracked_bytes_peak = src->st.tracked_bytes_peak;
  return 0;
}

void simD_get_stats(const simD_ctx *d, simD_stats *s) { *s = d->st; }

unsigned simD_barrier_stats(const simD_ctx *d, simD_barrier_stat *out,
                            unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < d->nbars; i++) {
    const bar *b = &d->bars[i];
    if (!b->instances) continue;
    if (n < max) {
      out[n].site = b->site;
      out[n].instances = b->instances;
      out[n].executions = b->executions;
      out[n].needed = b->needed;
      out[n].covered = b->cov.executions;
    }
    n++;
  }
  return n;
}
