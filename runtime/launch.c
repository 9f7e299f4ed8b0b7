/*
 * simulee runtime: launches. Each launch runs at once with the interpreter
 * over the whole allocation table (launch buffer i = allocation i), its
 * blocks on SIMULEE_JOBS threads when that gives the serial result
 * (simI_run_jobs), checked by the detectors per the check policy, or as
 * native code (jit/) when unchecked; its findings become a report record
 * naming the launch (runtime/findings.c). The kernels are those the
 * program registered (runtime/module.c).
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "jit/jit.h"
#include "runtime/findings.h"
#include "runtime/internal.h"
#include "runtime/module.h"
#include "runtime/op.h"
#include "runtime/sample.h"
#include "simulee/detect.h"
#include "simulee/report.h"

#define EXPORT __attribute__((visibility("default")))

/* A kernel and launch shape with its check count (the policy). */
typedef struct shape {
  const simR_func *f;
  simR_dim3 grid, block;
  uint64_t shared;
  uint64_t seen;          /* launches of this shape */
} shape;

static struct {
  shape *shapes;
  unsigned nshapes;
  uint64_t insns;         /* thread instructions, all launches */
  double seconds;         /* wall time of the launches (simI_run_jobs) */
  uint64_t parallel;      /* launches whose blocks ran on several threads */
  uint64_t fell_back;     /* launches whose parallel run was refused */
  unsigned max_workers;   /* the most threads a launch ran on */
  double worker_cpu;      /* CPU seconds of the parallel launches' workers */
  double busiest_cpu;     /* and of each one's busiest worker, summed */
  uint64_t parts;         /* their ranges of blocks (simI_result.parts) */
  uint64_t copied;        /* bytes they copied for the undo (simI_result.copied) */
  uint64_t sampled;       /* checked launches checked on a sample of blocks
                             (--check-threads), the rest run unchecked */
  uint64_t native;        /* unchecked launches run as native code (jit/) */
  double native_seconds;  /* their wall time (also in seconds) */
  double native_cpu;      /* and CPU time of the threads that ran their blocks */
  /* per part index: the detector context and order record of that part of
   * the previous parallel launch, freed on the thread running the same part
   * of the next one (rj_finish), so that the main thread does not */
  simD_ctx *spare[SIMR_MAX_JOBS];
  simR_order_part *spare_ord[SIMR_MAX_JOBS];
} G;

/* ------------------------------------------------------------ launches */

/* Whether this launch runs with detection (the check policy). */
static int want_check(const simR_func *f, simR_dim3 grid, simR_dim3 block, uint64_t shared) {
  if (simR_set.check_mode == SIMR_CHECK_ALL) return 1;
  if (simR_set.check_mode == SIMR_CHECK_NONE) return 0;
  shape *s = NULL;
  for (unsigned i = 0; i < G.nshapes && !s; i++)
    if (G.shapes[i].f == f && !memcmp(&G.shapes[i].grid, &grid, sizeof grid) &&
        !memcmp(&G.shapes[i].block, &block, sizeof block) && G.shapes[i].shared == shared)
      s = &G.shapes[i];
  if (!s) {
    shape *ns = realloc(G.shapes, (G.nshapes + 1) * sizeof *ns);
    if (!ns) return 0;
    G.shapes = ns;
    s = &G.shapes[G.nshapes++];
    *s = (shape){f, grid, block, shared, 0};
  }
  uint64_t k = s->seen++;
  if (simR_set.check_mode == SIMR_CHECK_SAMPLE) return k % simR_set.check_n == 0;
  return k < simR_set.check_n;
}

/* Kernel printf: the program's stdout. */
static void on_print(void *ctx, unsigned block, unsigned thread, const char *text) {
  (void)ctx, (void)block, (void)thread;
  fputs(text, stdout);
}

/* Invalid accesses of a launch run without detection. */
typedef struct fault_count {
  uint64_t n;
  simI_fault first;
  int misaligned; /* the first fault was a misaligned address */
} fault_count;

static void on_fault(void *ctx, const simI_fault *f) {
  fault_count *c = ctx;
  if (!c->n++) {
    c->first = *f;
    c->misaligned = f->what && !strcmp(f->what, SIMI_MISALIGNED);
  }
}

/* The value of parameter q from the host's argument bytes. */
static uint64_t scalar_bits(const void *src, unsigned size) {
  uint64_t v = 0;
  memcpy(&v, src, size < 8 ? size : 8);
  return v;
}

int simR_bad_config(simR_dim3 grid, simR_dim3 block, simR_dim3 cluster) {
  uint64_t bt = (uint64_t)block.x * block.y * block.z;
  if (!grid.x || !grid.y || !grid.z || !bt || bt > 1024 || block.x > 1024 || block.y > 1024 ||
      block.z > 64 || grid.y > 65535 || grid.z > 65535 || grid.x > 2147483647u)
    return 1;
  return cluster.x && (!cluster.y || !cluster.z || grid.x % cluster.x || grid.y % cluster.y ||
                       grid.z % cluster.z ||
                       (uint64_t)cluster.x * cluster.y * cluster.z > SIMI_MAX_CLUSTER);
}
/* Bytes of parameter q's value in a launch's argument array. */
static unsigned param_bytes(const simI_param *q) {
  if (q->kind == SIMI_PARAM_STRUCT) return (unsigned)q->size;
  return q->kind == SIMI_PARAM_PTR ? 8 : q->size ? (unsigned)q->size : (q->bits + 7) / 8;
}

void **simR_copy_args_locked(const void *stub, void **args, size_t *bytes, unsigned *nargs,
                             cudaError_t *err) {
  simR_func *f = simR_func_find_locked(stub);
  const simI_kernel_info *ki = f ? simR_func_resolve_locked(f) : NULL;
  *err = cudaErrorInvalidDeviceFunction;
  if (!ki) return NULL;
  size_t head = (ki->nparams * sizeof(void *) + 15) & ~(size_t)15, n = head;
  for (unsigned i = 0; i < ki->nparams; i++) n += (param_bytes(&ki->params[i]) + 15) & ~15u;
  uint8_t *b = calloc(1, n ? n : 1);
  *err = cudaErrorMemoryAllocation;
  if (!b) return NULL;
  void **v = (void **)b;
  size_t at = head;
  for (unsigned i = 0; i < ki->nparams; i++) {
    unsigned k = param_bytes(&ki->params[i]);
    if (args && args[i]) memcpy(b + at, args[i], k);
    v[i] = b + at;
    at += (k + 15) & ~15u;
  }
  *bytes = n;
  *nargs = ki->nparams;
  *err = cudaSuccess;
  return v;
}

/* ------------------------------------------- unchecked launches, native */

/* The blocks a part of a launch runs (simI_launch.skip leaves out the
 * others): those of [lo, hi) (or, with out set, those outside it) that the
 * launch's own skip, if any, keeps. */
