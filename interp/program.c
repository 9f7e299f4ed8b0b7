/*
 * Queries on a loaded program and small shared helpers: names of statuses,
 * element types and opcodes, source locations, variable names, demangling.
 */
#define _GNU_SOURCE /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/heap.h"
#include "interp/ir.h"
#include "interp/sreg.h"

const char *const simI_op_names[OP__COUNT] = {
#define OP(name, syn) #name,
#include "ops.def"
#undef OP
};

const char *simI_status_name(simI_status s) {
  switch (s) {
  case SIMI_OK: return "ok";
  case SIMI_E_USAGE: return "usage";
  case SIMI_E_INPUT: return "input";
  case SIMI_E_NOMEM: return "out-of-memory";
  case SIMI_E_UNSUPPORTED: return "unsupported";
  case SIMI_E_TIMEOUT: return "timeout";
  case SIMI_E_TRAP: return "trap";
  case SIMI_E_INTERNAL: return "internal";
  case SIMI_E_DEADLOCK: return "deadlock";
  }
  return "unknown";
}

static const struct { const char *n; unsigned size; } elems[] = {
  {"?", 0}, {"i8", 1}, {"i16", 2}, {"i32", 4}, {"i64", 8}, {"u8", 1}, {"u16", 2},
  {"u32", 4}, {"u64", 8}, {"f16", 2}, {"f32", 4}, {"f64", 8}};

unsigned simI_elem_size(simI_elem e) {
  return (unsigned)e < sizeof elems / sizeof elems[0] ? elems[e].size : 0;
}

const char *simI_elem_name(simI_elem e) {
  return (unsigned)e < sizeof elems / sizeof elems[0] ? elems[e].n : "?";
}

simI_elem simI_elem_parse(const char *s, size_t len) {
  for (unsigned i = 1; i < sizeof elems / sizeof elems[0]; i++)
    if (strlen(elems[i].n) == len && !strncmp(elems[i].n, s, len)) return (simI_elem)i;
  return SIMI_ELEM_UNKNOWN;
}

unsigned simI_kernel_count(const simI_program *p) { return p ? p->nkernels : 0; }

const simI_kernel_info *simI_kernel(const simI_program *p, unsigned k) {
  return p && k < p->nkernels ? &p->kernels[k].info : NULL;
}

/* The buffer (allocation) pointer argument i of launch l points into, or
 * -1: a launch buffer (the search's), or a global pointer value (a
 * program's launch passes its device pointers as they are). */
static long arg_buffer(const simI_kernel_info *ki, const simI_launch *l, unsigned i) {
  if (ki->params[i].kind != SIMI_PARAM_PTR) return -1;
  if (l->args[i].is_buffer) return (long)l->args[i].buffer;
  uint64_t v = l->args[i].bits;
  if (!v || SIMI_PTR_SPACE(v) != SIMI_SPACE_GLOBAL) return -1;
  return (long)SIMI_PTR_ALLOC(v);
}

/* Kernel k of p (or NULL) when launch l's pointer arguments are all the
 * ways its code can name a buffer besides pointers it derives from them: no
 * texture or surface fetch, no tensor map, no device-side launch, every
 * argument given. */
static const simI_kernel_info *args_name_all(const simI_program *p, unsigned k,
                                             const simI_launch *l) {
  const simI_kernel_info *ki = simI_kernel(p, k);
  if (!ki || !l || ki->ntexrefs || ki->device_launch || l->ntexbinds || l->nargs != ki->nparams)
    return NULL;
  for (unsigned i = 0; i < ki->nparams; i++)
    if (ki->params[i].tex || ki->params[i].tensor_map) return NULL;
  return ki;
}

unsigned simI_ro_buffers(const simI_program *p, unsigned k, const simI_launch *l, unsigned *out,
                         unsigned max) {
  const simI_kernel_info *ki = args_name_all(p, k, l);
  if (!ki) return 0;
  unsigned n = 0;
  for (unsigned i = 0; i < ki->nparams && n < max; i++) {
    long b = ki->params[i].ro_private ? arg_buffer(ki, l, i) : -1;
    if (b < 0) continue;
    int other = 0;
    for (unsigned j = 0; j < l->nargs && !other; j++) other = j != i && arg_buffer(ki, l, j) == b;
    if (!other) out[n++] = (unsigned)b;
  }
  return n;
}

