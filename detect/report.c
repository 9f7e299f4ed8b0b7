/*
 * simulee detect: reports (report.h). Records are deep copies; the writers
 * turn them into compiler-style text, one JSON document (json-c) or a SARIF
 * 2.1.0 log that GitHub code scanning accepts.
 */
#include <fcntl.h>
#include <json-c/json.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "simulee/detect.h"
#include "simulee/report.h"
#include "simulee/version.h"

#ifndef SIMULEE_VERSION
#define SIMULEE_VERSION "0.0.0"
#endif

/* ------------------------------------------------------------- names */

const char *simD_status_name(simD_status s) {
  switch (s) {
  case SIMD_STATUS_CHECKED: return "checked";
  case SIMD_STATUS_TIMEOUT: return "timeout";
  case SIMD_STATUS_UNSUPPORTED: return "unsupported";
  case SIMD_STATUS_ERROR: return "error";
  case SIMD_STATUS_INCOMPLETE: return "incomplete";
  }
  return "error";
}

simD_status simD_status_from_interp(simI_status s) {
  switch (s) {
  case SIMI_OK: return SIMD_STATUS_CHECKED;
  case SIMI_E_TIMEOUT: return SIMD_STATUS_TIMEOUT;
  case SIMI_E_UNSUPPORTED: return SIMD_STATUS_UNSUPPORTED;
  default: return SIMD_STATUS_ERROR;
  }
}

int simD_format_parse(const char *s, simD_format *f) {
  if (!s) return -1;
  if (!strcmp(s, "text")) *f = SIMD_FORMAT_TEXT;
  else if (!strcmp(s, "json")) *f = SIMD_FORMAT_JSON;
  else if (!strcmp(s, "sarif")) *f = SIMD_FORMAT_SARIF;
  else return -1;
  return 0;
}

const char *simD_space_name(unsigned space) {
  switch (space) {
  case SIMI_SPACE_GLOBAL: return "global";
  case SIMI_SPACE_SHARED: return "shared";
  case SIMI_SPACE_LOCAL: return "local";
  case SIMI_SPACE_CONST: return "constant";
  default: return "none";
  }
}

const char *simD_kind_level(simD_kind k) {
  return k == SIMD_REDUNDANT_BARRIER ? "warning" : "error";
}

static const char *relation_name(simD_relation r) {
  switch (r) {
  case SIMD_REL_SAME_WARP: return "same-warp";
  case SIMD_REL_OTHER_WARP: return "other-warp";
  case SIMD_REL_OTHER_BLOCK: return "other-block";
  default: return "none";
  }
}

static const char *access_name(unsigned a) {
  if (a & SIMI_ACC_ATOMIC) {
    if ((a & (SIMI_ACC_READ | SIMI_ACC_WRITE)) == (SIMI_ACC_READ | SIMI_ACC_WRITE))
      return "atomic-rmw";
    return (a & SIMI_ACC_WRITE) ? "atomic-write" : "atomic-read";
  }
  if ((a & (SIMI_ACC_READ | SIMI_ACC_WRITE)) == (SIMI_ACC_READ | SIMI_ACC_WRITE))
    return "read-write";
  if (a & SIMI_ACC_WRITE) return "write";
  if (a & SIMI_ACC_READ) return "read";
  return "none";
}

/* "shared 'tile' + 4" reads as "'tile' + 4" after "shared memory". */
static const char *strip_space_word(const char *addr, unsigned space) {
  const char *w = simD_space_name(space);
  size_t n = strlen(w);
  if (addr && !strncmp(addr, w, n) && addr[n] == ' ') return addr + n + 1;
  return addr;
}

void simD_finding_headline(const simD_finding *f, const char *addr, char *buf,
                           size_t len) {
  char a[320];
  if (addr && *addr)
    snprintf(a, sizeof a, "%s", strip_space_word(addr, f->space));
  else
    snprintf(a, sizeof a, "address 0x%llx", (unsigned long long)f->addr);
  switch (f->kind) {
  case SIMD_DATA_RACE:
    snprintf(buf, len, "data race (%s, %s memory) on %s",
             f->write_write ? "write-write" : "read-write",
             simD_space_name(f->space), a);
    break;
  case SIMD_BARRIER_DIVERGENCE:
    snprintf(buf, len,
             "barrier divergence: %u thread%s of the block reached this "
             "barrier, %u did not",
             f->arrived, f->arrived == 1 ? "" : "s", f->missing);
    break;
  case SIMD_REDUNDANT_BARRIER:
    if (f->site[1] != UINT32_MAX && f->message[0]) {
      /* back-to-back barriers: the message names both lines */
      snprintf(buf, len, "redundant barrier: %s", f->message);
      break;
    }
    snprintf(buf, len,
             "redundant barrier: removing it creates no race (%llu "
             "execution%s, %llu barrier instance%s examined)",
             (unsigned long long)f->executions, f->executions == 1 ? "" : "s",
             (unsigned long long)f->instances, f->instances == 1 ? "" : "s");
    break;
  case SIMD_OUT_OF_BOUNDS:
    /* an API call's invalid memory operation (no site: runtime/launch.c's
     * simR_api_finding_locked): the message says it all */
    if (!f->nthreads && f->site[0] == UINT32_MAX && f->message[0]) {
      snprintf(buf, len, "%s", f->message);
      break;
    }
    if (f->nthreads && !strncmp(f->message, "misaligned address", 18)) {
      snprintf(buf, len, "misaligned address: %s of %u bytes (%s memory) at %s",
               (f->thread[0].access & SIMI_ACC_WRITE) ? "write" : "read", f->thread[0].size,
               simD_space_name(f->space), a);
      break;
    }
    /* found at compile time (no thread, no address): the message says it */
    if (!f->nthreads && f->message[0]) {
      snprintf(buf, len, "out-of-bounds access: %s", f->message);
      break;
    }
    snprintf(buf, len, "out-of-bounds %s (%s memory) at %s",
             (f->nthreads && (f->thread[0].access & SIMI_ACC_WRITE)) ? "write"
                                                                     : "access",
             simD_space_name(f->space), a);
    break;
  case SIMD_ASSERTION:
    snprintf(buf, len, "assertion failed or kernel trapped");
    break;
  case SIMD_DEADLOCK:
    snprintf(buf, len,
             "deadlock: threads wait here for an mbarrier phase that never completes "
             "(every other thread of the block waits too, or exited)");
    break;
  case SIMD_UNINITIALIZED_READ:
    snprintf(buf, len, "uninitialized read (%s memory) of %s", simD_space_name(f->space), a);
    break;
  case SIMD_INVALID_WARP_MASK:
    snprintf(buf, len,
             "invalid warp mask: a warp-synchronous collective's mask leaves "
             "out an executing lane or names lanes that gave another mask");
    break;
  default:
    snprintf(buf, len, "%s", simD_kind_name(f->kind));
    break;
  }
}

/* ----------------------------------------------------------- records */

static char *dupstr(const char *s) {
  if (!s) s = "";
  size_t n = strlen(s) + 1;
  char *d = malloc(n);
  if (d) memcpy(d, s, n);
  return d;
}

/* A copy of the n strings of v (a NULL v gives n ""), NULL when n is 0;
 * *bad set when out of memory. Freed by free_strv. */
static const char **dup_strv(const char *const *v, unsigned n, int *bad) {
  if (!n) return NULL;
  const char **a = calloc(n, sizeof *a);
  if (!a) {
    *bad = 1;
    return NULL;
  }
  for (unsigned i = 0; i < n; i++)
    if (!(a[i] = dupstr(v ? v[i] : ""))) *bad = 1;
  return a;
}

static void free_strv(const char *const *v, unsigned n) {
  if (v)
    for (unsigned i = 0; i < n; i++) free((void *)v[i]);
  free((void *)v);
}

/* The JSON/text name of a SIMD_BRANCH_* side. */
static const char *branch_side_name(unsigned side) {
  return side == SIMD_BRANCH_TRUE ? "true" : side == SIMD_BRANCH_FALSE ? "false" : "case";
}

static void free_record(simD_record *r) {
  free((void *)r->file);
  free((void *)r->kernel);
  free((void *)r->name);
  free((void *)r->message);
  free((void *)r->replay);
  free((void *)r->host_file);
  free((void *)r->cov_lines);
  free((void *)r->br_lines);
  free((void *)r->br_sides);
  free_strv(r->args, r->nargs);
  if (r->locs)
    for (unsigned i = 0; i < 2 * r->findings.n; i++) {
      free((void *)r->locs[i].file);
      free((void *)r->locs[i].function);
    }
  free((void *)r->locs);
  if (r->addrs)
    for (unsigned i = 0; i < r->findings.n; i++) free((void *)r->addrs[i]);
  free((void *)r->addrs);
  if (r->dumps)
    for (unsigned i = 0; i < r->ndumps; i++) free((void *)r->dumps[i].data);
  free((void *)r->dumps);
  if (r->suppress_why)
    for (unsigned i = 0; i < r->findings.n; i++) free((void *)r->suppress_why[i]);
  free((void *)r->suppress_why);
  free((void *)r->suppress);
  if (r->witnesses)
    for (unsigned i = 0; i < r->findings.n; i++) {
      free_strv(r->witnesses[i].args, r->witnesses[i].nargs);
      free((void *)r->witnesses[i].replay);
    }
  free((void *)r->witnesses);
  simD_list_free(&r->findings);
  memset(r, 0, sizeof *r);
}

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

void simD_report_init(simD_report *r) {
  memset(r, 0, sizeof *r);
}

static void free_note(simD_note *n) {
  free((void *)n->file);
  free((void *)n->message);
}

void simD_report_free(simD_report *r) {
  for (unsigned i = 0; i < r->n; i++) free_record(&r->v[i]);
  free(r->v);
  for (unsigned i = 0; i < r->nnotes; i++) free_note(&r->notes[i]);
  free(r->notes);
  free(r->root);
  free(r->command);
  simD_report_init(r);
}

static int has_address(simD_kind k) {
  return k == SIMD_DATA_RACE || k == SIMD_OUT_OF_BOUNDS || k == SIMD_UNINITIALIZED_READ;
}


