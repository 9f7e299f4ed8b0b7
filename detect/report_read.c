/*
 * simulee detect: read a JSON report back (report.h, simD_report_read_json).
 * `simulee merge` joins shard reports with it, so everything the writers need
 * (locations, messages, witnesses, suppressions) is read back: writing the
 * records read from a report gives the same JSON and SARIF again, except
 * for the fields the JSON does not keep (raw site numbers, the numeric
 * address when a description was written).
 */
#include <errno.h>
#include <fcntl.h>
#include <json-c/json.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A string member ("" when absent or null; a member of another type is an
 * error of the report, recorded in d). */
static const char *gstr(rd *d, json_object *o, const char *key) {
  json_object *v = get(o, key);
  if (!v) return "";
  if (!json_object_is_type(v, json_type_string)) {
    rfail(d, "field '%s' is not a string", key);
    return "";
  }
  const char *str = json_object_get_string(v);
  if (strlen(str) != (size_t)json_object_get_string_len(v)) {
    /* a name cut at the NUL would not be the name */
    rfail(d, "field '%s' holds a NUL character (\\u0000): not a report simulee wrote", key);
    return "";
  }
  return str;
}

/* An unsigned integer member of at most max (def when absent or null; any
 * other type, a negative or a larger value is an error recorded in d). */
static uint64_t gint(rd *d, json_object *o, const char *key, uint64_t def, uint64_t max) {
  json_object *v = get(o, key);
  if (!v) return def;
  if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0) {
    rfail(d, "field '%s' is not a non-negative integer", key);
    return def;
  }
  uint64_t u = json_object_get_uint64(v);
  if (u > max) {
    rfail(d, "field '%s' is %llu, more than %llu", key, (unsigned long long)u,
          (unsigned long long)max);
    return def;
  }
  return u;
}
#define gu64(d, o, key, def) gint(d, o, key, def, UINT64_MAX)
#define gu32(d, o, key, def) ((unsigned)gint(d, o, key, def, UINT32_MAX))

/* A number member (0 when absent or null). */
static double gdbl(rd *d, json_object *o, const char *key) {
  json_object *v = get(o, key);
  if (!v) return 0.0;
  if (!json_object_is_type(v, json_type_double) && !json_object_is_type(v, json_type_int)) {
    rfail(d, "field '%s' is not a number", key);
    return 0.0;
  }
  return json_object_get_double(v);
}

/* A [x, y, z] member of 32-bit integers of at least min (1 for launch
 * dimensions, 0 for coordinates); (1,1,1) when absent. */
static void gdim(rd *d, json_object *o, const char *key, simI_dim3 *dim, int64_t min) {
  json_object *a = get(o, key);
  *dim = (simI_dim3){1, 1, 1};
  if (!a) return;
  unsigned v[3];
  if (!json_object_is_type(a, json_type_array) || json_object_array_length(a) != 3) {
    rfail(d, "field '%s' is not an array [x, y, z]", key);
    return;
  }
  for (size_t k = 0; k < 3; k++) {
    json_object *e = json_object_array_get_idx(a, k);
    if (!e || !json_object_is_type(e, json_type_int) || json_object_get_int64(e) < min ||
        json_object_get_int64(e) > (int64_t)UINT32_MAX) {
      rfail(d, "field '%s' is not an array of three %s 32-bit integers", key,
            min ? "positive" : "non-negative");
      return;
    }
    v[k] = (unsigned)json_object_get_int64(e);
  }
  *dim = (simI_dim3){v[0], v[1], v[2]};
}

/* An object or array member of the type wanted: NULL when absent or null
 * (and, for a member of another type, an error recorded in d). */
static json_object *gtyped(rd *d, json_object *o, const char *key, json_type t) {
  json_object *v = get(o, key);
  if (v && !json_object_is_type(v, t)) {
    rfail(d, "field '%s' is not %s", key, t == json_type_array ? "an array" : "an object");
    return NULL;
  }
  return v;
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
  for (int i = SIMD_STATUS_CHECKED; i <= SIMD_STATUS_INCOMPLETE; i++)
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
  unsigned *br_lines;    /* coverage: branch outcomes never taken */
  unsigned char *br_sides;
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
    json_object *e = json_object_array_get_idx(as, k);
    if (e && !json_object_is_type(e, json_type_string)) {
      rfail(d, "an argument is not a string");
      free(a);
      return -1;
    }
    const char *s = e ? json_object_get_string(e) : NULL;
    if (s && strlen(s) != (size_t)json_object_get_string_len(e)) {
      rfail(d, "an argument holds a NUL character (\\u0000): not a report simulee wrote");
      free(a);
      return -1;
    }
    a[k] = s ? s : "";
  }
  *v = a;
  *n = (unsigned)na;
  return 0;
}

