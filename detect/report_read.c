/*
 * simulee detect: read a JSON report back (report.h, simD_report_read_json).
 * `simulee merge` joins shard reports with it, so everything the writers need
 * (locations, messages, witnesses, suppressions) is read back: writing the
 * records read from a report gives the same JSON and SARIF again, except
 * for the fields the JSON does not keep (raw site numbers, the numeric
 * address when a description was written).
 */
#include <json-c/json.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simulee/report.h"

/* A reading context: the file name for messages, the first error. */
typedef struct rd {
  const char *path; /* the file being read */
  char *err;        /* message buffer */
  size_t errlen;    /* its size */
  int bad;          /* an error was recorded */
} rd;

static void rfail(rd *d, const char *fmt, ...) {
  if (d->bad) return;
  d->bad = 1;
  int n = snprintf(d->err, d->errlen, "%s: ", d->path);
  if (n < 0 || (size_t)n >= d->errlen) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d->err + n, d->errlen - (size_t)n, fmt, ap);
  va_end(ap);
}

static json_object *get(json_object *o, const char *key) {
  json_object *v = NULL;
  if (!o || !json_object_is_type(o, json_type_object)) return NULL;
  return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* A string member ("" when absent or not a string). */
static const char *gstr(json_object *o, const char *key) {
  json_object *v = get(o, key);
  return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : "";
}

/* An unsigned integer member (def when absent). */
static uint64_t gu64(json_object *o, const char *key, uint64_t def) {
  json_object *v = get(o, key);
  if (!v || !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
    return def;
  return json_object_get_uint64(v);
}

static int gdim(json_object *o, const char *key, simI_dim3 *d) {
  json_object *a = get(o, key);
  *d = (simI_dim3){1, 1, 1};
  if (!a || !json_object_is_type(a, json_type_array) || json_object_array_length(a) != 3)
    return -1;
  d->x = (unsigned)json_object_get_uint64(json_object_array_get_idx(a, 0));
  d->y = (unsigned)json_object_get_uint64(json_object_array_get_idx(a, 1));
  d->z = (unsigned)json_object_get_uint64(json_object_array_get_idx(a, 2));
  return 0;
}

static int kind_parse(const char *s, simD_kind *k) {
  for (unsigned i = 0; i < SIMD_KIND_COUNT; i++)
    if (!strcmp(s, simD_kind_name((simD_kind)i))) {
      *k = (simD_kind)i;
      return 0;
    }
  return -1;
}

static unsigned space_parse(const char *s) {
  static const unsigned SP[] = {SIMI_SPACE_GLOBAL, SIMI_SPACE_SHARED, SIMI_SPACE_LOCAL,
                                SIMI_SPACE_CONST};
  for (unsigned i = 0; i < sizeof SP / sizeof SP[0]; i++)
    if (!strcmp(s, simD_space_name(SP[i]))) return SP[i];
  return 0;
}

static int status_parse(const char *s, simD_status *st) {
  for (int i = SIMD_STATUS_CHECKED; i <= SIMD_STATUS_ERROR; i++)
    if (!strcmp(s, simD_status_name((simD_status)i))) {
      *st = (simD_status)i;
      return 0;
    }
  return -1;
}

static simD_relation relation_parse(const char *s) {
  if (!strcmp(s, "same-warp")) return SIMD_REL_SAME_WARP;
  if (!strcmp(s, "other-warp")) return SIMD_REL_OTHER_WARP;
  if (!strcmp(s, "other-block")) return SIMD_REL_OTHER_BLOCK;
  return SIMD_REL_NONE;
}

/* The inverse of the writer's access names. */
static unsigned access_parse(const char *s) {
  if (!strcmp(s, "atomic-rmw")) return SIMI_ACC_ATOMIC | SIMI_ACC_READ | SIMI_ACC_WRITE;
  if (!strcmp(s, "atomic-write")) return SIMI_ACC_ATOMIC | SIMI_ACC_WRITE;
  if (!strcmp(s, "atomic-read")) return SIMI_ACC_ATOMIC | SIMI_ACC_READ;
  if (!strcmp(s, "read-write")) return SIMI_ACC_READ | SIMI_ACC_WRITE;
  if (!strcmp(s, "write")) return SIMI_ACC_WRITE;
  if (!strcmp(s, "read")) return SIMI_ACC_READ;
  return 0;
}

/* The parts of a record being rebuilt, freed after simD_report_add copied
 * them. */
typedef struct parts {
  simD_loc *locs;        /* 2 per finding */
  const char **addrs;    /* per finding */
  unsigned char *sup;    /* per finding */
  const char **why;      /* per finding */
  const char **args;     /* launch args */
  simD_witness *wit;     /* per finding */
  const char ***wargs;   /* per finding: its witness args (malloc'd) */
  int nwit;              /* findings with a witness */
  unsigned *cov_lines;   /* coverage: unreached lines */
} parts;

/* The strings of the JSON array as (borrowed from the document; a non-string
 * reads as "") into a calloc'd *v of *n; *v NULL and *n 0 when there are
 * none. Returns 0, or -1 (out of memory, d failed). */
static int read_strv(rd *d, json_object *as, const char ***v, unsigned *n) {
  size_t na = as && json_object_is_type(as, json_type_array) ? json_object_array_length(as) : 0;
  *v = NULL;
  *n = 0;
  if (!na) return 0;
  const char **a = calloc(na, sizeof *a);
  if (!a) {
    rfail(d, "out of memory");
    return -1;
  }
  for (size_t k = 0; k < na; k++) {
    const char *s = json_object_get_string(json_object_array_get_idx(as, k));
    a[k] = s ? s : "";
  }
  *v = a;
  *n = (unsigned)na;
  return 0;
}

static void read_finding(rd *d, json_object *fo, unsigned i, simD_finding *f,
                         parts *p) {
  memset(f, 0, sizeof *f);
  f->site[0] = f->site[1] = UINT32_MAX;
  if (kind_parse(gstr(fo, "kind"), &f->kind) < 0) {
    rfail(d, "finding with unknown kind '%s'", gstr(fo, "kind"));
    return;
  }
  f->space = space_parse(gstr(fo, "space"));
  f->write_write = !strcmp(gstr(fo, "access"), "write-write");
  f->relation = relation_parse(gstr(fo, "relation"));
  json_object *addr = get(fo, "address");
  if (addr) {
    const char *a = json_object_get_string(addr);
    if (a && a[0] == '0' && a[1] == 'x') f->addr = strtoull(a, NULL, 16);
    p->addrs[i] = a;
  }
  json_object *locs = get(fo, "locations");
  size_t nl = locs && json_object_is_type(locs, json_type_array)
                  ? json_object_array_length(locs) : 0;
  for (size_t j = 0; j < nl && j < 2; j++) {
    json_object *lo = json_object_array_get_idx(locs, j);
    simD_loc *l = &p->locs[2 * i + j];
    l->file = gstr(lo, "file");
    l->line = (unsigned)gu64(lo, "line", 0);
    l->col = (unsigned)gu64(lo, "column", 0);
    l->function = gstr(lo, "function");
    f->site[j] = (uint32_t)j; /* present; the number itself is not kept */
  }
  for (size_t j = nl; j < 2; j++) {
    p->locs[2 * i + j].file = "";
    p->locs[2 * i + j].function = "";
  }
  json_object *ths = get(fo, "threads");
  size_t nt = ths && json_object_is_type(ths, json_type_array)
                  ? json_object_array_length(ths) : 0;
  for (size_t k = 0; k < nt && k < 2; k++) {
    json_object *to = json_object_array_get_idx(ths, k);
    simD_thread *th = &f->thread[k];
    gdim(to, "block", &th->block);
    gdim(to, "thread", &th->thread);
    th->access = access_parse(gstr(to, "access"));
    th->size = (unsigned)gu64(to, "size", 0);
    if (get(to, "value")) {
      th->has_value = 1;
      th->value = gu64(to, "value", 0);
    }
    f->nthreads++;
  }
  f->arrived = (unsigned)gu64(fo, "arrived", 0);
  f->missing = (unsigned)gu64(fo, "missing", 0);
  f->executions = gu64(fo, "executions", 0);
  f->instances = gu64(fo, "instances", 0);
  f->count = gu64(fo, "count", 1);
  snprintf(f->message, sizeof f->message, "%s", gstr(fo, "message"));
  json_object *wo = get(fo, "witness");
  if (wo && json_object_is_type(wo, json_type_object) && get(wo, "replay")) {
    simD_witness *w = &p->wit[i];
    gdim(wo, "grid", &w->grid);
    gdim(wo, "block", &w->block);
    w->shared = gu64(wo, "shared", 0);
    w->replay = gstr(wo, "replay");
    if (read_strv(d, get(wo, "args"), &p->wargs[i], &w->nargs) < 0) return;
    w->args = p->wargs[i];
    p->nwit++;
  }
  json_object *so = get(fo, "suppression");
  json_object *sb = get(fo, "suppressed");
  if (sb && json_object_get_boolean(sb)) {
    p->sup[i] = strcmp(gstr(so, "kind"), "inSource") ? SIMD_SUPPRESS_EXTERNAL
                                                      : SIMD_SUPPRESS_IN_SOURCE;
    json_object *w = get(so, "justification");
    p->why[i] = w ? json_object_get_string(w) : NULL;
  }
}

static void read_record(rd *d, json_object *ko, simD_report *r) {
  simD_record rec;
  parts p;
  memset(&rec, 0, sizeof rec);
  memset(&p, 0, sizeof p);
  if (!ko || !json_object_is_type(ko, json_type_object)) {
    rfail(d, "a kernel record is not an object");
    return;
  }
  rec.file = gstr(ko, "file");
  rec.kernel = gstr(ko, "kernel");
  rec.name = gstr(ko, "name");
  rec.line = (unsigned)gu64(ko, "line", 0);
  if (status_parse(gstr(ko, "status"), &rec.status) < 0) {
    rfail(d, "kernel record with unknown status '%s'", gstr(ko, "status"));
    return;
  }
  rec.message = gstr(ko, "message");
  json_object *la = get(ko, "launch");
  if (la && json_object_is_type(la, json_type_object)) {
    rec.has_launch = 1;
    gdim(la, "grid", &rec.grid);
    gdim(la, "block", &rec.block);
    rec.shared = gu64(la, "shared", 0);
    if (read_strv(d, get(la, "args"), &p.args, &rec.nargs) < 0) return;
    rec.args = p.args;
  }
  json_object *ls = get(ko, "launch_source");
  if (ls && json_object_is_type(ls, json_type_object)) {
    if (get(ls, "grid")) rec.host_parts |= SIMD_HOST_GRID;
    if (get(ls, "block")) rec.host_parts |= SIMD_HOST_BLOCK;
    if (get(ls, "shared")) rec.host_parts |= SIMD_HOST_SHARED;
    if (get(ls, "args")) rec.host_parts |= SIMD_HOST_ARGS;
    if (get(ls, "derived")) rec.host_parts |= SIMD_HOST_DERIVED;
    if (get(ls, "buffers")) rec.host_parts |= SIMD_HOST_BUFFERS;
    rec.host_file = gstr(ls, "file");
    rec.host_line = (unsigned)gu64(ls, "line", 0);
    rec.host_sites = (unsigned)gu64(ls, "sites", 0);
  }
  json_object *cv = get(ko, "coverage");
  if (cv && json_object_is_type(cv, json_type_object)) {
    rec.cov_total = (unsigned)gu64(cv, "total", 0);
    rec.cov_reached = (unsigned)gu64(cv, "reached", 0);
    json_object *un = get(cv, "unreached");
    size_t nu = un && json_object_is_type(un, json_type_array) ? json_object_array_length(un) : 0;
    if (nu && !(p.cov_lines = calloc(nu, sizeof *p.cov_lines))) {
      rfail(d, "out of memory");
      free(p.args);
      return;
    }
    for (size_t i = 0; i < nu; i++)
      p.cov_lines[i] = (unsigned)gu64(json_object_array_get_idx(un, i), "line", 0);
    rec.cov_nlines = (unsigned)nu;
    rec.cov_lines = p.cov_lines;
  }
  json_object *rp = get(ko, "replay");
  rec.replay = rp ? json_object_get_string(rp) : NULL;
  json_object *st = get(ko, "stats");
  rec.insns = gu64(st, "instructions", 0);
  rec.threads = gu64(st, "threads", 0);
  json_object *sec = get(st, "seconds");
  rec.seconds = sec ? json_object_get_double(sec) : 0.0;
  json_object *se = get(st, "search");
  if (se) {
    rec.has_search = 1;
    rec.evaluations = gu64(se, "evaluations", 0);
    rec.generations = (unsigned)gu64(se, "generations", 0);
    json_object *fi = get(se, "fitness");
    rec.fitness = fi ? json_object_get_double(fi) : 0.0;
  }

  json_object *fs = get(ko, "findings");
  size_t nf = fs && json_object_is_type(fs, json_type_array) ? json_object_array_length(fs) : 0;
  simD_list_init(&rec.findings);
  if (nf) {
    rec.findings.v = calloc(nf, sizeof *rec.findings.v);
    p.locs = calloc(2 * nf, sizeof *p.locs);
    p.addrs = calloc(nf, sizeof *p.addrs);
    p.sup = calloc(nf, 1);
    p.why = calloc(nf, sizeof *p.why);
    p.wit = calloc(nf, sizeof *p.wit);
    p.wargs = calloc(nf, sizeof *p.wargs);
    if (!rec.findings.v || !p.locs || !p.addrs || !p.sup || !p.why || !p.wit || !p.wargs) {
      rfail(d, "out of memory");
    } else {
      rec.findings.n = rec.findings.cap = (unsigned)nf;
      for (size_t i = 0; i < nf && !d->bad; i++)
        read_finding(d, json_object_array_get_idx(fs, i), (unsigned)i,
                     &rec.findings.v[i], &p);
      rec.locs = p.locs;
      rec.addrs = p.addrs;
      rec.suppress = p.sup;
      rec.suppress_why = p.why;
      if (p.nwit) rec.witnesses = p.wit;
    }
  }
  if (!d->bad && simD_report_add(r, &rec, NULL, NULL) < 0) rfail(d, "out of memory");
  free(rec.findings.v);
  free(p.locs);
  free(p.addrs);
  free(p.sup);
  if (p.wargs)
    for (size_t i = 0; i < nf; i++) free(p.wargs[i]);
  free(p.wargs);
  free(p.wit);
  free(p.why);
  free(p.args);
  free(p.cov_lines);
}

int simD_report_read_json(simD_report *r, const char *path, char *err,
                          size_t errlen) {
  rd d = {path, err, errlen, 0};
  json_object *doc = json_object_from_file(path);
  if (!doc) {
    const char *why = json_util_get_last_err();
    char w[256];
    snprintf(w, sizeof w, "%s", why ? why : "cannot read");
    size_t n = strlen(w);
    while (n && (w[n - 1] == '\n' || w[n - 1] == ' ')) w[--n] = 0;
    rfail(&d, "not a readable JSON report (%s)", w);
    return -1;
  }
  json_object *tool = get(doc, "tool"), *ks = get(doc, "kernels");
  if (strcmp(gstr(tool, "name"), "simulee") || !ks ||
      !json_object_is_type(ks, json_type_array)) {
    rfail(&d, "not a simulee JSON report (written with --format json?)");
    json_object_put(doc);
    return -1;
  }
  simD_report tmp;
  simD_report_init(&tmp);
  size_t nk = json_object_array_length(ks);
  for (size_t i = 0; i < nk && !d.bad; i++) read_record(&d, json_object_array_get_idx(ks, i), &tmp);
  json_object *ns = get(doc, "notes");
  size_t nn = ns && json_object_is_type(ns, json_type_array) ? json_object_array_length(ns) : 0;
  for (size_t i = 0; i < nn && !d.bad; i++) {
    json_object *no = json_object_array_get_idx(ns, i);
    if (simD_report_add_note(&tmp, gstr(no, "file"), (unsigned)gu64(no, "line", 0),
                             gstr(no, "message")) < 0)
      rfail(&d, "out of memory");
  }
  json_object *sh = get(doc, "shard");
  const char *root = get(doc, "root") ? gstr(doc, "root") : NULL;
  if (!d.bad && !r->root && root && simD_report_set_root(r, root) < 0)
    rfail(&d, "out of memory");
  const char *cmd = get(doc, "command") ? gstr(doc, "command") : NULL;
  if (!d.bad && !r->command && cmd && simD_report_set_command(r, cmd) < 0)
    rfail(&d, "out of memory");
  if (!d.bad && simD_report_take(r, &tmp) < 0) rfail(&d, "out of memory");
  if (!d.bad && sh && !r->nshards) {
    r->shard = (unsigned)gu64(sh, "index", 0);
    r->nshards = (unsigned)gu64(sh, "count", 0);
  }
  simD_report_free(&tmp);
  json_object_put(doc);
  return d.bad ? -1 : 0;
}
