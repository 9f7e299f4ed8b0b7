/*
 * simulee runtime: registration of the program's kernels and variables (as
 * clang's host code makes it), the modules' bitcode, and launches: each
 * launch runs at once with the interpreter over the whole allocation table
 * (launch buffer i = allocation i), its blocks on SIMULEE_JOBS threads when
 * that gives the serial result (simI_run_jobs), checked by the detectors per
 * the check policy; its findings become a report record naming the launch.
 */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <errno.h>
#include <execinfo.h>
#include <stdarg.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "jit/jit.h"
#include "runtime/internal.h"
#include "runtime/sample.h"
#include "simulee/detect.h"
#include "simulee/report.h"
#include "runtime/op.h"

#define EXPORT __attribute__((visibility("default")))

/* clang's wrapper of the GPU binary */
typedef struct fatbin_wrapper {
  uint32_t magic;   /* SIMR_FATBIN_MAGIC */
  uint32_t version; /* 1 */
  const void *data; /* the blob */
  const void *unused;
} fatbin_wrapper;

/* One .cu file's device side. */
typedef struct module {
  const uint8_t *bc;      /* its bitcode (in the program's image; rdc: the linked one) */
  uint64_t bclen;         /* bytes */
  const char *source;     /* the .cu file's path (in the image) */
  simI_program *p;        /* loaded on first use, NULL before */
  int failed;             /* the load failed (message in err) */
  char err[512];          /* why */
  uint8_t **globals;      /* persistent __device__ variables */
  uint8_t **consts;       /* persistent __constant__ variables */
  unsigned nglobals, nconsts;
  int rdc;                /* relocatable device code: shares the program
                             linked from every rdc module (rdc_ready) */
} module;

/* A registered kernel: host stub -> device name. */
typedef struct func {
  const void *stub;       /* the host stub's address (what launches pass) */
  module *m;              /* its module */
  char *name;             /* device symbol */
  int kernel;             /* kernel index in m->p, -1 before resolution */
  uint64_t launches;      /* launches so far */
  int max_dyn_shared;     /* cudaFuncAttributeMaxDynamicSharedMemorySize */
  unsigned fallbacks;     /* launches whose parallel run was refused (after
                             SIMR_JOBS_FALLBACKS its launches run serially) */
} func;

/* A registered __device__ / __constant__ variable. */
typedef struct var {
  const void *host;       /* its host shadow */
  module *m;
  char *name;             /* device symbol */
  int constant;           /* __constant__ */
  unsigned alloc;         /* allocation index in its space, once resolved */
  int resolved;           /* 1 found, -1 not in the module */
} var;

/* A kernel and launch shape with its check count (the policy). */
typedef struct shape {
  const func *f;
  simR_dim3 grid, block;
  uint64_t shared;
  uint64_t seen;          /* launches of this shape */
} shape;

/* The (kernel, kind, site pair) of a finding already reported. */
typedef struct seen_finding {
  const func *f;
  simD_kind kind;
  uint32_t site[2];
} seen_finding;

static struct {
  module **mods;
  unsigned nmods;
  func *funcs;
  unsigned nfuncs;
  var *vars;
  unsigned nvars;
  shape *shapes;
  unsigned nshapes;
  seen_finding *seen;
  unsigned nseen;
  uint64_t launches;      /* launches made (ordinal of the next - 1) */
  uint64_t checked;       /* of which with detection */
  uint64_t insns;         /* thread instructions, all launches */
  double seconds;         /* wall time of the launches (simI_run_jobs) */
  uint64_t parallel;      /* launches whose blocks ran on several threads */
  uint64_t fell_back;     /* launches whose parallel run was refused */
  unsigned max_workers;   /* the most threads a launch ran on */
  double worker_cpu;      /* CPU seconds of the parallel launches' workers */
  double busiest_cpu;     /* and of each one's busiest worker, summed */
  uint64_t parts;         /* their ranges of blocks (simI_result.parts) */
  uint64_t copied;        /* bytes they copied for the undo (simI_result.copied) */
  uint64_t native;        /* unchecked launches run as native code (jit/) */
  double native_seconds;  /* their wall time (also in seconds) */
  double native_cpu;      /* and CPU time of the threads that ran their blocks */
  simD_report report;     /* records of launches with findings */
  /* per part index: the detector context and order record of that part of
   * the previous parallel launch, freed on the thread running the same part
   * of the next one (rj_finish), so that the main thread does not */
  simD_ctx *spare[SIMR_MAX_JOBS];
  simR_order_part *spare_ord[SIMR_MAX_JOBS];
  int report_init;
  int finished;
  unsigned printed;       /* records printed on stderr so far */
  unsigned base;          /* a forked child: the records before the fork
                             are its parent's */
  uint64_t launches_base; /* likewise its launches and checked launches */
  uint64_t checked_base;
  simR_dim3 cfg_grid, cfg_block; /* __cudaPushCallConfiguration */
  size_t cfg_shared;
  void *cfg_stream;
} G;