static int resolve_loc(simD_loc *dst, const simI_program *p, uint32_t site) {
  const char *file = "", *fn = "";
  unsigned line = 0, col = 0;
  char *dem = NULL;
  if (p && site != UINT32_MAX) {
    const char *f0 = NULL, *fn0 = NULL;
    simI_site_loc(p, site, &f0, &line, &col, &fn0);
    if (f0) file = f0;
    /* a path under the working directory reads better relative */
    char cwd[PATH_MAX];
    size_t cl;
    if (file[0] == '/' && getcwd(cwd, sizeof cwd) && (cl = strlen(cwd)) > 1 &&
        !strncmp(file, cwd, cl) && file[cl] == '/')
      file += cl + 1;
    if (fn0 && *fn0) {
      dem = simI_demangle(fn0, 0);
      fn = dem ? dem : fn0;
    }
  }
  dst->file = dupstr(file);
  dst->function = dupstr(fn);
  dst->line = line;
  dst->col = col;
  free(dem);
  return dst->file && dst->function ? 0 : -1;
}

int simD_report_add(simD_report *r, const simD_record *rec,
                    const simI_program *p, const simI_launch *l) {
  if (r->n == r->cap) {
    unsigned ncap = r->cap ? r->cap * 2 : 8;
    simD_record *nv = realloc(r->v, (size_t)ncap * sizeof *nv);
    if (!nv) return -1;
    r->v = nv;
    r->cap = ncap;
  }
  simD_record *d = &r->v[r->n];
  memset(d, 0, sizeof *d);
  int bad = 0;
  d->file = dupstr(rec->file);
  d->kernel = dupstr(rec->kernel);
  d->name = dupstr(rec->name && *rec->name ? rec->name : rec->kernel);
  d->message = dupstr(rec->message);
  d->replay = rec->replay ? dupstr(rec->replay) : NULL;
  bad |= !d->file || !d->kernel || !d->name || !d->message ||
         (rec->replay && !d->replay);
  d->line = rec->line;
  d->status = rec->status;
  d->has_launch = rec->has_launch;
  d->grid = rec->grid;
  d->cluster = rec->cluster;
  d->block = rec->block;
  d->shared = rec->shared;
  d->insns = rec->insns;
  d->threads = rec->threads;
  d->seconds = rec->seconds;
  d->has_search = rec->has_search;
  d->evaluations = rec->evaluations;
  d->discarded = rec->discarded;
  d->generations = rec->generations;
  d->fitness = rec->fitness;
  d->host_parts = rec->host_parts;
  d->host_line = rec->host_line;
  d->host_sites = rec->host_sites;
  d->launch_ordinal = rec->launch_ordinal;
  if ((rec->host_parts || rec->launch_ordinal) &&
      !(d->host_file = dupstr(rec->host_file ? rec->host_file : "")))
    bad = 1;
  d->cov_total = rec->cov_total;
  d->cov_reached = rec->cov_reached;
  if (rec->cov_nlines && !bad) {
    unsigned *cl = malloc(rec->cov_nlines * sizeof *cl);
    if (cl) {
      memcpy(cl, rec->cov_lines, rec->cov_nlines * sizeof *cl);
      d->cov_lines = cl;
      d->cov_nlines = rec->cov_nlines;
    } else {
      bad = 1;
    }
  }
  d->br_total = rec->br_total;
  d->br_reached = rec->br_reached;
  if (rec->br_nunreached && !bad) {
    unsigned *bl = malloc(rec->br_nunreached * sizeof *bl);
    unsigned char *bs = malloc(rec->br_nunreached);
    if (bl && bs) {
      memcpy(bl, rec->br_lines, rec->br_nunreached * sizeof *bl);
      memcpy(bs, rec->br_sides, rec->br_nunreached);
      d->br_lines = bl;
      d->br_sides = bs;
      d->br_nunreached = rec->br_nunreached;
    } else {
      free(bl);
      free(bs);
      bad = 1;
    }
  }
  if (rec->nargs && !bad && (d->args = dup_strv(rec->args, rec->nargs, &bad)))
    d->nargs = rec->nargs;
  unsigned nf = rec->findings.n;
  if (nf && !bad) {
    simD_finding *fv = malloc((size_t)nf * sizeof *fv);
    simD_loc *lv = calloc((size_t)nf * 2, sizeof *lv);
    const char **av = calloc(nf, sizeof *av);
    if (fv) {
      memcpy(fv, rec->findings.v, (size_t)nf * sizeof *fv);
      d->findings.v = fv;
      d->findings.n = d->findings.cap = nf;
    }
    d->locs = lv;
    d->addrs = av;
    if (!fv || !lv || !av) bad = 1;
    for (unsigned i = 0; i < nf && !bad; i++) {
      const simD_finding *f = &fv[i];
      for (unsigned j = 0; j < 2; j++) {
        if (rec->locs) {
          const simD_loc *s = &rec->locs[2 * i + j];
          lv[2 * i + j].file = dupstr(s->file);
          lv[2 * i + j].function = dupstr(s->function);
          lv[2 * i + j].line = s->line;
          lv[2 * i + j].col = s->col;
          if (!lv[2 * i + j].file || !lv[2 * i + j].function) bad = 1;
        } else if (resolve_loc(&lv[2 * i + j], p, f->site[j]) < 0) {
          bad = 1;
        }
      }
      if (rec->addrs && rec->addrs[i]) {
        if (!(av[i] = dupstr(rec->addrs[i]))) bad = 1;
      } else if (p && l && has_address(f->kind)) {
        char buf[256];
        buf[0] = 0;
        if (!(f->kind == SIMD_OUT_OF_BOUNDS && f->nthreads &&
              (simD_describe_oob(l, f->addr, buf, sizeof buf, NULL) ||
               simI_describe_var_index(p, l, f->addr, buf, sizeof buf))))
          simI_describe_addr(p, l, f->addr, buf, sizeof buf);
        if (buf[0] && !(av[i] = dupstr(buf))) bad = 1;
      }
    }
  }
  if (rec->ndumps && !bad) {
    simD_dump *dv = calloc(rec->ndumps, sizeof *dv);
    if (!dv) bad = 1;
    else {
      d->dumps = dv;
      d->ndumps = rec->ndumps;
      for (unsigned i = 0; i < rec->ndumps && !bad; i++) {
        const simD_dump *s = &rec->dumps[i];
        size_t es = simI_elem_size(s->elem);
        dv[i] = *s;
        dv[i].data = NULL;
        if (es && s->count > SIZE_MAX / es) { bad = 1; break; }
        size_t bytes = (size_t)s->count * es;
        void *copy = malloc(bytes ? bytes : 1);
        if (!copy) { bad = 1; break; }
        if (bytes) memcpy(copy, s->data, bytes);
        dv[i].data = copy;
      }
    }
  }
  if (rec->witnesses && nf && !bad) {
    simD_witness *wv = calloc(nf, sizeof *wv);
    if (!wv) bad = 1;
    d->witnesses = wv;
    for (unsigned i = 0; i < nf && !bad; i++) {
      const simD_witness *w = &rec->witnesses[i];
      if (!w->replay) continue;
      wv[i] = *w;
      wv[i].args = NULL;
      wv[i].nargs = 0;
      if (!(wv[i].replay = dupstr(w->replay))) { bad = 1; break; }
      if ((wv[i].args = dup_strv(w->args, w->nargs, &bad))) wv[i].nargs = w->nargs;
    }
  }
  if (rec->suppress && nf && !bad) {
    for (unsigned i = 0; i < nf && !bad; i++)
      if (rec->suppress[i] != SIMD_SUPPRESS_NONE &&
          simD_record_suppress(d, i, (simD_suppress)rec->suppress[i],
                               rec->suppress_why ? rec->suppress_why[i] : NULL) < 0)
        bad = 1;
  }
  if (bad) {
    free_record(d);
    return -1;
  }
  r->n++;
  return 0;
}

int simD_record_suppress(simD_record *rec, unsigned i, simD_suppress how,
                         const char *why) {
  unsigned nf = rec->findings.n;
  if (i >= nf) return -1;
  if (!rec->suppress) {
    unsigned char *s = calloc(nf, 1);
    if (!s) return -1;
    rec->suppress = s;
  }
  if (!rec->suppress_why) {
    const char **w = calloc(nf, sizeof *w);
    if (!w) return -1;
    rec->suppress_why = w;
  }
  char *copy = NULL;
  if (why && !(copy = dupstr(why))) return -1;
  ((unsigned char *)rec->suppress)[i] = (unsigned char)how;
  free((void *)rec->suppress_why[i]);
  ((const char **)rec->suppress_why)[i] = copy;
  return 0;
}

simD_suppress simD_record_suppressed(const simD_record *rec, unsigned i) {
  if (!rec->suppress || i >= rec->findings.n) return SIMD_SUPPRESS_NONE;
  return (simD_suppress)rec->suppress[i];
}

int simD_record_map_paths(simD_record *rec,
                          char *(*map)(const char *path, void *ctx, int *oom),
                          void *ctx) {
  int oom = 0;
  char *m = map(rec->file, ctx, &oom);
  if (m) {
    free((void *)rec->file);
    rec->file = m;
  }
  if (rec->host_file && *rec->host_file && (m = map(rec->host_file, ctx, &oom))) {
    free((void *)rec->host_file);
    rec->host_file = m;
  }
  if (rec->locs)
    for (unsigned i = 0; i < 2 * rec->findings.n; i++) {
      simD_loc *l = (simD_loc *)&rec->locs[i];
      if (!l->file || !*l->file) continue;
      if ((m = map(l->file, ctx, &oom))) {
        free((void *)l->file);
        l->file = m;
      }
    }
  return oom ? -1 : 0;
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

int simD_report_add_note(simD_report *r, const char *file, unsigned line,
                         const char *message) {
  if (r->nnotes == r->capnotes) {
    unsigned ncap = r->capnotes ? r->capnotes * 2 : 8;
    simD_note *nv = realloc(r->notes, (size_t)ncap * sizeof *nv);
    if (!nv) return -1;
    r->notes = nv;
    r->capnotes = ncap;
  }
  simD_note *n = &r->notes[r->nnotes];
  n->file = dupstr(file);
  n->message = dupstr(message);
  n->line = line;
  if (!n->file || !n->message) {
    free_note(n);
    return -1;
  }
  r->nnotes++;
  return 0;
}

/* *slot = a copy of s (NULL clears); 0, or -1 (out of memory, unchanged). */
static int set_str(char **slot, const char *s) {
  char *d = NULL;
  if (s && !(d = dupstr(s))) return -1;
  free(*slot);
  *slot = d;
  return 0;
}

int simD_report_set_command(simD_report *r, const char *command) {
  return set_str(&r->command, command);
}

int simD_report_set_root(simD_report *r, const char *root) { return set_str(&r->root, root); }

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

/* Findings of a record that are not suppressed. */
static unsigned live_findings(const simD_record *rec) {
  unsigned n = 0;
  for (unsigned i = 0; i < rec->findings.n; i++)
    n += simD_record_suppressed(rec, i) == SIMD_SUPPRESS_NONE;
  return n;
}

uint64_t simD_report_nfindings(const simD_report *r) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++) n += live_findings(&r->v[i]);
  return n;
}