int simI_arg_buffers(const simI_program *p, unsigned k, const simI_launch *l, uint8_t *reached,
                     unsigned nbuf) {
  const simI_kernel_info *ki = args_name_all(p, k, l);
  if (!ki || !p->args_only) return 0;
  memset(reached, 0, nbuf);
  for (unsigned i = 0; i < ki->nparams; i++) {
    long b = arg_buffer(ki, l, i);
    if (b >= 0 && (unsigned long)b < nbuf) reached[b] = 1;
  }
  return 1;
}

int simI_find_kernel(const simI_program *p, const char *name) {
  if (!p || !name) return -1;
  for (unsigned k = 0; k < p->nkernels; k++) {
    const simI_kernel_info *ki = &p->kernels[k].info;
    if (!strcmp(ki->name, name) || !strcmp(ki->demangled, name) || !strcmp(ki->pretty, name))
      return (int)k;
  }
  /* unqualified name of a namespaced kernel, or a template's name */
  for (unsigned k = 0; k < p->nkernels; k++) {
    const char *d = p->kernels[k].info.demangled;
    const char *c = strrchr(d, ':');
    if (c && !strcmp(c + 1, name)) return (int)k;
  }
  return -1;
}

const char *simI_kernel_unsupported(const simI_program *p, unsigned k) {
  return p && k < p->nkernels ? p->kernels[k].unsupported : NULL;
}

int simI_program_lane_sync(const simI_program *p) {
  if (!p) return 1;
  for (uint32_t i = 0; i < p->ncode; i++)
    switch (p->code[i].op) {
    case OP_SYNCWARP: case OP_SHFL: case OP_VOTE: case OP_MATCH: return 1;
    default: break;
    }
  return 0;
}

int simI_site_loc(const simI_program *p, uint32_t site, const char **file, unsigned *line,
                  unsigned *col, const char **function) {
  if (!p || site >= p->ncode) {
    if (file) *file = "";
    if (line) *line = 0;
    if (col) *col = 0;
    if (function) *function = "";
    return 0;
  }
  const simI_loc *l = &p->locs[site];
  if (file) *file = p->strings[l->file];
  if (line) *line = l->line;
  if (col) *col = l->col;
  if (function) *function = p->funcs[l->func].name;
  return l->line != 0;
}

/* The one line every call of function f is on (its first call site in
 * *site), or 0: never called, or from several lines. */
static unsigned call_line(const simI_program *p, uint32_t f, uint32_t *site) {
  unsigned line = 0;
  uint32_t file = 0;
  for (uint32_t pc = 0; pc < p->ncode; pc++) {
    const simI_insn *in = &p->code[pc];
    if (in->op != OP_CALL || in->x >= p->naux || p->aux[in->x] != f) continue;
    const simI_loc *l = &p->locs[pc];
    if (!l->line) return 0;
    if (line && (l->line != line || l->file != file)) return 0;
    if (!line) *site = pc;
    line = l->line;
    file = l->file;
  }
  return line;
}

int simI_site_caller(const simI_program *p, uint32_t site, int (*inside)(const char *file),
                     const char **file, unsigned *line) {
  for (unsigned depth = 0; p && site < p->ncode && depth < 16; depth++) {
    const simI_loc *l = &p->locs[site];
    /* inlined: the outermost call, in the function the site lies in */
    if (l->cline && !inside(p->strings[l->cfile])) {
      *file = p->strings[l->cfile];
      *line = l->cline;
      return 1;
    }
    /* not inlined (or inlined into library code): its function's callers */
    uint32_t at = UINT32_MAX;
    unsigned cl = call_line(p, l->func, &at);
    if (!cl || at == UINT32_MAX) return 0;
    if (!inside(p->strings[p->locs[at].file])) {
      *file = p->strings[p->locs[at].file];
      *line = cl;
      return 1;
    }
    site = at;
  }
  return 0;
}

