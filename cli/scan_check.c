/*
 * simulee scan, stage 4: checking the kernels. The files are compiled on
 * the worker threads of evolve/pool.c (simE_workers), then the kernels of
 * this shard are queued (a kernel that a header defines, compiled into
 * several files, once: in the first file) and checked on them. A program
 * stays loaded until its last queued kernel is done.
 */
#define _GNU_SOURCE
#include "cli/scan_int.h"

#include <fnmatch.h>
#include <limits.h>
#define XXH_INLINE_ALL
#include <xxhash.h>

#include "simulee/evolve.h" /* simE_workers */

/* ------------------------------------------------------------ shards */

/* XXH3 (libxxhash) of the file's relative path with its NUL, then of the
 * kernel symbol ("" for the file itself) seeded with the first: the shard of
 * a kernel depends on nothing else, on any machine. */
static unsigned shard_of(const char *rel, const char *symbol, unsigned nshards) {
  uint64_t h = XXH3_64bits(rel, strlen(rel) + 1);
  h = XXH3_64bits_withSeed(symbol, strlen(symbol), h);
  return (unsigned)(h % nshards) + 1;
}

int scan_in_shard(const scan *sc, const char *rel, const char *symbol) {
  return !sc->nshards || shard_of(rel, symbol, sc->nshards) == sc->shard;
}

/* ------------------------------------------------------------ workers */

void scan_progress(scan *sc, int force) {
  if (!sc->progress) return;
  double t = simU_now_s();
  if (!force && t - sc->last_progress < 0.1) return;
  sc->last_progress = t;
  if (!sc->queued)
    fprintf(stderr, "\r\033[Ksimulee scan: files %u/%u compiled, %u kernels so far",
            sc->tus_done, sc->ntu, sc->nkernels);
  else
    fprintf(stderr, "\r\033[Ksimulee scan: files %u/%u compiled, kernels %u/%u done, "
            "%llu finding%s%s%s", sc->tus_done, sc->ntu, sc->kj_done, sc->nkj,
            (unsigned long long)sc->nfound, sc->nfound == 1 ? "" : "s",
            sc->checking[0] ? ", checking " : "", sc->checking);
  fflush(stderr);
}

/* Is o (a kernel of another file's program) the definition ki is: the same
 * symbol at the same source line of the same file? */
static int same_definition(const simI_kernel_info *o, const simI_kernel_info *ki) {
  return ki->file && o->file && !strcmp(o->file, ki->file) && o->line == ki->line &&
         !strcmp(o->name, ki->name);
}

/* Is kernel k of file i also in an earlier file (in path order) with the
 * same symbol and the same definition, a header both include? Then it is
 * the same code (the one-definition rule) and is checked once, in the
 * first file. */
static int defined_earlier(const scan *sc, unsigned i, const simI_kernel_info *ki) {
  if (!ki->file || !*ki->file || !ki->line) return 0;
  char *def = simC_join_path(sc->cwd, ki->file);
  int same_file = def && !strcmp(def, sc->tus[i].abs);
  free(def);
  if (same_file) return 0; /* defined in the .cu itself */
  for (unsigned e = 0; e < i; e++) {
    const simI_program *p = sc->tus[e].prog;
    if (!p) continue;
    int k = simI_find_kernel(p, ki->name);
    if (k < 0) continue;
    if (same_definition(simI_kernel(p, (unsigned)k), ki)) return 1;
  }
  return 0;
}

/* The launch hints of kernel ki of file i when other files launch it too:
 * a kernel that a header defines is one kernel (the one-definition rule), and
 * an extern one may be launched from a file that only declares it (-rdc), so
 * its launches are those of every file whose program has the same
 * definition or none. NULL when only its own file's hints apply (or out of
 * memory: sc->oom). Called with sc->mu held, before programs are freed. */