/* ------------------------------------------------------ registration */

void simR_init_locked(void) {
  static int once;
  if (!once) {
    once = 1;
    simR_settings_load();
    simR_exit_init_locked(); /* the ways out: exit, signals, forks */
    /* a launch's interpreter state (warps, registers) is freed when it
     * ends: keep up to 128 MiB of freed heap instead of giving it back to
     * the system and faulting it in again at the next launch (a program of
     * thousands of small launches spent half its time in page faults) */
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
  }
}

EXPORT void **__cudaRegisterFatBinary(void *wrapper) {
  simR_lock();
  simR_init_locked();
  module *m = calloc(1, sizeof *m);
  module **nm = m ? realloc(G.mods, (G.nmods + 1) * sizeof *nm) : NULL;
  if (!nm) {
    fprintf(stderr, "simulee: error: out of memory registering the program's kernels\n");
    free(m);
    simR_unlock();
    return NULL;
  }
  G.mods = nm;
  G.mods[G.nmods++] = m;
  const fatbin_wrapper *w = wrapper;
  const uint8_t *b = w && w->magic == SIMR_FATBIN_MAGIC ? w->data : NULL;
  if (b && !memcmp(b, SIMR_BLOB_MAGIC_RDC, 8)) m->rdc = 1;
  if (!b || (memcmp(b, SIMR_BLOB_MAGIC, 8) && !m->rdc)) {
    m->failed = 1;
    snprintf(m->err, sizeof m->err,
             "the program's GPU binary is not simulee's (build it with simulee run)");
  } else {
    memcpy(&m->bclen, b + 8, 8);
    m->bc = b + SIMR_BLOB_HEADER;
    m->source = (const char *)(m->bc + m->bclen);
    if (m->bclen > SIMR_BLOB_MAX) {
      m->failed = 1;
      snprintf(m->err, sizeof m->err, "the program's GPU binary is corrupt");
    }
  }
  simR_unlock();
  return (void **)m;
}

EXPORT void __cudaRegisterFatBinaryEnd(void **handle) { (void)handle; }

EXPORT void __cudaUnregisterFatBinary(void **handle) {
  /* the report is written at exit (after every module's destructor); the
   * modules stay until then */
  (void)handle;
}

EXPORT void __cudaRegisterFunction(void **handle, const char *stub, char *dev_fun,
                                   const char *dev_name, int thread_limit, void *tid,
                                   void *bid, void *bdim, void *gdim, int *wsize) {
  (void)dev_name, (void)thread_limit, (void)tid, (void)bid, (void)bdim, (void)gdim, (void)wsize;
  simR_lock();
  func *nf = realloc(G.funcs, (G.nfuncs + 1) * sizeof *nf);
  if (nf) {
    G.funcs = nf;
    G.funcs[G.nfuncs++] = (func){stub, (module *)handle, strdup(dev_fun), -1, 0, 0, 0};
  }
  simR_unlock();
}

EXPORT void __cudaRegisterVar(void **handle, char *host_var, char *dev_addr,
                              const char *dev_name, int ext, size_t size, int constant,
                              int global) {
  (void)dev_name, (void)ext, (void)size, (void)global;
  simR_lock();
  var *nv = realloc(G.vars, (G.nvars + 1) * sizeof *nv);
  if (nv) {
    G.vars = nv;
    G.vars[G.nvars++] = (var){host_var, (module *)handle, strdup(dev_addr), constant, 0, 0};
  }
  simR_unlock();
}

EXPORT unsigned __cudaPushCallConfiguration(simR_dim3 grid, simR_dim3 block, size_t shared,
                                            void *stream) {
  simR_lock();
  G.cfg_grid = grid;
  G.cfg_block = block;
  G.cfg_shared = shared;
  G.cfg_stream = stream;
  simR_unlock();
  return 0;
}

