/*
 * simulee runtime: registration of the program's kernels and variables (as
 * clang's host code makes it: __cudaRegisterFatBinary, __cudaRegisterFunction,
 * __cudaRegisterVar, the launch configuration of <<<...>>>), the modules'
 * bitcode loaded on first use (relocatable device code linked first), and
 * the variables' bytes behind their symbols (runtime/module.h).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/internal.h"
#include "runtime/module.h"
#include "simulee/report.h"

#define EXPORT __attribute__((visibility("default")))

/* clang's wrapper of the GPU binary */
typedef struct fatbin_wrapper {
  uint32_t magic;   /* SIMR_FATBIN_MAGIC */
  uint32_t version; /* 1 */
  const void *data; /* the blob */
  const void *unused;
} fatbin_wrapper;

static struct {
  simR_module **mods;
  unsigned nmods;
  simR_func *funcs;
  unsigned nfuncs;
  simR_var *vars;
  unsigned nvars;
  simR_dim3 cfg_grid, cfg_block; /* __cudaPushCallConfiguration */
  size_t cfg_shared;
  void *cfg_stream;
} G;

/* ------------------------------------------------------ registration */

EXPORT void **__cudaRegisterFatBinary(void *wrapper) {
  simR_lock();
  simR_init_locked();
  simR_module *m = calloc(1, sizeof *m);
  simR_module **nm = m ? realloc(G.mods, (G.nmods + 1) * sizeof *nm) : NULL;
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
  simR_func *nf = realloc(G.funcs, (G.nfuncs + 1) * sizeof *nf);
  if (nf) {
    G.funcs = nf;
    G.funcs[G.nfuncs++] = (simR_func){stub, (simR_module *)handle, strdup(dev_fun), -1, 0, 0, 0};
  }
  simR_unlock();
}