/* The same file: equal paths, or equal real paths. */
static int same_file(const char *a, const char *b) {
  if (!strcmp(a, b)) return 1;
  char ra[PATH_MAX], rb[PATH_MAX];
  return realpath(a, ra) && realpath(b, rb) && !strcmp(ra, rb);
}

static int is_mem_op(unsigned op) {
  return op == OP_LOAD || op == OP_STORE || op == OP_LOADV || op == OP_STOREV ||
         op == OP_ATOMIC || op == OP_CMPXCHG || op == OP_MEMCPY || op == OP_MEMSET;
}

uint32_t simI_kernel_site_at(const simI_program *p, unsigned k, const char *file,
                             unsigned line, unsigned col) {
  if (!p || k >= p->nkernels || !file || !line || !p->nfuncs) return UINT32_MAX;
  unsigned char *seen = calloc(p->nfuncs, 1);
  uint32_t *stack = calloc(p->nfuncs, sizeof *stack);
  unsigned char *fmatch = calloc(p->nstrings ? p->nstrings : 1, 1); /* 1 no, 2 yes */
  uint32_t best = UINT32_MAX;
  int rank = 0; /* 1 any instruction, 2 an access, 3 an access at col */
  unsigned top = 0;
  if (!seen || !stack || !fmatch) goto done;
  uint32_t k0 = p->kernels[k].func;
  if (k0 < p->nfuncs) {
    seen[k0] = 1;
    stack[top++] = k0;
  }
  while (top) {
    const simI_func *F = &p->funcs[stack[--top]];
    if (!F->defined) continue;
    for (uint32_t pc = F->entry; pc < F->end && pc < p->ncode; pc++) {
      const simI_insn *in = &p->code[pc];
      if (in->op == OP_CALL && in->x < p->naux) {
        uint32_t callee = p->aux[in->x];
        if (callee < p->nfuncs && !seen[callee]) {
          seen[callee] = 1;
          stack[top++] = callee;
        }
      }
      const simI_loc *l = &p->locs[pc];
      if (l->line != line || l->file >= p->nstrings) continue;
      if (!fmatch[l->file]) fmatch[l->file] = same_file(p->strings[l->file], file) ? 2 : 1;
      if (fmatch[l->file] != 2) continue;
      int r = !is_mem_op(in->op) ? 1 : l->col == col ? 3 : 2;
      if (r > rank || (r == rank && pc < best)) {
        rank = r;
        best = pc;
      }
    }
  }
done:
  free(seen);
  free(stack);
  free(fmatch);
  return best;
}

static const simI_var *var_at(const simI_program *p, unsigned space, unsigned alloc) {
  if (!p) return NULL;
  switch (space) {
  case SIMI_SPACE_SHARED:
    return alloc < p->nsharedvars ? &p->vars[p->sharedvar[alloc]] : NULL;
  case SIMI_SPACE_CONST:
    return alloc < p->nconstvars ? &p->vars[p->constvar[alloc]] : NULL;
  case SIMI_SPACE_GLOBAL:
    if (alloc >= SIMI_GLOBALVAR_BASE && alloc - SIMI_GLOBALVAR_BASE < p->nglobalvars)
      return &p->vars[p->globalvar[alloc - SIMI_GLOBALVAR_BASE]];
    return NULL;
  default:
    return NULL;
  }
}

const char *simI_var_name(const simI_program *p, unsigned space, unsigned alloc) {
  const simI_var *v = var_at(p, space, alloc);
  return v ? v->name : NULL;
}

unsigned simI_var_elem(const simI_program *p, unsigned space, unsigned alloc) {
  const simI_var *v = var_at(p, space, alloc);
  return v ? v->elem : 0;
}

int simI_var_managed(const simI_program *p, unsigned space, unsigned alloc) {
  const simI_var *v = var_at(p, space, alloc);
  return v ? v->managed : 0;
}

