/*
 * simulee detect: the SARIF 2.1.0 log (GitHub code scanning): one rule per
 * kind of finding, a result per finding with its locations, related
 * locations and fingerprints.
 */
#include "detect/report_int.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
    "A thread read shared memory or a local variable that no thread wrote "
    "before in this launch, or device-heap memory that no thread wrote since "
    "its allocation (in a program run, by this launch or an earlier one). "
    "Shared memory is not "
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
  json_object *phys = simD_jobj(b), *art = simD_jobj(b);
  char *uri = artifact_uri(loc_file(r, l), o ? o->srcroot : NULL);
  if (!uri) b->bad = 1;
  simD_jset(b, art, "uri", simD_jstr(b, uri));
  if (uri && o && o->srcroot && o->srcroot[0] == '/' && strncmp(uri, "file:", 5))
    simD_jset(b, art, "uriBaseId", simD_jstr(b, "SRCROOT"));
  free(uri);
  simD_jset(b, phys, "artifactLocation", art);
  unsigned line = l && l->line ? l->line : r->line;
  if (line) {
    json_object *reg = simD_jobj(b);
    simD_jset(b, reg, "startLine", simD_ju64(b, line));
    if (l && l->line && l->col) simD_jset(b, reg, "startColumn", simD_ju64(b, l->col));
    simD_jset(b, phys, "region", reg);
  }
  return phys;
}

static json_object *sarif_location(jb *b, const simD_record *r,
                                   const simD_loc *l, const simD_write_opts *o) {
  json_object *loc = simD_jobj(b);
  simD_jset(b, loc, "physicalLocation", sarif_phys(b, r, l, o));
  if (l && l->function && *l->function) {
    json_object *lls = simD_jarr(b), *ll = simD_jobj(b);
    simD_jset(b, ll, "fullyQualifiedName", simD_jstr(b, l->function));
    simD_jset(b, ll, "kind", simD_jstr(b, "function"));
    simD_jpush(b, lls, ll);
    simD_jset(b, loc, "logicalLocations", lls);
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
                          simD_second_site_note(f->kind));
  if (n < cap) n += (size_t)snprintf(s + n, cap - n, ".");
  for (unsigned k = 0; k < f->nthreads && k < 2 && n < cap; k++) {
    simD_thread_text(&f->thread[k], th, sizeof th);
    n += (size_t)snprintf(s + n, cap - n, "%s%s", k ? "; " : " Threads: ", th);
  }
  if (f->nthreads && f->relation != SIMD_REL_NONE && n < cap)
    n += (size_t)snprintf(s + n, cap - n, " (%s)", simD_relation_name(f->relation));
  if (f->nthreads && n < cap) n += (size_t)snprintf(s + n, cap - n, ".");
  if (f->message[0] && !simD_repeats_headline(f, head) && n < cap)
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
      simD_launch_text(r, la, sizeof la);
      n += (size_t)snprintf(s + n, cap - n, " Launch: %s.", la);
    }
  }
  return s;
}