uint64_t simD_report_nsuppressed(const simD_report *r) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++) n += r->v[i].findings.n - live_findings(&r->v[i]);
  return n;
}

uint64_t simD_report_nlevel(const simD_report *r, simD_level lvl) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++)
    for (unsigned j = 0; j < r->v[i].findings.n; j++)
      n += simD_record_suppressed(&r->v[i], j) == SIMD_SUPPRESS_NONE &&
           r->v[i].findings.v[j].level == lvl;
  return n;
}

uint64_t simD_report_nwhy(const simD_report *r, const char *why) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++)
    for (unsigned j = 0; j < r->v[i].findings.n; j++) {
      const simD_finding *f = &r->v[i].findings.v[j];
      n += f->level == SIMD_LEVEL_NOTE && !strcmp(f->grade_why, why) &&
           simD_record_suppressed(&r->v[i], j) == SIMD_SUPPRESS_NONE;
    }
  return n;
}

int simD_report_exit_status_at(const simD_report *r, simD_level fail_on) {
  int incomplete = 0;
  for (unsigned i = 0; i < r->n; i++) {
    const simD_record *rec = &r->v[i];
    for (unsigned j = 0; j < rec->findings.n; j++)
      if (simD_record_suppressed(rec, j) == SIMD_SUPPRESS_NONE &&
          rec->findings.v[j].level <= fail_on)
        return 1;
    if (rec->status != SIMD_STATUS_CHECKED) incomplete = 1;
  }
  return incomplete ? 3 : 0;
}

int simD_report_exit_status(const simD_report *r) {
  return simD_report_exit_status_at(r, SIMD_LEVEL_ERROR);
}

/* -------------------------------------------------------------- text */

/* Terminal colours (clang's palette). */
#define C_BOLD "\033[1m"
#define C_RED "\033[1;31m"
#define C_MAGENTA "\033[1;35m"
#define C_CYAN "\033[1;36m"
#define C_GREEN "\033[1;32m"
#define C_YELLOW "\033[1;33m"
#define C_RESET "\033[0m"

typedef struct tout {
  FILE *f;          /* the stream */
  int color;        /* emit escapes */
  int err;          /* a write failed */
  const char *base; /* prefix of relative paths (simD_write_opts.base) */
} tout;

size_t simD_utf8_len(const char *p) {
  const unsigned char *u = (const unsigned char *)p;
  if (u[0] < 0x80) return 1;
  size_t n;
  uint32_t c;
  if (u[0] >= 0xc2 && u[0] <= 0xdf) n = 2, c = u[0] & 0x1fu;
  else if (u[0] >= 0xe0 && u[0] <= 0xef) n = 3, c = u[0] & 0x0fu;
  else if (u[0] >= 0xf0 && u[0] <= 0xf4) n = 4, c = u[0] & 0x07u;
  else return 0;
  for (size_t i = 1; i < n; i++) {
    if ((u[i] & 0xc0) != 0x80) return 0;
    c = c << 6 | (u[i] & 0x3fu);
  }
  if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 || c > 0x10ffff)) ||
      (c >= 0xd800 && c <= 0xdfff))
    return 0;
  return n;
}

const char *simD_text_esc(const char *s, unsigned flags, char *buf, size_t len) {
  if (!len) return buf;
  buf[0] = 0;
  if (!s) return buf;
  size_t o = 0;
  if ((flags & SIMD_ESC_PATH) && s[0] == ':' && len > 3) {
    memcpy(buf, "./", 2);
    o = 2;
  }
  for (const char *p = s; *p;) {
    unsigned char c = (unsigned char)*p;
    char tmp[8];
    size_t k = simD_utf8_len(p), tn;
    int c1 = k == 2 && c == 0xc2 && (unsigned char)p[1] < 0xa0; /* U+0080..U+009F */
    if (k && !c1 && c >= 0x20 && c != 0x7f && !(c == '\\' && (flags & SIMD_ESC_PATH))) {
      memcpy(tmp, p, k);
      tn = k;
    } else if (c == '\\') {
      memcpy(tmp, "\\\\", 2);
      tn = 2, k = 1;
    } else if (c == '\t' && (flags & SIMD_ESC_TAB)) {
      tmp[0] = '\t';
      tn = 1, k = 1;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      tmp[0] = '\\';
      tmp[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
      tn = 2, k = 1;
    } else if (c1) { /* a C1 control: both bytes */
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
      tn = 4, k = 1;
    } else {
      snprintf(tmp, sizeof tmp, "\\x%02x", c);
      tn = 4, k = 1;
    }
    if (o + tn + 4 > len) { /* no room: "..." */
      if (len >= 4) memcpy(buf + (o + 4 <= len ? o : len - 4), "...", 4);
      else buf[len - 1] = 0;
      return buf;
    }
    memcpy(buf + o, tmp, tn);
    o += tn;
    p += k;
  }
  buf[o] = 0;
  return buf;
}

char *simD_utf8_fix(const char *s, size_t n) {
  size_t bad = 0;
  for (size_t i = 0; i < n;) {
    size_t k = s[i] ? simD_utf8_len(s + i) : 0;
    if (k && i + k <= n) i += k;
    else bad++, i++;
  }
  char *out = malloc(n + 3 * bad + 1);
  if (!out) return NULL;
  size_t o = 0;
  for (size_t i = 0; i < n;) {
    size_t k = s[i] ? simD_utf8_len(s + i) : 0;
    if (k && i + k <= n) {
      memcpy(out + o, s + i, k);
      o += k, i += k;
    } else {
      snprintf(out + o, 5, "\\x%02x", (unsigned char)s[i]);
      o += 4, i++;
    }
  }
  out[o] = 0;
  return out;
}

/* path as printed: under base when relative and a base is given, escaped
 * (simD_text_esc). */
static const char *shown_path(const char *base, const char *path, char *buf,
                              size_t len) {
  char joined[PATH_MAX];
  if (base && *base && path && *path && path[0] != '/') {
    size_t bl = strlen(base);
    snprintf(joined, sizeof joined, "%s%s%s", base, base[bl - 1] == '/' ? "" : "/", path);
    path = joined;
  }
  return simD_text_esc(path, SIMD_ESC_PATH, buf, len);
}

/* The file to read a source line from: under base when relative. */
static const char *source_path(const char *base, const char *path, char *buf, size_t len) {
  if (!base || !*base || !path || !*path || path[0] == '/') return path;
  size_t bl = strlen(base);
  snprintf(buf, len, "%s%s%s", base, base[bl - 1] == '/' ? "" : "/", path);
  return buf;
}

/* A name or message as printed (simD_text_esc into a rotating buffer of
 * the thread, so that a few may appear in one call). */
static const char *esc(const char *s, unsigned flags) {
  static _Thread_local char bufs[4][2048];
  static _Thread_local unsigned next;
  char *b = bufs[next++ % 4];
  return simD_text_esc(s, flags, b, sizeof bufs[0]);
}

static void tput(tout *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (vfprintf(t->f, fmt, ap) < 0) t->err = 1;
  va_end(ap);
}

static const char *col(const tout *t, const char *c) { return t->color ? c : ""; }

static const simD_loc *rec_loc(const simD_record *r, unsigned i, unsigned j) {
  return r->locs ? &r->locs[2 * i + j] : NULL;
}

static const char *loc_file(const simD_record *r, const simD_loc *l) {
  return l && l->file && *l->file ? l->file : r->file;
}

static void put_where(tout *t, const simD_record *r, const simD_loc *l) {
  char pb[PATH_MAX];
  tput(t, "%s%s:", col(t, C_BOLD), shown_path(t->base, loc_file(r, l), pb, sizeof pb));
  if (l && l->line) {
    tput(t, "%u:", l->line);
    if (l->col) tput(t, "%u:", l->col);
  }
  tput(t, "%s ", col(t, C_RESET));
}

/* Line `line` (1-based) of file path into buf, without its newline. */
static int read_source_line(const char *path, unsigned line, char *buf,
                            size_t len) {
  if (!path || !*path || !line || len < 2) return -1;
  /* only a regular file: a report read back (merge) may name a FIFO, which
   * would block, or a device such as /dev/zero, which never ends */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return -1;
  struct stat st;
  FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
  if (!f) {
    close(fd);
    return -1;
  }
  unsigned cur = 1;
  size_t n = 0;
  int c, found = 0;
  while ((c = getc(f)) != EOF) {
    if (cur == line) {
      found = 1;
      if (c == '\n') break;
      if (n + 1 < len && c != '\r') buf[n++] = (char)c;
    } else if (c == '\n') {
      cur++;
    }
  }
  fclose(f);
  buf[n] = 0;
  return found || (cur == line && n) ? 0 : -1;
}

/* May the lines of file path be quoted: its real path under root's (a
 * scan's tree)? */
static int quotable(const char *root, const char *path) {
  char rp[PATH_MAX], rr[PATH_MAX];
  if (!path || !realpath(path, rp)) return 0;
  if (realpath(root, rr)) root = rr;
  size_t n = strlen(root);
  while (n > 1 && root[n - 1] == '/') n--;
  return !strncmp(rp, root, n) && (rp[n] == '/' || rp[n] == 0 || n == 1);
}

static void put_source(tout *t, const simD_loc *l, const simD_write_opts *o) {
  char src[512], pb[PATH_MAX];
  const char *path = l ? source_path(t->base, l->file, pb, sizeof pb) : NULL;
  if ((o && o->no_source == 1) || !l ||
      (o && o->no_source == 2 && o->srcroot && !quotable(o->srcroot, path)) ||
      read_source_line(path, l->line, src, sizeof src) < 0)
    return;
  tput(t, "%5u | %s\n", l->line, esc(src, SIMD_ESC_TAB));
  if (!l->col) return;
  tput(t, "      | ");
  size_t n = strlen(src);
  for (unsigned i = 1; i < l->col; i++)
    tput(t, "%c", (i - 1 < n && src[i - 1] == '\t') ? '\t' : ' ');
  tput(t, "%s^%s\n", col(t, C_GREEN), col(t, C_RESET));
}

static void put_note(tout *t, const simD_record *r, const simD_loc *l) {
  if (l) put_where(t, r, l);
  tput(t, "%snote:%s ", col(t, C_CYAN), col(t, C_RESET));
}

static void thread_text(const simD_thread *th, char *buf, size_t len) {
  int n = snprintf(buf, len, "block (%u,%u,%u) thread (%u,%u,%u)", th->block.x,
                   th->block.y, th->block.z, th->thread.x, th->thread.y,
                   th->thread.z);
  if (n < 0 || (size_t)n >= len) return;
  if (th->access) {
    int m = snprintf(buf + n, len - n, " %s", access_name(th->access));
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
    if (th->size) {
      m = snprintf(buf + n, len - n, " of %u byte%s", th->size,
                   th->size == 1 ? "" : "s");
      if (m < 0 || (size_t)(n + m) >= len) return;
      n += m;
    }
  }
  if (th->has_value)
    snprintf(buf + n, len - n, ", value 0x%llx", (unsigned long long)th->value);
}

/* An IEEE half's value. */
static double half_value(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m | 1024, e - 25);
  return h & 0x8000 ? -v : v;
}

