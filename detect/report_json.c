/*
 * simulee detect: the JSON report (one document, json-c), and the builders
 * of JSON values the SARIF log uses.
 */
#include "detect/report_int.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* -------------------------------------------------------------- JSON */

/* A JSON string of s, always valid UTF-8 (simD_utf8_fix: other bytes as
 * the text \xNN). */
json_object *simD_jstr(jb *b, const char *s) {
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

json_object *simD_ju64(jb *b, uint64_t v) {
  json_object *o = json_object_new_uint64(v);
  if (!o) b->bad = 1;
  return o;
}

static json_object *jdbl(jb *b, double v) {
  json_object *o = isfinite(v) ? json_object_new_double(v) : json_object_new_null();
  if (!o && isfinite(v)) b->bad = 1;
  return o;
}

void simD_jset(jb *b, json_object *obj, const char *key, json_object *val) {
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

void simD_jpush(jb *b, json_object *arr, json_object *val) {
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

json_object *simD_jobj(jb *b) {
  json_object *o = json_object_new_object();
  if (!o) b->bad = 1;
  return o;
}

json_object *simD_jarr(jb *b) {
  json_object *o = json_object_new_array();
  if (!o) b->bad = 1;
  return o;
}

static json_object *jdim(jb *b, simI_dim3 d) {
  json_object *a = simD_jarr(b);
  simD_jpush(b, a, simD_ju64(b, d.x));
  simD_jpush(b, a, simD_ju64(b, d.y));
  simD_jpush(b, a, simD_ju64(b, d.z));
  return a;
}

static json_object *jloc(jb *b, const simD_record *r, const simD_loc *l) {
  json_object *o = simD_jobj(b);
  simD_jset(b, o, "file", simD_jstr(b, loc_file(r, l)));
  simD_jset(b, o, "line", simD_ju64(b, l ? l->line : 0));
  simD_jset(b, o, "column", simD_ju64(b, l ? l->col : 0));
  simD_jset(b, o, "function", simD_jstr(b, l && l->function ? l->function : ""));
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
  case SIMI_ELEM_U8: { uint8_t v; memcpy(&v, p + i, 1); return simD_ju64(b, v); }
  case SIMI_ELEM_U16: { uint16_t v; memcpy(&v, p + 2 * i, 2); return simD_ju64(b, v); }
  case SIMI_ELEM_U32: { uint32_t v; memcpy(&v, p + 4 * i, 4); return simD_ju64(b, v); }
  case SIMI_ELEM_U64: { uint64_t v; memcpy(&v, p + 8 * i, 8); return simD_ju64(b, v); }
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
    if (isnan(d)) return simD_jstr(b, "nan");
    if (isinf(d)) return simD_jstr(b, d < 0 ? "-inf" : "inf");
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
      return simD_ju64(b, es && es < 8 ? v & ((1ull << (8 * es)) - 1) : v);
    }
    double d = simD_half_value((uint16_t)v);
    char s[40];
    snprintf(s, sizeof s, "%.5g", d);
    if (isnan(d)) return simD_jstr(b, "nan");
    if (isinf(d)) return simD_jstr(b, d < 0 ? "-inf" : "inf");
    return json_object_new_double_s(d, s);
  }
  default: return jelem(b, (simI_elem)c->elem, raw, 0);
  }
}

