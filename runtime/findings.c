/*
 * simulee runtime: the run's findings. The report (the records of launches
 * with findings, of API misuse at a host call, of a library call's or a
 * copy's races with launches, of host accesses racing with launches), each
 * record printed on stderr when it is made and the report file rewritten
 * (runtime/exitpath.c writes them out), the counts of the summary line,
 * and the host's synchronization, where its races with launches are
 * reported. launch.c, memory.c and the libraries hand their findings here;
 * this file calls none of them.
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "runtime/findings.h"
#include "simulee/report.h"

/* The (kernel, kind, site pair) of a finding already reported. */
typedef struct seen_finding {
  const simR_func *f;
  simD_kind kind;
  uint32_t site[2];
} seen_finding;

static struct {
  seen_finding *seen;
  unsigned nseen;
  simD_report report;     /* records of launches with findings */
  int report_init;
  int finished;
  unsigned printed;       /* records printed on stderr so far */
  unsigned base;          /* a forked child: the records before the fork
                             are its parent's */
  uint64_t launches_base; /* likewise its launches and checked launches */
  uint64_t checked_base;
} G;

simR_launch_counts simR_launched;

/* ------------------------------------------------------ host location */

/* The program's line of a call stack (runtime/hostline.c). */
typedef struct hostloc {
  char file[2048];
  unsigned line;
} hostloc;

static int host_location(void *const *frames, int n, hostloc *out) {
  return simR_host_line_locked(frames, n, out->file, sizeof out->file, &out->line);
}

/* ------------------------------------------------------------ records */

static int finding_seen(const simR_func *f, const simD_finding *x) {
  for (unsigned i = 0; i < G.nseen; i++)
    if (G.seen[i].f == f && G.seen[i].kind == x->kind && G.seen[i].site[0] == x->site[0] &&
        G.seen[i].site[1] == x->site[1])
      return 1;
  seen_finding *ns = realloc(G.seen, (G.nseen + 1) * sizeof *ns);
  if (ns) {
    G.seen = ns;
    G.seen[G.nseen++] = (seen_finding){f, x->kind, {x->site[0], x->site[1]}};
  }
  return 0;
}

/* A launch's record (runtime/internal.h). */
void simR_launch_record_locked(const simR_func *f, const simI_launch *l, const simI_result *res,
                       simD_list *found, uint64_t ordinal, void *const *frames, int nframes) {
  const simI_kernel_info *ki = simI_kernel(f->m->p, (unsigned)f->kernel);
  simD_list keep;
  simD_list_init(&keep);
  for (unsigned i = 0; found && i < found->n; i++)
    if (!finding_seen(f, &found->v[i])) simD_list_add(&keep, &found->v[i]);
  if (!keep.n && res->status == SIMI_OK) {
    simD_list_free(&keep);
    return;
  }
  hostloc hl;
  host_location(frames, nframes, &hl);
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  simD_record r;
  memset(&r, 0, sizeof r);
  r.file = ki->file && *ki->file ? ki->file : f->m->source;
  r.kernel = ki->name;
  r.name = ki->demangled;
  r.line = ki->line;
  r.status = simD_status_from_interp(res->status);
  r.message = res->message;
  r.has_launch = 1;
  r.grid = l->grid;
  r.block = l->block;
  r.shared = l->dyn_shared;
  r.insns = res->insns;
  r.threads = res->threads;
  r.seconds = res->seconds;
  r.findings = keep;
  r.launch_ordinal = ordinal;
  r.host_file = hl.line ? hl.file : "";
  r.host_line = hl.line;
  simD_report_add(&G.report, &r, f->m->p, l);
  simD_list_free(&keep);
}

/* This process's records as a report (a view: nothing copied). */
static simD_report own_records(void) {
  simD_report v = G.report;
  v.v += G.base;
  v.n -= G.base;
  return v;
}

static int records_write(FILE *f, int fmt) {
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  simD_report v = own_records();
  simD_write_opts wo = {0, 0, 0, NULL, 0};
  return simD_report_write(f, &v, (simD_format)fmt, &wo) < 0 ? -1 : 0;
}