/* The number of a confirmation value (raw bits of element type e, of es
 * bytes) as text: integers exact, floats with enough digits to read them
 * back, an unknown type as an unsigned integer. */
static void confirm_value_text(unsigned e, unsigned es, uint64_t v, char *buf, size_t len) {
  switch ((simI_elem)e) {
  case SIMI_ELEM_I8: snprintf(buf, len, "%d", (int)(int8_t)v); break;
  case SIMI_ELEM_I16: snprintf(buf, len, "%d", (int)(int16_t)v); break;
  case SIMI_ELEM_I32: snprintf(buf, len, "%d", (int)(int32_t)v); break;
  case SIMI_ELEM_I64: snprintf(buf, len, "%lld", (long long)v); break;
  case SIMI_ELEM_F16: snprintf(buf, len, "%.5g", half_value((uint16_t)v)); break;
  case SIMI_ELEM_F32: {
    float f;
    uint32_t u = (uint32_t)v;
    memcpy(&f, &u, 4);
    snprintf(buf, len, "%.9g", (double)f);
    break;
  }
  case SIMI_ELEM_F64: {
    double d;
    memcpy(&d, &v, 8);
    snprintf(buf, len, "%.17g", d);
    break;
  }
  default:
    snprintf(buf, len, "%llu",
             (unsigned long long)(es && es < 8 ? v & ((1ull << (8 * es)) - 1) : v));
    break;
  }
}

/* "confirmed: the result differs: out[3]: 17 vs 21 under warp order
 * reversed" or "not confirmed: no difference seen in 8 schedules". */
static void confirm_text(const simD_confirmation *c, char *buf, size_t len) {
  if (!c->differs) {
    snprintf(buf, len, "not confirmed: no difference seen in %u schedule%s", c->schedules,
             c->schedules == 1 ? "" : "s");
    return;
  }
  char a[48], b[48];
  confirm_value_text(c->elem, c->elem_size, c->values[0], a, sizeof a);
  confirm_value_text(c->elem, c->elem_size, c->values[1], b, sizeof b);
  snprintf(buf, len, "confirmed: the result differs: %s[%llu]: %s vs %s under %s", c->buffer,
           (unsigned long long)c->offset, a, b, c->schedule);
}

static const char *second_site_note(simD_kind k) {
  switch (k) {
  case SIMD_DATA_RACE: return "the other access";
  case SIMD_BARRIER_DIVERGENCE: return "the threads parted at this branch";
  case SIMD_REDUNDANT_BARRIER: return "related barrier";
  default: return "related location";
  }
}

static void launch_text(const simD_record *r, char *buf, size_t len) {
  if (!r->has_launch) {
    snprintf(buf, len, "unknown");
    return;
  }
  int n = snprintf(buf, len, "grid %u,%u,%u block %u,%u,%u", r->grid.x,
                   r->grid.y, r->grid.z, r->block.x, r->block.y, r->block.z);
  if (n < 0 || (size_t)n >= len) return;
  if (r->cluster.x) {
    int m = snprintf(buf + n, len - n, " cluster %u,%u,%u", r->cluster.x, r->cluster.y,
                     r->cluster.z);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
  if (r->shared) {
    int m = snprintf(buf + n, len - n, " shared %llu",
                     (unsigned long long)r->shared);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
  for (unsigned i = 0; i < r->nargs; i++) {
    int m = snprintf(buf + n, len - n, "%s%s", i ? " " : " args ", r->args[i]);
    if (m < 0 || (size_t)(n + m) >= len) return;
    n += m;
  }
}

/* A detector message that starts with the headline says nothing new. For
 * races, out-of-bounds accesses and redundant barriers, whose headline and
 * notes say all there is, the same opening (up to " on ", " at " or " (")
 * is enough. */
static int repeats_headline(const simD_finding *f, const char *head) {
  size_t n = strlen(head);
  const char *cut = f->kind == SIMD_DATA_RACE           ? " on "
                    : f->kind == SIMD_OUT_OF_BOUNDS     ? " at "
                    : f->kind == SIMD_REDUNDANT_BARRIER ? " ("
                                                        : NULL;
  if (f->message[0] && strstr(head, f->message)) return 1;
  const char *at = cut ? strstr(head, cut) : NULL;
  if (at) n = (size_t)(at - head);
  return !strncmp(f->message, head, n);
}

/* The command reproducing finding i: its witness's, else the record's (or NULL). */
static const char *finding_replay(const simD_record *r, unsigned i) {
  return r->witnesses && r->witnesses[i].replay ? r->witnesses[i].replay : r->replay;
}

static void put_finding(tout *t, const simD_record *r, unsigned i,
                        const simD_write_opts *o) {
  const simD_finding *f = &r->findings.v[i];
  const simD_loc *l0 = rec_loc(r, i, 0), *l1 = rec_loc(r, i, 1);
  char head[640], buf[1024];
  simD_finding_headline(f, r->addrs ? r->addrs[i] : NULL, head, sizeof head);
  const char *lvl = simD_level_name(f->level);
  put_where(t, r, l0);
  tput(t, "%s%s:%s %s%s%s", col(t, f->level == SIMD_LEVEL_ERROR   ? C_RED
                                     : f->level == SIMD_LEVEL_NOTE ? C_CYAN
                                                                   : C_MAGENTA),
       lvl, col(t, C_RESET), col(t, C_BOLD), esc(head, 0), col(t, C_RESET));
  if (f->grade[0]) tput(t, " [%s%s%s]", f->grade, f->grade_why[0] ? ": " : "", f->grade_why);
  tput(t, "\n");
  put_source(t, l0, o);
  if (f->site[1] != UINT32_MAX && l1) {
    put_note(t, r, l1);
    tput(t, "%s\n", second_site_note(f->kind));
    put_source(t, l1, o);
  }
  if (f->nthreads) {
    put_note(t, r, NULL);
    tput(t, "thread%s ", f->nthreads > 1 ? "s" : "");
    for (unsigned k = 0; k < f->nthreads && k < 2; k++) {
      thread_text(&f->thread[k], buf, sizeof buf);
      tput(t, "%s%s", k ? " and " : "", buf);
    }
    if (f->relation != SIMD_REL_NONE)
      tput(t, " (%s)", f->relation == SIMD_REL_SAME_WARP    ? "same warp"
                       : f->relation == SIMD_REL_OTHER_WARP ? "different warps"
                                                            : "different blocks");
    tput(t, "\n");
  }
  int said = 0;
  if (f->message[0] && !repeats_headline(f, head)) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->message, 0));
    said = 1;
  }
  if (f->why[0]) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->why, 0));
  }
  if (f->kind == SIMD_DATA_RACE && f->confirm.schedules) {
    confirm_text(&f->confirm, buf, sizeof buf);
    put_note(t, r, NULL);
    tput(t, "%s\n", buf);
  }
  if (f->evidence[0] && !(said && strstr(f->message, f->evidence))) {
    put_note(t, r, NULL);
    tput(t, "%s\n", esc(f->evidence, 0));
  }
  if (f->grade[0] && *simD_finding_grade_text(f)) {
    put_note(t, r, NULL);
    tput(t, "%s: %s\n", f->grade, simD_finding_grade_text(f));
  }
  if (f->count > 1) {
    put_note(t, r, NULL);
    tput(t, "%llu dynamic instances\n", (unsigned long long)f->count);
  }
  put_note(t, r, NULL);
  const char *replay = finding_replay(r, i);
  if (replay) {
    tput(t, "reproduce with: %s\n", esc(replay, 0));
  } else {
    launch_text(r, buf, sizeof buf);
    tput(t, "kernel %s, launch %s\n", esc(r->name, SIMD_ESC_PATH), esc(buf, 0));
  }
}

int simD_write_text_record(FILE *out, const simD_record *r,
                           const simD_write_opts *o) {
  return simD_write_text_record_at(out, r, o, NULL);
}

int simD_write_text_notes(FILE *out, const simD_report *r,
                          const simD_write_opts *o, const char *base) {
  int rc = 0;
  for (unsigned i = 0; i < r->nnotes; i++) {
    char pb[PATH_MAX];
    const simD_note *no = &r->notes[i];
    const char *p = shown_path(base, no->file, pb, sizeof pb);
    int c = o && o->color;
    char ln[32] = "";
    if (no->line) snprintf(ln, sizeof ln, "%u:", no->line);
    if (fprintf(out, "%s%s:%s%s %snote:%s %s\n", c ? C_BOLD : "", p, ln,
                c ? C_RESET : "", c ? C_CYAN : "", c ? C_RESET : "", esc(no->message, 0)) < 0)
      rc = -1;
  }
  return rc;
}