/* An IEEE half nearest to x (ties to even). */
static uint16_t half_bits(double x) {
  uint16_t sg = signbit(x) ? 0x8000 : 0;
  if (isnan(x)) return 0x7E00;
  x = fabs(x);
  if (x >= 65520.0) return sg | 0x7C00;
  if (x < ldexp(1, -14)) return sg | (uint16_t)nearbyint(ldexp(x, 24)); /* subnormal */
  int e;
  double m = frexp(x, &e); /* x = m * 2^e, m in [0.5, 1) */
  uint32_t q = (uint32_t)nearbyint(ldexp(m, 11)); /* 11 significant bits */
  if (q == 2048) q = 1024, e++;
  return sg | (uint16_t)((e + 14) << 10) | (uint16_t)(q & 1023);
}

/* A confirmation value back to raw bits of element type e (JSON numbers as
 * jconfirm_value wrote them). */
static uint64_t confirm_bits(rd *d, json_object *v, simI_elem e) {
  double x;
  if (json_object_is_type(v, json_type_string)) {
    const char *s = json_object_get_string(v);
    x = !strcmp(s, "inf") ? INFINITY : !strcmp(s, "-inf") ? -INFINITY : NAN;
  } else if (json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)) {
    if (e != SIMI_ELEM_F16 && e != SIMI_ELEM_F32 && e != SIMI_ELEM_F64) {
      if (!json_object_is_type(v, json_type_int)) {
        rfail(d, "a confirmation value is not an integer");
        return 0;
      }
      int64_t i = json_object_get_int64(v);
      return i < 0 ? (uint64_t)i : json_object_get_uint64(v);
    }
    x = json_object_get_double(v);
  } else {
    rfail(d, "a confirmation value is not a number");
    return 0;
  }
  if (e == SIMI_ELEM_F64) {
    uint64_t u;
    memcpy(&u, &x, 8);
    return u;
  }
  if (e == SIMI_ELEM_F32) {
    float f = (float)x;
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
  }
  if (e == SIMI_ELEM_F16) return half_bits(x);
  rfail(d, "a confirmation value is not an integer");
  return 0;
}

/* The `confirmation` member of a race. */
static void read_confirmation(rd *d, json_object *co, simD_confirmation *c) {
  c->schedules = gu32(d, co, "schedules", 0);
  json_object *df = get(co, "differs");
  if (df && !json_object_is_type(df, json_type_boolean)) {
    rfail(d, "field 'differs' is not true or false");
    return;
  }
  c->differs = df && json_object_get_boolean(df);
  if (!c->differs) return;
  snprintf(c->buffer, sizeof c->buffer, "%s", gstr(d, co, "buffer"));
  c->offset = gu64(d, co, "offset", 0);
  const char *ty = gstr(d, co, "type");
  c->elem = (unsigned)simI_elem_parse(ty, strlen(ty));
  c->elem_size = gu32(d, co, "size", c->elem ? simI_elem_size((simI_elem)c->elem) : 1);
  snprintf(c->schedule, sizeof c->schedule, "%s", gstr(d, co, "schedule"));
  json_object *va = gtyped(d, co, "values", json_type_array);
  if (!va || json_object_array_length(va) != 2) {
    rfail(d, "field 'values' is not an array of two numbers");
    return;
  }
  for (size_t k = 0; k < 2; k++)
    c->values[k] = confirm_bits(d, json_object_array_get_idx(va, k), (simI_elem)c->elem);
}