EXPORT cudaError_t __cudaPopCallConfiguration(simR_dim3 *grid, simR_dim3 *block, size_t *shared,
                                              void *stream) {
  simR_lock();
  *grid = G.cfg_grid;
  *block = G.cfg_block;
  *shared = G.cfg_shared;
  *(void **)stream = G.cfg_stream;
  simR_unlock();
  return cudaSuccess;
}

/* ------------------------------------------------------------ modules */

/* Write n bytes to a new temporary file (its path into path). 0, or -1
 * with errno. */
static int temp_file(const uint8_t *b, uint64_t n, char *path, size_t len) {
  const char *tmp = getenv("TMPDIR");
  snprintf(path, len, "%s/simulee-module-XXXXXX.bc", tmp && *tmp ? tmp : "/tmp");
  int fd = mkstemps(path, 3);
  if (fd < 0) return -1;
  uint64_t done = 0;
  while (done < n) {
    ssize_t k = write(fd, b + done, n - done);
    if (k <= 0) break;
    done += (uint64_t)k;
  }
  close(fd);
  if (done == n) return 0;
  unlink(path);
  errno = EIO;
  return -1;
}

/* The persistent __device__ / __constant__ variables of m's loaded program.
 * 0, or -1 with m->err. */
static int module_vars(module *m) {
  m->nglobals = simI_var_count(m->p, SIMI_SPACE_GLOBAL);
  m->nconsts = simI_var_count(m->p, SIMI_SPACE_CONST);
  m->globals = calloc(m->nglobals + 1, sizeof *m->globals);
  m->consts = calloc(m->nconsts + 1, sizeof *m->consts);
  if (!m->globals || !m->consts) goto oom;
  for (unsigned i = 0; i < m->nglobals + m->nconsts; i++) {
    int c = i >= m->nglobals;
    unsigned space = c ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL;
    unsigned al = c ? i - m->nglobals : SIMI_GLOBALVAR_FIRST + i;
    uint64_t sz = simI_var_size(m->p, space, al);
    uint8_t *d = calloc(1, sz ? sz : 1);
    if (!d) goto oom;
    const void *init = simI_var_init(m->p, space, al);
    if (init) memcpy(d, init, sz);
    if (c) m->consts[i - m->nglobals] = d;
    else m->globals[i] = d;
  }
  return 0;
oom:
  snprintf(m->err, sizeof m->err, "out of memory loading the kernels of %s", m->source);
  return -1;
}

/* Relocatable device code: every rdc module of the program linked into one
 * program (llvm-link-19, or $SIMULEE_LLVM_LINK) that they all share, with
 * its variables, on the first use of any of them. 0, or -1 with m->err. */