int simD_write_text_record_at(FILE *out, const simD_record *r,
                              const simD_write_opts *o, const char *base) {
  tout t = {out, o ? o->color : 0, 0, base};
  unsigned live = live_findings(r), nsup = r->findings.n - live, hidden = 0;
  /* note-level findings are printed with verbose only */
  for (unsigned i = 0; i < r->findings.n && !(o && o->verbose); i++)
    hidden += simD_record_suppressed(r, i) == SIMD_SUPPRESS_NONE &&
              r->findings.v[i].level == SIMD_LEVEL_NOTE;
  live -= hidden;
  int checked = r->status == SIMD_STATUS_CHECKED || r->status == SIMD_STATUS_INCOMPLETE;
  if (r->status != SIMD_STATUS_CHECKED || !o || !o->quiet) {
    const char *sc = r->status == SIMD_STATUS_CHECKED ? C_GREEN
                     : r->status == SIMD_STATUS_ERROR ? C_RED
                                                      : C_YELLOW;
    if (r->kernel && *r->kernel)
      tput(&t, "%ssimulee:%s kernel %s: %s%s%s", col(&t, C_BOLD),
           col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), col(&t, sc), simD_status_name(r->status),
           col(&t, C_RESET));
    else {
      char pb[PATH_MAX];
      tput(&t, "%ssimulee:%s %s: %s%s%s", col(&t, C_BOLD), col(&t, C_RESET),
           shown_path(base, r->file, pb, sizeof pb), col(&t, sc),
           simD_status_name(r->status), col(&t, C_RESET));
    }
    if (r->has_launch && r->cluster.x)
      tput(&t, " (grid %u,%u,%u block %u,%u,%u cluster %u,%u,%u)", r->grid.x, r->grid.y,
           r->grid.z, r->block.x, r->block.y, r->block.z, r->cluster.x, r->cluster.y,
           r->cluster.z);
    else if (r->has_launch)
      tput(&t, " (grid %u,%u,%u block %u,%u,%u)", r->grid.x, r->grid.y,
           r->grid.z, r->block.x, r->block.y, r->block.z);
    if (checked) {
      tput(&t, ", %llu instructions", (unsigned long long)r->insns);
      if (live) tput(&t, ", %u finding%s", live, live == 1 ? "" : "s");
      if (hidden) tput(&t, ", %u note%s (-v shows %s)", hidden, hidden == 1 ? "" : "s",
                       hidden == 1 ? "it" : "them");
      if (nsup) tput(&t, ", %u suppressed", nsup);
    }
    if ((!checked || r->status == SIMD_STATUS_INCOMPLETE) && r->message && *r->message) {
      tput(&t, ": %s", esc(r->message, 0));
    }
    tput(&t, "\n");
    if (r->host_parts && r->has_launch) {
      /* where the fixed parts of the launch came from */
      char part[6][64], what[360] = "", pb[PATH_MAX];
      unsigned np = 0;
      if (r->host_parts & SIMD_HOST_GRID)
        snprintf(part[np++], sizeof part[0], "grid %u,%u,%u", r->grid.x, r->grid.y, r->grid.z);
      if (r->host_parts & SIMD_HOST_BLOCK)
        snprintf(part[np++], sizeof part[0], "block %u,%u,%u", r->block.x, r->block.y,
                 r->block.z);
      if (r->host_parts & SIMD_HOST_SHARED)
        snprintf(part[np++], sizeof part[0], "dynamic shared %llu bytes",
                 (unsigned long long)r->shared);
      if (r->host_parts & SIMD_HOST_ARGS)
        snprintf(part[np++], sizeof part[0], "scalar arguments from the sites' constants");
      if (r->host_parts & SIMD_HOST_DERIVED)
        snprintf(part[np++], sizeof part[0], "dims computed from an argument");
      if (r->host_parts & SIMD_HOST_BUFFERS)
        snprintf(part[np++], sizeof part[0], "buffer sizes");
      for (unsigned i = 0; i < np; i++) {
        size_t n = strlen(what);
        snprintf(what + n, sizeof what - n, "%s%s",
                 i == 0 ? "" : i + 1 == np ? " and " : ", ", part[i]);
      }
      if (r->host_file && *r->host_file && r->host_line)
        tput(&t, "%s%s:%u:%s %snote:%s kernel %s: %s as %s (--no-host-launch to search)\n",
             col(&t, C_BOLD), shown_path(base, r->host_file, pb, sizeof pb), r->host_line,
             col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), what,
             r->host_sites > 1 ? "in every launch of the host code, the first here"
                               : "launched here");
      else
        tput(&t, "%ssimulee:%s %snote:%s kernel %s: %s as the host code launches it "
             "(--no-host-launch to search)\n", col(&t, C_BOLD), col(&t, C_RESET),
             col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), what);
    }
    if (r->launch_ordinal) {
      /* a program run: the host line that made the launch */
      char pb[PATH_MAX];
      if (r->host_file && *r->host_file && r->host_line)
        tput(&t, "%s%s:%u:%s %snote:%s kernel %s: launch %llu of the program, made here\n",
             col(&t, C_BOLD), shown_path(base, r->host_file, pb, sizeof pb), r->host_line,
             col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), r->name,
             (unsigned long long)r->launch_ordinal);
      else
        tput(&t, "%ssimulee:%s %snote:%s kernel %s: launch %llu of the program\n",
             col(&t, C_BOLD), col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), r->name,
             (unsigned long long)r->launch_ordinal);
    }
    if (checked && r->cov_total && r->cov_reached < r->cov_total) {
      /* parts of the kernel no input of the search ran */
      char lines[200] = "";
      size_t n = 0;
      for (unsigned i = 0; i < r->cov_nlines && n + 24 < sizeof lines; i++)
        n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%u",
                              i ? ", " : r->cov_nlines > 1 ? " at lines " : " at line ",
                              r->cov_lines[i]);
      if (n + 24 >= sizeof lines) snprintf(lines + n, sizeof lines - n, ", ...");
      tput(&t, "%ssimulee:%s %snote:%s kernel %s: %u of %u memory accesses never ran%s "
           "(a race there was not checked)\n", col(&t, C_BOLD), col(&t, C_RESET),
           col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH), r->cov_total - r->cov_reached,
           r->cov_total, lines);
    }
    if (checked && r->br_total && r->br_reached < r->br_total) {
      /* branch outcomes no input took */
      char lines[200] = "";
      size_t n = 0;
      for (unsigned i = 0; i < r->br_nunreached && n + 32 < sizeof lines; i++)
        n += (size_t)snprintf(lines + n, sizeof lines - n, "%s%u %s", i ? ", " : " at line ",
                              r->br_lines[i], branch_side_name(r->br_sides[i]));
      if (r->br_nunreached && n + 32 >= sizeof lines) snprintf(lines + n, sizeof lines - n, ", ...");
      tput(&t, "%ssimulee:%s %snote:%s kernel %s: %u of %u branch outcomes never taken%s\n",
           col(&t, C_BOLD), col(&t, C_RESET), col(&t, C_CYAN), col(&t, C_RESET), esc(r->name, SIMD_ESC_PATH),
           r->br_total - r->br_reached, r->br_total, lines);
    }
  }
  for (unsigned i = 0; i < r->findings.n; i++)
    if (simD_record_suppressed(r, i) == SIMD_SUPPRESS_NONE &&
        (r->findings.v[i].level != SIMD_LEVEL_NOTE || (o && o->verbose)))
      put_finding(&t, r, i, o);
  if (fflush(out) != 0) t.err = 1;
  return t.err ? -1 : 0;
}

/* -------------------------------------------------------------- JSON */

typedef struct jb {
  int bad; /* an allocation failed */
} jb;

/* A JSON string of s, always valid UTF-8 (simD_utf8_fix: other bytes as
 * the text \xNN). */
static json_object *jstr(jb *b, const char *s) {
  if (!s) s = "";
  json_object *o;
  size_t n = strlen(s), i = 0;
  while (i < n && (unsigned char)s[i] < 0x80) i++;
  if (i == n) {
    o = json_object_new_string_len(s, (int)n);
  } else {
    char *f = simD_utf8_fix(s, n);
    o = f ? json_object_new_string(f) : NULL;
    free(f);
  }
  if (!o) b->bad = 1;
  return o;
}

static json_object *ju64(jb *b, uint64_t v) {
  json_object *o = json_object_new_uint64(v);
  if (!o) b->bad = 1;
  return o;
}

static json_object *jdbl(jb *b, double v) {
  json_object *o = isfinite(v) ? json_object_new_double(v) : json_object_new_null();
  if (!o && isfinite(v)) b->bad = 1;
  return o;
}

static void jset(jb *b, json_object *obj, const char *key, json_object *val) {
  if (!obj) {
    json_object_put(val);
    return;
  }
  if (!val && b->bad) return;
  if (json_object_object_add(obj, key, val) != 0) {
    json_object_put(val);
    b->bad = 1;
  }
}

static void jpush(jb *b, json_object *arr, json_object *val) {
  if (!arr) {
    json_object_put(val);
    return;
  }
  if (!val && b->bad) return;
  if (json_object_array_add(arr, val) != 0) {
    json_object_put(val);
    b->bad = 1;
  }
}

static json_object *jobj(jb *b) {
  json_object *o = json_object_new_object();
  if (!o) b->bad = 1;
  return o;
}

static json_object *jarr(jb *b) {
  json_object *o = json_object_new_array();
  if (!o) b->bad = 1;
  return o;
}

static json_object *jdim(jb *b, simI_dim3 d) {
  json_object *a = jarr(b);
  jpush(b, a, ju64(b, d.x));
  jpush(b, a, ju64(b, d.y));
  jpush(b, a, ju64(b, d.z));
  return a;
}

static json_object *jloc(jb *b, const simD_record *r, const simD_loc *l) {
  json_object *o = jobj(b);
  jset(b, o, "file", jstr(b, loc_file(r, l)));
  jset(b, o, "line", ju64(b, l ? l->line : 0));
  jset(b, o, "column", ju64(b, l ? l->col : 0));
  jset(b, o, "function", jstr(b, l && l->function ? l->function : ""));
  return o;
}

static int loc_present(const simD_finding *f, const simD_loc *l, unsigned j) {
  return j == 0 || f->site[j] != UINT32_MAX || (l && l->line);
}

/* One dumped element as JSON: integers exact, f32 with 9 significant
 * digits, f64 with 17; non-finite floats as the strings "nan"/"inf"/"-inf". */
static json_object *jelem(jb *b, simI_elem e, const void *data, uint64_t i) {
  const unsigned char *p = data;
  switch (e) {
  case SIMI_ELEM_I8: { int8_t v; memcpy(&v, p + i, 1); return json_object_new_int64(v); }
  case SIMI_ELEM_I16: { int16_t v; memcpy(&v, p + 2 * i, 2); return json_object_new_int64(v); }
  case SIMI_ELEM_I32: { int32_t v; memcpy(&v, p + 4 * i, 4); return json_object_new_int64(v); }
  case SIMI_ELEM_I64: { int64_t v; memcpy(&v, p + 8 * i, 8); return json_object_new_int64(v); }
  case SIMI_ELEM_U8: { uint8_t v; memcpy(&v, p + i, 1); return ju64(b, v); }
  case SIMI_ELEM_U16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return ju64(b, v); }
  case SIMI_ELEM_U32: { uint32_t v; memcpy(&v, p + 4 * i, 4); return ju64(b, v); }
  case SIMI_ELEM_U64: { uint64_t v; memcpy(&v, p + 8 * i, 8); return ju64(b, v); }
  case SIMI_ELEM_F32:
  case SIMI_ELEM_F64: {
    double d;
    char s[40];
    if (e == SIMI_ELEM_F32) {
      float f;
      memcpy(&f, p + 4 * i, 4);
      d = f;
      snprintf(s, sizeof s, "%.9g", d);
    } else {
      memcpy(&d, p + 8 * i, 8);
      snprintf(s, sizeof s, "%.17g", d);
    }
    if (isnan(d)) return jstr(b, "nan");
    if (isinf(d)) return jstr(b, d < 0 ? "-inf" : "inf");
    return json_object_new_double_s(d, s);
  }
  default: return json_object_new_null();
  }
}

