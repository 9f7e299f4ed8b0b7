/*
 * simulee detect: reports (report.h), the records. Records are deep copies;
 * findings are added, suppressed and counted here, folded, merged and
 * sorted by report_merge.c, and written by
 * report_text.c (compiler-style text), report_json.c (one JSON document)
 * and report_sarif.c (a SARIF 2.1.0 log that GitHub code scanning
 * accepts); report_read.c reads a JSON report back.
 */
#include "detect/report_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

const char *simD_relation_name(simD_relation r) {
  switch (r) {
  case SIMD_REL_SAME_WARP: return "same-warp";
  case SIMD_REL_OTHER_WARP: return "other-warp";
  case SIMD_REL_OTHER_BLOCK: return "other-block";
  default: return "none";
  }
}

const char *simD_access_name(unsigned a) {
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

/* Findings of a record that are not suppressed. */
unsigned simD_live_findings(const simD_record *rec) {
  unsigned n = 0;
  for (unsigned i = 0; i < rec->findings.n; i++)
    n += simD_record_suppressed(rec, i) == SIMD_SUPPRESS_NONE;
  return n;
}

uint64_t simD_report_nfindings(const simD_report *r) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++) n += simD_live_findings(&r->v[i]);
  return n;
}

uint64_t simD_report_nsuppressed(const simD_report *r) {
  uint64_t n = 0;
  for (unsigned i = 0; i < r->n; i++) n += r->v[i].findings.n - simD_live_findings(&r->v[i]);
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
  json_object *doc = f == SIMD_FORMAT_JSON ? simD_json_doc(&b, r) : simD_sarif_doc(&b, r, o);
  int rc = (b.bad || !doc) ? -1 : write_json(out, doc);
  json_object_put(doc);
  return rc;
}