static simC_hints *project_hints(scan *sc, unsigned i, const simI_kernel_info *ki) {
  const simC_hint *own = simC_hints_find(&sc->tus[i].hints, ki->name);
  simC_hints *h = NULL;
  for (unsigned e = 0; e < sc->ntu; e++) {
    const simC_hint *oh = e == i ? NULL : simC_hints_find(&sc->tus[e].hints, ki->name);
    if (!oh || !sc->tus[e].prog) continue;
    int k = simI_find_kernel(sc->tus[e].prog, ki->name);
    if (k >= 0 && !same_definition(simI_kernel(sc->tus[e].prog, (unsigned)k), ki))
      continue; /* another kernel of the same name (internal linkage) */
    if (!h) {
      if (!(h = calloc(1, sizeof *h))) goto oom;
      simC_hints_init(h);
      if (own && simC_hints_add(h, own, ki->name) < 0) goto oom;
    }
    if (simC_hints_add(h, oh, ki->name) < 0) goto oom;
  }
  return h;
oom:
  if (h) simC_hints_free(h);
  free(h);
  sc->oom = 1;
  return NULL;
}

/* Once every file is compiled: queue the kernels of this shard, in file
 * order, and free the programs left without any. Called with sc->mu held. */
static void queue_kernels(scan *sc) {
  for (unsigned i = 0; i < sc->ntu && !sc->oom; i++) {
    tu *t = &sc->tus[i];
    if (!t->prog) continue;
    unsigned nk = simI_kernel_count(t->prog);
    for (unsigned k = 0; k < nk; k++) {
      const simI_kernel_info *ki = simI_kernel(t->prog, k);
      if (sc->kernel_glob && fnmatch(sc->kernel_glob, ki->demangled, 0) &&
          fnmatch(sc->kernel_glob, ki->name, 0))
        continue;
      sc->glob_hits++;
      if (defined_earlier(sc, i, ki)) continue;
      if (!scan_in_shard(sc, t->rel, ki->name)) continue;
      if (sc->nkj == sc->capkj) {
        unsigned nc = sc->capkj ? sc->capkj * 2 : 64;
        kjob *nv = realloc(sc->kj, nc * sizeof *nv);
        if (!nv) {
          sc->oom = 1;
          break;
        }
        sc->kj = nv;
        sc->capkj = nc;
      }
      sc->kj[sc->nkj++] = (kjob){i, k, project_hints(sc, i, ki)};
      t->pending++;
    }
  }
  /* duplicates were looked up in every program: only now may they go */
  for (unsigned i = 0; i < sc->ntu; i++)
    if (sc->tus[i].prog && !sc->tus[i].pending) {
      simI_free(sc->tus[i].prog);
      sc->tus[i].prog = NULL;
    }
  sc->queued = 1;
  scan_progress(sc, 1);
}

/* Report paths relative to the root (map for simD_record_map_paths). */
static char *map_path(const char *p, void *ctx, int *oom) {
  const scan *sc = ctx;
  char *abs = simC_join_path(sc->cwd, p);
  char *r = abs ? rel_to(sc->root, abs) : NULL;
  free(abs);
  if (!r) *oom = 1;
  return r;
}