/* JSON of one confirmation value: a number of the element type (non-finite
 * floats as "nan"/"inf"/"-inf"), an unknown type as an unsigned integer. */
static json_object *jconfirm_value(jb *b, const simD_confirmation *c, uint64_t v) {
  unsigned char raw[8];
  memcpy(raw, &v, 8);
  switch ((simI_elem)c->elem) {
  case SIMI_ELEM_UNKNOWN:
  case SIMI_ELEM_F16: {
    if (c->elem == SIMI_ELEM_UNKNOWN) {
      unsigned es = c->elem_size;
      return ju64(b, es && es < 8 ? v & ((1ull << (8 * es)) - 1) : v);
    }
    double d = half_value((uint16_t)v);
    char s[40];
    snprintf(s, sizeof s, "%.5g", d);
    if (isnan(d)) return jstr(b, "nan");
    if (isinf(d)) return jstr(b, d < 0 ? "-inf" : "inf");
    return json_object_new_double_s(d, s);
  }
  default: return jelem(b, (simI_elem)c->elem, raw, 0);
  }
}

static json_object *jfinding(jb *b, const simD_record *r, unsigned i) {
  const simD_finding *f = &r->findings.v[i];
  char head[640];
  const char *addr = r->addrs ? r->addrs[i] : NULL;
  json_object *o = jobj(b);
  jset(b, o, "kind", jstr(b, simD_kind_name(f->kind)));
  jset(b, o, "level", jstr(b, simD_level_name(f->level)));
  jset(b, o, "grade", jstr(b, f->grade));
  if (f->grade_why[0]) jset(b, o, "grade_reason", jstr(b, f->grade_why));
  jset(b, o, "space", jstr(b, simD_space_name(f->space)));
  if (f->kind == SIMD_DATA_RACE) {
    jset(b, o, "access", jstr(b, f->write_write ? "write-write" : "read-write"));
    jset(b, o, "relation", jstr(b, relation_name(f->relation)));
  } else if (f->relation != SIMD_REL_NONE) {
    jset(b, o, "relation", jstr(b, relation_name(f->relation)));
  }
  if (has_address(f->kind)) {
    char a[64];
    snprintf(a, sizeof a, "0x%llx", (unsigned long long)f->addr);
    jset(b, o, "address", jstr(b, addr && *addr ? addr : a));
  }
  simD_finding_headline(f, addr, head, sizeof head);
  jset(b, o, "headline", jstr(b, head));
  json_object *locs = jarr(b);
  for (unsigned j = 0; j < 2; j++)
    if (loc_present(f, rec_loc(r, i, j), j))
      jpush(b, locs, jloc(b, r, rec_loc(r, i, j)));
  jset(b, o, "locations", locs);
  json_object *ths = jarr(b);
  for (unsigned k = 0; k < f->nthreads && k < 2; k++) {
    const simD_thread *th = &f->thread[k];
    json_object *to = jobj(b);
    jset(b, to, "block", jdim(b, th->block));
    jset(b, to, "thread", jdim(b, th->thread));
    jset(b, to, "access", jstr(b, access_name(th->access)));
    jset(b, to, "size", ju64(b, th->size));
    if (th->has_value) jset(b, to, "value", ju64(b, th->value));
    jpush(b, ths, to);
  }
  jset(b, o, "threads", ths);
  if (f->kind == SIMD_BARRIER_DIVERGENCE) {
    jset(b, o, "arrived", ju64(b, f->arrived));
    jset(b, o, "missing", ju64(b, f->missing));
  }
  if (f->kind == SIMD_REDUNDANT_BARRIER) {
    jset(b, o, "executions", ju64(b, f->executions));
    jset(b, o, "instances", ju64(b, f->instances));
  }
  jset(b, o, "count", ju64(b, f->count));
  jset(b, o, "message", jstr(b, f->message));
  if (f->why[0]) jset(b, o, "why", jstr(b, f->why));
  if (f->kind == SIMD_UNINITIALIZED_READ && f->evidence[0])
    jset(b, o, "evidence", jstr(b, f->evidence));
  if (f->kind == SIMD_DATA_RACE && f->confirm.schedules) {
    const simD_confirmation *c = &f->confirm;
    json_object *co = jobj(b);
    jset(b, co, "schedules", ju64(b, c->schedules));
    jset(b, co, "differs", json_object_new_boolean(c->differs));
    if (c->differs) {
      jset(b, co, "buffer", jstr(b, c->buffer));
      jset(b, co, "offset", ju64(b, c->offset));
      json_object *va = jarr(b);
      jpush(b, va, jconfirm_value(b, c, c->values[0]));
      jpush(b, va, jconfirm_value(b, c, c->values[1]));
      jset(b, co, "values", va);
      jset(b, co, "type", jstr(b, c->elem ? simI_elem_name((simI_elem)c->elem) : "?"));
      jset(b, co, "size", ju64(b, c->elem_size));
      jset(b, co, "schedule", jstr(b, c->schedule));
    }
    jset(b, o, "confirmation", co);
  }
  if (f->evidence[0]) jset(b, o, "evidence", jstr(b, f->evidence));
  if (r->witnesses && r->witnesses[i].replay) {
    const simD_witness *w = &r->witnesses[i];
    json_object *wo = jobj(b);
    jset(b, wo, "grid", jdim(b, w->grid));
    jset(b, wo, "block", jdim(b, w->block));
    jset(b, wo, "shared", ju64(b, w->shared));
    if (w->cluster.x) jset(b, wo, "cluster", jdim(b, w->cluster));
    json_object *wa = jarr(b);
    for (unsigned k = 0; k < w->nargs; k++) jpush(b, wa, jstr(b, w->args[k]));
    jset(b, wo, "args", wa);
    jset(b, wo, "replay", jstr(b, w->replay));
    jset(b, o, "witness", wo);
  }
  simD_suppress sup = simD_record_suppressed(r, i);
  jset(b, o, "suppressed", json_object_new_boolean(sup != SIMD_SUPPRESS_NONE));
  if (sup != SIMD_SUPPRESS_NONE) {
    json_object *so = jobj(b);
    jset(b, so, "kind", jstr(b, sup == SIMD_SUPPRESS_IN_SOURCE ? "inSource" : "external"));
    const char *why = r->suppress_why ? r->suppress_why[i] : NULL;
    if (why) jset(b, so, "justification", jstr(b, why));
    jset(b, o, "suppression", so);
  }
  return o;
}

static json_object *jlaunch(jb *b, const simD_record *r) {
  if (!r->has_launch) return json_object_new_null();
  json_object *o = jobj(b);
  jset(b, o, "grid", jdim(b, r->grid));
  jset(b, o, "block", jdim(b, r->block));
  jset(b, o, "shared", ju64(b, r->shared));
  if (r->cluster.x) jset(b, o, "cluster", jdim(b, r->cluster));
  json_object *a = jarr(b);
  for (unsigned i = 0; i < r->nargs; i++) jpush(b, a, jstr(b, r->args[i]));
  jset(b, o, "args", a);
  return o;
}

/* Where the launch's fixed parts came from (host_parts != 0): "host" for
 * each part taken from the host code's launches, and the first launch. */
static json_object *jlaunch_source(jb *b, const simD_record *r) {
  json_object *ls = jobj(b);
  if (r->host_parts & SIMD_HOST_GRID) jset(b, ls, "grid", jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_BLOCK) jset(b, ls, "block", jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_SHARED) jset(b, ls, "shared", jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_ARGS) jset(b, ls, "args", jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_DERIVED) jset(b, ls, "derived", jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_BUFFERS) jset(b, ls, "buffers", jstr(b, "host"));
  jset(b, ls, "file", jstr(b, r->host_file));
  jset(b, ls, "line", ju64(b, r->host_line));
  jset(b, ls, "sites", ju64(b, r->host_sites));
  return ls;
}

static json_object *jrecord(jb *b, const simD_record *r) {
  json_object *o = jobj(b);
  jset(b, o, "file", jstr(b, r->file));
  jset(b, o, "kernel", jstr(b, r->kernel));
  jset(b, o, "name", jstr(b, r->name));
  jset(b, o, "line", ju64(b, r->line));
  jset(b, o, "status", jstr(b, simD_status_name(r->status)));
  jset(b, o, "message", jstr(b, r->message));
  jset(b, o, "launch", jlaunch(b, r));
  if (r->replay) jset(b, o, "replay", jstr(b, r->replay));
  if (r->host_parts) jset(b, o, "launch_source", jlaunch_source(b, r));
  if (r->launch_ordinal) {
    json_object *pl = jobj(b);
    jset(b, pl, "ordinal", ju64(b, r->launch_ordinal));
    jset(b, pl, "file", jstr(b, r->host_file ? r->host_file : ""));
    jset(b, pl, "line", ju64(b, r->host_line));
    jset(b, o, "program_launch", pl);
  }
  if (r->cov_total) {
    json_object *cv = jobj(b);
    jset(b, cv, "reached", ju64(b, r->cov_reached));
    jset(b, cv, "total", ju64(b, r->cov_total));
    json_object *un = jarr(b);
    for (unsigned i = 0; i < r->cov_nlines; i++) {
      json_object *u = jobj(b);
      jset(b, u, "line", ju64(b, r->cov_lines[i]));
      jpush(b, un, u);
    }
    jset(b, cv, "unreached", un);
    if (r->br_total) {
      json_object *br = jobj(b);
      jset(b, br, "reached", ju64(b, r->br_reached));
      jset(b, br, "total", ju64(b, r->br_total));
      json_object *bu = jarr(b);
      for (unsigned i = 0; i < r->br_nunreached; i++) {
        json_object *u = jobj(b);
        jset(b, u, "line", ju64(b, r->br_lines[i]));
        jset(b, u, "outcome", jstr(b, branch_side_name(r->br_sides[i])));
        jpush(b, bu, u);
      }
      jset(b, br, "unreached", bu);
      jset(b, cv, "branches", br);
    }
    jset(b, o, "coverage", cv);
  }
  json_object *st = jobj(b);
  jset(b, st, "instructions", ju64(b, r->insns));
  jset(b, st, "threads", ju64(b, r->threads));
  jset(b, st, "seconds", jdbl(b, r->seconds));
  jset(b, st, "ips", jdbl(b, r->seconds > 0 ? (double)r->insns / r->seconds : 0.0));
  if (r->has_search) {
    json_object *se = jobj(b);
    jset(b, se, "evaluations", ju64(b, r->evaluations));
    jset(b, se, "generations", ju64(b, r->generations));
    jset(b, se, "discarded", ju64(b, r->discarded));
    jset(b, se, "fitness", jdbl(b, r->fitness));
    jset(b, st, "search", se);
  }
  jset(b, o, "stats", st);
  json_object *fs = jarr(b);
  for (unsigned i = 0; i < r->findings.n; i++) jpush(b, fs, jfinding(b, r, i));
  jset(b, o, "findings", fs);
  if (r->ndumps) {
    json_object *ds = jarr(b);
    for (unsigned i = 0; i < r->ndumps; i++) {
      const simD_dump *d = &r->dumps[i];
      json_object *dobj = jobj(b);
      jset(b, dobj, "param", ju64(b, d->param));
      jset(b, dobj, "type", jstr(b, simI_elem_name(d->elem)));
      json_object *vals = jarr(b);
      for (uint64_t k = 0; k < d->count && !b->bad; k++)
        jpush(b, vals, jelem(b, d->elem, d->data, k));
      jset(b, dobj, "values", vals);
      jpush(b, ds, dobj);
    }
    jset(b, o, "dumps", ds);
  }
  return o;
}