uint64_t simI_var_size(const simI_program *p, unsigned space, unsigned alloc) {
  const simI_var *v = var_at(p, space, alloc);
  return v ? v->size : 0;
}

unsigned simI_var_count(const simI_program *p, unsigned space) {
  if (!p) return 0;
  return space == SIMI_SPACE_SHARED   ? p->nsharedvars
         : space == SIMI_SPACE_GLOBAL ? p->nglobalvars
         : space == SIMI_SPACE_CONST  ? p->nconstvars
                                      : 0;
}

const void *simI_var_init(const simI_program *p, unsigned space, unsigned alloc) {
  const simI_var *v = space == SIMI_SPACE_SHARED ? NULL : var_at(p, space, alloc);
  return v ? v->init : NULL;
}

/* The source-level name of a variable symbol: "_ZZ6kernelPfE4tile" -> "tile". */
/* The source name of a module variable: a function-local `__shared__ float
 * partial[]` is mangled `_ZZ9block_sumPKfPfiE7partial`, which demangles (with
 * the parameters kept, so the cut below is not confused) to
 * `block_sum(float const*, float*, int)::partial`; keep what follows the last
 * "::".  SROA and the linker may add a `.N` suffix: drop it first. */
static void short_name(const char *sym, char *out, size_t len) {
  char base[256];
  snprintf(base, sizeof base, "%s", sym);
  for (;;) {
    char *dot = strrchr(base, '.');
    if (!dot || !dot[1] || strspn(dot + 1, "0123456789") != strlen(dot + 1)) break;
    *dot = 0;
  }
  char *d = simI_demangle(base, 1);
  const char *s = d ? d : base;
  const char *c = strrchr(s, ':');
  snprintf(out, len, "%s", c ? c + 1 : s);
  free(d);
}

int simI_describe_var_index(const simI_program *p, const simI_launch *l, uint64_t addr,
                            char *buf, size_t len) {
  unsigned space = SIMI_PTR_SPACE(addr), al = SIMI_PTR_ALLOC(addr);
  if (space != SIMI_SPACE_SHARED && space != SIMI_SPACE_CONST &&
      !(space == SIMI_SPACE_GLOBAL && al >= SIMI_GLOBALVAR_FIRST))
    return 0;
  const char *name = simI_var_name(p, space, al);
  unsigned es = simI_var_elem(p, space, al);
  if (!name || !es) return 0;
  uint64_t off = SIMI_PTR_OFFSET(addr);
  int64_t soff;
  (void)l;
  if (space == SIMI_SPACE_SHARED) {
    /* a peer block's address (mapa) carries its rank above bit 32; a
     * negative 32-bit offset is an index below the start that wrapped
     * (shared windows are far below 2^31 bytes) */
    soff = (int64_t)(int32_t)(uint32_t)off;
    if (SIMI_CLUSTER_TAG(addr) && soff >= 0) return 0;
  } else {
    soff = (int64_t)off;
  }
  if (soff % (int64_t)es) return 0;
  char nm[256];
  short_name(name, nm, sizeof nm);
  snprintf(buf, len, "%s '%s'[%lld]",
           space == SIMI_SPACE_SHARED ? "shared" : space == SIMI_SPACE_CONST ? "__constant__"
                                                                             : "__device__",
           nm, (long long)(soff / (int64_t)es));
  return 1;
}