static void read_finding(rd *d, json_object *fo, unsigned i, simD_finding *f,
                         parts *p) {
  memset(f, 0, sizeof *f);
  f->site[0] = f->site[1] = UINT32_MAX;
  if (kind_parse(gstr(d, fo, "kind"), &f->kind) < 0) {
    rfail(d, "finding with unknown kind '%s'", gstr(d, fo, "kind"));
    return;
  }
  /* the level (absent in older reports: the kind's) and the grade */
  const char *lv = get(fo, "level") ? gstr(d, fo, "level") : simD_kind_level(f->kind);
  if (!strcmp(lv, "error")) f->level = SIMD_LEVEL_ERROR;
  else if (!strcmp(lv, "warning")) f->level = SIMD_LEVEL_WARNING;
  else if (!strcmp(lv, "note")) f->level = SIMD_LEVEL_NOTE;
  else {
    rfail(d, "finding with unknown level '%s'", lv);
    return;
  }
  if (get(fo, "grade")) {
    const char *g = gstr(d, fo, "grade");
    if (strlen(g) >= sizeof f->grade) {
      rfail(d, "finding with a grade longer than %zu bytes", sizeof f->grade - 1);
      return;
    }
    snprintf(f->grade, sizeof f->grade, "%s", g);
  }
  if (get(fo, "grade_reason")) {
    const char *g = gstr(d, fo, "grade_reason");
    if (strlen(g) >= sizeof f->grade_why) {
      rfail(d, "finding with a grade_reason longer than %zu bytes", sizeof f->grade_why - 1);
      return;
    }
    snprintf(f->grade_why, sizeof f->grade_why, "%s", g);
  }
  f->space = space_parse(gstr(d, fo, "space"));
  f->write_write = !strcmp(gstr(d, fo, "access"), "write-write");
  f->relation = relation_parse(gstr(d, fo, "relation"));
  json_object *addr = get(fo, "address");
  if (addr) {
    const char *a = gstr(d, fo, "address");
    if (a && a[0] == '0' && a[1] == 'x') f->addr = strtoull(a, NULL, 16);
    p->addrs[i] = a;
  }
  json_object *locs = gtyped(d, fo, "locations", json_type_array);
  size_t nl = locs && json_object_is_type(locs, json_type_array)
                  ? json_object_array_length(locs) : 0;
  for (size_t j = 0; j < nl && j < 2; j++) {
    json_object *lo = json_object_array_get_idx(locs, j);
    simD_loc *l = &p->locs[2 * i + j];
    l->file = gstr(d, lo, "file");
    l->line = gu32(d, lo, "line", 0);
    l->col = gu32(d, lo, "column", 0);
    l->function = gstr(d, lo, "function");
    f->site[j] = (uint32_t)j; /* present; the number itself is not kept */
  }
  for (size_t j = nl; j < 2; j++) {
    p->locs[2 * i + j].file = "";
    p->locs[2 * i + j].function = "";
  }
  json_object *ths = gtyped(d, fo, "threads", json_type_array);
  size_t nt = ths && json_object_is_type(ths, json_type_array)
                  ? json_object_array_length(ths) : 0;
  for (size_t k = 0; k < nt && k < 2; k++) {
    json_object *to = json_object_array_get_idx(ths, k);
    simD_thread *th = &f->thread[k];
    gdim(d, to, "block", &th->block, 0);
    gdim(d, to, "thread", &th->thread, 0);
    th->access = access_parse(gstr(d, to, "access"));
    th->size = gu32(d, to, "size", 0);
    if (get(to, "value")) {
      th->has_value = 1;
      th->value = gu64(d, to, "value", 0);
    }
    f->nthreads++;
  }
  f->arrived = gu32(d, fo, "arrived", 0);
  f->missing = gu32(d, fo, "missing", 0);
  f->executions = gu64(d, fo, "executions", 0);
  f->instances = gu64(d, fo, "instances", 0);
  f->count = gu64(d, fo, "count", 1);
  snprintf(f->message, sizeof f->message, "%s", gstr(d, fo, "message"));
  /* races: the synchronisation note (absent when there is none) */
  if (get(fo, "why")) snprintf(f->why, sizeof f->why, "%s", gstr(d, fo, "why"));
  if (f->kind == SIMD_UNINITIALIZED_READ) {
    /* its own level (warning unless the value reached a store or branch) */
    f->level = strcmp(gstr(d, fo, "level"), "error") ? SIMD_LEVEL_WARNING : SIMD_LEVEL_ERROR;
    snprintf(f->evidence, sizeof f->evidence, "%s", gstr(d, fo, "evidence"));
  }
  json_object *co = gtyped(d, fo, "confirmation", json_type_object);
  if (co) read_confirmation(d, co, &f->confirm);
  if (get(fo, "evidence"))
    snprintf(f->evidence, sizeof f->evidence, "%s", gstr(d, fo, "evidence"));
  json_object *wo = gtyped(d, fo, "witness", json_type_object);
  if (wo && get(wo, "replay")) {
    simD_witness *w = &p->wit[i];
    gdim(d, wo, "grid", &w->grid, 1);
    gdim(d, wo, "block", &w->block, 1);
    w->shared = gu64(d, wo, "shared", 0);
    if (get(wo, "cluster")) gdim(d, wo, "cluster", &w->cluster, 1);
    w->replay = gstr(d, wo, "replay");
    if (read_strv(d, get(wo, "args"), &p->wargs[i], &w->nargs) < 0) return;
    w->args = p->wargs[i];
    p->nwit++;
  }
  json_object *so = gtyped(d, fo, "suppression", json_type_object);
  json_object *sb = get(fo, "suppressed");
  if (sb && !json_object_is_type(sb, json_type_boolean)) {
    rfail(d, "field 'suppressed' is not true or false");
    return;
  }
  if (sb && json_object_get_boolean(sb)) {
    p->sup[i] = strcmp(gstr(d, so, "kind"), "inSource") ? SIMD_SUPPRESS_EXTERNAL
                                                      : SIMD_SUPPRESS_IN_SOURCE;
    p->why[i] = get(so, "justification") ? gstr(d, so, "justification") : NULL;
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
  rec.file = gstr(d, ko, "file");
  rec.kernel = gstr(d, ko, "kernel");
  rec.name = gstr(d, ko, "name");
  rec.line = gu32(d, ko, "line", 0);
  if (status_parse(gstr(d, ko, "status"), &rec.status) < 0) {
    rfail(d, "kernel record with unknown status '%s'", gstr(d, ko, "status"));
    return;
  }
  rec.message = gstr(d, ko, "message");
  json_object *la = gtyped(d, ko, "launch", json_type_object);
  if (la) {
    rec.has_launch = 1;
    gdim(d, la, "grid", &rec.grid, 1);
    gdim(d, la, "block", &rec.block, 1);
    rec.shared = gu64(d, la, "shared", 0);
    if (get(la, "cluster")) gdim(d, la, "cluster", &rec.cluster, 1);
    if (read_strv(d, get(la, "args"), &p.args, &rec.nargs) < 0) return;
    rec.args = p.args;
  }
  json_object *ls = gtyped(d, ko, "launch_source", json_type_object);
  if (ls) {
    if (get(ls, "grid")) rec.host_parts |= SIMD_HOST_GRID;
    if (get(ls, "block")) rec.host_parts |= SIMD_HOST_BLOCK;
    if (get(ls, "shared")) rec.host_parts |= SIMD_HOST_SHARED;
    if (get(ls, "args")) rec.host_parts |= SIMD_HOST_ARGS;
    if (get(ls, "derived")) rec.host_parts |= SIMD_HOST_DERIVED;
    if (get(ls, "buffers")) rec.host_parts |= SIMD_HOST_BUFFERS;
    rec.host_file = gstr(d, ls, "file");
    rec.host_line = gu32(d, ls, "line", 0);
    rec.host_sites = gu32(d, ls, "sites", 0);
  }
  json_object *pl = gtyped(d, ko, "program_launch", json_type_object);
  if (pl) { /* simulee run: the launch's ordinal and host line */
    rec.launch_ordinal = gu64(d, pl, "ordinal", 0);
    rec.host_file = gstr(d, pl, "file");
    rec.host_line = gu32(d, pl, "line", 0);
  }
  json_object *cv = gtyped(d, ko, "coverage", json_type_object);
  if (cv) {
    rec.cov_total = gu32(d, cv, "total", 0);
    rec.cov_reached = gu32(d, cv, "reached", 0);
    json_object *un = gtyped(d, cv, "unreached", json_type_array);
    size_t nu = un ? json_object_array_length(un) : 0;
    if (nu && !(p.cov_lines = calloc(nu, sizeof *p.cov_lines))) {
      rfail(d, "out of memory");
      free(p.args);
      return;
    }
    for (size_t i = 0; i < nu; i++)
      p.cov_lines[i] = gu32(d, json_object_array_get_idx(un, i), "line", 0);
    rec.cov_nlines = (unsigned)nu;
    rec.cov_lines = p.cov_lines;
    json_object *br = gtyped(d, cv, "branches", json_type_object);
    if (br) {
      rec.br_total = gu32(d, br, "total", 0);
      rec.br_reached = gu32(d, br, "reached", 0);
      json_object *bu = gtyped(d, br, "unreached", json_type_array);
      size_t nb = bu ? json_object_array_length(bu) : 0;
      if (nb && (!(p.br_lines = calloc(nb, sizeof *p.br_lines)) ||
                 !(p.br_sides = calloc(nb, 1)))) {
        rfail(d, "out of memory");
        free(p.args);
        free(p.cov_lines);
        free(p.br_lines);
        return;
      }
      for (size_t i = 0; i < nb; i++) {
        json_object *u = json_object_array_get_idx(bu, i);
        p.br_lines[i] = gu32(d, u, "line", 0);
        const char *side = gstr(d, u, "outcome");
        p.br_sides[i] = side && !strcmp(side, "true")    ? SIMD_BRANCH_TRUE
                        : side && !strcmp(side, "false") ? SIMD_BRANCH_FALSE
                                                         : SIMD_BRANCH_CASE;
      }
      rec.br_nunreached = (unsigned)nb;
      rec.br_lines = p.br_lines;
      rec.br_sides = p.br_sides;
    }
  }
  rec.replay = get(ko, "replay") ? gstr(d, ko, "replay") : NULL;
  json_object *st = gtyped(d, ko, "stats", json_type_object);
  rec.insns = gu64(d, st, "instructions", 0);
  rec.threads = gu64(d, st, "threads", 0);
  rec.seconds = gdbl(d, st, "seconds");
  json_object *se = gtyped(d, st, "search", json_type_object);
  if (se) {
    rec.has_search = 1;
    rec.evaluations = gu64(d, se, "evaluations", 0);
    rec.generations = gu32(d, se, "generations", 0);
    rec.discarded = gu64(d, se, "discarded", 0);
    rec.fitness = gdbl(d, se, "fitness");
  }

  json_object *fs = gtyped(d, ko, "findings", json_type_array);
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
  free(p.br_lines);
  free(p.br_sides);
}

/* Read and parse the report file: a regular file of at most
 * SIMD_MAX_REPORT_BYTES (a FIFO or a device would block or never end; the
 * bound keeps the parser's memory in proportion), nested at most 64 deep.
 * NULL on failure (d says why). */
static json_object *read_doc(rd *d) {
  int fd = open(d->path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    rfail(d, "%s", strerror(errno));
    return NULL;
  }
  struct stat st;
  if (fstat(fd, &st) < 0) {
    rfail(d, "%s", strerror(errno));
    close(fd);
    return NULL;
  }
  if (!S_ISREG(st.st_mode)) {
    rfail(d, "%s", S_ISDIR(st.st_mode) ? "is a folder, not a JSON report"
                   : S_ISFIFO(st.st_mode) ? "is a FIFO, not a regular file"
                   : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)
                       ? "is a device, not a regular file"
                       : "not a regular file");
    close(fd);
    return NULL;
  }
  if ((uint64_t)st.st_size > SIMD_MAX_REPORT_BYTES) {
    rfail(d, "larger than %llu bytes: not a report simulee wrote",
          (unsigned long long)SIMD_MAX_REPORT_BYTES);
    close(fd);
    return NULL;
  }
  size_t cap = (size_t)st.st_size + 1, n = 0;
  char *buf = malloc(cap);
  if (!buf) {
    rfail(d, "out of memory");
    close(fd);
    return NULL;
  }
  /* the file may change size while it is read: read at most cap - 1 bytes */
  for (;;) {
    ssize_t k = read(fd, buf + n, cap - 1 - n);
    if (k < 0 && errno == EINTR) continue;
    if (k < 0) {
      rfail(d, "%s", strerror(errno));
      free(buf);
      close(fd);
      return NULL;
    }
    if (k == 0 || (n += (size_t)k) == cap - 1) break;
  }
  close(fd);
  buf[n] = 0;
  json_tokener *tok = json_tokener_new_ex(64);
  if (!tok) {
    rfail(d, "out of memory");
    free(buf);
    return NULL;
  }
  /* a report simulee wrote is valid UTF-8 (simD_utf8_fix escapes other
   * bytes): anything else is refused, not copied into the merged one */
  json_tokener_set_flags(tok, JSON_TOKENER_VALIDATE_UTF8);
  json_object *doc = json_tokener_parse_ex(tok, buf, (int)n);
  enum json_tokener_error je = json_tokener_get_error(tok);
  if (!doc || je != json_tokener_success || json_tokener_get_parse_end(tok) < n) {
    size_t at = json_tokener_get_parse_end(tok);
    if (doc && je == json_tokener_success) {
      /* trailing text after the document: only white space is allowed */
      while (at < n && (buf[at] == ' ' || buf[at] == '\n' || buf[at] == '\t' ||
                        buf[at] == '\r'))
        at++;
      if (at == n) goto ok;
      rfail(d, "not a readable JSON report (text after the document at byte %zu)", at);
    } else {
      rfail(d, "not a readable JSON report (%s at byte %zu)",
            je == json_tokener_continue ? "unexpected end of file"
                                        : json_tokener_error_desc(je),
            at);
    }
    json_object_put(doc);
    json_tokener_free(tok);
    free(buf);
    return NULL;
  }
ok:
  json_tokener_free(tok);
  free(buf);
  return doc;
}