static json_object *jtool(jb *b) {
  json_object *t = jobj(b);
  jset(b, t, "name", jstr(b, "simulee"));
  jset(b, t, "version", jstr(b, SIMULEE_VERSION));
  jset(b, t, "commit", jstr(b, simV_commit()));
  jset(b, t, "llvm", jstr(b, simV_llvm_version()));
  jset(b, t, "clang", jstr(b, simV_clang_version()));
  return t;
}

static json_object *json_doc(jb *b, const simD_report *r) {
  json_object *doc = jobj(b);
  jset(b, doc, "tool", jtool(b));
  if (r->root) jset(b, doc, "root", jstr(b, r->root));
  if (r->command) jset(b, doc, "command", jstr(b, r->command));
  if (r->nshards) {
    json_object *sh = jobj(b);
    jset(b, sh, "index", ju64(b, r->shard));
    jset(b, sh, "count", ju64(b, r->nshards));
    jset(b, doc, "shard", sh);
  }
  json_object *ks = jarr(b);
  for (unsigned i = 0; i < r->n && !b->bad; i++) jpush(b, ks, jrecord(b, &r->v[i]));
  jset(b, doc, "kernels", ks);
  if (r->nnotes) {
    json_object *ns = jarr(b);
    for (unsigned i = 0; i < r->nnotes && !b->bad; i++) {
      json_object *no = jobj(b);
      jset(b, no, "file", jstr(b, r->notes[i].file));
      jset(b, no, "line", ju64(b, r->notes[i].line));
      jset(b, no, "message", jstr(b, r->notes[i].message));
      jpush(b, ns, no);
    }
    jset(b, doc, "notes", ns);
  }
  json_object *sum = jobj(b);
  jset(b, sum, "kernels", ju64(b, r->n));
  jset(b, sum, "findings", ju64(b, simD_report_nfindings(r)));
  jset(b, sum, "suppressed", ju64(b, simD_report_nsuppressed(r)));
  jset(b, sum, "errors", ju64(b, simD_report_nlevel(r, SIMD_LEVEL_ERROR)));
  jset(b, sum, "warnings", ju64(b, simD_report_nlevel(r, SIMD_LEVEL_WARNING)));
  jset(b, sum, "notes", ju64(b, simD_report_nlevel(r, SIMD_LEVEL_NOTE)));
  /* the notes recorded launches graded (scan --launches), by reason (the
   * findings' grade_reason values) */
  json_object *why = jobj(b);
  for (unsigned w = 0; w < SIMD_NWHY; w++)
    jset(b, why, simD_whys[w], ju64(b, simD_report_nwhy(r, simD_whys[w])));
  jset(b, sum, "notes_by_reason", why);
  jset(b, doc, "summary", sum);
  return doc;
}

/* ------------------------------------------------------------- SARIF */

typedef struct rule_text {
  const char *name;  /* PascalCase rule name */
  const char *short_; /* one sentence */
  const char *full;   /* longer description */
} rule_text;

static const rule_text RULES[SIMD_KIND_COUNT] = {
  [SIMD_DATA_RACE] = {"DataRace",
    "Data race between two threads of a CUDA kernel.",
    "Two threads access overlapping bytes of shared or global memory without "
    "an ordering barrier between them, and at least one access is a write. "
    "Within a block, __syncthreads orders accesses of different warps; "
    "accesses of different blocks to global memory are never ordered by it."},
  [SIMD_BARRIER_DIVERGENCE] = {"BarrierDivergence",
    "Barrier not reached by every thread of the block.",
    "Some threads of a block wait at a __syncthreads while others of the "
    "block exited or wait at a different barrier: undefined behaviour that "
    "usually hangs or corrupts the block."},
  [SIMD_REDUNDANT_BARRIER] = {"RedundantBarrier",
    "Barrier that orders nothing in the executions examined.",
    "Merging the two barrier intervals this __syncthreads separates creates "
    "no data race in any memory unit in any execution examined, so the "
    "barrier only costs time. The evidence is the number of executions and "
    "barrier instances examined."},
  [SIMD_OUT_OF_BOUNDS] = {"OutOfBounds",
    "Memory access outside its allocation.",
    "A thread read or wrote memory outside the buffer or variable its "
    "pointer refers to, or through a null pointer."},
  [SIMD_ASSERTION] = {"Assertion",
    "Kernel assertion failed or the kernel trapped.",
    "A thread executed a failing assert(), __trap() or an unreachable "
    "instruction."},
  [SIMD_INVALID_WARP_MASK] = {"InvalidWarpMask",
    "Warp-synchronous collective with an invalid mask.",
    "A lane executed __syncwarp, a __shfl*_sync, vote, __match_*_sync or "
    "__reduce_*_sync collective whose mask argument does not include the "
    "lane itself, or names an executing lane of its warp that gave a "
    "different mask: undefined behaviour in CUDA, whose result the "
    "hardware does not define."},
  [SIMD_UNINITIALIZED_READ] = {"UninitializedRead",
    "Read of memory no thread wrote in this launch.",
    "A thread read shared memory, a local variable or device-heap memory "
    "that no thread wrote before in this launch. Shared memory is not "
    "zeroed on a GPU, so the value read is whatever the block's predecessor "
    "left there."},
  [SIMD_DEADLOCK] = {"Deadlock",
    "Threads wait forever.",
    "Threads wait on a synchronisation object (an mbarrier phase, a flag, "
    "a lock) that no other thread will ever complete or release."},
};

/* Append s to a growable buffer, percent-encoding what a URI path may not
 * hold. */
static char *uri_encode(const char *prefix, const char *path) {
  size_t n = strlen(prefix) + 3 * strlen(path) + 1;
  char *u = malloc(n), *q = u;
  if (!u) return NULL;
  q += sprintf(q, "%s", prefix);
  int first = !*prefix; /* a relative reference's first segment: no ':' (RFC 3986) */
  for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
    if (*p == '/') first = 0;
    if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
        (*p >= '0' && *p <= '9') || strchr("/-._~!$&'()*+,;=@", *p) || (*p == ':' && !first))
      *q++ = (char)*p;
    else
      q += sprintf(q, "%%%02X", *p);
  }
  *q = 0;
  return u;
}

/* The artifact URI of a path: relative to srcroot when under it, a file://
 * URI when absolute elsewhere, else the relative path. Malloc'd. */
static char *artifact_uri(const char *path, const char *root) {
  char cwd[PATH_MAX];
  if (!root) root = getcwd(cwd, sizeof cwd);
  while (path[0] == '.' && path[1] == '/') path += 2;
  if (path[0] == '/') {
    size_t rl = root ? strlen(root) : 0;
    while (rl > 1 && root[rl - 1] == '/') rl--;
    if (rl && !strncmp(path, root, rl) && path[rl] == '/')
      return uri_encode("", path + rl + 1);
    return uri_encode("file://", path);
  }
  return uri_encode("", path);
}

static json_object *sarif_phys(jb *b, const simD_record *r, const simD_loc *l,
                               const simD_write_opts *o) {
  json_object *phys = jobj(b), *art = jobj(b);
  char *uri = artifact_uri(loc_file(r, l), o ? o->srcroot : NULL);
  if (!uri) b->bad = 1;
  jset(b, art, "uri", jstr(b, uri));
  if (uri && o && o->srcroot && o->srcroot[0] == '/' && strncmp(uri, "file:", 5))
    jset(b, art, "uriBaseId", jstr(b, "SRCROOT"));
  free(uri);
  jset(b, phys, "artifactLocation", art);
  unsigned line = l && l->line ? l->line : r->line;
  if (line) {
    json_object *reg = jobj(b);
    jset(b, reg, "startLine", ju64(b, line));
    if (l && l->line && l->col) jset(b, reg, "startColumn", ju64(b, l->col));
    jset(b, phys, "region", reg);
  }
  return phys;
}

static json_object *sarif_location(jb *b, const simD_record *r,
                                   const simD_loc *l, const simD_write_opts *o) {
  json_object *loc = jobj(b);
  jset(b, loc, "physicalLocation", sarif_phys(b, r, l, o));
  if (l && l->function && *l->function) {
    json_object *lls = jarr(b), *ll = jobj(b);
    jset(b, ll, "fullyQualifiedName", jstr(b, l->function));
    jset(b, ll, "kind", jstr(b, "function"));
    jpush(b, lls, ll);
    jset(b, loc, "logicalLocations", lls);
  }
  return loc;
}

/* The result text: headline, witness threads, the detector's message, the
 * launch. */