void simI_describe_addr(const simI_program *p, const simI_launch *l, uint64_t addr, char *buf,
                        size_t len) {
  unsigned space = SIMI_PTR_SPACE(addr), al = SIMI_PTR_ALLOC(addr);
  unsigned long long off = (unsigned long long)SIMI_PTR_OFFSET(addr);
  char nm[256];
  /* a pointer up to 2^39 bytes before a launch buffer (a[-1] of buffer 0
   * wraps below the global space): "buffer 'a' - 4" */
  uint64_t next = (addr & ~(SIMI_MAX_ALLOC_BYTES - 1)) + SIMI_MAX_ALLOC_BYTES;
  if (l && next - addr <= SIMI_MAX_ALLOC_BYTES / 2 && SIMI_PTR_SPACE(next) == SIMI_SPACE_GLOBAL &&
      SIMI_PTR_ALLOC(next) < l->nbuffers) {
    const char *bn = l->buffers[SIMI_PTR_ALLOC(next)].name;
    snprintf(buf, len, "buffer '%s' - %llu", bn ? bn : "?", (unsigned long long)(next - addr));
    return;
  }
  switch (space) {
  case SIMI_SPACE_GLOBAL:
    if (l && al < l->nbuffers) {
      snprintf(buf, len, "buffer '%s' + %llu", l->buffers[al].name ? l->buffers[al].name : "?", off);
      return;
    }
    if (al >= SIMI_HEAP_FIRST && al < SIMI_GLOBALVAR_FIRST) {
      snprintf(buf, len, "device heap block %u + %llu", al - SIMI_HEAP_FIRST, off);
      return;
    }
    if (simI_var_name(p, space, al)) {
      short_name(simI_var_name(p, space, al), nm, sizeof nm);
      snprintf(buf, len, "__device__ '%s' + %llu", nm, off);
      return;
    }
    snprintf(buf, len, "global allocation %u + %llu", al, off);
    return;
  case SIMI_SPACE_SHARED:
    if (SIMI_CLUSTER_TAG(addr) && simI_var_name(p, space, al)) { /* mapa: a peer's */
      short_name(simI_var_name(p, space, al), nm, sizeof nm);
      snprintf(buf, len, "shared '%s' + %llu of cluster rank %u", nm,
               off & ((1ull << SIMI_CLUSTER_SHIFT) - 1), SIMI_CLUSTER_TAG(addr) - 1);
      return;
    }
    if (simI_var_name(p, space, al)) {
      short_name(simI_var_name(p, space, al), nm, sizeof nm);
      snprintf(buf, len, "shared '%s' + %llu", nm, off);
      return;
    }
    snprintf(buf, len, "shared + %llu", off);
    return;
  case SIMI_SPACE_CONST:
    if (simI_var_name(p, space, al)) {
      short_name(simI_var_name(p, space, al), nm, sizeof nm);
      snprintf(buf, len, "__constant__ '%s' + %llu", nm, off);
      return;
    }
    snprintf(buf, len, "constant + %llu", off);
    return;
  case SIMI_SPACE_LOCAL:
    snprintf(buf, len, "local stack + %llu", off);
    return;
  default:
    snprintf(buf, len, addr ? "invalid pointer 0x%llx" : "null pointer", (unsigned long long)addr);
  }
}

/* libstdc++'s Itanium demangler (linked with LLVM anyway). */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

char *simI_demangle(const char *name, int with_params) {
  if (!name) return NULL;
  int st = 0;
  char *d = NULL;
  if (name[0] == '_' && name[1] == 'Z') d = __cxa_demangle(name, NULL, NULL, &st);
  if (!d || st != 0) { free(d); return strdup(name); }
  if (with_params) return d;
  /* cut the parameter list: the last top-level '(' */
  int depth = 0;
  char *cut = NULL;
  for (char *c = d; *c; c++) {
    if (*c == '<') depth++;
    else if (*c == '>') depth--;
    else if (*c == '(' && depth == 0 && c != d) { cut = c; }
  }
  if (cut) *cut = 0;
  return d;
}

/* ------------------------------------------------------ barrier regions */

uint32_t simI_site_count(const simI_program *p) { return p ? p->ncode : 0; }

/* The successors of pc (inside its function) to out (at most 2 + switch
 * cases); returns their number. */