typedef struct brange {
  uint64_t lo, hi;
  int out;
  int (*base)(const void *, uint64_t);
  const void *base_ctx;
} brange;

static int brange_skip(const void *ctx, uint64_t b) {
  const brange *r = ctx;
  if (r->base && r->base(r->base_ctx, b)) return 1;
  int in = b >= r->lo && b < r->hi;
  return r->out ? in : !in;
}

/* l restricted to r (r keeps l's own skip as its base). */
static simI_launch part_of(const simI_launch *l, brange *r) {
  simI_launch x = *l;
  r->base = l->skip;
  r->base_ctx = l->skip_ctx;
  x.skip = brange_skip;
  x.skip_ctx = r;
  return x;
}

static double thread_cpu_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* A part of an unchecked launch run natively, added to res and fc. */
static void native_add(simI_result *res, fault_count *fc, const simJ_result *jr) {
  if (res->status == SIMI_OK && jr->status != SIMI_OK) {
    res->status = jr->status;
    memcpy(res->message, jr->message, sizeof res->message);
  }
  res->seconds += jr->seconds;
  if (!fc->n) fc->misaligned = jr->misaligned;
  fc->n += jr->faults;
  G.native_seconds += jr->seconds;
  G.native_cpu += jr->cpu_seconds;
}

/* ... and a part the interpreter ran (its faults reached fc already). */
static void interp_add(simI_result *res, const simI_result *r) {
  if (res->status == SIMI_OK && r->status != SIMI_OK) {
    res->status = r->status;
    res->site = r->site;
    memcpy(res->message, r->message, sizeof res->message);
  }
  res->seconds += r->seconds;
  res->insns += r->insns;
  res->warp_insns += r->warp_insns;
}

/* Launch l of f unchecked as native code, when the kernel allows it: 1
 * when it ran (res and fc filled), 0 when nothing ran (the interpreter runs
 * it). A kernel on fibers not yet measured against the interpreter
 * (simJ_needs_probe) gets its first large launch split: a few blocks
 * natively, as many interpreted, each on this thread and timed by its CPU
 * time, and the rest of the launch (and the kernel's later launches) with
 * the faster (simJ_decide). The probe's blocks are the first of the launch,
 * or, when l leaves blocks out (the policy's sample), from the middle on;
 * the two engines give the same results for a race-free kernel. */
static int run_native(const simR_func *f, const simI_program *p, const simI_launch *l,
                      const simI_observer *obs, const simI_jobs *jobs, simI_result *res,
                      fault_count *fc) {
  const uint8_t *bc = f->m->bc;
  unsigned k = (unsigned)f->kernel;
  uint64_t nb = (uint64_t)l->grid.x * l->grid.y * l->grid.z;
  uint64_t bt = (uint64_t)l->block.x * l->block.y * l->block.z;
  uint64_t probe = 16384 / (bt ? bt : 1);
  if (probe < 2) probe = 2;
  simJ_result jr;
  memset(res, 0, sizeof *res);
  res->site = UINT32_MAX;
  if (nb < 4 * probe || simJ_settled(bc, k)) { /* too small to measure, or measured */
    if (!simJ_run(bc, f->m->bclen, p, k, l, simR_set.jobs, &jr)) return 0;
    native_add(res, fc, &jr);
    res->threads = jr.threads;
    return 1;
  }
  uint64_t lo = l->skip ? nb / 2 - probe : 0;
  brange r0 = {lo, lo + probe, 0, NULL, NULL};
  simI_launch l0 = part_of(l, &r0);
  if (!simJ_run(bc, f->m->bclen, p, k, &l0, 1, &jr)) return 0; /* nothing ran */
  int measure = simJ_needs_probe(bc, k) && jr.status == SIMI_OK && !jr.faults;
  native_add(res, fc, &jr);
  uint64_t done = lo + probe;
  int native_faster = 1;
  if (measure) {
    brange r1 = {lo + probe, lo + 2 * probe, 0, NULL, NULL};
    simI_launch l1 = part_of(l, &r1);
    simI_result ri;
    double t0 = thread_cpu_s();
    simI_run(p, k, &l1, obs, 1, &ri);
    double ti = thread_cpu_s() - t0;
    interp_add(res, &ri);
    done = lo + 2 * probe;
    native_faster = simJ_decide(bc, k, simI_kernel(p, k)->demangled, jr.cpu_seconds, ti);
  }
  if (res->status == SIMI_OK) { /* the others: before lo, and from done on */
    brange r2 = {lo, done, 1, NULL, NULL};
    simI_launch l2 = part_of(l, &r2);
    if (native_faster && simJ_run(bc, f->m->bclen, p, k, &l2, simR_set.jobs, &jr)) {
      native_add(res, fc, &jr);
    } else {
      simI_result ri;
      simI_run_jobs(p, k, &l2, obs, 1, jobs, &ri);
      interp_add(res, &ri);
    }
  }
  res->threads = nb * bt;
  return 1;
}

/* Why a launch of kernel ki with clusters of `cluster` blocks cannot be
 * checked on a sample of its blocks (its blocks depend on one another), or
 * NULL when it can. */
static const char *unsampleable(const simI_kernel_info *ki, simR_dim3 cluster) {
  if (ki->device_launch) return "device-side launches";
  if (ki->grid_sync) return "grid synchronization";
  if ((uint64_t)cluster.x * cluster.y * cluster.z > 1 ||
      (uint64_t)ki->cluster_dims.x * ki->cluster_dims.y * ki->cluster_dims.z > 1)
    return "thread block clusters";
  return NULL;
}

/* A note on stderr about launch `ordinal` of kernel ki, in one write (after
 * the program's own output). */
static void launch_note(const simI_kernel_info *ki, uint64_t ordinal, const char *text) {
  char line[800];
  int n = snprintf(line, sizeof line, "simulee: note: kernel %s (launch %llu): %s\n",
                   ki->demangled, (unsigned long long)ordinal, text);
  fflush(stdout);
  fwrite(line, 1, n > 0 && (size_t)n < sizeof line ? (size_t)n : strlen(line), stderr);
}

/* The record of a launch (or of its part) run without detection that went
 * wrong: its status, or else its nfaults invalid accesses, "where". */
static void unchecked_failure(const simR_func *f, const simI_launch *l, const simI_result *res,
                              uint64_t nfaults, const char *where, uint64_t ordinal,
                              void *const *frames, int nframes) {
  simI_result r2 = *res;
  if (r2.status == SIMI_OK) {
    r2.status = SIMI_E_TRAP;
    snprintf(r2.message, sizeof r2.message, "%llu invalid memory accesses %s",
             (unsigned long long)nfaults, where);
  }
  simR_launch_record_locked(f, l, &r2, NULL, ordinal, frames, nframes);
}