EXPORT void __cudaRegisterVar(void **handle, char *host_var, char *dev_addr,
                              const char *dev_name, int ext, size_t size, int constant,
                              int global) {
  (void)dev_name, (void)ext, (void)size, (void)global;
  simR_lock();
  simR_var *nv = realloc(G.vars, (G.nvars + 1) * sizeof *nv);
  if (nv) {
    G.vars = nv;
    G.vars[G.nvars++] = (simR_var){host_var, (simR_module *)handle, strdup(dev_addr), constant, 0, 0};
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
static int module_vars(simR_module *m) {
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

/* Link the bitcode files paths[0..n) into out with llvm-link-19 (or
 * $SIMULEE_LLVM_LINK), the tool's output silenced. 0, or -1 with why in err. */
static int link_tool(char (*paths)[4096], unsigned n, const char *out, char *err, size_t errlen) {
  const char *tool = getenv("SIMULEE_LLVM_LINK");
  char **argv = calloc(n + 4, sizeof *argv);
  if (!argv) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  argv[0] = (char *)(tool && *tool ? tool : "llvm-link-19");
  argv[1] = "-o";
  argv[2] = (char *)out;
  for (unsigned i = 0; i < n; i++) argv[3 + i] = paths[i];
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
  int rc = 0;
  if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
    snprintf(err, errlen, pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 127
             ? "%s cannot be run" : "%s failed (a device function or variable defined in two "
             "files, or one defined in none)", argv[0]);
    rc = -1;
  }
  free(argv);
  return rc;
}

/* The bytes of file path (malloc'd, *n of them), or NULL. */
static uint8_t *read_all(const char *path, uint64_t *n) {
  uint8_t *b = NULL;
  long size = 0;
  FILE *f = fopen(path, "rb");
  if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 && fseek(f, 0, SEEK_SET) == 0 &&
      (b = malloc((size_t)size)) && fread(b, 1, (size_t)size, f) != (size_t)size) {
    free(b);
    b = NULL;
  }
  if (f) fclose(f);
  *n = b ? (uint64_t)size : 0;
  return b;
}

int simR_link_bitcode(const uint8_t *const *bc, const uint64_t *bclen, unsigned n, uint8_t **out,
                      uint64_t *outlen, char *err, size_t errlen) {
  *out = NULL;
  *outlen = 0;
  char (*paths)[4096] = calloc(n + 1, sizeof *paths);
  char lpath[4096] = "";
  unsigned k = 0;
  int rc = -1;
  if (!paths) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  for (; k < n; k++)
    if (temp_file(bc[k], bclen[k], paths[k], sizeof paths[k]) < 0) {
      snprintf(err, errlen, "cannot write the bitcode to a temporary file: %s", strerror(errno));
      goto done;
    }
  if (temp_file((const uint8_t *)"", 0, lpath, sizeof lpath) < 0) {
    snprintf(err, errlen, "cannot make a temporary file: %s", strerror(errno));
    goto done;
  }
  if (link_tool(paths, n, lpath, err, errlen) < 0) goto done;
  if (!(*out = read_all(lpath, outlen))) {
    snprintf(err, errlen, "cannot read the linked bitcode");
    goto done;
  }
  rc = 0;
done:
  for (unsigned i = 0; i < k; i++) unlink(paths[i]);
  if (*lpath) unlink(lpath);
  free(paths);
  return rc;
}

/* Relocatable device code: every rdc module of the program linked into one
 * program (llvm-link-19, or $SIMULEE_LLVM_LINK) that they all share, with
 * its variables, on the first use of any of them. 0, or -1 with m->err. */
static int rdc_ready(simR_module *m) {
  static int linked;
  if (linked) { /* a module registered after the link (a library loaded later) */
    snprintf(m->err, sizeof m->err, "the relocatable device code of %s was registered after the "
             "program's device code was linked", m->source);
    return -1;
  }
  linked = 1;
  unsigned n = 0;
  for (unsigned i = 0; i < G.nmods; i++) n += G.mods[i]->rdc && !G.mods[i]->failed;
  const uint8_t **bcs = calloc(n + 1, sizeof *bcs);
  uint64_t *lens = calloc(n + 1, sizeof *lens);
  char out[4096] = "", err[512] = "";
  unsigned k = 0;
  for (unsigned i = 0; bcs && lens && i < G.nmods; i++)
    if (G.mods[i]->rdc && !G.mods[i]->failed) bcs[k] = G.mods[i]->bc, lens[k++] = G.mods[i]->bclen;
  /* the linked bitcode is each rdc module's from now on (what --record
   * writes, so that a recorded launch replays) */
  uint8_t *lbc = NULL;
  uint64_t lsize = 0;
  int ok = bcs && lens;
  if (!ok) snprintf(err, sizeof err, "out of memory");
  if (ok && simR_link_bitcode(bcs, lens, k, &lbc, &lsize, err, sizeof err) < 0) ok = 0;
  if (ok && temp_file(lbc, lsize, out, sizeof out) < 0) {
    snprintf(err, sizeof err, "cannot write the linked bitcode: %s", strerror(errno));
    ok = 0;
  }
  simI_program *p = NULL;
  simI_status st;
  if (ok) {
    simR_fork_internal = 1; /* the reader's own process */
    p = simI_load(out, &st, err, sizeof err);
    simR_fork_internal = 0;
  }
  if (!p) {
    free(lbc);
    lbc = NULL;
  }
  if (*out) unlink(out);
  free(bcs);
  free(lens);
  /* every rdc module shares the program and its variables */
  simR_module *first = NULL;
  for (unsigned i = 0; i < G.nmods; i++) {
    simR_module *x = G.mods[i];
    if (!x->rdc || x->failed) continue;
    if (!p) {
      x->failed = 1;
      snprintf(x->err, sizeof x->err, "the relocatable device code of the program does not "
               "link: %s", *err ? err : "llvm-link failed");
      continue;
    }
    x->p = p;
    if (lbc) x->bc = lbc, x->bclen = lsize;
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
int simR_module_ready_locked(simR_module *m) {
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

static simR_var *find_var(const void *host) {
  for (unsigned i = 0; i < G.nvars; i++)
    if (G.vars[i].host == host) return &G.vars[i];
  return NULL;
}

uint8_t *simR_symbol_locked(const void *symbol, uint64_t *size, uint64_t *devptr,
                            cudaError_t *err) {
  simR_var *v = find_var(symbol);
  *err = cudaErrorInvalidSymbol;
  if (!v) return NULL;
  if (simR_module_ready_locked(v->m) < 0) {
    char esc[2048]; /* the file's name may hold anything */
    fprintf(stderr, "simulee: error: %s\n", simD_text_esc(v->m->err, 0, esc, sizeof esc));
    *err = cudaErrorInvalidSymbol;
    return NULL;
  }
  simR_module *m = v->m;
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
  if (v->resolved < 0) return NULL; /* not used by any kernel: not in the simR_module */
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
    simR_module *m = G.mods[i];
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

int simR_var_managed_locked(uint64_t ptr, uint64_t *size) {
  unsigned space = SIMI_PTR_SPACE(ptr), al = SIMI_PTR_ALLOC(ptr);
  if (space != SIMI_SPACE_GLOBAL || al < SIMI_GLOBALVAR_FIRST) return -1;
  for (unsigned i = 0; i < G.nmods; i++) {
    simR_module *m = G.mods[i];
    if (!m->p || al - SIMI_GLOBALVAR_FIRST >= m->nglobals) continue;
    *size = simI_var_size(m->p, space, al);
    return simI_var_managed(m->p, space, al);
  }
  return -1;
}

/* ------------------------------------------------------------ kernels */

simR_func *simR_func_find_locked(const void *stub) {
  for (unsigned i = 0; i < G.nfuncs; i++)
    if (G.funcs[i].stub == stub) return &G.funcs[i];
  return NULL;
}

const simI_kernel_info *simR_func_resolve_locked(simR_func *f) {
  if (simR_module_ready_locked(f->m) < 0) {
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

unsigned simR_module_index_locked(const simR_module *m) {
  unsigned i = 0;
  while (i < G.nmods && G.mods[i] != m) i++;
  return i;
}

/* A forked child: its kernels have made no launch of its own yet (the
 * summary's count of kernels). */
static void modules_forked(void) {
  for (unsigned i = 0; i < G.nfuncs; i++) G.funcs[i].launches = 0;
}

static const simR_exit_hook module_hook = {NULL, NULL, NULL, modules_forked};

__attribute__((constructor)) static void register_module_hook(void) {
  simR_exit_hook_add(&module_hook);
}
