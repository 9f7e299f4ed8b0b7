/*
 * simulee detect: merging reports: folding the findings several records
 * report for the same bug into one (simD_report_fold), taking another
 * report's records and notes (simD_report_take), and the stable sort that
 * gives merged reports one order (simD_report_sort).
 */
#include "detect/report_int.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- merging */

/* Same file and line (NULL or "" files never match). */
static int same_line(const simD_loc *a, const simD_loc *b) {
  return a && b && a->line && a->line == b->line && a->file && b->file && a->file[0] &&
         !strcmp(a->file, b->file);
}

/* Are finding i of record a and finding j of record b the same bug? */
static int same_bug_lines(const simD_record *a, unsigned i, const simD_record *b, unsigned j) {
  const simD_finding *f = &a->findings.v[i], *g = &b->findings.v[j];
  if (!a->locs || !b->locs || f->kind != g->kind || f->space != g->space ||
      f->write_write != g->write_write || f->level != g->level || strcmp(f->grade, g->grade))
    return 0;
  const simD_loc *fa = &a->locs[2 * i], *ga = &b->locs[2 * j];
  int one = (f->site[1] == UINT32_MAX) != (g->site[1] == UINT32_MAX);
  if (one) return 0;
  if (f->site[1] == UINT32_MAX) return same_line(&fa[0], &ga[0]);
  if (same_line(&fa[0], &ga[0]) && same_line(&fa[1], &ga[1])) return 1;
  return f->kind == SIMD_DATA_RACE && same_line(&fa[0], &ga[1]) && same_line(&fa[1], &ga[0]);
}

/* Drop finding i of record d (and its entries of the per-finding arrays). */
static void drop_finding(simD_record *d, unsigned i) {
  unsigned n = d->findings.n;
  simD_loc *lv = (simD_loc *)d->locs;
  const char **av = (const char **)d->addrs;
  unsigned char *sv = (unsigned char *)d->suppress;
  const char **wv = (const char **)d->suppress_why;
  simD_witness *tv = (simD_witness *)d->witnesses;
  if (lv) {
    for (unsigned k = 0; k < 2; k++) {
      free((void *)lv[2 * i + k].file);
      free((void *)lv[2 * i + k].function);
    }
    memmove(&lv[2 * i], &lv[2 * i + 2], (size_t)(n - i - 1) * 2 * sizeof *lv);
  }
  if (av) { free((void *)av[i]); memmove(&av[i], &av[i + 1], (size_t)(n - i - 1) * sizeof *av); }
  if (sv) memmove(&sv[i], &sv[i + 1], (size_t)(n - i - 1));
  if (wv) { free((void *)wv[i]); memmove(&wv[i], &wv[i + 1], (size_t)(n - i - 1) * sizeof *wv); }
  if (tv) {
    free_strv(tv[i].args, tv[i].nargs);
    free((void *)tv[i].replay);
    memmove(&tv[i], &tv[i + 1], (size_t)(n - i - 1) * sizeof *tv);
  }
  memmove(&d->findings.v[i], &d->findings.v[i + 1], (size_t)(n - i - 1) * sizeof *d->findings.v);
  d->findings.n--;
}

unsigned long simD_report_fold(simD_report *r) {
  unsigned long folded = 0;
  for (unsigned a = 1; a < r->n; a++) {
    simD_record *d = &r->v[a];
    for (unsigned i = 0; i < d->findings.n;) {
      int done = 0;
      if (simD_record_suppressed(d, i) == SIMD_SUPPRESS_NONE)
        for (unsigned b = 0; b < a && !done; b++) {
          simD_record *e = &r->v[b];
          for (unsigned j = 0; j < e->findings.n && !done; j++) {
            if (simD_record_suppressed(e, j) != SIMD_SUPPRESS_NONE || !same_bug_lines(d, i, e, j))
              continue;
            simD_finding *h = &e->findings.v[j];
            uint64_t c = h->count + d->findings.v[i].count;
            h->count = c < h->count ? UINT64_MAX : c;
            size_t n = strlen(h->evidence);
            if (strstr(h->evidence, "also in kernel"))
              snprintf(h->evidence + n, sizeof h->evidence - n, ", %s", d->name);
            else
              snprintf(h->evidence + n, sizeof h->evidence - n, "%salso in kernel %s",
                       n ? "; " : "", d->name);
            done = 1;
          }
        }
      if (done) {
        drop_finding(d, i);
        folded++;
      } else {
        i++;
      }
    }
  }
  return folded;
}