/* A launch's blocks on several threads (simI_run_jobs): each part (a range
 * of blocks) gets a fresh detector context and its own record of the
 * granules it touches for the order between launches (when the launch is
 * checked); commit merges them in the order of the parts' blocks into the
 * launch's own, so that its findings are those of the serial run. Kernel
 * printf and faults make the parallel run dirty (the interpreter's rule), so
 * the serial rerun prints and counts them with the launch's own observers. */
typedef struct rjobs {
  simD_ctx *d;                     /* the launch's detector context, or NULL */
  const simI_launch *l;            /* the detectors' launch */
  simR_sample *sample;             /* a sampled check: its filters, or NULL */
  unsigned char *fst;              /* their storage, SIMR_MAX_JOBS of them */
  int opened;                      /* a parallel run was tried */
  simD_ctx *parts[SIMR_MAX_JOBS];  /* per part (d set) */
  simR_order_part *ord[SIMR_MAX_JOBS];
  signed char ended[SIMR_MAX_JOBS]; /* rj_finish: 1 its execution ended clean,
                                       -1 not clean, 0 not ended there */
} rjobs;

static int rj_open(void *ctx, unsigned w, simI_observer *obs, unsigned max) {
  rjobs *j = ctx;
  if (!w) j->opened = 1; /* part 0 is opened on the main thread, before the
                            workers start (later parts: on a worker's) */
  if (!j->d) return 0;
  if (max < 2 || w >= SIMR_MAX_JOBS || !(j->parts[w] = simD_new_part(j->d)) ||
      !(j->ord[w] = simR_order_part_new()))
    return -1;
  obs[0] = simD_observer(j->parts[w]);
  if (j->sample)
    obs[0] = simR_sample_filter(j->sample, &obs[0], j->fst + (size_t)w * simR_sample_filter_size(),
                                0);
  memset(&obs[1], 0, sizeof obs[1]);
  obs[1].ctx = j->ord[w];
  obs[1].access = simR_order_part_access;
  return 2;
}

/* On the thread that ran part w, when its blocks have run: the end of the
 * part's execution (rj_clean's work, done by the workers in parallel) when
 * the part ran to its end, and the free of part w of the previous parallel
 * launch (rj_close left it). Only the thread running part w touches
 * G.spare[w] while the workers run. */
static void rj_finish(void *ctx, unsigned w, const simI_result *res) {
  rjobs *j = ctx;
  if (w >= SIMR_MAX_JOBS) return;
  simD_free(G.spare[w]);
  simR_order_part_free(G.spare_ord[w]);
  G.spare[w] = NULL;
  G.spare_ord[w] = NULL;
  if (!j->parts[w] || res->status != SIMI_OK || res->faults) return;
  j->ended[w] = simD_end_execution(j->parts[w], j->l, res) == 0 && simD_part_clean(j->parts[w])
                    ? 1 : -1;
}

static int rj_clean(void *ctx, unsigned w, const simI_result *res) {
  rjobs *j = ctx;
  if (!j->d) return 1;
  if (j->ended[w]) return j->ended[w] > 0 && simR_order_part_ok(j->ord[w]);
  return simD_end_execution(j->parts[w], j->l, res) == 0 && simD_part_clean(j->parts[w]) &&
         simR_order_part_ok(j->ord[w]);
}

static int rj_doomed(void *ctx, unsigned w) {
  rjobs *j = ctx;
  return j->d && w < SIMR_MAX_JOBS && j->parts[w] &&
         (!simD_part_clean(j->parts[w]) || !simR_order_part_ok(j->ord[w]));
}

static int rj_commit(void *ctx, const unsigned *order, unsigned n) {
  rjobs *j = ctx;
  if (!j->d) return 0;
  simD_ctx *parts[SIMR_MAX_JOBS];
  simR_order_part *ord[SIMR_MAX_JOBS];
  for (unsigned i = 0; i < n && i < SIMR_MAX_JOBS; i++) {
    parts[i] = j->parts[order[i]];
    ord[i] = j->ord[order[i]];
  }
  /* the order's records first: a failed commit empties them for the serial
   * rerun; after a failed detector merge the rerun adds the same granules
   * and first sites again, which leaves them as they are */
  if (simR_order_part_commit_locked(ord, n) < 0) return -1;
  return simD_merge_launch(j->d, parts, n) ? -1 : 0;
}

/* Part w's context is not freed here (on the main thread) but kept for the
 * thread running the next parallel launch's part w to free (rj_finish); one
 * still kept (that part did not get to run) is freed now. */
static void rj_close(void *ctx, unsigned w) {
  rjobs *j = ctx;
  if (w >= SIMR_MAX_JOBS) return;
  simD_free(G.spare[w]);
  simR_order_part_free(G.spare_ord[w]);
  G.spare[w] = j->parts[w];
  G.spare_ord[w] = j->ord[w];
  j->parts[w] = NULL;
  j->ord[w] = NULL;
}

/* The parts kept by rj_close, at the end of the run. */
static void spares_free(void) {
  for (unsigned w = 0; w < SIMR_MAX_JOBS; w++) {
    simD_free(G.spare[w]);
    simR_order_part_free(G.spare_ord[w]);
    G.spare[w] = NULL;
    G.spare_ord[w] = NULL;
  }
}

/* The launch buffers, one per allocation in simR_mem's order, kept between
 * launches: an entry is rebuilt only when its allocation changed, so a
 * launch's fixed cost does not grow with the allocations a program holds
 * (no name printed, nothing allocated per allocation). A launch names the
 * buffers its pointer parameters reach after those parameters, and gives
 * the default names back when it ends (lb_restore). */
static struct {
  simI_buffer *bufs;    /* the buffers (data, size, element type, name) */
  char (*names)[48];    /* their names: "cudaMalloc#3" or the parameter's */
  uint8_t *kind;        /* the simR_memkind each entry was built for */
  unsigned n, cap;      /* entries valid / allocated */
  unsigned *touched;    /* entries a launch renamed */
  unsigned ntouched, captouched;
} LB;

static void lb_default(unsigned i) {
  const simR_alloc *al = &simR_mem.v[i];
  snprintf(LB.names[i], sizeof LB.names[i], "%s#%u",
           al->kind == SIMR_MEM_MANAGED ? "managed" : al->kind == SIMR_MEM_HOST ? "host" :
           "cudaMalloc", i);
  LB.bufs[i] = (simI_buffer){al->data, al->size, SIMI_ELEM_UNKNOWN, LB.names[i], 0};
  LB.kind[i] = (uint8_t)al->kind;
}