static int rdc_ready(module *m) {
  static int linked;
  if (linked) { /* a module registered after the link (a library loaded later) */
    snprintf(m->err, sizeof m->err, "the relocatable device code of %s was registered after the "
             "program's device code was linked", m->source);
    return -1;
  }
  linked = 1;
  unsigned n = 0;
  for (unsigned i = 0; i < G.nmods; i++) n += G.mods[i]->rdc && !G.mods[i]->failed;
  char (*paths)[4096] = calloc(n + 1, sizeof *paths);
  char **argv = calloc(n + 4, sizeof *argv);
  char out[4096] = "", err[512] = "";
  unsigned k = 0;
  int ok = paths && argv;
  if (!ok) snprintf(err, sizeof err, "out of memory");
  const char *tool = getenv("SIMULEE_LLVM_LINK");
  if (ok) {
    argv[0] = (char *)(tool && *tool ? tool : "llvm-link-19");
    argv[1] = "-o";
  }
  for (unsigned i = 0; ok && i < G.nmods; i++) {
    module *x = G.mods[i];
    if (!x->rdc || x->failed) continue;
    if (temp_file(x->bc, x->bclen, paths[k], sizeof paths[k]) < 0) {
      snprintf(err, sizeof err, "cannot write the bitcode to a temporary file: %s",
               strerror(errno));
      ok = 0;
      break;
    }
    argv[3 + k] = paths[k];
    k++;
  }
  if (ok && temp_file((const uint8_t *)"", 0, out, sizeof out) < 0) {
    snprintf(err, sizeof err, "cannot make a temporary file: %s", strerror(errno));
    ok = 0;
  }
  if (ok) {
    argv[2] = out;
    fflush(stdout);
    fflush(stderr);
    simR_fork_internal = 1;
    pid_t pid = fork();
    simR_fork_internal = 0;
    if (pid == 0) {
      int dn = open("/dev/null", O_WRONLY);
      if (dn >= 0) dup2(dn, 1), dup2(dn, 2);
      execvp(argv[0], argv);
      _exit(127);
    }
    int st = 0;
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      snprintf(err, sizeof err, pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127
               ? "%s cannot be run" : "%s failed (a device function or variable defined in two "
               "files, or one defined in none)", argv[0]);
      ok = 0;
    }
  }
  simI_program *p = NULL;
  simI_status st;
  if (ok) {
    simR_fork_internal = 1; /* the reader's own process */
    p = simI_load(out, &st, err, sizeof err);
    simR_fork_internal = 0;
  }
  /* the linked bitcode is each rdc module's from now on (what --record
   * writes, so that a recorded launch replays) */
  uint8_t *lbc = NULL;
  long lsize = 0;
  FILE *lf = p ? fopen(out, "rb") : NULL;
  if (lf && fseek(lf, 0, SEEK_END) == 0 && (lsize = ftell(lf)) > 0 && fseek(lf, 0, SEEK_SET) == 0 &&
      (lbc = malloc((size_t)lsize)) && fread(lbc, 1, (size_t)lsize, lf) != (size_t)lsize) {
    free(lbc);
    lbc = NULL;
  }
  if (lf) fclose(lf);
  for (unsigned i = 0; i < k; i++) unlink(paths[i]);
  if (*out) unlink(out);
  free(paths);
  free(argv);
  /* every rdc module shares the program and its variables */
  module *first = NULL;
  for (unsigned i = 0; i < G.nmods; i++) {
    module *x = G.mods[i];
    if (!x->rdc || x->failed) continue;
    if (!p) {
      x->failed = 1;
      snprintf(x->err, sizeof x->err, "the relocatable device code of the program does not "
               "link: %s", *err ? err : "llvm-link failed");
      continue;
    }
    x->p = p;
    if (lbc) x->bc = lbc, x->bclen = (uint64_t)lsize;
    if (!first) {
      first = x;
      if (module_vars(x) < 0) {
        x->p = NULL;
        x->failed = 1;
        p = NULL;
        snprintf(err, sizeof err, "%s", x->err);
      }
      continue;
    }
    x->nglobals = first->nglobals, x->nconsts = first->nconsts;
    x->globals = first->globals, x->consts = first->consts;
  }
  if (m->p) return 0;
  if (!m->failed) snprintf(m->err, sizeof m->err, "%s", err);
  m->failed = 1;
  return -1;
}

/* Load module m's bitcode (once). 0, or -1 with m->err. */
static int module_ready(module *m) {
  if (m->p) return 0;
  if (m->failed) return -1;
  if (m->rdc) return rdc_ready(m);
  m->failed = 1;
  char path[4096];
  if (temp_file(m->bc, m->bclen, path, sizeof path) < 0) {
    snprintf(m->err, sizeof m->err, "cannot write the kernels' bitcode to a temporary file: %s",
             strerror(errno));
    return -1;
  }
  simI_status st;
  char err[512] = "";
  simR_fork_internal = 1; /* the reader's own process */
  m->p = simI_load(path, &st, err, sizeof err);
  simR_fork_internal = 0;
  unlink(path);
  if (!m->p) {
    snprintf(m->err, sizeof m->err, "the kernels of %s do not load: %s", m->source,
             *err ? err : "cannot read them");
    return -1;
  }
  if (module_vars(m) < 0) return -1;
  m->failed = 0;
  return 0;
}

static var *find_var(const void *host) {
  for (unsigned i = 0; i < G.nvars; i++)
    if (G.vars[i].host == host) return &G.vars[i];
  return NULL;
}

uint8_t *simR_symbol_locked(const void *symbol, uint64_t *size, uint64_t *devptr,
                            cudaError_t *err) {
  var *v = find_var(symbol);
  *err = cudaErrorInvalidSymbol;
  if (!v) return NULL;
  if (module_ready(v->m) < 0) {
    char esc[2048]; /* the file's name may hold anything */
    fprintf(stderr, "simulee: error: %s\n", simD_text_esc(v->m->err, 0, esc, sizeof esc));
    *err = cudaErrorInvalidSymbol;
    return NULL;
  }
  module *m = v->m;
  if (!v->resolved) {
    v->resolved = -1;
    unsigned n = v->constant ? m->nconsts : m->nglobals;
    for (unsigned i = 0; i < n; i++) {
      unsigned al = v->constant ? i : SIMI_GLOBALVAR_FIRST + i;
      const char *nm = simI_var_name(m->p, v->constant ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL, al);
      if (nm && !strcmp(nm, v->name)) {
        v->alloc = i;
        v->resolved = 1;
        break;
      }
    }
  }
  if (v->resolved < 0) return NULL; /* not used by any kernel: not in the module */
  unsigned space = v->constant ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL;
  unsigned al = v->constant ? v->alloc : SIMI_GLOBALVAR_FIRST + v->alloc;
  *size = simI_var_size(m->p, space, al);
  *devptr = SIMI_PTR_MAKE(space, al, 0);
  *err = cudaSuccess;
  return v->constant ? m->consts[v->alloc] : m->globals[v->alloc];
}