static json_object *jfinding(jb *b, const simD_record *r, unsigned i) {
  const simD_finding *f = &r->findings.v[i];
  char head[640];
  const char *addr = r->addrs ? r->addrs[i] : NULL;
  json_object *o = simD_jobj(b);
  simD_jset(b, o, "kind", simD_jstr(b, simD_kind_name(f->kind)));
  simD_jset(b, o, "level", simD_jstr(b, simD_level_name(f->level)));
  simD_jset(b, o, "grade", simD_jstr(b, f->grade));
  if (f->grade_why[0]) simD_jset(b, o, "grade_reason", simD_jstr(b, f->grade_why));
  simD_jset(b, o, "space", simD_jstr(b, simD_space_name(f->space)));
  if (f->kind == SIMD_DATA_RACE) {
    simD_jset(b, o, "access", simD_jstr(b, f->write_write ? "write-write" : "read-write"));
    simD_jset(b, o, "relation", simD_jstr(b, simD_relation_name(f->relation)));
  } else if (f->relation != SIMD_REL_NONE) {
    simD_jset(b, o, "relation", simD_jstr(b, simD_relation_name(f->relation)));
  }
  if (has_address(f->kind)) {
    char a[64];
    snprintf(a, sizeof a, "0x%llx", (unsigned long long)f->addr);
    simD_jset(b, o, "address", simD_jstr(b, addr && *addr ? addr : a));
  }
  simD_finding_headline(f, addr, head, sizeof head);
  simD_jset(b, o, "headline", simD_jstr(b, head));
  json_object *locs = simD_jarr(b);
  for (unsigned j = 0; j < 2; j++)
    if (loc_present(f, rec_loc(r, i, j), j))
      simD_jpush(b, locs, jloc(b, r, rec_loc(r, i, j)));
  simD_jset(b, o, "locations", locs);
  json_object *ths = simD_jarr(b);
  for (unsigned k = 0; k < f->nthreads && k < 2; k++) {
    const simD_thread *th = &f->thread[k];
    json_object *to = simD_jobj(b);
    simD_jset(b, to, "block", jdim(b, th->block));
    simD_jset(b, to, "thread", jdim(b, th->thread));
    simD_jset(b, to, "access", simD_jstr(b, simD_access_name(th->access)));
    simD_jset(b, to, "size", simD_ju64(b, th->size));
    if (th->has_value) simD_jset(b, to, "value", simD_ju64(b, th->value));
    simD_jpush(b, ths, to);
  }
  simD_jset(b, o, "threads", ths);
  if (f->kind == SIMD_BARRIER_DIVERGENCE) {
    simD_jset(b, o, "arrived", simD_ju64(b, f->arrived));
    simD_jset(b, o, "missing", simD_ju64(b, f->missing));
  }
  if (f->kind == SIMD_REDUNDANT_BARRIER) {
    simD_jset(b, o, "executions", simD_ju64(b, f->executions));
    simD_jset(b, o, "instances", simD_ju64(b, f->instances));
  }
  simD_jset(b, o, "count", simD_ju64(b, f->count));
  simD_jset(b, o, "message", simD_jstr(b, f->message));
  if (f->why[0]) simD_jset(b, o, "why", simD_jstr(b, f->why));
  if (f->kind == SIMD_UNINITIALIZED_READ && f->evidence[0])
    simD_jset(b, o, "evidence", simD_jstr(b, f->evidence));
  if (f->kind == SIMD_DATA_RACE && f->confirm.schedules) {
    const simD_confirmation *c = &f->confirm;
    json_object *co = simD_jobj(b);
    simD_jset(b, co, "schedules", simD_ju64(b, c->schedules));
    simD_jset(b, co, "differs", json_object_new_boolean(c->differs));
    if (c->differs) {
      simD_jset(b, co, "buffer", simD_jstr(b, c->buffer));
      simD_jset(b, co, "offset", simD_ju64(b, c->offset));
      json_object *va = simD_jarr(b);
      simD_jpush(b, va, jconfirm_value(b, c, c->values[0]));
      simD_jpush(b, va, jconfirm_value(b, c, c->values[1]));
      simD_jset(b, co, "values", va);
      simD_jset(b, co, "type", simD_jstr(b, c->elem ? simI_elem_name((simI_elem)c->elem) : "?"));
      simD_jset(b, co, "size", simD_ju64(b, c->elem_size));
      simD_jset(b, co, "schedule", simD_jstr(b, c->schedule));
    }
    simD_jset(b, o, "confirmation", co);
  }
  if (f->evidence[0]) simD_jset(b, o, "evidence", simD_jstr(b, f->evidence));
  if (r->witnesses && r->witnesses[i].replay) {
    const simD_witness *w = &r->witnesses[i];
    json_object *wo = simD_jobj(b);
    simD_jset(b, wo, "grid", jdim(b, w->grid));
    simD_jset(b, wo, "block", jdim(b, w->block));
    simD_jset(b, wo, "shared", simD_ju64(b, w->shared));
    if (w->cluster.x) simD_jset(b, wo, "cluster", jdim(b, w->cluster));
    json_object *wa = simD_jarr(b);
    for (unsigned k = 0; k < w->nargs; k++) simD_jpush(b, wa, simD_jstr(b, w->args[k]));
    simD_jset(b, wo, "args", wa);
    simD_jset(b, wo, "replay", simD_jstr(b, w->replay));
    simD_jset(b, o, "witness", wo);
  }
  simD_suppress sup = simD_record_suppressed(r, i);
  simD_jset(b, o, "suppressed", json_object_new_boolean(sup != SIMD_SUPPRESS_NONE));
  if (sup != SIMD_SUPPRESS_NONE) {
    json_object *so = simD_jobj(b);
    simD_jset(b, so, "kind", simD_jstr(b, sup == SIMD_SUPPRESS_IN_SOURCE ? "inSource" : "external"));
    const char *why = r->suppress_why ? r->suppress_why[i] : NULL;
    if (why) simD_jset(b, so, "justification", simD_jstr(b, why));
    simD_jset(b, o, "suppression", so);
  }
  return o;
}