int simD_report_read_json(simD_report *r, const char *path, char *err,
                          size_t errlen) {
  rd d = {path, err, errlen, 0};
  json_object *doc = read_doc(&d);
  if (!doc) return -1;
  json_object *tool = get(doc, "tool"), *ks = get(doc, "kernels");
  if (strcmp(gstr(&d, tool, "name"), "simulee") || !ks ||
      !json_object_is_type(ks, json_type_array)) {
    rfail(&d, "not a simulee JSON report (written with --format json?)");
    json_object_put(doc);
    return -1;
  }
  simD_report tmp;
  simD_report_init(&tmp);
  size_t nk = json_object_array_length(ks);
  for (size_t i = 0; i < nk && !d.bad; i++) read_record(&d, json_object_array_get_idx(ks, i), &tmp);
  json_object *ns = gtyped(&d, doc, "notes", json_type_array);
  size_t nn = ns && json_object_is_type(ns, json_type_array) ? json_object_array_length(ns) : 0;
  for (size_t i = 0; i < nn && !d.bad; i++) {
    json_object *no = json_object_array_get_idx(ns, i);
    if (simD_report_add_note(&tmp, gstr(&d, no, "file"), gu32(&d, no, "line", 0),
                             gstr(&d, no, "message")) < 0)
      rfail(&d, "out of memory");
  }
  json_object *sh = gtyped(&d, doc, "shard", json_type_object);
  uint64_t k = 0, n = 0;
  if (!d.bad && sh) {
    /* a shard is K/N with 1 <= K <= N <= SIMD_MAX_SHARDS, both present */
    k = gint(&d, sh, "index", 0, SIMD_MAX_SHARDS);
    n = gint(&d, sh, "count", 0, SIMD_MAX_SHARDS);
    if (!d.bad && (n == 0 || k == 0 || k > n))
      rfail(&d, "impossible shard %llu/%llu (expected K/N with 1 <= K <= N <= %u)",
            (unsigned long long)k, (unsigned long long)n, (unsigned)SIMD_MAX_SHARDS);
  }
  const char *root = get(doc, "root") ? gstr(&d, doc, "root") : NULL;
  const char *cmd = get(doc, "command") ? gstr(&d, doc, "command") : NULL;
  if (!d.bad && !r->root && root && simD_report_set_root(r, root) < 0)
    rfail(&d, "out of memory");
  if (!d.bad && !r->command && cmd && simD_report_set_command(r, cmd) < 0)
    rfail(&d, "out of memory");
  if (!d.bad && simD_report_take(r, &tmp) < 0) rfail(&d, "out of memory");
  if (!d.bad && sh && !r->nshards) {
    r->shard = (unsigned)k;
    r->nshards = (unsigned)n;
  }
  simD_report_free(&tmp);
  json_object_put(doc);
  return d.bad ? -1 : 0;
}