int simD_report_take(simD_report *dst, simD_report *src) {
  if (src->n) {
    if (dst->n + src->n > dst->cap) {
      unsigned ncap = dst->cap ? dst->cap : 8;
      while (ncap < dst->n + src->n) ncap *= 2;
      simD_record *nv = realloc(dst->v, (size_t)ncap * sizeof *nv);
      if (!nv) return -1;
      dst->v = nv;
      dst->cap = ncap;
    }
  }
  if (src->nnotes) {
    if (dst->nnotes + src->nnotes > dst->capnotes) {
      unsigned ncap = dst->capnotes ? dst->capnotes : 8;
      while (ncap < dst->nnotes + src->nnotes) ncap *= 2;
      simD_note *nv = realloc(dst->notes, (size_t)ncap * sizeof *nv);
      if (!nv) return -1;
      dst->notes = nv;
      dst->capnotes = ncap;
    }
  }
  if (src->n) memcpy(dst->v + dst->n, src->v, (size_t)src->n * sizeof *src->v);
  dst->n += src->n;
  src->n = 0;
  if (src->nnotes)
    memcpy(dst->notes + dst->nnotes, src->notes, (size_t)src->nnotes * sizeof *src->notes);
  dst->nnotes += src->nnotes;
  src->nnotes = 0;
  return 0;
}

/* Stable merge sort of n elements of size sz (qsort is not stable). */
static int msort(void *base, size_t n, size_t sz,
                 int (*cmp)(const void *, const void *)) {
  if (n < 2) return 0;
  char *a = base, *tmp = malloc(n * sz);
  if (!tmp) return -1;
  for (size_t w = 1; w < n; w *= 2) {
    for (size_t lo = 0; lo < n; lo += 2 * w) {
      size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
      size_t i = lo, j = mid, k = lo;
      while (i < mid && j < hi)
        if (cmp(a + j * sz, a + i * sz) < 0) memcpy(tmp + k++ * sz, a + j++ * sz, sz);
        else memcpy(tmp + k++ * sz, a + i++ * sz, sz);
      while (i < mid) memcpy(tmp + k++ * sz, a + i++ * sz, sz);
      while (j < hi) memcpy(tmp + k++ * sz, a + j++ * sz, sz);
    }
    memcpy(a, tmp, n * sz);
  }
  free(tmp);
  return 0;
}

static int cmp_record(const void *x, const void *y) {
  const simD_record *a = x, *b = y;
  int c = strcmp(a->file, b->file);
  if (c) return c;
  if (a->line != b->line) return a->line < b->line ? -1 : 1;
  return strcmp(a->kernel, b->kernel);
}

static int cmp_note(const void *x, const void *y) {
  const simD_note *a = x, *b = y;
  int c = strcmp(a->file, b->file);
  if (c) return c;
  if (a->line != b->line) return a->line < b->line ? -1 : 1;
  return strcmp(a->message, b->message);
}

/* Insertion sort: the fallback when msort cannot allocate (stable too). */
static void isort(void *base, size_t n, size_t sz,
                  int (*cmp)(const void *, const void *)) {
  char *a = base, t[sizeof(simD_record) > sizeof(simD_note) ? sizeof(simD_record)
                                                             : sizeof(simD_note)];
  for (size_t i = 1; i < n; i++) {
    memcpy(t, a + i * sz, sz);
    size_t j = i;
    while (j > 0 && cmp(a + (j - 1) * sz, t) > 0) {
      memcpy(a + j * sz, a + (j - 1) * sz, sz);
      j--;
    }
    memcpy(a + j * sz, t, sz);
  }
}

void simD_report_sort(simD_report *r) {
  if (msort(r->v, r->n, sizeof *r->v, cmp_record) < 0)
    isort(r->v, r->n, sizeof *r->v, cmp_record);
  if (msort(r->notes, r->nnotes, sizeof *r->notes, cmp_note) < 0)
    isort(r->notes, r->nnotes, sizeof *r->notes, cmp_note);
}