static char *sarif_text(const simD_record *r, unsigned i) {
  const simD_finding *f = &r->findings.v[i];
  size_t cap = 4096;
  char *s = malloc(cap), th[256], head[640];
  if (!s) return NULL;
  simD_finding_headline(f, r->addrs ? r->addrs[i] : NULL, head, sizeof head);
  size_t n = (size_t)snprintf(s, cap, "%s in kernel %s", head, r->name);
  if (f->site[1] != UINT32_MAX && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " (%s: [here](1))",
                          second_site_note(f->kind));
  if (n < cap) n += (size_t)snprintf(s + n, cap - n, ".");
  for (unsigned k = 0; k < f->nthreads && k < 2 && n < cap; k++) {
    thread_text(&f->thread[k], th, sizeof th);
    n += (size_t)snprintf(s + n, cap - n, "%s%s", k ? "; " : " Threads: ", th);
  }
  if (f->nthreads && f->relation != SIMD_REL_NONE && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " (%s)", relation_name(f->relation));
  if (f->nthreads && n < cap) n += (size_t)snprintf(s + n, cap - n, ".");
  if (f->message[0] && !repeats_headline(f, head) && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " %s.", f->message);
  if (f->grade[0] && *simD_finding_grade_text(f) && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " %s%s%s%s: %s.", f->grade, f->grade_why[0] ? " (" : "",
                          f->grade_why, f->grade_why[0] ? ")" : "", simD_finding_grade_text(f));
  if (f->count > 1 && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " %llu dynamic instances.",
                          (unsigned long long)f->count);
  if (n < cap) {
    const char *replay = finding_replay(r, i);
    if (replay) {
      n += (size_t)snprintf(s + n, cap - n, " Reproduce: %s", replay);
    } else {
      char la[1024];
      launch_text(r, la, sizeof la);
      n += (size_t)snprintf(s + n, cap - n, " Launch: %s.", la);
    }
  }
  return s;
}

static json_object *sarif_doc(jb *b, const simD_report *r,
                              const simD_write_opts *o) {
  json_object *doc = jobj(b);
  jset(b, doc, "$schema", jstr(b, "https://json.schemastore.org/sarif-2.1.0.json"));
  jset(b, doc, "version", jstr(b, "2.1.0"));
  json_object *runs = jarr(b), *run = jobj(b), *tool = jobj(b), *drv = jobj(b);
  jset(b, drv, "name", jstr(b, "simulee"));
  jset(b, drv, "version", jstr(b, SIMULEE_VERSION));
  jset(b, drv, "semanticVersion", jstr(b, SIMULEE_VERSION));
  json_object *dprops = jobj(b);
  jset(b, dprops, "commit", jstr(b, simV_commit()));
  jset(b, dprops, "llvm", jstr(b, simV_llvm_version()));
  jset(b, dprops, "clang", jstr(b, simV_clang_version()));
  jset(b, drv, "properties", dprops);
  json_object *rules = jarr(b);
  for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) {
    json_object *ru = jobj(b), *sd = jobj(b), *fd = jobj(b), *hp = jobj(b),
                *dc = jobj(b), *pr = jobj(b), *tags = jarr(b);
    jset(b, ru, "id", jstr(b, simD_kind_name((simD_kind)k)));
    jset(b, ru, "name", jstr(b, RULES[k].name));
    jset(b, sd, "text", jstr(b, RULES[k].short_));
    jset(b, ru, "shortDescription", sd);
    jset(b, fd, "text", jstr(b, RULES[k].full));
    jset(b, ru, "fullDescription", fd);
    jset(b, hp, "text", jstr(b, RULES[k].full));
    jset(b, ru, "help", hp);
    jset(b, dc, "level", jstr(b, simD_kind_level((simD_kind)k)));
    jset(b, ru, "defaultConfiguration", dc);
    jpush(b, tags, jstr(b, "cuda"));
    jpush(b, tags, jstr(b, k == SIMD_REDUNDANT_BARRIER ? "performance" : "correctness"));
    jpush(b, tags, jstr(b, "concurrency"));
    jset(b, pr, "tags", tags);
    jset(b, pr, "precision", jstr(b, "high"));
    jset(b, pr, "problem.severity", jstr(b, simD_kind_level((simD_kind)k)));
    jset(b, ru, "properties", pr);
    jpush(b, rules, ru);
  }
  jset(b, drv, "rules", rules);
  jset(b, tool, "driver", drv);
  jset(b, run, "tool", tool);

  json_object *results = jarr(b), *notes = jarr(b);
  int ok = 1;
  for (unsigned ri = 0; ri < r->n && !b->bad; ri++) {
    const simD_record *rec = &r->v[ri];
    if (rec->status != SIMD_STATUS_CHECKED) {
      json_object *nt = jobj(b), *msg = jobj(b);
      char text[1024];
      snprintf(text, sizeof text, "%s%s: %s%s%s", rec->kernel[0] ? "kernel " : "",
               rec->kernel[0] ? rec->name : rec->file,
               simD_status_name(rec->status), rec->message[0] ? ": " : "",
               rec->message);
      jset(b, nt, "level", jstr(b, rec->status == SIMD_STATUS_ERROR ? "error" : "warning"));
      jset(b, msg, "text", jstr(b, text));
      jset(b, nt, "message", msg);
      json_object *nls = jarr(b);
      jpush(b, nls, sarif_location(b, rec, NULL, o));
      jset(b, nt, "locations", nls);
      jpush(b, notes, nt);
      if (rec->status == SIMD_STATUS_ERROR) ok = 0;
    }
    for (unsigned i = 0; i < rec->findings.n && !b->bad; i++) {
      const simD_finding *f = &rec->findings.v[i];
      json_object *res = jobj(b), *msg = jobj(b), *locs = jarr(b);
      unsigned k = f->kind < SIMD_KIND_COUNT ? (unsigned)f->kind : 0;
      jset(b, res, "ruleId", jstr(b, simD_kind_name(f->kind)));
      jset(b, res, "ruleIndex", ju64(b, k));
      jset(b, res, "level", jstr(b, simD_level_name(f->level)));
      char *text = sarif_text(rec, i);
      if (!text) b->bad = 1;
      jset(b, msg, "text", jstr(b, text));
      free(text);
      jset(b, res, "message", msg);
      jpush(b, locs, sarif_location(b, rec, rec_loc(rec, i, 0), o));
      jset(b, res, "locations", locs);
      if (f->site[1] != UINT32_MAX) {
        json_object *rel = jarr(b), *rl = sarif_location(b, rec, rec_loc(rec, i, 1), o),
                    *rm = jobj(b);
        jset(b, rl, "id", ju64(b, 1));
        jset(b, rm, "text", jstr(b, second_site_note(f->kind)));
        jset(b, rl, "message", rm);
        jpush(b, rel, rl);
        jset(b, res, "relatedLocations", rel);
      }
      simD_suppress sup = simD_record_suppressed(rec, i);
      if (sup != SIMD_SUPPRESS_NONE) {
        json_object *sups = jarr(b), *so = jobj(b);
        jset(b, so, "kind", jstr(b, sup == SIMD_SUPPRESS_IN_SOURCE ? "inSource" : "external"));
        const char *why = rec->suppress_why ? rec->suppress_why[i] : NULL;
        if (why) jset(b, so, "justification", jstr(b, why));
        jpush(b, sups, so);
        jset(b, res, "suppressions", sups);
      }
      json_object *pr = jobj(b);
      jset(b, pr, "kernel", jstr(b, rec->kernel));
      jset(b, pr, "count", ju64(b, f->count));
      if (rec->host_parts) jset(b, pr, "launchSource", jlaunch_source(b, rec));
      if (f->grade[0]) jset(b, pr, "grade", jstr(b, f->grade));
      if (f->grade_why[0]) jset(b, pr, "gradeReason", jstr(b, f->grade_why));
      if (f->kind == SIMD_DATA_RACE) {
        jset(b, pr, "access", jstr(b, f->write_write ? "write-write" : "read-write"));
        jset(b, pr, "space", jstr(b, simD_space_name(f->space)));
      }
      jset(b, res, "properties", pr);
      jpush(b, results, res);
    }
  }
  for (unsigned ni = 0; ni < r->nnotes && !b->bad; ni++) {
    const simD_note *no = &r->notes[ni];
    json_object *nt = jobj(b), *msg = jobj(b), *nls = jarr(b);
    jset(b, nt, "level", jstr(b, "note"));
    jset(b, msg, "text", jstr(b, no->message));
    jset(b, nt, "message", msg);
    simD_record fake;
    memset(&fake, 0, sizeof fake);
    fake.file = no->file;
    fake.line = no->line;
    jpush(b, nls, sarif_location(b, &fake, NULL, o));
    jset(b, nt, "locations", nls);
    jpush(b, notes, nt);
  }
  jset(b, run, "results", results);
  if (o && o->srcroot && o->srcroot[0] == '/') {
    json_object *bases = jobj(b), *sr = jobj(b);
    size_t rl = strlen(o->srcroot);
    char *u = malloc(rl + 2);
    if (!u) b->bad = 1;
    else {
      snprintf(u, rl + 2, "%s%s", o->srcroot, o->srcroot[rl - 1] == '/' ? "" : "/");
      char *uri = uri_encode("file://", u);
      free(u);
      if (!uri) b->bad = 1;
      jset(b, sr, "uri", jstr(b, uri));
      free(uri);
    }
    jset(b, bases, "SRCROOT", sr);
    jset(b, run, "originalUriBaseIds", bases);
  }
  json_object *invs = jarr(b), *inv = jobj(b);
  jset(b, inv, "executionSuccessful", json_object_new_boolean(ok));
  jset(b, inv, "toolExecutionNotifications", notes);
  jpush(b, invs, inv);
  jset(b, run, "invocations", invs);
  jset(b, run, "columnKind", jstr(b, "utf16CodeUnits"));
  jpush(b, runs, run);
  jset(b, doc, "runs", runs);
  return doc;
}

/* ------------------------------------------------------------ writing */

static int write_json(FILE *out, json_object *doc) {
  const char *s = json_object_to_json_string_ext(
      doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
               JSON_C_TO_STRING_NOSLASHESCAPE);
  if (!s) return -1;
  if (fputs(s, out) == EOF || fputc('\n', out) == EOF) return -1;
  return fflush(out) == 0 ? 0 : -1;
}

int simD_report_write(FILE *out, const simD_report *r, simD_format f,
                      const simD_write_opts *o) {
  if (f == SIMD_FORMAT_TEXT) {
    int rc = 0;
    for (unsigned i = 0; i < r->n; i++)
      if (simD_write_text_record(out, &r->v[i], o) < 0) rc = -1;
    if (simD_write_text_notes(out, r, o, NULL) < 0) rc = -1;
    return rc;
  }
  jb b = {0};
  json_object *doc = f == SIMD_FORMAT_JSON ? json_doc(&b, r) : sarif_doc(&b, r, o);
  int rc = (b.bad || !doc) ? -1 : write_json(out, doc);
  json_object_put(doc);
  return rc;
}