static unsigned succs(const simI_program *p, uint32_t pc, uint32_t *out, unsigned max) {
  const simI_insn *in = &p->code[pc];
  unsigned n = 0;
  switch (in->op) {
  case OP_JMP: out[n++] = in->x; break;
  case OP_CBR: out[n++] = in->b; if (in->c != in->b) out[n++] = in->c; break;
  case OP_SWITCH: {
    if (in->x >= p->naux) break;
    const uint32_t *tab = &p->aux[in->x];
    out[n++] = tab[1];
    for (uint32_t i = 0; i < tab[0] && n < max; i++) out[n++] = tab[5 + 3 * i];
    break;
  }
  case OP_RET: case OP_TRAP: case OP_UNSUP: case OP_EXIT: break;
  default: out[n++] = pc + 1; break;
  }
  return n;
}

/* Memory instruction whose address operand(s) are not provably local. */
static int nonlocal_access(const simI_insn *in, const uint8_t *local, uint32_t nregs) {
#define LOCALREG(r) ((r) < nregs && local[(r)])
  switch (in->op) {
  case OP_LOAD: case OP_STORE: case OP_LOADV: case OP_STOREV: case OP_ATOMIC:
  case OP_CMPXCHG: case OP_MEMSET: case OP_CPASYNC: case OP_TMA:
    return !LOCALREG(in->a);
  case OP_MEMCPY:
    return !LOCALREG(in->a) || !LOCALREG(in->b);
  case OP_CPAGROUP: case OP_MBAR: case OP_MATHMEM:
    return 1; /* async copies land, mbarriers and strings are read here */
  default:
    return 0;
  }
#undef LOCALREG
}

/* Registers of function F that hold a pointer into the thread's stack (an
 * alloca, or an offset from one); 1 per register. NULL on no memory. */
static uint8_t *local_regs(const simI_program *p, const simI_func *F) {
  uint8_t *local = calloc(F->nregs + 1, 1);
  if (!local) return NULL;
  for (int changed = 1, round = 0; changed && round < 8; round++) {
    changed = 0;
    for (uint32_t pc = F->entry; pc < F->end; pc++) {
      const simI_insn *in = &p->code[pc];
      if (in->d >= F->nregs || local[in->d]) continue;
      int l = in->op == OP_ALLOCA || in->op == OP_ALLOCADYN;
      if (!l && (in->op == OP_IDXADD || in->op == OP_MOV || in->op == OP_ADD || in->op == OP_SUB))
        l = in->a < F->nregs && local[in->a];
      if (!l && in->op == OP_ADD) l = in->b < F->nregs && local[in->b];
      if (l) local[in->d] = 1, changed = 1;
    }
  }
  return local;
}

/* Collect the non-local accesses of function f and what it calls into out
 * (state: fst 0 unseen, 1 in progress / done). Returns -1 if any of them
 * executes a block barrier or something unknown. */
static int callee_sites(const simI_program *p, uint32_t f, uint8_t *fst, uint32_t *out,
                        unsigned max, unsigned *n) {
  if (f >= p->nfuncs) return -1;
  if (fst[f]) return 0;
  fst[f] = 1;
  const simI_func *F = &p->funcs[f];
  if (!F->defined) return 0; /* an external declaration runs no memory code */
  uint8_t *local = local_regs(p, F);
  if (!local) return -1;
  int rc = 0;
  for (uint32_t pc = F->entry; pc < F->end && !rc; pc++) {
    const simI_insn *in = &p->code[pc];
    if (in->op == OP_BAR || in->op == OP_DEVLAUNCH || in->op == OP_DEVRT) rc = -1;
    else if (in->op == OP_CALL) rc = in->x < p->naux ? callee_sites(p, p->aux[in->x], fst, out, max, n) : -1;
    else if (nonlocal_access(in, local, F->nregs)) {
      if (*n < max) out[*n] = pc;
      (*n)++;
    }
  }
  free(local);
  return rc;
}

/* Push the unseen neighbours of pc inside F onto stack (its successors when
 * forward, else its predecessors from npred/pred); returns the new top. */