/* The counts of the summary line, as of now. */
static void counts_update(void) {
  simR_counts c;
  memset(&c, 0, sizeof c);
  c.launches = simR_launched.launches - G.launches_base;
  c.checked = simR_launched.checked - G.checked_base;
  c.kernels = simR_launched.kernels;
  if (G.report_init) {
    simD_report v = own_records();
    for (unsigned i = 0; i < v.n; i++) c.bad += v.v[i].status != SIMD_STATUS_CHECKED;
    c.findings = simD_report_nfindings(&v);
    c.errors = simD_report_nlevel(&v, SIMD_LEVEL_ERROR) + c.bad;
  }
  simR_counts_set_locked(&c);
}

/* The records since the last call, out (runtime/findings.h). */
void simR_records_flush_locked(void) {
  if (G.report_init && G.printed < G.report.n) {
    char *text = NULL;
    size_t n = 0;
    FILE *ms = open_memstream(&text, &n);
    simD_write_opts wo = {simR_set.color, 0, 0, NULL, 0};
    for (unsigned i = G.printed; ms && i < G.report.n; i++)
      simD_write_text_record(ms, &G.report.v[i], &wo);
    G.printed = G.report.n;
    simR_proc_active_locked(); /* records of its own: a process of the run */
    if (ms && fclose(ms) == 0) {
      fflush(stdout); /* the program's lines so far come first */
      simR_emit_locked(text, n);
    } else {
      free(text);
    }
    counts_update();
    simR_report_update_locked();
    return;
  }
  counts_update();
}

static void forked_child(void) {
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  G.base = G.printed = G.report.n;
  G.launches_base = simR_launched.launches;
  G.checked_base = simR_launched.checked;
  simR_launched.kernels = 0;
  G.finished = 0;
}

/* Host accesses to managed memory a launch could still be using. */
typedef struct host_seen {
  unsigned alloc;
  uint64_t ordinal;
} host_seen;
static host_seen *hseen;
static unsigned nhseen;

void simR_hostraces_locked(void) {
  simR_hostrace h[SIMR_MAX_HOSTRACES];
  unsigned n = simR_order_take_hostraces(h, SIMR_MAX_HOSTRACES);
  for (unsigned i = 0; i < n; i++) {
    int dup = 0;
    for (unsigned k = 0; k < nhseen && !dup; k++)
      dup = hseen[k].alloc == h[i].alloc && hseen[k].ordinal == h[i].ordinal;
    if (dup) continue;
    host_seen *ns = realloc(hseen, (nhseen + 1) * sizeof *ns);
    if (ns) {
      hseen = ns;
      hseen[nhseen++] = (host_seen){h[i].alloc, h[i].ordinal};
    }
    const simR_func *f = h[i].who;
    const simI_kernel_info *ki = f->m->p && f->kernel >= 0 ? simI_kernel(f->m->p, (unsigned)f->kernel)
                                                          : NULL;
    void *fr[1] = {(char *)h[i].pc + 1};
    hostloc hl;
    host_location(fr, 1, &hl);
    simD_finding x;
    memset(&x, 0, sizeof x);
    x.kind = SIMD_DATA_RACE;
    x.space = SIMI_SPACE_GLOBAL;
    x.site[0] = x.site[1] = UINT32_MAX;
    x.addr = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, h[i].alloc, h[i].offset);
    x.count = 1;
    snprintf(x.message, sizeof x.message,
             "host/device race: the host accessed managed memory 'managed#%u' + %llu while launch "
             "%llu (kernel %s) may still be running: no cudaDeviceSynchronize, stream or event "
             "synchronization between the launch and this access", h[i].alloc,
             (unsigned long long)h[i].offset, (unsigned long long)h[i].ordinal,
             ki ? ki->demangled : f->name);
    snprintf(x.why, sizeof x.why, "the host did not wait for the launch");
    simD_list l;
    simD_list_init(&l);
    simD_list_add(&l, &x);
    simD_loc locs[2] = {{hl.line ? hl.file : "", hl.line, 0, ""}, {"", 0, 0, ""}};
    char addr[80];
    snprintf(addr, sizeof addr, "managed memory 'managed#%u' + %llu", h[i].alloc,
             (unsigned long long)h[i].offset);
    const char *addrs[1] = {addr};
    simD_record r;
    memset(&r, 0, sizeof r);
    r.file = hl.line ? hl.file : f->m->source;
    r.kernel = ki ? ki->name : f->name;
    r.name = ki ? ki->demangled : f->name;
    r.line = ki ? ki->line : 0;
    r.status = SIMD_STATUS_CHECKED;
    r.message = "";
    r.findings = l;
    r.locs = locs;
    r.addrs = addrs;
    hostloc ll; /* the launch's line */
    host_location(h[i].frames, h[i].nframes, &ll);
    r.launch_ordinal = h[i].ordinal;
    r.host_file = ll.line ? ll.file : "";
    r.host_line = ll.line;
    if (!G.report_init) {
      simD_report_init(&G.report);
      G.report_init = 1;
    }
    simD_report_add(&G.report, &r, NULL, NULL);
    simD_list_free(&l);
  }
  if (n) simR_records_flush_locked();
}