uint8_t *simR_var_bytes_locked(uint64_t ptr, uint64_t bytes) {
  unsigned space = SIMI_PTR_SPACE(ptr), al = SIMI_PTR_ALLOC(ptr);
  uint64_t off = SIMI_PTR_OFFSET(ptr);
  /* the first loaded module with such a variable (a symbol address is
   * meaningful to its own .cu file's kernels) */
  for (unsigned i = 0; i < G.nmods; i++) {
    module *m = G.mods[i];
    if (!m->p) continue;
    uint8_t *base = NULL;
    if (space == SIMI_SPACE_GLOBAL && al >= SIMI_GLOBALVAR_FIRST &&
        al - SIMI_GLOBALVAR_FIRST < m->nglobals)
      base = m->globals[al - SIMI_GLOBALVAR_FIRST];
    else if (space == SIMI_SPACE_CONST && al < m->nconsts)
      base = m->consts[al];
    if (!base) continue;
    uint64_t size = simI_var_size(m->p, space, al);
    if (off > size || bytes > size - off) return NULL;
    return base + off;
  }
  return NULL;
}

/* ------------------------------------------------------ host location */

/* The program's line of a call stack (runtime/hostline.c). */
typedef struct hostloc {
  char file[2048];
  unsigned line;
} hostloc;

static int host_location(void *const *frames, int n, hostloc *out) {
  return simR_host_line_locked(frames, n, out->file, sizeof out->file, &out->line);
}

/* ------------------------------------------------------------ launches */

static func *find_func(const void *stub) {
  for (unsigned i = 0; i < G.nfuncs; i++)
    if (G.funcs[i].stub == stub) return &G.funcs[i];
  return NULL;
}