json_object *simD_sarif_doc(jb *b, const simD_report *r,
                            const simD_write_opts *o) {
  json_object *doc = simD_jobj(b);
  simD_jset(b, doc, "$schema", simD_jstr(b, "https://json.schemastore.org/sarif-2.1.0.json"));
  simD_jset(b, doc, "version", simD_jstr(b, "2.1.0"));
  json_object *runs = simD_jarr(b), *run = simD_jobj(b), *tool = simD_jobj(b), *drv = simD_jobj(b);
  simD_jset(b, drv, "name", simD_jstr(b, "simulee"));
  simD_jset(b, drv, "version", simD_jstr(b, SIMULEE_VERSION));
  simD_jset(b, drv, "semanticVersion", simD_jstr(b, SIMULEE_VERSION));
  json_object *dprops = simD_jobj(b);
  simD_jset(b, dprops, "commit", simD_jstr(b, simV_commit()));
  simD_jset(b, dprops, "llvm", simD_jstr(b, simV_llvm_version()));
  simD_jset(b, dprops, "clang", simD_jstr(b, simV_clang_version()));
  simD_jset(b, drv, "properties", dprops);
  json_object *rules = simD_jarr(b);
  for (unsigned k = 0; k < SIMD_KIND_COUNT; k++) {
    json_object *ru = simD_jobj(b), *sd = simD_jobj(b), *fd = simD_jobj(b), *hp = simD_jobj(b),
                *dc = simD_jobj(b), *pr = simD_jobj(b), *tags = simD_jarr(b);
    simD_jset(b, ru, "id", simD_jstr(b, simD_kind_name((simD_kind)k)));
    simD_jset(b, ru, "name", simD_jstr(b, RULES[k].name));
    simD_jset(b, sd, "text", simD_jstr(b, RULES[k].short_));
    simD_jset(b, ru, "shortDescription", sd);
    simD_jset(b, fd, "text", simD_jstr(b, RULES[k].full));
    simD_jset(b, ru, "fullDescription", fd);
    simD_jset(b, hp, "text", simD_jstr(b, RULES[k].full));
    simD_jset(b, ru, "help", hp);
    simD_jset(b, dc, "level", simD_jstr(b, simD_kind_level((simD_kind)k)));
    simD_jset(b, ru, "defaultConfiguration", dc);
    simD_jpush(b, tags, simD_jstr(b, "cuda"));
    simD_jpush(b, tags, simD_jstr(b, k == SIMD_REDUNDANT_BARRIER ? "performance" : "correctness"));
    simD_jpush(b, tags, simD_jstr(b, "concurrency"));
    simD_jset(b, pr, "tags", tags);
    simD_jset(b, pr, "precision", simD_jstr(b, "high"));
    simD_jset(b, pr, "problem.severity", simD_jstr(b, simD_kind_level((simD_kind)k)));
    simD_jset(b, ru, "properties", pr);
    simD_jpush(b, rules, ru);
  }
  simD_jset(b, drv, "rules", rules);
  simD_jset(b, tool, "driver", drv);
  simD_jset(b, run, "tool", tool);

  json_object *results = simD_jarr(b), *notes = simD_jarr(b);
  int ok = 1;
  for (unsigned ri = 0; ri < r->n && !b->bad; ri++) {
    const simD_record *rec = &r->v[ri];
    if (rec->status != SIMD_STATUS_CHECKED) {
      json_object *nt = simD_jobj(b), *msg = simD_jobj(b);
      char text[1024];
      snprintf(text, sizeof text, "%s%s: %s%s%s", rec->kernel[0] ? "kernel " : "",
               rec->kernel[0] ? rec->name : rec->file,
               simD_status_name(rec->status), rec->message[0] ? ": " : "",
               rec->message);
      simD_jset(b, nt, "level", simD_jstr(b, rec->status == SIMD_STATUS_ERROR ? "error" : "warning"));
      simD_jset(b, msg, "text", simD_jstr(b, text));
      simD_jset(b, nt, "message", msg);
      json_object *nls = simD_jarr(b);
      simD_jpush(b, nls, sarif_location(b, rec, NULL, o));
      simD_jset(b, nt, "locations", nls);
      simD_jpush(b, notes, nt);
      if (rec->status == SIMD_STATUS_ERROR) ok = 0;
    }
    for (unsigned i = 0; i < rec->findings.n && !b->bad; i++) {
      const simD_finding *f = &rec->findings.v[i];
      json_object *res = simD_jobj(b), *msg = simD_jobj(b), *locs = simD_jarr(b);
      unsigned k = f->kind < SIMD_KIND_COUNT ? (unsigned)f->kind : 0;
      simD_jset(b, res, "ruleId", simD_jstr(b, simD_kind_name(f->kind)));
      simD_jset(b, res, "ruleIndex", simD_ju64(b, k));
      simD_jset(b, res, "level", simD_jstr(b, simD_level_name(f->level)));
      char *text = sarif_text(rec, i);
      if (!text) b->bad = 1;
      simD_jset(b, msg, "text", simD_jstr(b, text));
      free(text);
      simD_jset(b, res, "message", msg);
      simD_jpush(b, locs, sarif_location(b, rec, rec_loc(rec, i, 0), o));
      simD_jset(b, res, "locations", locs);
      if (f->site[1] != UINT32_MAX) {
        json_object *rel = simD_jarr(b), *rl = sarif_location(b, rec, rec_loc(rec, i, 1), o),
                    *rm = simD_jobj(b);
        simD_jset(b, rl, "id", simD_ju64(b, 1));
        simD_jset(b, rm, "text", simD_jstr(b, simD_second_site_note(f->kind)));
        simD_jset(b, rl, "message", rm);
        simD_jpush(b, rel, rl);
        simD_jset(b, res, "relatedLocations", rel);
      }
      simD_suppress sup = simD_record_suppressed(rec, i);
      if (sup != SIMD_SUPPRESS_NONE) {
        json_object *sups = simD_jarr(b), *so = simD_jobj(b);
        simD_jset(b, so, "kind", simD_jstr(b, sup == SIMD_SUPPRESS_IN_SOURCE ? "inSource" : "external"));
        const char *why = rec->suppress_why ? rec->suppress_why[i] : NULL;
        if (why) simD_jset(b, so, "justification", simD_jstr(b, why));
        simD_jpush(b, sups, so);
        simD_jset(b, res, "suppressions", sups);
      }
      json_object *pr = simD_jobj(b);
      simD_jset(b, pr, "kernel", simD_jstr(b, rec->kernel));
      simD_jset(b, pr, "count", simD_ju64(b, f->count));
      if (rec->host_parts) simD_jset(b, pr, "launchSource", simD_jlaunch_source(b, rec));
      if (f->grade[0]) simD_jset(b, pr, "grade", simD_jstr(b, f->grade));
      if (f->grade_why[0]) simD_jset(b, pr, "gradeReason", simD_jstr(b, f->grade_why));
      if (f->kind == SIMD_DATA_RACE) {
        simD_jset(b, pr, "access", simD_jstr(b, f->write_write ? "write-write" : "read-write"));
        simD_jset(b, pr, "space", simD_jstr(b, simD_space_name(f->space)));
      }
      simD_jset(b, res, "properties", pr);
      simD_jpush(b, results, res);
    }
  }
  for (unsigned ni = 0; ni < r->nnotes && !b->bad; ni++) {
    const simD_note *no = &r->notes[ni];
    json_object *nt = simD_jobj(b), *msg = simD_jobj(b), *nls = simD_jarr(b);
    simD_jset(b, nt, "level", simD_jstr(b, "note"));
    simD_jset(b, msg, "text", simD_jstr(b, no->message));
    simD_jset(b, nt, "message", msg);
    simD_record fake;
    memset(&fake, 0, sizeof fake);
    fake.file = no->file;
    fake.line = no->line;
    simD_jpush(b, nls, sarif_location(b, &fake, NULL, o));
    simD_jset(b, nt, "locations", nls);
    simD_jpush(b, notes, nt);
  }
  simD_jset(b, run, "results", results);
  if (o && o->srcroot && o->srcroot[0] == '/') {
    json_object *bases = simD_jobj(b), *sr = simD_jobj(b);
    size_t rl = strlen(o->srcroot);
    char *u = malloc(rl + 2);
    if (!u) b->bad = 1;
    else {
      snprintf(u, rl + 2, "%s%s", o->srcroot, o->srcroot[rl - 1] == '/' ? "" : "/");
      char *uri = uri_encode("file://", u);
      free(u);
      if (!uri) b->bad = 1;
      simD_jset(b, sr, "uri", simD_jstr(b, uri));
      free(uri);
    }
    simD_jset(b, bases, "SRCROOT", sr);
    simD_jset(b, run, "originalUriBaseIds", bases);
  }
  json_object *invs = simD_jarr(b), *inv = simD_jobj(b);
  simD_jset(b, inv, "executionSuccessful", json_object_new_boolean(ok));
  simD_jset(b, inv, "toolExecutionNotifications", notes);
  simD_jpush(b, invs, inv);
  simD_jset(b, run, "invocations", invs);
  simD_jset(b, run, "columnKind", simD_jstr(b, "utf16CodeUnits"));
  simD_jpush(b, runs, run);
  simD_jset(b, doc, "runs", runs);
  return doc;
}