/* The buffers of the allocations as they are now: 0, or -1 out of memory. */
static int lb_sync(void) {
  unsigned n = simR_mem.n;
  if (n + 1 > LB.cap) {
    unsigned nc = LB.cap ? LB.cap : 64;
    while (nc < n + 1) nc *= 2;
    simI_buffer *b = realloc(LB.bufs, nc * sizeof *b);
    if (b) LB.bufs = b;
    char (*nm)[48] = realloc(LB.names, nc * sizeof *nm);
    if (nm) LB.names = nm;
    uint8_t *k = realloc(LB.kind, nc);
    if (k) LB.kind = k;
    if (!b || !nm || !k) return -1;
    for (unsigned i = 0; i < LB.n; i++) LB.bufs[i].name = LB.names[i]; /* moved */
    LB.cap = nc;
  }
  unsigned nd;
  int all;
  const unsigned *dirty = simR_mem_changed_take_locked(&nd, &all);
  if (all) {
    for (unsigned i = 0; i < n; i++) lb_default(i);
  } else {
    for (unsigned k = 0; k < nd; k++)
      if (dirty[k] < n && dirty[k] < LB.n) lb_default(dirty[k]);
    for (unsigned i = LB.n; i < n; i++) lb_default(i);
  }
  LB.n = n;
  return 0;
}

/* Entry i gets the name of a launch's parameter (given back at its end). */
static void lb_touch(unsigned i) {
  if (LB.ntouched == LB.captouched) {
    unsigned nc = LB.captouched ? 2 * LB.captouched : 16;
    unsigned *t = realloc(LB.touched, nc * sizeof *t);
    if (!t) return; /* its name stays the parameter's until it changes */
    LB.touched = t;
    LB.captouched = nc;
  }
  LB.touched[LB.ntouched++] = i;
}

static void lb_restore(void) {
  for (unsigned k = 0; k < LB.ntouched; k++)
    if (LB.touched[k] < LB.n && LB.touched[k] < simR_mem.n) lb_default(LB.touched[k]);
  LB.ntouched = 0;
}

static int cmp_unsigned(const void *a, const void *b) {
  unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
  return x < y ? -1 : x > y;
}

/* cudaGraphSetConditional from a kernel (the launching thread holds the
 * lock): the handle's value (runtime/state.c), which a graph's conditional
 * node reads; a handle that is none is ignored with a line, once. */
static void set_conditional(void *ctx, uint64_t handle, unsigned value) {
  (void)ctx;
  static int told;
  if (simR_cond_set_locked(handle, value) < 0 && !told) {
    told = 1;
    fprintf(stderr, "simulee: warning: cudaGraphSetConditional of 0x%llx, which is no "
            "conditional handle (cudaGraphConditionalHandleCreate): ignored\n",
            (unsigned long long)handle);
  }
}