/* A record of findings made at a host call (an API misuse, a library call's
 * conflicts), at the program's line hl, added to the report. */
static void add_host_record(const hostloc *hl, const char *kernel, const char *title,
                                   const simD_list *l, const simD_loc *locs,
                                   const char *const *addrs) {
  simD_record r;
  memset(&r, 0, sizeof r);
  r.file = hl->line ? hl->file : "";
  r.kernel = kernel;
  r.name = title;
  r.line = hl->line;
  r.status = SIMD_STATUS_CHECKED;
  r.message = "";
  r.findings = *l;
  r.locs = locs;
  r.addrs = addrs;
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  simD_report_add(&G.report, &r, NULL, NULL);
}

void simR_api_finding_locked(const char *call, const char *addr, const char *fmt, ...) {
  simR_init_locked(); /* a program without kernels registered none */
  void *frames[16];
  int nframes = backtrace(frames, 16);
  hostloc hl;
  host_location(frames, nframes, &hl);
  simD_finding x;
  memset(&x, 0, sizeof x);
  x.kind = SIMD_OUT_OF_BOUNDS;
  x.space = SIMI_SPACE_NONE;
  x.site[0] = x.site[1] = UINT32_MAX;
  x.count = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x.message, sizeof x.message, fmt, ap);
  va_end(ap);
  simD_list l;
  simD_list_init(&l);
  simD_list_add(&l, &x);
  simD_loc locs[2] = {{hl.line ? hl.file : "", hl.line, 0, ""}, {"", 0, 0, ""}};
  const char *addrs[1] = {addr ? addr : ""};
  char title[96];
  snprintf(title, sizeof title, "%.60s (API call)", call);
  add_host_record(&hl, call, title, &l, locs, addrs);
  simD_list_free(&l);
  simR_records_flush_locked(); /* printed at the call */
}

/* The other side of a race between launches: "launch 3 (kernel k, on
 * another stream)" (the kernel's line is the finding's other location) or
 * "library call 2 (cublasSgemm from main.cu:40, on ...)" (the program's
 * line whose call ran it: a graph node's is the cudaGraphLaunch). */
static void describe_other(const simR_conflict *c, char *buf, size_t len) {
  const simR_func *o = c->other;
  const simI_kernel_info *oi = o->m && o->m->p && o->kernel >= 0 ?
      simI_kernel(o->m->p, (unsigned)o->kernel) : NULL;
  const char *where = simR_order_is_lane(c->other_stream) ? "a graph branch not ordered with it"
                      : c->other_stream ? "another stream" : "the default stream";
  hostloc hl;
  if (!o->m && c->other_nframes && host_location(c->other_frames, c->other_nframes, &hl))
    snprintf(buf, len, "library call %llu (%.64s from %.200s:%u, on %s)",
             (unsigned long long)c->other_ordinal, o->name, hl.file, hl.line, where);
  else if (!o->m)
    snprintf(buf, len, "library call %llu (%s, on %s)", (unsigned long long)c->other_ordinal,
             o->name, where);
  else
    snprintf(buf, len, "launch %llu (kernel %s, on %s)", (unsigned long long)c->other_ordinal,
             oi ? oi->demangled : o->name, where);
}