static json_object *jlaunch(jb *b, const simD_record *r) {
  if (!r->has_launch) return json_object_new_null();
  json_object *o = simD_jobj(b);
  simD_jset(b, o, "grid", jdim(b, r->grid));
  simD_jset(b, o, "block", jdim(b, r->block));
  simD_jset(b, o, "shared", simD_ju64(b, r->shared));
  if (r->cluster.x) simD_jset(b, o, "cluster", jdim(b, r->cluster));
  json_object *a = simD_jarr(b);
  for (unsigned i = 0; i < r->nargs; i++) simD_jpush(b, a, simD_jstr(b, r->args[i]));
  simD_jset(b, o, "args", a);
  return o;
}

/* Where the launch's fixed parts came from (host_parts != 0): "host" for
 * each part taken from the host code's launches, and the first launch. */
json_object *simD_jlaunch_source(jb *b, const simD_record *r) {
  json_object *ls = simD_jobj(b);
  if (r->host_parts & SIMD_HOST_GRID) simD_jset(b, ls, "grid", simD_jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_BLOCK) simD_jset(b, ls, "block", simD_jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_SHARED) simD_jset(b, ls, "shared", simD_jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_ARGS) simD_jset(b, ls, "args", simD_jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_DERIVED) simD_jset(b, ls, "derived", simD_jstr(b, "host"));
  if (r->host_parts & SIMD_HOST_BUFFERS) simD_jset(b, ls, "buffers", simD_jstr(b, "host"));
  simD_jset(b, ls, "file", simD_jstr(b, r->host_file));
  simD_jset(b, ls, "line", simD_ju64(b, r->host_line));
  simD_jset(b, ls, "sites", simD_ju64(b, r->host_sites));
  return ls;
}

static json_object *jrecord(jb *b, const simD_record *r) {
  json_object *o = simD_jobj(b);
  simD_jset(b, o, "file", simD_jstr(b, r->file));
  simD_jset(b, o, "kernel", simD_jstr(b, r->kernel));
  simD_jset(b, o, "name", simD_jstr(b, r->name));
  simD_jset(b, o, "line", simD_ju64(b, r->line));
  simD_jset(b, o, "status", simD_jstr(b, simD_status_name(r->status)));
  simD_jset(b, o, "message", simD_jstr(b, r->message));
  simD_jset(b, o, "launch", jlaunch(b, r));
  if (r->replay) simD_jset(b, o, "replay", simD_jstr(b, r->replay));
  if (r->host_parts) simD_jset(b, o, "launch_source", simD_jlaunch_source(b, r));
  if (r->launch_ordinal) {
    json_object *pl = simD_jobj(b);
    simD_jset(b, pl, "ordinal", simD_ju64(b, r->launch_ordinal));
    simD_jset(b, pl, "file", simD_jstr(b, r->host_file ? r->host_file : ""));
    simD_jset(b, pl, "line", simD_ju64(b, r->host_line));
    simD_jset(b, o, "program_launch", pl);
  }
  if (r->cov_total) {
    json_object *cv = simD_jobj(b);
    simD_jset(b, cv, "reached", simD_ju64(b, r->cov_reached));
    simD_jset(b, cv, "total", simD_ju64(b, r->cov_total));
    json_object *un = simD_jarr(b);
    for (unsigned i = 0; i < r->cov_nlines; i++) {
      json_object *u = simD_jobj(b);
      simD_jset(b, u, "line", simD_ju64(b, r->cov_lines[i]));
      simD_jpush(b, un, u);
    }
    simD_jset(b, cv, "unreached", un);
    if (r->br_total) {
      json_object *br = simD_jobj(b);
      simD_jset(b, br, "reached", simD_ju64(b, r->br_reached));
      simD_jset(b, br, "total", simD_ju64(b, r->br_total));
      json_object *bu = simD_jarr(b);
      for (unsigned i = 0; i < r->br_nunreached; i++) {
        json_object *u = simD_jobj(b);
        simD_jset(b, u, "line", simD_ju64(b, r->br_lines[i]));
        simD_jset(b, u, "outcome", simD_jstr(b, branch_side_name(r->br_sides[i])));
        simD_jpush(b, bu, u);
      }
      simD_jset(b, br, "unreached", bu);
      simD_jset(b, cv, "branches", br);
    }
    simD_jset(b, o, "coverage", cv);
  }
  json_object *st = simD_jobj(b);
  simD_jset(b, st, "instructions", simD_ju64(b, r->insns));
  simD_jset(b, st, "threads", simD_ju64(b, r->threads));
  simD_jset(b, st, "seconds", jdbl(b, r->seconds));
  simD_jset(b, st, "ips", jdbl(b, r->seconds > 0 ? (double)r->insns / r->seconds : 0.0));
  if (r->has_search) {
    json_object *se = simD_jobj(b);
    simD_jset(b, se, "evaluations", simD_ju64(b, r->evaluations));
    simD_jset(b, se, "generations", simD_ju64(b, r->generations));
    simD_jset(b, se, "discarded", simD_ju64(b, r->discarded));
    simD_jset(b, se, "fitness", jdbl(b, r->fitness));
    simD_jset(b, st, "search", se);
  }
  simD_jset(b, o, "stats", st);
  json_object *fs = simD_jarr(b);
  for (unsigned i = 0; i < r->findings.n; i++) simD_jpush(b, fs, jfinding(b, r, i));
  simD_jset(b, o, "findings", fs);
  if (r->ndumps) {
    json_object *ds = simD_jarr(b);
    for (unsigned i = 0; i < r->ndumps; i++) {
      const simD_dump *d = &r->dumps[i];
      json_object *dobj = simD_jobj(b);
      simD_jset(b, dobj, "param", simD_ju64(b, d->param));
      simD_jset(b, dobj, "type", simD_jstr(b, simI_elem_name(d->elem)));
      json_object *vals = simD_jarr(b);
      for (uint64_t k = 0; k < d->count && !b->bad; k++)
        simD_jpush(b, vals, jelem(b, d->elem, d->data, k));
      simD_jset(b, dobj, "values", vals);
      simD_jpush(b, ds, dobj);
    }
    simD_jset(b, o, "dumps", ds);
  }
  return o;
}