cudaError_t simR_launch_locked(const void *stub, simR_dim3 grid, simR_dim3 block, void **args,
                               size_t shared, unsigned sidx, simR_dim3 cluster,
                               void *const *frames, int nframes) {
  cudaError_t e = simR_sticky_locked();
  if (e) return e;
  simR_tex_refresh_locked(); /* texture objects of their own read what memory holds now */
  simR_func *f = simR_func_find_locked(stub);
  if (!f) return simR_error_locked(cudaErrorInvalidDeviceFunction);
  uint64_t bt = (uint64_t)block.x * block.y * block.z;
  const cudaDeviceProp *pr = simR_props();
  if (simR_bad_config(grid, block, cluster))
    return simR_error_locked(cudaErrorInvalidConfiguration);
  const simI_kernel_info *ki = simR_func_resolve_locked(f);
  if (!ki) return simR_error_locked(cudaErrorInvalidDeviceFunction);
  simI_program *p = f->m->p;
  /* dynamic shared memory: 48 KiB, or what cudaFuncSetAttribute allowed
   * (the static part is the interpreter's to check) */
  uint64_t smax = f->max_dyn_shared ? (uint64_t)f->max_dyn_shared : pr->sharedMemPerBlock;
  if (shared > smax) {
    fprintf(stderr, "simulee: kernel %s: %llu bytes of dynamic shared memory are more than the "
            "%llu the device allows%s\n", ki->demangled, (unsigned long long)shared,
            (unsigned long long)smax,
            f->max_dyn_shared ? "" : " (cudaFuncAttributeMaxDynamicSharedMemorySize raises it)");
    return simR_error_locked(cudaErrorInvalidValue);
  }
  if ((uint64_t)grid.x * grid.y * grid.z > SIMI_MAX_BLOCKS) {
    fprintf(stderr, "simulee: error: kernel %s: a launch of %llu blocks is above simulee's "
            "limit of %u blocks\n", ki->demangled, (unsigned long long)((uint64_t)grid.x *
            grid.y * grid.z), SIMI_MAX_BLOCKS);
    return simR_error_locked(cudaErrorLaunchOutOfResources);
  }
  /* the arguments: one pointer per parameter (the layout bounds every copy) */
  for (unsigned i = 0; i < ki->nparams; i++)
    if (!args || !args[i]) {
      simR_handle_warn_locked("cudaLaunchKernel", "kernel %s: no value for parameter %u "
                              "(a null argument pointer): returns cudaErrorInvalidValue",
                              ki->demangled, i);
      return simR_error_locked(cudaErrorInvalidValue);
    }
  simR_proc_active_locked(); /* a forked child is a process of the run */
  uint64_t ordinal = ++simR_launched.launches;
  if (!f->launches++) simR_launched.kernels++;
  simR_hostraces_locked();
  simR_stamp stamp = simR_order_op_locked(sidx);
  /* the arguments: pointers to managed / page-locked memory become device
   * pointers, struct fields too */
  unsigned np = ki->nparams;
  simI_arg *a = calloc(np + 1, sizeof *a);
  uint8_t **raws = calloc(np + 1, sizeof *raws);
  /* the managed allocations it is given (parameters and struct fields) */
  unsigned nmanaged = 0, capmanaged = np + 1;
  for (unsigned i = 0; i < np; i++)
    if (ki->params[i].kind == SIMI_PARAM_STRUCT) capmanaged += ki->params[i].nfields;
  unsigned *managed = calloc(capmanaged, sizeof *managed);
  if (!a || !raws || !managed || lb_sync() < 0) {
    free(a), free(raws), free(managed);
    return simR_error_locked(cudaErrorMemoryAllocation);
  }
  simI_buffer *bufs = LB.bufs;
  char (*names)[48] = LB.names;
  for (unsigned i = 0; i < np; i++) {
    const simI_param *q = &ki->params[i];
    if (q->kind == SIMI_PARAM_STRUCT) {
      raws[i] = malloc(q->size ? q->size : 1);
      if (!raws[i]) continue;
      memcpy(raws[i], args[i], q->size);
      for (unsigned k = 0; k < q->nfields; k++)
        if (q->fields[k].kind == SIMI_PARAM_PTR && q->fields[k].offset + 8 <= q->size) {
          uint64_t v;
          memcpy(&v, raws[i] + q->fields[k].offset, 8);
          v = simR_device_value_locked(v);
          memcpy(raws[i] + q->fields[k].offset, &v, 8);
          if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL && SIMI_PTR_ALLOC(v) < simR_mem.n &&
              simR_mem.v[SIMI_PTR_ALLOC(v)].kind == SIMR_MEM_MANAGED && nmanaged < capmanaged)
            managed[nmanaged++] = SIMI_PTR_ALLOC(v);
        }
      a[i].raw = raws[i];
      a[i].rawlen = q->size;
    } else {
      unsigned size = q->kind == SIMI_PARAM_PTR ? 8 : q->size ? q->size : (q->bits + 7) / 8;
      uint64_t v = scalar_bits(args[i], size);
      if (q->kind == SIMI_PARAM_PTR) {
        v = simR_device_value_locked(v);
        char what[160];
        snprintf(what, sizeof what, "kernel %.40s's argument '%.40s'", ki->demangled,
                 q->name && *q->name ? q->name : "?");
        simR_dead_pointer_locked("cudaLaunchKernel", what, v);
        if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL && SIMI_PTR_ALLOC(v) < simR_mem.n &&
            simR_mem.v[SIMI_PTR_ALLOC(v)].kind == SIMR_MEM_MANAGED && nmanaged < capmanaged)
          managed[nmanaged++] = SIMI_PTR_ALLOC(v);
        /* name the buffer after the parameter that points to it */
        if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL && SIMI_PTR_ALLOC(v) < simR_mem.n &&
            strchr(names[SIMI_PTR_ALLOC(v)], '#')) {
          lb_touch(SIMI_PTR_ALLOC(v));
          if (q->name && *q->name)
            snprintf(names[SIMI_PTR_ALLOC(v)], sizeof names[0], "%s", q->name);
          else
            snprintf(names[SIMI_PTR_ALLOC(v)], sizeof names[0], "arg%u", i);
          /* and index it by the kernel's element type (messages: 'a'[-1]) */
          bufs[SIMI_PTR_ALLOC(v)].elem = q->elem;
        }
      }
      a[i].bits = v;
    }
  }
  simI_launch l;
  memset(&l, 0, sizeof l);
  l.grid = (simI_dim3){grid.x, grid.y, grid.z};
  l.block = (simI_dim3){block.x, block.y, block.z};
  l.dyn_shared = shared;
  l.max_steps = simR_set.max_steps;
  l.its = 1;
  l.nargs = np;
  l.args = a;
  l.nbuffers = simR_mem.n;
  l.buffers = bufs;
  l.cluster = (simI_dim3){cluster.x, cluster.y, cluster.z};
  l.globals = f->m->globals;
  l.consts = (const uint8_t *const *)f->m->consts;
  if ((l.heap = simR_heap_locked())) simI_heap_set_launch(l.heap, ordinal);
  l.set_conditional = set_conditional;
  int check = want_check(f, grid, block, shared);
  /* a grid that syncs runs its blocks together on one worker, and cannot
   * be checked on a sample of them: it is checked for a prefix of its
   * instructions, the rest runs unchecked */
  if (check && ki->grid_sync && !ki->device_launch) l.check_steps = simR_set.check_steps;
  /* more threads than the detectors tell apart: a sampled check
   * (runtime/sample.h); a kernel with child grids or clusters is not
   * sampled and runs unchecked */
  simR_sample *sample = NULL;
  char sample_note[600] = "";
  const uint64_t nthreads = (uint64_t)grid.x * grid.y * grid.z * bt;
  /* the policy's sample: more threads than --check-threads, and a kernel
   * whose blocks are independent of those outside the sample (no child
   * grids, grid sync or clusters): the sample is checked, the others run
   * unchecked (native code where the kernel allows it) */
  const char *whole = unsampleable(ki, cluster);
  const int over = check && simR_set.check_threads && nthreads > simR_set.check_threads && !whole;
  int policy_sample = over && !ki->waits_on_blocks;
  if (over && ki->waits_on_blocks) {
    /* blocks that wait for each other (a loop on memory another block
     * writes: a decoupled look-back) cannot run in two passes, where a block
     * of the first may wait for one of the second forever: every block runs
     * in one pass, in the interpreter, and the detectors see the sample */
    if ((sample = simR_sample_new_budget(&l, simR_set.check_threads, 2))) {
      simR_sample_describe(sample, sample_note, sizeof sample_note);
      launch_note(ki, ordinal, sample_note);
    }
  }
  if (policy_sample) {
    if ((sample = simR_sample_new_budget(&l, simR_set.check_threads, 1))) {
      simR_sample_describe(sample, sample_note, sizeof sample_note);
      launch_note(ki, ordinal, sample_note);
    } else {
      policy_sample = 0; /* out of memory: checked in full below */
    }
  }
  if (check && !policy_sample && !sample && nthreads > SIMI_MAX_THREADS_TOTAL) {
    if (whole) {
      check = 0;
      snprintf(sample_note, sizeof sample_note,
               "%llu threads are more than the %u the detectors tell apart in one launch, and "
               "a kernel with %s is not checked on a sample of its blocks: run unchecked",
               (unsigned long long)((uint64_t)grid.x * grid.y * grid.z * bt),
               SIMI_MAX_THREADS_TOTAL, whole);
    } else if (!(sample = simR_sample_new(&l))) {
      check = 0;
      snprintf(sample_note, sizeof sample_note, "out of memory for its sampled check: run "
               "unchecked");
    } else {
      simR_sample_describe(sample, sample_note, sizeof sample_note);
    }
    launch_note(ki, ordinal, sample_note);
  }
  if (check && simR_set.record) { /* its inputs, before it runs */
    unsigned mi = simR_module_index_locked(f->m);
    simR_record_launch rl = {f->m, mi, f->m->bc, f->m->bclen, f->m->source, ki, ordinal,
                             l.grid, l.block, l.cluster, shared, a};
    simR_record_launch_locked(&rl);
  }
  simI_observer obs[2];
  memset(obs, 0, sizeof obs);
  fault_count fc = {0};
  obs[0].print = on_print;
  obs[0].fault = on_fault;
  obs[0].ctx = &fc;
  simD_ctx *d = NULL;
  unsigned char *sample_filt = NULL; /* the filters' storage: the launch's, then the parts' */
  if (sample && !(sample_filt = calloc(SIMR_MAX_JOBS + 1, simR_sample_filter_size()))) {
    simR_sample_free(sample);
    sample = NULL;
    check = 0;
  }
  if (check) {
    simD_options o;
    simD_options_default(&o);
    o.redundant = 0; /* one launch is no evidence that a barrier is never needed */
    d = simD_new(p, (unsigned)f->kernel, &o);
    if (d) {
      obs[1] = simD_observer(d);
      if (sample) obs[1] = simR_sample_filter(sample, &obs[1], sample_filt, 1);
      obs[0].access = simR_order_access; /* the bytes it touches: races between launches */
      simR_order_begin_locked(stamp, f, ordinal, frames, nframes);
    }
  }
  simI_result res;
  simR_order_unguard_all_locked(); /* kernels read managed memory */
  fflush(stdout);
  /* the blocks on simR_set.jobs threads, unless this kernel's parallel
   * runs were refused SIMR_JOBS_FALLBACKS times (every device allocation
   * is a launch buffer here, so each parallel run copies all of them) */
  rjobs rj;
  memset(&rj, 0, sizeof rj);
  rj.d = d;
  rj.l = sample ? simR_sample_view(sample) : &l;
  rj.sample = sample;
  rj.fst = sample_filt ? sample_filt + simR_sample_filter_size() : NULL;
  simI_jobs jobs = {.n = f->fallbacks < SIMR_JOBS_FALLBACKS ? simR_set.jobs : 1,
                    .ctx = &rj,
                    .open = rj_open,
                    .clean = rj_clean,
                    .commit = rj_commit,
                    .close = rj_close,
                    .doomed = rj_doomed,
                    .finish = rj_finish};
  /* the policy's sample: the blocks outside it first, unchecked (native
   * code when the kernel allows it), with observers of their own; then the
   * sample, checked, below */
  simI_result rest;
  memset(&rest, 0, sizeof rest);
  fault_count rfc = {0};
  if (policy_sample && sample) {
    simI_launch lr = l;
    lr.skip = simR_sample_in;
    lr.skip_ctx = sample;
    simI_observer ro;
    memset(&ro, 0, sizeof ro);
    ro.print = on_print;
    ro.fault = on_fault;
    ro.ctx = &rfc;
    rjobs rr;
    memset(&rr, 0, sizeof rr);
    rr.l = &lr;
    simI_jobs rjb = jobs;
    rjb.ctx = &rr;
    if (!(simR_set.jit && run_native(f, p, &lr, &ro, &rjb, &rest, &rfc))) {
      simI_run_jobs(p, (unsigned)f->kernel, &lr, &ro, 1, &rjb, &rest);
      if (simR_set.jit) simJ_note_interpreted(f->m->bc, (unsigned)f->kernel, rest.insns);
    }
    G.insns += rest.insns;
    G.seconds += rest.seconds;
    G.sampled++;
    l.skip = simR_sample_out; /* the checked run: the sample's blocks */
    l.skip_ctx = sample;
  }
  /* unchecked: native code when the kernel and launch allow it (jit/) */
  int native = 0;
  if (!d && simR_set.jit && run_native(f, p, &l, obs, &jobs, &res, &fc)) {
    native = 1;
    G.native++;
  }
  if (!native) {
    simI_run_jobs(p, (unsigned)f->kernel, &l, obs, d ? 2 : 1, &jobs, &res);
    /* a kernel of few threads that loops long is compiled once the
     * interpreter ran enough of it (SIMJ_MIN_INSNS) */
    if (simR_set.jit) simJ_note_interpreted(f->m->bc, (unsigned)f->kernel, res.insns);
  }
  fflush(stdout);
  G.insns += res.insns;
  G.seconds += res.seconds;
  if (native) {
    /* counted above */
  } else if (res.workers > 1) {
    G.parallel++;
    if (res.workers > G.max_workers) G.max_workers = res.workers;
    G.worker_cpu += res.worker_cpu;
    G.busiest_cpu += res.busiest_cpu;
    G.parts += res.parts;
    G.copied += res.copied;
  } else if (rj.opened) {
    G.fell_back++;
    f->fallbacks++;
  }
  if (d) {
    simR_launched.checked++;
    simD_list found;
    simD_list_init(&found);
    simD_end_execution(d, rj.l, &res);
    simD_collect(d, &found);
    if (sample) {
      for (unsigned i = 0; i < found.n; i++) {
        simR_sample_fix(sample, &found.v[i]);
        size_t ml = strlen(found.v[i].message);
        snprintf(found.v[i].message + ml, sizeof found.v[i].message - ml,
                 " [launch checked on a sample: %llu of its %llu blocks]",
                 (unsigned long long)simR_sample_view(sample)->grid.x,
                 (unsigned long long)((uint64_t)grid.x * grid.y * grid.z));
      }
      simD_finding sr[16];
      int dropped = 0;
      unsigned nsr = simR_sample_races(sample, sr, 16, &dropped);
      for (unsigned i = 0; i < nsr; i++) {
        simD_grade_library(p, &sr[i]); /* as the detectors grade their races */
        /* the same two places as a race the detectors found: one finding */
        int dup = 0;
        for (unsigned j = 0; j < found.n && !dup; j++)
          dup = simD_same_finding(p, &found.v[j], &sr[i]);
        if (!dup) simD_list_add(&found, &sr[i]);
      }
      if (dropped) {
        char line[400];
        int n = snprintf(line, sizeof line, "simulee: note: kernel %s (launch %llu): blocks "
                         "outside the checked sample accessed the same words of global memory, "
                         "but the kernel orders blocks (a device-scope fence or an ordering "
                         "atomic): not reported as races\n", ki->demangled,
                         (unsigned long long)ordinal);
        fflush(stdout);
        fwrite(line, 1, n > 0 && (size_t)n < sizeof line ? (size_t)n : strlen(line), stderr);
      }
    }
    if (res.cut_steps) {
      char note[300];
      snprintf(note, sizeof note, "checked for its first %llu warp instructions (--check-steps), "
               "the rest ran without detection (--check-steps 0 checks all of it)",
               (unsigned long long)res.cut_steps);
      launch_note(ki, ordinal, note);
      for (unsigned i = 0; i < found.n; i++) {
        size_t ml = strlen(found.v[i].message);
        snprintf(found.v[i].message + ml, sizeof found.v[i].message - ml,
                 " [launch checked for its first %llu warp instructions]",
                 (unsigned long long)res.cut_steps);
      }
    }
    /* the kernel's own races (not those with other launches): the native
     * path takes its volatile accesses only while there are none */
    int raced = 0;
    for (unsigned i = 0; i < found.n; i++) raced |= found.v[i].kind == SIMD_DATA_RACE;
    simJ_note_checked(f->m->bc, (unsigned)f->kernel, raced);
    simR_conflict conf[8];
    unsigned nc = simR_order_end_locked(conf, 8);
    for (unsigned i = 0; i < nc; i++) {
      const simR_func *o = conf[i].other;
      simD_finding x;
      simR_conflict_finding(&conf[i], "this launch", conf[i].site,
                       o->m == f->m ? conf[i].other_site : UINT32_MAX,
                       "the launches may run concurrently", &x);
      simD_list_add(&found, &x);
    }
    simR_launch_record_locked(f, &l, &res, &found, ordinal, frames, nframes);
    simD_list_free(&found);
    simD_free(d);
  } else if (fc.n || res.status != SIMI_OK) {
    /* an unchecked launch that went wrong: a record of its failure */
    unchecked_failure(f, &l, &res, fc.n, "in a launch run without detection (SIMULEE_CHECK=all "
                      "or simulee run --check all shows them)", ordinal, frames, nframes);
  }
  if (d && res.cut_steps && res.faults > res.cut_faults) {
    /* invalid accesses after the checked prefix: a record, as an unchecked
     * launch's */
    simI_result after = res;
    after.status = SIMI_OK;
    after.site = UINT32_MAX;
    unchecked_failure(f, &l, &after, res.faults - res.cut_faults, "after the checked part of "
                      "the launch, run without detection (--check-steps 0 checks all of it)",
                      ordinal, frames, nframes);
  }
  if (rfc.n || rest.status != SIMI_OK) {
    /* the blocks outside the policy's sample went wrong: a record, as an
     * unchecked launch's */
    rest.site = UINT32_MAX;
    unchecked_failure(f, &l, &rest, rfc.n, "in blocks outside the checked sample, run without "
                      "detection (--check-threads 0 checks every block)", ordinal, frames,
                      nframes);
    if (res.status == SIMI_OK) {
      res.status = rest.status;
      memcpy(res.message, rest.message, sizeof res.message);
    }
    if (!fc.n) fc.misaligned = rfc.misaligned;
    fc.n += rfc.n;
  }
  /* the host must not touch the managed memory it gave the launch before
   * it synchronizes with it */
  qsort(managed, nmanaged, sizeof *managed, cmp_unsigned); /* in allocation order, once each */
  for (unsigned i = 0; i < nmanaged; i++)
    if (!i || managed[i] != managed[i - 1])
      simR_order_guard_locked(managed[i], stamp, f, ordinal, frames, nframes);
  simR_order_reguard_locked();
  for (unsigned i = 0; i < np; i++) free(raws[i]);
  free(raws), free(a), free(managed);
  lb_restore();
  simR_sample_free(sample);
  free(sample_filt);
  /* the kernel's errors, as a GPU reports them: at the next synchronizing
   * call, sticky after it */
  extern cudaError_t simR_pending;
  if (res.status == SIMI_E_TRAP) simR_pending = cudaErrorAssert;
  else if (res.status == SIMI_E_TIMEOUT) simR_pending = cudaErrorLaunchTimeout;
  else if (res.status != SIMI_OK) simR_pending = cudaErrorLaunchFailure;
  else if (fc.n) simR_pending = fc.misaligned ? cudaErrorMisalignedAddress : cudaErrorIllegalAddress;
  if (res.status != SIMI_OK) {
    if (res.status != SIMI_E_TRAP)
      fprintf(stderr, "simulee: error: kernel %s (launch %llu): %s: %s%s\n", ki->demangled,
              (unsigned long long)ordinal, simI_status_name(res.status), res.message,
              strstr(res.message, "undefined function") && !f->m->rdc
                  ? " (a device function of another file needs relocatable device code: "
                    "simulee run -rdc, nvcc -rdc=true or -dc)" : "");
  }
  simR_records_flush_locked(); /* its findings, now */
  return cudaSuccess;
}