static unsigned push_next(const simI_program *p, const simI_func *F, uint32_t pc, int forward,
                          const uint32_t *npred, const uint32_t *pred, uint8_t *seen,
                          uint32_t *stack, unsigned top) {
  if (forward) {
    uint32_t sv[66];
    unsigned ns = succs(p, pc, sv, 66);
    for (unsigned j = 0; j < ns; j++)
      if (sv[j] >= F->entry && sv[j] < F->end && !seen[sv[j] - F->entry]) {
        seen[sv[j] - F->entry] = 1;
        stack[top++] = sv[j];
      }
  } else {
    uint32_t t = pc - F->entry;
    for (uint32_t j = npred[t]; j < npred[t + 1]; j++)
      if (!seen[pred[j] - F->entry]) { seen[pred[j] - F->entry] = 1; stack[top++] = pred[j]; }
  }
  return top;
}

int simI_barrier_region(const simI_program *p, unsigned k, uint32_t site, int forward,
                        uint32_t *out, unsigned max) {
  if (!p || k >= p->nkernels || site >= p->ncode || p->code[site].op != OP_BAR) return -1;
  uint32_t fi = p->kernels[k].func;
  if (p->locs[site].func != fi || fi >= p->nfuncs) return -1;
  const simI_func *F = &p->funcs[fi];
  uint32_t len = F->end - F->entry;
  uint8_t *seen = calloc(len + 1, 1), *fst = calloc(p->nfuncs + 1, 1);
  uint32_t *stack = malloc((len + 1) * sizeof *stack);
  uint32_t *npred = NULL, *pred = NULL;
  uint8_t *local = local_regs(p, F);
  int rc = -1;
  unsigned n = 0, top = 0;
  uint32_t sv[66];
  if (!seen || !fst || !stack || !local) goto done;
  if (!forward) { /* predecessors, as offsets: npred[i]..npred[i+1] in pred */
    npred = calloc(len + 2, sizeof *npred);
    if (!npred) goto done;
    for (uint32_t pc = F->entry; pc < F->end; pc++) {
      unsigned ns = succs(p, pc, sv, 66);
      for (unsigned j = 0; j < ns; j++)
        if (sv[j] >= F->entry && sv[j] < F->end) npred[sv[j] - F->entry + 1]++;
    }
    for (uint32_t i = 0; i < len; i++) npred[i + 1] += npred[i];
    pred = malloc((npred[len] + 1) * sizeof *pred);
    uint32_t *fill = calloc(len + 1, sizeof *fill);
    if (!pred || !fill) { free(fill); goto done; }
    for (uint32_t pc = F->entry; pc < F->end; pc++) {
      unsigned ns = succs(p, pc, sv, 66);
      for (unsigned j = 0; j < ns; j++)
        if (sv[j] >= F->entry && sv[j] < F->end) {
          uint32_t t = sv[j] - F->entry;
          pred[npred[t] + fill[t]++] = pc;
        }
    }
    free(fill);
  }
  /* every copy of the barrier (same source location) in the function */
  const simI_loc *sl = &p->locs[site];
  for (uint32_t pc = F->entry; pc < F->end; pc++) {
    const simI_loc *l = &p->locs[pc];
    if (p->code[pc].op != OP_BAR || (pc != site && (l->line != sl->line || l->col != sl->col ||
                                                    l->file != sl->file || !sl->line)))
      continue;
    top = push_next(p, F, pc, forward, npred, pred, seen, stack, top);
  }
  rc = 0;
  while (top && !rc) {
    uint32_t pc = stack[--top];
    const simI_insn *in = &p->code[pc];
    if (in->op == OP_BAR) continue; /* the region ends at the next barrier */
    if (in->op == OP_CALL) rc = in->x < p->naux ? callee_sites(p, p->aux[in->x], fst, out, max, &n) : -1;
    else if (in->op == OP_DEVLAUNCH || in->op == OP_DEVRT) rc = -1;
    else if (nonlocal_access(in, local, F->nregs)) {
      if (n < max) out[n] = pc;
      n++;
    }
    top = push_next(p, F, pc, forward, npred, pred, seen, stack, top);
  }
  if (!rc) rc = n > (unsigned)INT32_MAX ? INT32_MAX : (int)n;
done:
  free(seen); free(fst); free(stack); free(npred); free(pred); free(local);
  return rc;
}