/* The race-between-launches finding of a conflict (runtime/internal.h). */
void simR_conflict_finding(const simR_conflict *c, const char *who, uint32_t s0, uint32_t s1,
                             const char *why, simD_finding *x) {
  memset(x, 0, sizeof *x);
  x->kind = SIMD_DATA_RACE;
  x->space = SIMI_SPACE_GLOBAL;
  x->write_write = c->write_write;
  x->site[0] = s0;
  x->site[1] = s1;
  x->addr = SIMI_PTR_MAKE(SIMI_SPACE_GLOBAL, c->alloc, c->offset);
  x->count = 1;
  char other[350];
  describe_other(c, other, sizeof other);
  snprintf(x->message, sizeof x->message,
           "race between launches: %.40s %s it and %s %s it, and no stream order, event or "
           "synchronization orders the two",
           who, c->cur_write ? "writes" : "reads", other, c->other_write ? "writes" : "reads");
  snprintf(x->why, sizeof x->why, "%s", why);
}

void simR_libcall_conflicts_locked(const char *name, uint64_t ordinal, const simR_conflict *conf,
                                   unsigned nc) {
  void *frames[16];
  int nframes = backtrace(frames, 16);
  hostloc hl;
  host_location(frames, nframes, &hl);
  simD_list l;
  simD_list_init(&l);
  simD_loc locs[16];
  char addr[8][96];
  const char *addrs[8];
  for (unsigned i = 0; i < nc; i++) {
    const simR_func *o = conf[i].other;
    simD_finding x;
    /* site[1] only tells the findings apart: locs below say where */
    simR_conflict_finding(&conf[i], name, UINT32_MAX, conf[i].other_site,
                     "the library call and the launch may run concurrently", &x);
    if (simD_list_add(&l, &x) < 0) continue;
    unsigned k = l.n - 1;
    locs[2 * k] = (simD_loc){hl.line ? hl.file : "", hl.line, 0, ""};
    locs[2 * k + 1] = (simD_loc){"", 0, 0, ""};
    if (o->m && o->m->p && conf[i].other_site != UINT32_MAX) {
      simD_loc *ol = &locs[2 * k + 1];
      simI_site_loc(o->m->p, conf[i].other_site, &ol->file, &ol->line, &ol->col, &ol->function);
      /* relative to the current folder when under it, as the program's
       * own lines are shown */
      char cwd[1024];
      size_t cn = ol->file && getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
      if (cn && !strncmp(ol->file, cwd, cn) && ol->file[cn] == '/') ol->file += cn + 1;
    }
    snprintf(addr[k], sizeof addr[k], "device memory 'cudaMalloc#%u' + %llu", conf[i].alloc,
             (unsigned long long)conf[i].offset);
    addrs[k] = addr[k];
  }
  if (l.n) {
    char title[160];
    snprintf(title, sizeof title, "%s (library call %llu)", name, (unsigned long long)ordinal);
    add_host_record(&hl, name, title, &l, locs, addrs);
  }
  simD_list_free(&l);
  simR_records_flush_locked();
}

/* ------------------------------------------------- synchronization */

cudaError_t simR_sync_locked(void) {
  simR_order_reguard_locked();
  simR_hostraces_locked();
  return simR_error_settle_locked();
}

cudaError_t simR_stream_sync_locked(cudaStream_t s) {
  simR_order_host_stream_locked(simR_stream_index(s));
  return simR_sync_locked();
}

/* ------------------------------------------------------------ the end */

static void report_finish(void) {
  if (G.finished) return;
  simR_hostraces_locked();
  G.finished = 1;
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  simR_records_flush_locked();
}

static const simR_exit_hook findings_hook = {report_finish, NULL, records_write,
                                             forked_child};

__attribute__((constructor)) static void register_findings_hook(void) {
  simR_exit_hook_add(&findings_hook);
}