/* ------------------------------------------ launches as stream operations */

/* A launch record, now on clock index sidx. */
static cudaError_t launch_run(simR_op *op, unsigned sidx, cudaStream_t lane) {
  (void)lane;
  return simR_launch_locked(op->u.launch.stub, op->u.launch.grid, op->u.launch.block,
                            op->u.launch.args, op->u.launch.shared, sidx, op->u.launch.cluster,
                            op->u.launch.frames, op->u.launch.nframes);
}

/* A launch a graph keeps: its shape checked, its arguments copied (a bad
 * shape or kernel spoils a capture). */
static cudaError_t launch_keep(simR_op *op, int *invalidates) {
  *invalidates = 1;
  if (simR_bad_config(op->u.launch.grid, op->u.launch.block, op->u.launch.cluster))
    return cudaErrorInvalidConfiguration;
  size_t bytes = 0;
  unsigned nargs = 0;
  cudaError_t e = cudaSuccess;
  void **copy = simR_copy_args_locked(op->u.launch.stub, op->u.launch.args, &bytes, &nargs, &e);
  if (!copy) return e;
  op->u.launch.args = copy;
  op->u.launch.argbytes = bytes;
  op->u.launch.nargs = nargs;
  *invalidates = 0;
  return cudaSuccess;
}