/* Whether this launch runs with detection (the check policy). */
static int want_check(const func *f, simR_dim3 grid, simR_dim3 block, uint64_t shared) {
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

static int finding_seen(const func *f, const simD_finding *x) {
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

/* A record of launch `ordinal` of f: its findings not reported before (all
 * of them when the launch failed), with the host line. */
static void add_record(const func *f, const simI_launch *l, const simI_result *res,
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

int simR_records_write(FILE *f, int fmt) {
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
  c.launches = G.launches - G.launches_base;
  c.checked = G.checked - G.checked_base;
  for (unsigned i = 0; i < G.nfuncs; i++) c.kernels += G.funcs[i].launches > 0;
  if (G.report_init) {
    simD_report v = own_records();
    for (unsigned i = 0; i < v.n; i++) c.bad += v.v[i].status != SIMD_STATUS_CHECKED;
    c.findings = simD_report_nfindings(&v);
    c.errors = simD_report_nlevel(&v, SIMD_LEVEL_ERROR) + c.bad;
  }
  simR_counts_set_locked(&c);
}

/* Records added since the last call: printed on stderr now (as a GPU
 * sanitizer prints each error when it happens), and the report rewritten;
 * the summary's counts follow. */
static void flush_records_locked(void) {
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

void simR_forked_child_locked(void) {
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  G.base = G.printed = G.report.n;
  G.launches_base = G.launches;
  G.checked_base = G.checked;
  G.finished = 0;
  for (unsigned i = 0; i < G.nfuncs; i++) G.funcs[i].launches = 0;
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
    const func *f = h[i].who;
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
  if (n) flush_records_locked();
}

/* A record of findings made at a host call (an API misuse, a library call's
 * conflicts), at the program's line hl, added to the report. */
static void add_host_record_locked(const hostloc *hl, const char *kernel, const char *title,
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
  add_host_record_locked(&hl, call, title, &l, locs, addrs);
  simD_list_free(&l);
  flush_records_locked(); /* printed at the call */
}

/* The other side of a race between launches: "launch 3 (kernel k, on
 * another stream)" (the kernel's line is the finding's other location) or
 * "library call 2 (cublasSgemm from main.cu:40, on ...)" (the program's
 * line whose call ran it: a graph node's is the cudaGraphLaunch). */
static void describe_other(const simR_conflict *c, char *buf, size_t len) {
  const func *o = c->other;
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

/* The race-between-launches finding of conflict c: `who` (this launch, or
 * a library call's name) against c's other side, at sites s0/s1. */
static void conflict_finding(const simR_conflict *c, const char *who, uint32_t s0, uint32_t s1,
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

/* The kernel of registered stub f, its module loaded; NULL after a line on
 * stderr where the module does not load or lacks it. */
static const simI_kernel_info *resolve(func *f) {
  if (module_ready(f->m) < 0) {
    char esc[2048]; /* the file's name may hold anything */
    fprintf(stderr, "simulee: error: %s\n", simD_text_esc(f->m->err, 0, esc, sizeof esc));
    return NULL;
  }
  if (f->kernel < 0) f->kernel = simI_find_kernel(f->m->p, f->name);
  if (f->kernel < 0) {
    fprintf(stderr, "simulee: error: kernel %s is not in the program's device code\n", f->name);
    return NULL;
  }
  return simI_kernel(f->m->p, (unsigned)f->kernel);
}

/* Bytes of parameter q's value in a launch's argument array. */
static unsigned param_bytes(const simI_param *q) {
  if (q->kind == SIMI_PARAM_STRUCT) return (unsigned)q->size;
  return q->kind == SIMI_PARAM_PTR ? 8 : q->size ? (unsigned)q->size : (q->bits + 7) / 8;
}

void **simR_copy_args_locked(const void *stub, void **args, size_t *bytes, unsigned *nargs,
                             cudaError_t *err) {
  func *f = find_func(stub);
  const simI_kernel_info *ki = f ? resolve(f) : NULL;
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

/* Slots changed since the last launch (simR_mem_changed_locked), at most
 * LB_DIRTY; past that, every slot is looked at. */
#define LB_DIRTY 4096u
static unsigned lb_dirty[LB_DIRTY];
static unsigned lb_ndirty;
static int lb_all = 1; /* look at every slot (first launch, overflow) */

void simR_mem_changed_locked(unsigned slot) {
  if (lb_ndirty < LB_DIRTY) lb_dirty[lb_ndirty++] = slot;
  else lb_all = 1;
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
  if (lb_all) {
    for (unsigned i = 0; i < n; i++) lb_default(i);
  } else {
    for (unsigned k = 0; k < lb_ndirty; k++)
      if (lb_dirty[k] < n && lb_dirty[k] < LB.n) lb_default(lb_dirty[k]);
    for (unsigned i = LB.n; i < n; i++) lb_default(i);
  }
  lb_all = 0;
  lb_ndirty = 0;
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

cudaError_t simR_launch_locked(const void *stub, simR_dim3 grid, simR_dim3 block, void **args,
                               size_t shared, unsigned sidx, simR_dim3 cluster,
                               void *const *frames, int nframes) {
  cudaError_t e = simR_sticky_locked();
  if (e) return e;
  simR_tex_refresh_locked(); /* texture objects of their own read what memory holds now */
  func *f = find_func(stub);
  if (!f) return simR_error_locked(cudaErrorInvalidDeviceFunction);
  uint64_t bt = (uint64_t)block.x * block.y * block.z;
  const cudaDeviceProp *pr = simR_props();
  if (simR_bad_config(grid, block, cluster))
    return simR_error_locked(cudaErrorInvalidConfiguration);
  const simI_kernel_info *ki = resolve(f);
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
  uint64_t ordinal = ++G.launches;
  f->launches++;
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
  int check = want_check(f, grid, block, shared);
  /* more threads than the detectors tell apart: a sampled check
   * (runtime/sample.h); a kernel with child grids or clusters is not
   * sampled and runs unchecked */
  simR_sample *sample = NULL;
  char sample_note[600] = "";
  if (check && (uint64_t)grid.x * grid.y * grid.z * bt > SIMI_MAX_THREADS_TOTAL) {
    if (ki->device_launch || ki->grid_sync || (uint64_t)cluster.x * cluster.y * cluster.z > 1 ||
        (uint64_t)ki->cluster_dims.x * ki->cluster_dims.y * ki->cluster_dims.z > 1) {
      check = 0;
      snprintf(sample_note, sizeof sample_note,
               "%llu threads are more than the %u the detectors tell apart in one launch, and "
               "a kernel with %s is not checked on a sample of its blocks: run unchecked",
               (unsigned long long)((uint64_t)grid.x * grid.y * grid.z * bt),
               SIMI_MAX_THREADS_TOTAL, ki->device_launch ? "device-side launches" :
               ki->grid_sync ? "grid synchronization" : "thread block clusters");
    } else if (!(sample = simR_sample_new(&l))) {
      check = 0;
      snprintf(sample_note, sizeof sample_note, "out of memory for its sampled check: run "
               "unchecked");
    } else {
      simR_sample_describe(sample, sample_note, sizeof sample_note);
    }
    char line[800];
    int n = snprintf(line, sizeof line, "simulee: note: kernel %s (launch %llu): %s\n",
                     ki->demangled, (unsigned long long)ordinal, sample_note);
    fflush(stdout);
    fwrite(line, 1, n > 0 && (size_t)n < sizeof line ? (size_t)n : strlen(line), stderr);
  }
  if (check && simR_set.record) { /* its inputs, before it runs */
    unsigned mi = 0;
    while (mi < G.nmods && G.mods[mi] != f->m) mi++;
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
  /* unchecked: native code when the kernel and launch allow it (jit/) */
  int native = 0;
  if (!d && simR_set.jit) {
    simJ_result jr;
    if (simJ_run(f->m->bc, f->m->bclen, p, (unsigned)f->kernel, &l, simR_set.jobs, &jr)) {
      native = 1;
      memset(&res, 0, sizeof res);
      res.status = jr.status;
      memcpy(res.message, jr.message, sizeof res.message);
      res.threads = jr.threads;
      res.seconds = jr.seconds;
      res.site = UINT32_MAX;
      fc.n = jr.faults;
      fc.misaligned = jr.misaligned;
      G.native++;
      G.native_seconds += jr.seconds;
      G.native_cpu += jr.cpu_seconds;
    }
  }
  if (!native) simI_run_jobs(p, (unsigned)f->kernel, &l, obs, d ? 2 : 1, &jobs, &res);
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
    G.checked++;
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
      for (unsigned i = 0; i < nsr; i++) simD_list_add(&found, &sr[i]);
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
    simR_conflict conf[8];
    unsigned nc = simR_order_end_locked(conf, 8);
    for (unsigned i = 0; i < nc; i++) {
      const func *o = conf[i].other;
      simD_finding x;
      conflict_finding(&conf[i], "this launch", conf[i].site,
                       o->m == f->m ? conf[i].other_site : UINT32_MAX,
                       "the launches may run concurrently", &x);
      simD_list_add(&found, &x);
    }
    add_record(f, &l, &res, &found, ordinal, frames, nframes);
    simD_list_free(&found);
    simD_free(d);
  } else if (fc.n || res.status != SIMI_OK) {
    /* an unchecked launch that went wrong: a record of its failure */
    simI_result r2 = res;
    if (r2.status == SIMI_OK) {
      r2.status = SIMI_E_TRAP;
      snprintf(r2.message, sizeof r2.message,
               "%llu invalid memory accesses in a launch run without detection "
               "(SIMULEE_CHECK=all or simulee run --check all shows them)",
               (unsigned long long)fc.n);
    }
    add_record(f, &l, &r2, NULL, ordinal, frames, nframes);
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
  flush_records_locked(); /* its findings, now */
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

/* cudaLaunchKernelEx's configuration (cuda/driver_types.h) */
typedef struct launch_attr {
  int id;                      /* cudaLaunchAttributeID */
  char pad[4];
  union {
    char pad[64];
    int cooperative;
    struct { unsigned x, y, z; } cluster;
  } val;
} launch_attr;
typedef struct launch_config {
  simR_dim3 grid, block;       /* extents */
  size_t shared;               /* dynamic shared bytes */
  cudaStream_t stream;
  launch_attr *attrs;
  unsigned nattrs;
} launch_config;

EXPORT cudaError_t cudaLaunchKernelExC(const launch_config *c, const void *func, void **args) {
  if (!c) return cudaErrorInvalidValue;
  simR_dim3 cluster = {0, 0, 0};
  for (unsigned i = 0; i < c->nattrs && c->attrs; i++) {
    int id = c->attrs[i].id;
    if (id == 4 /* cudaLaunchAttributeClusterDimension */) {
      cluster.x = c->attrs[i].val.cluster.x;
      cluster.y = c->attrs[i].val.cluster.y;
      cluster.z = c->attrs[i].val.cluster.z;
    } else if (id != 0 && id != 2 && id != 5 && id != 8) {
      /* cooperative, the scheduling preference and priority change nothing
       * here; the others are named */
      char what[96];
      snprintf(what, sizeof what, "cudaLaunchKernelEx with launch attribute %d", id);
      simR_lock();
      cudaError_t e = simR_unsupported_locked(what);
      simR_unlock();
      return e;
    }
  }
  void *frames[16];
  int n = backtrace(frames, 16);
  return launch_api(func, c->grid, c->block, args, c->shared, c->stream, cluster, frames, n);
}

EXPORT cudaError_t cudaFuncSetAttribute(const void *fn, int attr, int value) {
  simR_lock();
  func *f = find_func(fn);
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
  func *f = find_func(fn);
  cudaError_t e = cudaSuccess;
  if (!f || module_ready(f->m) < 0 ||
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
  func *f = find_func(fn);
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

/* ------------------------------------------------------ library calls */

/* A library function as the order model's `who` (a func without module);
 * kept until exit (retained operations point to it). */
static func **libs;
static unsigned nlibs;
static struct {
  int on;           /* a call is being collected */
  simR_stamp st;    /* its place on its stream */
  uint64_t ordinal; /* library calls so far */
  func *who;        /* its function */
} lib;

static func *lib_func(const char *name) {
  for (unsigned i = 0; i < nlibs; i++)
    if (!strcmp(libs[i]->name, name)) return libs[i];
  func *f = calloc(1, sizeof *f);
  func **nl = f ? realloc(libs, (nlibs + 1) * sizeof *nl) : NULL;
  if (!nl || !(f->name = strdup(name))) {
    free(f);
    return NULL;
  }
  f->kernel = -1;
  libs = nl;
  libs[nlibs++] = f;
  return f;
}

void simR_libcall_begin_locked(cudaStream_t s, const char *name) {
  lib.who = lib_func(name);
  if (!lib.who) return;
  lib.on = 1;
  lib.st = simR_order_op_locked(simR_stream_index(s));
  void *frames[16]; /* the program's line of the call, for later conflicts */
  int nframes = backtrace(frames, 16);
  simR_order_begin_locked(lib.st, lib.who, ++lib.ordinal, frames, nframes);
}

void simR_libcall_access_locked(const void *ptr, uint64_t bytes, int write) {
  if (!lib.on) return;
  uint64_t v = simR_device_value_locked((uint64_t)(uintptr_t)ptr);
  if (SIMI_PTR_SPACE(v) == SIMI_SPACE_GLOBAL) simR_order_range_locked(v, bytes, write);
}

void simR_libcall_end_locked(void) {
  if (!lib.on) return;
  lib.on = 0;
  simR_conflict conf[8];
  unsigned nc = simR_order_end_locked(conf, 8);
  if (!nc) return;
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
    const func *o = conf[i].other;
    simD_finding x;
    /* site[1] only tells the findings apart: locs below say where */
    conflict_finding(&conf[i], lib.who->name, UINT32_MAX, conf[i].other_site,
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
    snprintf(title, sizeof title, "%s (library call %llu)", lib.who->name,
             (unsigned long long)lib.ordinal);
    add_host_record_locked(&hl, lib.who->name, title, &l, locs, addrs);
  }
  simD_list_free(&l);
  flush_records_locked();
}

/* ------------------------------------------------------------- report */

void simR_report_finish_locked(void) {
  if (G.finished) return;
  simR_hostraces_locked();
  spares_free();
  G.finished = 1;
  if (!G.report_init) {
    simD_report_init(&G.report);
    G.report_init = 1;
  }
  flush_records_locked();
}

void simR_stats_locked(void) {
  if (simR_set.stats)
    fprintf(stderr, "simulee: stats: %llu launches, %llu checked, %llu simulated thread "
            "instructions in %.3f s of launches (%.1f M instructions/s)\n",
            (unsigned long long)G.launches, (unsigned long long)G.checked,
            (unsigned long long)G.insns, G.seconds,
            G.seconds > 0 ? (double)G.insns / G.seconds / 1e6 : 0.0);
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
            (unsigned long long)(G.launches - G.parallel - G.fell_back), cpu, G.worker_cpu,
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