static json_object *jtool(jb *b) {
  json_object *t = simD_jobj(b);
  simD_jset(b, t, "name", simD_jstr(b, "simulee"));
  simD_jset(b, t, "version", simD_jstr(b, SIMULEE_VERSION));
  simD_jset(b, t, "commit", simD_jstr(b, simV_commit()));
  simD_jset(b, t, "llvm", simD_jstr(b, simV_llvm_version()));
  simD_jset(b, t, "clang", simD_jstr(b, simV_clang_version()));
  return t;
}

json_object *simD_json_doc(jb *b, const simD_report *r) {
  json_object *doc = simD_jobj(b);
  simD_jset(b, doc, "tool", jtool(b));
  if (r->root) simD_jset(b, doc, "root", simD_jstr(b, r->root));
  if (r->command) simD_jset(b, doc, "command", simD_jstr(b, r->command));
  if (r->nshards) {
    json_object *sh = simD_jobj(b);
    simD_jset(b, sh, "index", simD_ju64(b, r->shard));
    simD_jset(b, sh, "count", simD_ju64(b, r->nshards));
    simD_jset(b, doc, "shard", sh);
  }
  json_object *ks = simD_jarr(b);
  for (unsigned i = 0; i < r->n && !b->bad; i++) simD_jpush(b, ks, jrecord(b, &r->v[i]));
  simD_jset(b, doc, "kernels", ks);
  if (r->nnotes) {
    json_object *ns = simD_jarr(b);
    for (unsigned i = 0; i < r->nnotes && !b->bad; i++) {
      json_object *no = simD_jobj(b);
      simD_jset(b, no, "file", simD_jstr(b, r->notes[i].file));
      simD_jset(b, no, "line", simD_ju64(b, r->notes[i].line));
      simD_jset(b, no, "message", simD_jstr(b, r->notes[i].message));
      simD_jpush(b, ns, no);
    }
    simD_jset(b, doc, "notes", ns);
  }
  json_object *sum = simD_jobj(b);
  simD_jset(b, sum, "kernels", simD_ju64(b, r->n));
  simD_jset(b, sum, "findings", simD_ju64(b, simD_report_nfindings(r)));
  simD_jset(b, sum, "suppressed", simD_ju64(b, simD_report_nsuppressed(r)));
  simD_jset(b, sum, "errors", simD_ju64(b, simD_report_nlevel(r, SIMD_LEVEL_ERROR)));
  simD_jset(b, sum, "warnings", simD_ju64(b, simD_report_nlevel(r, SIMD_LEVEL_WARNING)));
  simD_jset(b, sum, "notes", simD_ju64(b, simD_report_nlevel(r, SIMD_LEVEL_NOTE)));
  /* the notes recorded launches graded (scan --launches), by reason (the
   * findings' grade_reason values) */
  json_object *why = simD_jobj(b);
  for (unsigned w = 0; w < SIMD_NWHY; w++)
    simD_jset(b, why, simD_whys[w], simD_ju64(b, simD_report_nwhy(r, simD_whys[w])));
  simD_jset(b, sum, "notes_by_reason", why);
  simD_jset(b, doc, "summary", sum);
  return doc;
}