static void launch_drop(simR_op *op) {
  free(op->u.launch.args);
  op->u.launch.args = NULL;
}

/* A kept launch's own copy of its argument block (the argument pointers
 * point into the block: relocated). */
static cudaError_t launch_dup(simR_op *op) {
  void **o = op->u.launch.args;
  if (!o) return cudaSuccess;
  void **n = malloc(op->u.launch.argbytes ? op->u.launch.argbytes : 1);
  if (!n) return cudaErrorMemoryAllocation;
  memcpy(n, o, op->u.launch.argbytes);
  for (unsigned a = 0; a < op->u.launch.nargs; a++)
    n[a] = (uint8_t *)n + ((uint8_t *)o[a] - (uint8_t *)o);
  op->u.launch.args = n;
  return cudaSuccess;
}

static const simR_executor launch_executor = {launch_run, launch_keep, launch_drop, launch_dup,
                                              NULL};

__attribute__((constructor)) static void register_launch(void) {
  simR_op_register(SIMR_OP_LAUNCH, &launch_executor);
}

/* A launch the program makes: its record, submitted (run now, or a node
 * of the capture its stream records into). */
static cudaError_t launch_api(const void *stub, simR_dim3 grid, simR_dim3 block, void **args,
                              size_t shared, cudaStream_t stream, simR_dim3 cluster,
                              void *const *frames, int nframes) {
  simR_op op;
  memset(&op, 0, sizeof op);
  op.kind = SIMR_OP_LAUNCH;
  op.stream = stream;
  op.call = "cudaLaunchKernel";
  op.u.launch.stub = stub;
  op.u.launch.grid = grid, op.u.launch.block = block, op.u.launch.cluster = cluster;
  op.u.launch.shared = shared;
  op.u.launch.args = args;
  op.u.launch.nframes = nframes < 16 ? (nframes < 0 ? 0 : nframes) : 16;
  memcpy(op.u.launch.frames, frames, (size_t)op.u.launch.nframes * sizeof *frames);
  simR_lock();
  cudaError_t e = simR_submit_locked(&op);
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaLaunchKernel(const void *func, simR_dim3 grid, simR_dim3 block, void **args,
                                    size_t shared, cudaStream_t stream) {
  void *frames[16];
  int n = backtrace(frames, 16);
  return launch_api(func, grid, block, args, shared, stream, (simR_dim3){0, 0, 0}, frames, n);
}

EXPORT cudaError_t cudaLaunchCooperativeKernel(const void *func, simR_dim3 grid, simR_dim3 block,
                                               void **args, size_t shared, cudaStream_t stream) {
  void *frames[16];
  int n = backtrace(frames, 16);
  return launch_api(func, grid, block, args, shared, stream, (simR_dim3){0, 0, 0}, frames, n);
}

EXPORT cudaError_t cudaLaunchKernelExC(const cudaLaunchConfig_t *c, const void *func,
                                       void **args) {
  if (!c) return cudaErrorInvalidValue;
  simR_dim3 cluster = {0, 0, 0};
  for (unsigned i = 0; i < c->numAttrs && c->attrs; i++) {
    cudaLaunchAttributeID id = c->attrs[i].id;
    if (id == cudaLaunchAttributeClusterDimension) {
      cluster.x = c->attrs[i].val.clusterDim.x;
      cluster.y = c->attrs[i].val.clusterDim.y;
      cluster.z = c->attrs[i].val.clusterDim.z;
    } else if (id != cudaLaunchAttributeIgnore && id != cudaLaunchAttributeCooperative &&
               id != cudaLaunchAttributeClusterSchedulingPolicyPreference &&
               id != cudaLaunchAttributePriority) {
      /* cooperative, the scheduling preference and priority change nothing
       * here; the others are named */
      char what[96];
      snprintf(what, sizeof what, "cudaLaunchKernelEx with launch attribute %d", (int)id);
      simR_lock();
      cudaError_t e = simR_unsupported_locked(what);
      simR_unlock();
      return e;
    }
  }
  void *frames[16];
  int n = backtrace(frames, 16);
  simR_dim3 grid = {c->gridDim.x, c->gridDim.y, c->gridDim.z};
  simR_dim3 block = {c->blockDim.x, c->blockDim.y, c->blockDim.z};
  return launch_api(func, grid, block, args, c->dynamicSmemBytes, c->stream, cluster, frames, n);
}

EXPORT cudaError_t cudaFuncSetAttribute(const void *fn, int attr, int value) {
  simR_lock();
  simR_func *f = simR_func_find_locked(fn);
  cudaError_t e = f ? cudaSuccess : simR_error_locked(cudaErrorInvalidDeviceFunction);
  if (f && attr == 8 /* cudaFuncAttributeMaxDynamicSharedMemorySize */) {
    if (value < 0 || (uint64_t)value > simR_props()->sharedMemPerBlockOptin)
      e = simR_error_locked(cudaErrorInvalidValue);
    else f->max_dyn_shared = value;
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *at, const void *fn) {
  if (!at) return cudaErrorInvalidValue;
  simR_lock();
  simR_func *f = simR_func_find_locked(fn);
  cudaError_t e = cudaSuccess;
  if (!f || simR_module_ready_locked(f->m) < 0 ||
      (f->kernel < 0 && (f->kernel = simI_find_kernel(f->m->p, f->name)) < 0)) {
    e = simR_error_locked(cudaErrorInvalidDeviceFunction);
  } else {
    const simI_kernel_info *ki = simI_kernel(f->m->p, (unsigned)f->kernel);
    memset(at, 0, sizeof *at);
    at->sharedSizeBytes = ki->static_shared;
    at->localSizeBytes = 0;
    at->maxThreadsPerBlock = 1024;
    at->numRegs = 32;
    at->ptxVersion = at->binaryVersion = simR_props()->major * 10 + simR_props()->minor;
    at->maxDynamicSharedSizeBytes = f->max_dyn_shared ? f->max_dyn_shared
                                    : (int)(simR_props()->sharedMemPerBlock - ki->static_shared);
  }
  simR_unlock();
  return e;
}

EXPORT cudaError_t cudaFuncSetCacheConfig(const void *fn, int c) {
  (void)fn, (void)c;
  return cudaSuccess;
}

EXPORT cudaError_t cudaFuncGetName(const char **name, const void *fn) {
  if (!name) return cudaErrorInvalidValue;
  simR_lock();
  simR_func *f = simR_func_find_locked(fn);
  if (f) *name = f->name;
  simR_unlock();
  return f ? cudaSuccess : cudaErrorInvalidDeviceFunction;
}

EXPORT cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *blocks, const void *fn,
                                                                 int bs, size_t dyn) {
  (void)fn, (void)dyn;
  if (!blocks || bs <= 0) return cudaErrorInvalidValue;
  int b = simR_props()->maxThreadsPerMultiProcessor / bs;
  *blocks = b > simR_props()->maxBlocksPerMultiProcessor ? simR_props()->maxBlocksPerMultiProcessor
                                                          : b;
  return cudaSuccess;
}

/* ------------------------------------------------------------- the end */

/* The parts kept for the next launch are freed at the end. */
static void launches_end(void) {
  spares_free();
  simR_heap_reset_locked();
}

static void stats(void) {
  if (simR_set.stats)
    fprintf(stderr, "simulee: stats: %llu launches, %llu checked, %llu simulated thread "
            "instructions in %.3f s of launches (%.1f M instructions/s); %llu checked on a "
            "sample of their blocks\n",
            (unsigned long long)simR_launched.launches, (unsigned long long)simR_launched.checked,
            (unsigned long long)G.insns, G.seconds,
            G.seconds > 0 ? (double)G.insns / G.seconds / 1e6 : 0.0,
            (unsigned long long)G.sampled);
  if (simR_set.stats) {
    /* the blocks on several threads (SIMULEE_JOBS); the critical path is
     * the CPU time outside the workers plus each launch's busiest worker */
    struct rusage ru;
    double cpu = 0;
    if (getrusage(RUSAGE_SELF, &ru) == 0)
      cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
            ru.ru_stime.tv_usec / 1e6;
    char par[96];
    if (G.parallel)
      snprintf(par, sizeof par, "%llu launch%s ran on %s%u threads", (unsigned long long)G.parallel,
               G.parallel == 1 ? "" : "es", G.parallel > 1 ? "up to " : "", G.max_workers);
    else
      snprintf(par, sizeof par, "no launch ran on several threads");
    fprintf(stderr, "simulee: stats: -j %u: %s, %llu fell back to serial (parallel run "
            "refused), %llu serial from the start; CPU %.3f s, %.3f s in the workers, %.3f s "
            "in the busiest: critical path %.3f s; %llu ranges of blocks; %llu bytes copied "
            "for the undo\n",
            simR_set.jobs, par, (unsigned long long)G.fell_back,
            (unsigned long long)(simR_launched.launches - G.parallel - G.fell_back), cpu, G.worker_cpu,
            G.busiest_cpu, cpu - G.worker_cpu + G.busiest_cpu, (unsigned long long)G.parts,
            (unsigned long long)G.copied);
    unsigned jc, jrf;
    uint64_t jl;
    double js;
    simJ_counts(&jc, &jrf, &jl, &js);
    fprintf(stderr, "simulee: stats: native: %llu launches as native code in %.3f s (%.3f s "
            "CPU), %u kernels compiled in %.3f s, %u left to the interpreter%s\n",
            (unsigned long long)G.native, G.native_seconds, G.native_cpu, jc, js, jrf,
            simR_set.jit ? "" : " (SIMULEE_JIT=0)");
  }
}

static const simR_exit_hook launch_hook = {launches_end, stats, NULL, NULL};

__attribute__((constructor)) static void register_launch_hook(void) {
  simR_exit_hook_add(&launch_hook);
}