static void run_kernel(scan *sc, kjob j) {
  tu *t = &sc->tus[j.tu];
  const simI_kernel_info *ki = simI_kernel(t->prog, j.k);
  simC_options ko = *sc->o;
  ko.kernel = ki->name;
  ko.quiet = 1;
  ko.stats = 0;
  ko.cflags = t->flags;
  ko.ncflags = t->nflags;
  if (!ko.arch) ko.arch = t->arch;
  ko.hints = j.hints ? j.hints : &t->hints;
  ko.bounds = t->bounds.n ? &t->bounds : NULL;
  ko.jobs = 1; /* one search thread: the scan runs kernels in parallel instead
                  (--time-limit, per kernel, comes with *sc->o) */
  ko.time_limit = scan_time_left(sc, ko.time_limit);
  pthread_mutex_lock(&sc->mu);
  simD_text_esc(ki->demangled ? ki->demangled : ki->name, SIMD_ESC_PATH, sc->checking,
                sizeof sc->checking);
  scan_progress(sc, 1);
  pthread_mutex_unlock(&sc->mu);
  simD_report local;
  simD_report_init(&local);
  char err[1024] = "";
  double t0 = simU_now_s();
  int rc = simC_check_program(&ko, t->path, t->prog, &local, err, sizeof err);
  double dt = simU_now_s() - t0;
  int oom = 0;
  if (rc < 0 || local.n == 0) {
    simD_record rec;
    memset(&rec, 0, sizeof rec);
    rec.file = t->path;
    rec.kernel = ki->name;
    rec.name = ki->demangled;
    rec.line = ki->line;
    rec.status = SIMD_STATUS_ERROR;
    rec.message = rc < 0 ? err : "the kernel was not checked";
    if (simD_report_add(&local, &rec, NULL, NULL) < 0) oom = 1;
  }
  for (unsigned r = 0; r < local.n; r++) {
    local.v[r].seconds = dt;
    if (simD_record_map_paths(&local.v[r], map_path, sc) < 0) oom = 1;
  }
  pthread_mutex_lock(&sc->mu);
  for (unsigned r = 0; r < local.n; r++) sc->nfound += local.v[r].findings.n;
  if (oom || simD_report_take(&sc->rep, &local) < 0) sc->oom = 1;
  sc->kj_done++;
  simI_program *done = --t->pending == 0 ? t->prog : NULL;
  if (done) t->prog = NULL;
  scan_progress(sc, 0);
  pthread_mutex_unlock(&sc->mu);
  simD_report_free(&local);
  if (done) simI_free(done);
}

/* A file of the compile phase: compiled, unless --scan-time-limit is spent
 * (then it is left out; the first of them in path order is named). */
static void compile_item(void *ctx, unsigned i) {
  scan *sc = ctx;
  if (sc->deadline > 0 && simU_now_s() >= sc->deadline) {
    pthread_mutex_lock(&sc->mu);
    sc->late_files++;
    sc->tus_done++;
    if (i < sc->first_late_tu) sc->first_late_tu = i;
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  scan_compile_tu(sc, i);
}

/* A queued kernel: checked, unless --scan-time-limit is spent. */
static void check_item(void *ctx, unsigned i) {
  scan *sc = ctx;
  if (sc->deadline > 0 && simU_now_s() >= sc->deadline) {
    pthread_mutex_lock(&sc->mu);
    sc->late_kernels++;
    sc->kj_done++;
    if (i < sc->first_late_kj) sc->first_late_kj = i;
    pthread_mutex_unlock(&sc->mu);
    return;
  }
  run_kernel(sc, sc->kj[i]);
}

void scan_run(scan *sc) {
  sc->first_late_tu = sc->first_late_kj = UINT_MAX;
  simE_workers(sc->jobs, sc->ntu, compile_item, sc);
  if (sc->first_late_tu < sc->ntu)
    snprintf(sc->first_late, sizeof sc->first_late, "%s", sc->tus[sc->first_late_tu].rel);
  pthread_mutex_lock(&sc->mu);
  queue_kernels(sc);
  pthread_mutex_unlock(&sc->mu);
  simE_workers(sc->jobs, sc->nkj, check_item, sc);
  if (!sc->first_late[0] && sc->first_late_kj < sc->nkj) {
    /* a kernel not checked keeps its program loaded */
    const kjob *j = &sc->kj[sc->first_late_kj];
    const simI_kernel_info *ki = simI_kernel(sc->tus[j->tu].prog, j->k);
    snprintf(sc->first_late, sizeof sc->first_late, "%s kernel %s", sc->tus[j->tu].rel,
             ki && ki->demangled ? ki->demangled : "?");
  }
}
