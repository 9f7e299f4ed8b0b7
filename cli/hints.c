/*
 * simulee cli: launch hints from the host side of a .cu file. A kernel that
 * is correct for the block shape its program launches it with can race for
 * shapes it is never launched with; so before the input search, the host
 * side is compiled too (--cuda-host-only, -O2: dim3 constants fold) and each
 * `kernel<<<grid, block, shared>>>` launch is read back from the module.
 *
 * clang lowers a launch to a call of the configuration function
 * (__cudaPushCallConfiguration, or cudaConfigureCall with the older launch
 * ABI clang picks when it knows no CUDA version) whose dim3 arguments are
 * coerced to (i64 x|y<<32, i32 z) pairs on x86-64 ([2 x i64] on AArch64),
 * followed, on the path where it returned 0, by a call of the kernel's host
 * stub `__device_stub__NAME` (or, once the stub is inlined, a call of
 * cudaLaunch / cudaLaunchKernel with the stub as an operand). An explicit
 * cudaLaunchKernel(kernel, grid, block, args, shared, stream) outside a stub
 * is a launch site too. This is the only cli file that reads LLVM modules
 * itself (interp/ owns the device program): it keeps nothing of them.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>

#include "cli/cli.h"

#ifndef SIMULEE_CUDA_DIR
#define SIMULEE_CUDA_DIR "cuda"
#endif
#define STUB "__device_stub__"
#define STUB_LEN 15
#define MAX_WALK_BLOCKS 512u /* basic blocks one launch's walk may visit */

/* One launch site. */
typedef struct site {
  const char *stub;     /* the stub's symbol (in the module) */
  unsigned known;       /* SIMC_HINT_* bits: parts given as constants */
  simI_dim3 grid, block;
  uint64_t shared;
  const char *file;     /* debug location (in the module), or NULL */
  size_t filelen;
  const char *dir;      /* its debug-info directory (in the module), or NULL */
  size_t dirlen;
  unsigned line;
  LLVMValueRef gx, bx;  /* grid.x / block.x when only they are not constant
                           (y, z constant, in grid / block), else NULL */
  LLVMValueRef argv[SIMC_HINT_MAX_ARGS]; /* the kernel's arguments */
  uint64_t argoff[SIMC_HINT_MAX_ARGS];   /* their offsets (order) */
  unsigned nargv;
} site;

typedef struct reader {
  site *v;              /* sites in module order */
  unsigned n, cap;
  LLVMValueRef *done;   /* launch calls already read from a configuration */
  unsigned ndone, capdone;
  int oom;
} reader;

static double now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void quiet_diag(LLVMDiagnosticInfoRef d, void *ctx) {
  (void)d, (void)ctx;
}

static const char *fn_name(LLVMValueRef f, size_t *len) {
  size_t n = 0;
  const char *s = LLVMGetValueName2(f, &n);
  if (len) *len = n;
  return s ? s : "";
}

static int is_call(LLVMValueRef i) {
  return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i);
}

/* The called function, or NULL (indirect calls, inline asm). */
static LLVMValueRef callee(LLVMValueRef call) {
  LLVMValueRef c = LLVMGetCalledValue(call);
  return c && LLVMIsAFunction(c) ? c : NULL;
}

static int callee_is(LLVMValueRef call, const char *name) {
  LLVMValueRef f = callee(call);
  return f && !strcmp(fn_name(f, NULL), name);
}

static int is_config(LLVMValueRef call) {
  return callee_is(call, "__cudaPushCallConfiguration") ||
         callee_is(call, "cudaConfigureCall");
}

static int is_stub(LLVMValueRef v) {
  return v && LLVMIsAFunction(v) && strstr(fn_name(v, NULL), STUB);
}

/* The stub a call launches: the callee, or an operand (cudaLaunch(stub),
 * cudaLaunchKernel(stub, ...) of an inlined stub); NULL if none. */
static LLVMValueRef stub_of(LLVMValueRef call) {
  LLVMValueRef f = callee(call);
  if (is_stub(f)) return f;
  unsigned na = LLVMGetNumArgOperands(call);
  for (unsigned k = 0; k < na; k++) {
    LLVMValueRef op = LLVMGetOperand(call, k);
    if (is_stub(op)) return op;
  }
  return NULL;
}

static int const_u64(LLVMValueRef v, uint64_t *out) {
  if (!v || !LLVMIsAConstantInt(v)) return 0;
  *out = LLVMConstIntGetZExtValue(v);
  return 1;
}

/* A dim3 argument at operand *k: (i64 x|y<<32, i32 z) or [2 x i64]. Moves
 * *k past it. Returns 1 if it is a constant. */
static int dim_arg(LLVMValueRef call, unsigned na, unsigned *k, simI_dim3 *d,
                   LLVMValueRef *xval) {
  if (*k >= na) return 0;
  LLVMValueRef a = LLVMGetOperand(call, *k);
  LLVMTypeRef t = LLVMTypeOf(a);
  uint64_t xy = 0, z = 0;
  int ok = 0;
  if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64) {
    (*k)++;
    if (*k >= na) return 0;
    LLVMValueRef b = LLVMGetOperand(call, *k);
    (*k)++;
    ok = const_u64(a, &xy) && const_u64(b, &z);
    /* x a value, y and z constants: or (zext X), Y << 32 */
    uint64_t hi = 0;
    if (!ok && xval && LLVMIsAInstruction(a) && LLVMGetInstructionOpcode(a) == LLVMOr &&
        const_u64(LLVMGetOperand(a, 1), &hi) && !(hi & 0xFFFFFFFFu) && const_u64(b, &z)) {
      LLVMValueRef x = LLVMGetOperand(a, 0);
      if (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMZExt) {
        *xval = LLVMGetOperand(x, 0);
        d->x = 0;
        d->y = (unsigned)(hi >> 32);
        d->z = (unsigned)(z & 0xFFFFFFFFu);
      }
    }
  } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMGetArrayLength2(t) == 2) {
    (*k)++;
    ok = LLVMIsConstant(a) && const_u64(LLVMGetAggregateElement(a, 0), &xy) &&
         const_u64(LLVMGetAggregateElement(a, 1), &z);
  } else {
    (*k)++;
  }
  if (!ok) return 0;
  d->x = (unsigned)(xy & 0xFFFFFFFFu);
  d->y = (unsigned)(xy >> 32);
  d->z = (unsigned)(z & 0xFFFFFFFFu);
  return 1;
}

/* The launch configuration of a call: grid at operand `first`, then the
 * block, then (explicit launches: after the kernel-arguments pointer) the
 * dynamic shared bytes. */
static void read_config(LLVMValueRef call, unsigned first, int explicit_launch, site *s) {
  unsigned na = LLVMGetNumArgOperands(call), k = first;
  if (dim_arg(call, na, &k, &s->grid, &s->gx)) s->known |= SIMC_HINT_GRID;
  if (dim_arg(call, na, &k, &s->block, &s->bx)) s->known |= SIMC_HINT_BLOCK;
  if (explicit_launch) k++;
  if (k < na && const_u64(LLVMGetOperand(call, k), &s->shared)) s->known |= SIMC_HINT_SHARED;
}

static int push_site(reader *r, const site *s) {
  if (r->n == r->cap) {
    unsigned nc = r->cap ? r->cap * 2 : 16;
    site *nv = realloc(r->v, nc * sizeof *nv);
    if (!nv) return r->oom = 1, -1;
    r->v = nv;
    r->cap = nc;
  }
  r->v[r->n++] = *s;
  return 0;
}

static int mark_done(reader *r, LLVMValueRef call) {
  if (r->ndone == r->capdone) {
    unsigned nc = r->capdone ? r->capdone * 2 : 16;
    LLVMValueRef *nv = realloc(r->done, nc * sizeof *nv);
    if (!nv) return r->oom = 1, -1;
    r->done = nv;
    r->capdone = nc;
  }
  r->done[r->ndone++] = call;
  return 0;
}

static int is_done(const reader *r, LLVMValueRef call) {
  for (unsigned i = 0; i < r->ndone; i++)
    if (r->done[i] == call) return 1;
  return 0;
}

/* Is a debug-info file one of simulee's CUDA headers? (clang names a file
 * under the compilation directory relative to it.) */
static int in_cuda_headers(LLVMMetadataRef file, const char *f, unsigned len) {
  char path[4096];
  unsigned dl = 0;
  const char *d = LLVMDIFileGetDirectory(file, &dl);
  if (len && f[0] == '/') snprintf(path, sizeof path, "%.*s", (int)len, f);
  else snprintf(path, sizeof path, "%.*s/%.*s", d ? (int)dl : 0, d ? d : "", (int)len, f);
  const char *dirs[2] = {simC_cuda_dir(), SIMULEE_CUDA_DIR};
  for (unsigned i = 0; i < 2; i++) {
    size_t n = dirs[i] ? strlen(dirs[i]) : 0;
    if (n && !strncmp(path, dirs[i], n) && path[n] == '/') return 1;
  }
  return 0;
}

/* The source line of a launch: where the call is, or, where it was inlined
 * from a wrapper of simulee's headers (cudaLaunchKernel<T>), the caller's. */
static void set_loc(site *s, LLVMValueRef inst) {
  LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
  while (loc) {
    LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
    LLVMMetadataRef file = scope ? LLVMDIScopeGetFile(scope) : NULL;
    unsigned len = 0;
    const char *f = file ? LLVMDIFileGetFilename(file, &len) : NULL;
    s->line = LLVMDILocationGetLine(loc);
    unsigned dl = 0;
    const char *d = file ? LLVMDIFileGetDirectory(file, &dl) : NULL;
    s->file = f;
    s->filelen = f ? len : 0;
    s->dir = d;
    s->dirlen = d ? dl : 0;
    LLVMMetadataRef up = LLVMDILocationGetInlinedAt(loc);
    if (!up || !f || !in_cuda_headers(file, f, len)) break;
    loc = up;
  }
}

/* The launch site's file as a path people can use from the working
 * directory: debug info names it relative to the compilation directory
 * (clang strips that prefix textually, so "repro/k.cu" under "/x" may be
 * "/x/repro/k.cu" or, from "/x/rep", a mangled "ro/k.cu"-like remainder);
 * join the two, then show it relative to the working directory when it lies
 * under it, else absolute. Malloc'd ("" when unknown); NULL on out of memory. */
static char *site_path(const site *s) {
  if (!s->file || !s->filelen) return strdup("");
  char path[4096], cwd[4096];
  if (s->file[0] == '/' || !s->dir || !s->dirlen)
    snprintf(path, sizeof path, "%.*s", (int)s->filelen, s->file);
  else
    snprintf(path, sizeof path, "%.*s%s%.*s", (int)s->dirlen, s->dir,
             s->dir[s->dirlen - 1] == '/' ? "" : "/", (int)s->filelen, s->file);
  size_t cl;
  if (path[0] == '/' && getcwd(cwd, sizeof cwd) && (cl = strlen(cwd)) > 1 &&
      !strncmp(path, cwd, cl) && path[cl] == '/')
    return strdup(path + cl + 1);
  return strdup(path);
}

/* From a configuration call, every path up to the first launch call (or
 * another configuration): the stubs launched. One stub: a launch site of
 * that kernel with the configuration's constants; several (not what clang
 * emits): a site of each with nothing known. */
/* The value a cudaSetupArgument(ptr, size, offset) call passes: what is
 * stored to ptr (an alloca the launch fills). */
static void setup_arg(site *args, LLVMValueRef call) {
  if (args->nargv >= SIMC_HINT_MAX_ARGS || LLVMGetNumArgOperands(call) < 3) return;
  LLVMValueRef p = LLVMGetOperand(call, 0);
  uint64_t off = 0;
  if (!const_u64(LLVMGetOperand(call, 2), &off)) return;
  LLVMValueRef v = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef us = LLVMGetUser(u);
    if (LLVMIsAStoreInst(us) && LLVMGetOperand(us, 1) == p) {
      v = LLVMGetOperand(us, 0);
      break;
    }
  }
  args->argv[args->nargv] = v;
  args->argoff[args->nargv++] = off;
}

static void read_launch(reader *r, LLVMValueRef cfg) {
  site args;
  memset(&args, 0, sizeof args);
  LLVMBasicBlockRef seen[MAX_WALK_BLOCKS];
  LLVMValueRef stubs[8];
  unsigned nseen = 0, nstubs = 0;
  /* the walk starts after cfg, in its block or (an invoke, in a scope with
   * destructors to run) in its successors */
  seen[nseen++] = LLVMGetInstructionParent(cfg);
  for (unsigned q = 0; q < nseen; q++) {
    LLVMValueRef i = q                           ? LLVMGetFirstInstruction(seen[q])
                     : LLVMIsATerminatorInst(cfg) ? cfg
                                                  : LLVMGetNextInstruction(cfg);
    for (; i; i = LLVMGetNextInstruction(i)) {
      if (i != cfg && is_call(i) && callee_is(i, "cudaSetupArgument")) setup_arg(&args, i);
      if (i != cfg && is_call(i)) {
        if (is_config(i)) break;
        LLVMValueRef st = stub_of(i);
        /* a stub the optimizer did not inline: its call passes the
         * kernel's arguments */
        if (st && callee(i) == st && !args.nargv) {
          unsigned na = LLVMGetNumArgOperands(i);
          for (unsigned a = 0; a < na && a < SIMC_HINT_MAX_ARGS; a++) {
            args.argv[args.nargv] = LLVMGetOperand(i, a);
            args.argoff[args.nargv++] = a;
          }
        }
        if (st) {
          unsigned k = 0;
          while (k < nstubs && stubs[k] != st) k++;
          if (k == nstubs && nstubs < 8) stubs[nstubs++] = st;
          mark_done(r, i);
          break;
        }
      }
      if (LLVMIsATerminatorInst(i)) {
        unsigned ns = LLVMGetNumSuccessors(i);
        for (unsigned s = 0; s < ns; s++) {
          LLVMBasicBlockRef b = LLVMGetSuccessor(i, s);
          unsigned k = 0;
          while (k < nseen && seen[k] != b) k++;
          if (k == nseen && nseen < MAX_WALK_BLOCKS) seen[nseen++] = b;
        }
      }
    }
  }
  site s;
  memset(&s, 0, sizeof s);
  set_loc(&s, cfg);
  if (nstubs == 1) {
    read_config(cfg, 0, 0, &s);
    /* the arguments in offset order */
    for (unsigned a = 1; a < args.nargv; a++)
      for (unsigned b = a; b > 0 && args.argoff[b - 1] > args.argoff[b]; b--) {
        uint64_t o = args.argoff[b];
        LLVMValueRef v = args.argv[b];
        args.argoff[b] = args.argoff[b - 1];
        args.argv[b] = args.argv[b - 1];
        args.argoff[b - 1] = o;
        args.argv[b - 1] = v;
      }
    memcpy(s.argv, args.argv, sizeof s.argv);
    memcpy(s.argoff, args.argoff, sizeof s.argoff);
    s.nargv = args.nargv;
  }
  for (unsigned k = 0; k < nstubs; k++) {
    s.stub = fn_name(stubs[k], NULL);
    push_site(r, &s);
  }
}

/* An explicit cudaLaunchKernel / cudaLaunchCooperativeKernel of a kernel
 * outside its own stub and not already read as part of a <<<>>> launch. */
static void read_explicit(reader *r, LLVMValueRef fn, LLVMValueRef call) {
  if (!callee_is(call, "cudaLaunchKernel") && !callee_is(call, "cudaLaunchCooperativeKernel"))
    return;
  if (strstr(fn_name(fn, NULL), STUB) || is_done(r, call)) return;
  if (LLVMGetNumArgOperands(call) < 1) return;
  LLVMValueRef k = LLVMGetOperand(call, 0);
  if (!is_stub(k)) return;
  site s;
  memset(&s, 0, sizeof s);
  s.stub = fn_name(k, NULL);
  set_loc(&s, call);
  read_config(call, 1, 1, &s);
  push_site(r, &s);
}

/* The device symbols a stub symbol may stand for: `__device_stub__` out and
 * the length before it 15 less (`_Z24__device_stub__transposePKiPiii` ->
 * `_Z9transposePKiPiii`); extern "C" stubs have no length. The digits
 * before the name may also end a previous name (`..._GLOBAL__N_121__...`),
 * so every split is a candidate. */
static int stub_names(const char *stub, simC_hint *h) {
  const char *p = strstr(stub, STUB);
  if (!p) return 0;
  size_t pre = (size_t)(p - stub);
  const char *rest = p + STUB_LEN;
  if (pre == 0) {
    char *n = strdup(rest);
    if (!n) return -1;
    h->names[h->nnames++] = n;
    return 0;
  }
  size_t a = pre;
  while (a > 0 && stub[a - 1] >= '0' && stub[a - 1] <= '9') a--;
  for (size_t s = a; s < pre && h->nnames < 4; s++) {
    if (stub[s] == '0') continue;
    unsigned long len = strtoul(stub + s, NULL, 10);
    if (pre - s > 6 || len <= STUB_LEN) continue;
    size_t need = s + 24 + strlen(rest);
    char *n = malloc(need);
    if (!n) return -1;
    snprintf(n, need, "%.*s%lu%s", (int)s, stub, len - STUB_LEN, rest);
    h->names[h->nnames++] = n;
  }
  return 0;
}

static int dims_eq(simI_dim3 a, simI_dim3 b) { return a.x == b.x && a.y == b.y && a.z == b.z; }

static int grid_ok(simI_dim3 g) {
  return g.x >= 1 && g.y >= 1 && g.z >= 1 && g.x <= SIMC_MAX_GRID_X && g.y <= SIMC_MAX_GRID_YZ &&
         g.z <= SIMC_MAX_GRID_YZ;
}

static int block_ok(simI_dim3 b) {
  return b.x >= 1 && b.y >= 1 && b.z >= 1 && b.x <= SIMC_MAX_BLOCK_XY &&
         b.y <= SIMC_MAX_BLOCK_XY && b.z <= SIMC_MAX_BLOCK_Z &&
         (uint64_t)b.x * b.y * b.z <= SIMC_MAX_BLOCK_THREADS;
}

/* Fold launches into d: `known` parts with these values, `varying` parts
 * already unusable. A part stays a hint only if it is the same constant. */
static void fold_parts(simC_hint *d, unsigned known, simI_dim3 grid, simI_dim3 block,
                       uint64_t shared, unsigned varying) {
  unsigned same = d->parts & known;
  if ((same & SIMC_HINT_GRID) && !dims_eq(grid, d->grid)) same &= ~SIMC_HINT_GRID;
  if ((same & SIMC_HINT_BLOCK) && !dims_eq(block, d->block)) same &= ~SIMC_HINT_BLOCK;
  if ((same & SIMC_HINT_SHARED) && shared != d->shared) same &= ~SIMC_HINT_SHARED;
  d->varying |= varying | ((d->parts | known) & ~same);
  d->parts = same;
}

/* Add shape d to the set v[*n] (a set of SIMC_HINT_MAX_SHAPES at most; a
 * full set, or known == 0, makes it unknown: *n = UINT_MAX until the end of
 * the fold, see fold_end_shapes). */
static void shape_add(simI_dim3 *v, unsigned *n, int known, simI_dim3 d) {
  if (*n == UINT_MAX) return;
  if (!known) { *n = UINT_MAX; return; }
  for (unsigned i = 0; i < *n; i++)
    if (dims_eq(v[i], d)) return;
  if (*n == SIMC_HINT_MAX_SHAPES) { *n = UINT_MAX; return; }
  v[(*n)++] = d;
}

/* Fold another hint's shape sets into d (simC_hints_add). */
static void shapes_fold(simC_hint *d, const simC_hint *a) {
  for (unsigned i = 0; i < a->nblocks && d->nblocks; i++) shape_add(d->blocks, &d->nblocks, 1, a->blocks[i]);
  if (!a->nblocks) d->nblocks = 0;
  for (unsigned i = 0; i < a->ngrids && d->ngrids; i++) shape_add(d->grids, &d->ngrids, 1, a->grids[i]);
  if (!a->ngrids) d->ngrids = 0;
}

/* A new, zeroed entry at the end of h, or NULL (out of memory). */
static simC_hint *new_hint(simC_hints *h) {
  simC_hint *nv = realloc(h->v, (h->n + 1) * sizeof *nv);
  if (!nv) return NULL;
  h->v = nv;
  simC_hint *d = &h->v[h->n++];
  memset(d, 0, sizeof *d);
  return d;
}

/* v without integer casts. */
static LLVMValueRef strip(LLVMValueRef v) {
  while (v && LLVMIsAInstruction(v)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(v);
    /* ashr (shl x, K), K: x's low bits sign-extended (an int widened to
     * size_t at -O2) */
    uint64_t k1 = 0, k2 = 0;
    if (op == LLVMAShr && const_u64(LLVMGetOperand(v, 1), &k1)) {
      LLVMValueRef sh = LLVMGetOperand(v, 0);
      if (LLVMIsAInstruction(sh) && LLVMGetInstructionOpcode(sh) == LLVMShl &&
          const_u64(LLVMGetOperand(sh, 1), &k2) && k1 == k2) {
        v = LLVMGetOperand(sh, 0);
        continue;
      }
      break;
    }
    if (op != LLVMZExt && op != LLVMSExt && op != LLVMTrunc) break;
    v = LLVMGetOperand(v, 0);
  }
  return v;
}

/* The argument of site s that is v (casts aside), or -1. */
static int arg_of(const site *s, LLVMValueRef v) {
  v = strip(v);
  for (unsigned k = 0; k < s->nargv; k++)
    if (s->argv[k] && strip(s->argv[k]) == v) return (int)k;
  return -1;
}

/* Bytes of the element type that starts the mangled template arguments at
 * t ("f" float, "i" int, ...), 0 when it is not a builtin scalar. */
static uint64_t mangled_size(const char *t) {
  switch (*t) {
  case 'c': case 'a': case 'h': case 'b': return 1;
  case 's': case 't': return 2;
  case 'i': case 'j': case 'f': case 'w': return 4;
  case 'l': case 'm': case 'x': case 'y': case 'd': return 8;
  default: return 0;
  }
}

/* thrust::device_vector<T> d(n) whose raw_pointer_cast(d.data()) is
 * pointer argument k: a load of the vector's data pointer (the vector
 * object, or a field of it at a constant offset) and a call of its
 * vector_base<T, device_allocator<T>>(size_t) constructor on the object;
 * the size is n elements of T, a constant or an argument. */
static void thrust_alloc_of(const site *s, unsigned k, LLVMValueRef a, simC_hint *o) {
  LLVMValueRef obj = a;
  if (LLVMIsAGetElementPtrInst(a) && LLVMGetNumOperands(a) == 2 &&
      LLVMIsAConstantInt(LLVMGetOperand(a, 1)))
    obj = LLVMGetOperand(a, 0);
  if (!LLVMIsAAllocaInst(obj)) return;
  for (LLVMUseRef u = LLVMGetFirstUse(obj); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!is_call(c) || LLVMGetNumArgOperands(c) != 2 || LLVMGetOperand(c, 0) != obj) continue;
    LLVMValueRef f = callee(c);
    const char *nm = f ? fn_name(f, NULL) : "";
    /* _ZN6thrust6detail11vector_baseI<T>NS_16device_allocatorI<T>EEEC2Em */
    static const char pre[] = "_ZN6thrust6detail11vector_baseI";
    size_t nl = strlen(nm);
    if (strncmp(nm, pre, sizeof pre - 1) || !strstr(nm, "device_allocator") || nl < 4 ||
        (strcmp(nm + nl - 4, "C2Em") && strcmp(nm + nl - 4, "C1Em")))
      continue;
    uint64_t unit = mangled_size(nm + sizeof pre - 1);
    if (!unit || nm[sizeof pre] != 'N') return;
    LLVMValueRef sz = strip(LLVMGetOperand(c, 1));
    uint64_t n = 0;
    if (const_u64(sz, &n)) {
      o->alloc_arg[k] = -1;
      o->alloc_unit[k] = n * unit;
      return;
    }
    int m = arg_of(s, sz);
    if (m < 0) return;
    o->alloc_arg[k] = m;
    o->alloc_unit[k] = unit;
    return;
  }
}

/* The size operand sz of an allocation as alloc_arg/alloc_unit (a
 * constant, or an argument times a constant): 1, or 0 when it is neither. */
static int size_of(const site *s, LLVMValueRef sz, int *arg, uint64_t *unit) {
  uint64_t n = 0;
  sz = strip(sz);
  if (const_u64(sz, &n)) {
    *arg = -1;
    *unit = n;
    return 1;
  }
  if (!LLVMIsAInstruction(sz)) return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(sz);
  if ((op == LLVMShl && const_u64(LLVMGetOperand(sz, 1), &n) && n < 32) ||
      (op == LLVMMul && const_u64(LLVMGetOperand(sz, 1), &n))) {
    int m = arg_of(s, LLVMGetOperand(sz, 0));
    if (m < 0) return 0;
    *arg = m;
    *unit = op == LLVMShl ? 1ull << n : n;
    return 1;
  }
  /* a row of exactly `argument` bytes (char data) */
  int m = arg_of(s, sz);
  if (m < 0) return 0;
  *arg = m;
  *unit = 1;
  return 1;
}

/* A cudaMallocPitch(&p, &pitch, widthBytes, height) of the variable a
 * behind pointer argument k: its pitched size, and the argument that
 * passes the pitch it wrote (a load of that variable), if any. */
static void pitch_alloc_of(const site *s, unsigned k, LLVMValueRef a, simC_hint *o) {
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!is_call(c) || LLVMGetNumArgOperands(c) < 4 || LLVMGetOperand(c, 0) != a ||
        !callee_is(c, "cudaMallocPitch"))
      continue;
    int warg = -2, harg = -2;
    uint64_t wunit = 0, hn = 0;
    if (!size_of(s, LLVMGetOperand(c, 2), &warg, &wunit) ||
        !size_of(s, LLVMGetOperand(c, 3), &harg, &hn) || (harg >= 0 && hn != 1))
      return;
    o->alloc_arg[k] = warg;
    o->alloc_unit[k] = wunit;
    o->alloc_align[k] = SIMC_PITCH_ALIGN;
    o->alloc_rows_arg[k] = harg;
    o->alloc_rows[k] = harg >= 0 ? 1 : hn;
    /* the pitch variable, passed to the kernel */
    LLVMValueRef pv = LLVMGetOperand(c, 1);
    for (unsigned j = 0; j < s->nargv && j < SIMC_HINT_MAX_ARGS; j++) {
      LLVMValueRef v = s->argv[j] ? strip(s->argv[j]) : NULL;
      if (v && LLVMIsALoadInst(v) && LLVMGetOperand(v, 0) == pv) o->pitch_of[j] = k + 1;
    }
    return;
  }
}

/* The allocation of pointer argument k: a load of a variable whose address
 * went to cudaMalloc / cudaMallocManaged with a size that is a constant or
 * an argument times a constant; or a thrust::device_vector's data
 * (thrust_alloc_of). */
static void alloc_of(const site *s, unsigned k, simC_hint *o) {
  LLVMValueRef v = s->argv[k];
  if (!v || !LLVMIsALoadInst(v)) return;
  LLVMValueRef a = LLVMGetOperand(v, 0);
  if (!LLVMIsAAllocaInst(a)) {
    thrust_alloc_of(s, k, a, o);
    return;
  }
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (is_call(c) && LLVMGetOperand(c, 0) == a && callee_is(c, "cudaMallocPitch")) {
      pitch_alloc_of(s, k, a, o);
      return;
    }
    if (!is_call(c) || LLVMGetNumArgOperands(c) < 2 || LLVMGetOperand(c, 0) != a ||
        !(callee_is(c, "cudaMalloc") || callee_is(c, "cudaMallocManaged")))
      continue;
    LLVMValueRef sz = strip(LLVMGetOperand(c, 1));
    uint64_t n = 0;
    if (const_u64(sz, &n)) {
      o->alloc_arg[k] = -1;
      o->alloc_unit[k] = n;
      return;
    }
    if (!LLVMIsAInstruction(sz)) return;
    LLVMOpcode op = LLVMGetInstructionOpcode(sz);
    if ((op == LLVMShl && const_u64(LLVMGetOperand(sz, 1), &n) && n < 32) ||
        (op == LLVMMul && const_u64(LLVMGetOperand(sz, 1), &n))) {
      int m = arg_of(s, LLVMGetOperand(sz, 0));
      if (m < 0) return;
      o->alloc_arg[k] = m;
      o->alloc_unit[k] = op == LLVMShl ? 1ull << n : n;
    }
    return;
  }
}

/* What site s says about the arguments: constants, block.x = argument,
 * grid.x = (argument + add) / div. */
static void site_args(const site *s, simC_hint *o) {
  o->nargs = s->nargv;
  o->arg_const = 0;
  memset(o->nvals, 0, sizeof o->nvals);
  memset(o->nfvals, 0, sizeof o->nfvals);
  for (unsigned k = 0; k < s->nargv; k++)
    if (s->argv[k] && LLVMIsAConstantInt(s->argv[k])) {
      o->arg_const |= 1ull << k;
      o->arg_value[k] = LLVMConstIntGetZExtValue(s->argv[k]);
      o->nvals[k] = 1;
      o->vals[k][0] = o->arg_value[k];
    } else if (s->argv[k] && LLVMIsAConstantFP(s->argv[k])) {
      /* a float or double constant (a scale, a threshold, a step) */
      LLVMBool loses = 0;
      double v = LLVMConstRealGetDouble(s->argv[k], &loses);
      if (isfinite(v)) {
        o->nfvals[k] = 1;
        memcpy(&o->fvals[k][0], &v, 8);
      }
    }
  for (unsigned k = 0; k < SIMC_HINT_MAX_ARGS; k++) {
    o->alloc_arg[k] = -2;
    o->alloc_align[k] = 0;
    o->alloc_rows_arg[k] = -1;
    o->alloc_rows[k] = 0;
    o->pitch_of[k] = 0;
  }
  for (unsigned k = 0; k < s->nargv; k++) alloc_of(s, k, o);
  o->block_arg = s->bx ? arg_of(s, s->bx) : -1;
  o->grid_arg = -1;
  if (!s->gx) return;
  LLVMValueRef g = strip(s->gx);
  int64_t add = 0;
  uint64_t div = 1, c = 0;
  if (LLVMIsAInstruction(g)) {
    LLVMOpcode op = LLVMGetInstructionOpcode(g);
    if ((op == LLVMSDiv || op == LLVMUDiv) && const_u64(LLVMGetOperand(g, 1), &c) && c) {
      div = c;
      g = strip(LLVMGetOperand(g, 0));
    } else if (op == LLVMLShr && const_u64(LLVMGetOperand(g, 1), &c) && c < 31) {
      div = 1ull << c;
      g = strip(LLVMGetOperand(g, 0));
    }
  }
  if (div > 1 && LLVMIsAInstruction(g) && LLVMGetInstructionOpcode(g) == LLVMAdd &&
      LLVMIsAConstantInt(LLVMGetOperand(g, 1))) {
    add = LLVMConstIntGetSExtValue(LLVMGetOperand(g, 1));
    g = LLVMGetOperand(g, 0);
  }
  o->grid_arg = arg_of(s, g);
  o->grid_add = add;
  o->grid_div = div;
}

/* Fold the distinct values another site gives an argument (an, av) into
 * those of d (*dn, dv): their union, or none (0) when a site gives none or
 * there are more than SIMC_HINT_MAX_VALUES. */
static void fold_values(unsigned char *dn, uint64_t *dv, unsigned an, const uint64_t *av) {
  if (!an) *dn = 0;
  for (unsigned i = 0; i < an && *dn; i++) {
    unsigned j = 0;
    while (j < *dn && dv[j] != av[i]) j++;
    if (j < *dn) continue;
    if (*dn == SIMC_HINT_MAX_VALUES) *dn = 0;
    else dv[(*dn)++] = av[i];
  }
}

/* Fold the argument facts of another site (a) into d. */
static void fold_args(simC_hint *d, const simC_hint *a) {
  uint64_t same = d->arg_const & a->arg_const;
  for (unsigned k = 0; k < SIMC_HINT_MAX_ARGS; k++)
    if ((same >> k & 1) && d->arg_value[k] != a->arg_value[k]) same &= ~(1ull << k);
  if (d->nargs != a->nargs) same = 0;
  d->arg_const = same;
  /* the union of the constants each argument takes (integers, and
   * floating-point values as the bits of doubles) */
  for (unsigned k = 0; k < SIMC_HINT_MAX_ARGS; k++) {
    int same_args = d->nargs == a->nargs;
    fold_values(&d->nvals[k], d->vals[k], same_args ? a->nvals[k] : 0, a->vals[k]);
    fold_values(&d->nfvals[k], d->fvals[k], same_args ? a->nfvals[k] : 0, a->fvals[k]);
  }
  if (d->block_arg != a->block_arg || !dims_eq(d->block, a->block)) d->block_arg = -1;
  if (d->grid_arg != a->grid_arg || d->grid_add != a->grid_add || d->grid_div != a->grid_div)
    d->grid_arg = -1;
  for (unsigned k = 0; k < SIMC_HINT_MAX_ARGS; k++) {
    if (d->alloc_arg[k] != a->alloc_arg[k] || d->alloc_unit[k] != a->alloc_unit[k] ||
        d->alloc_align[k] != a->alloc_align[k] ||
        (d->alloc_align[k] && (d->alloc_rows_arg[k] != a->alloc_rows_arg[k] ||
                               d->alloc_rows[k] != a->alloc_rows[k])))
      d->alloc_arg[k] = -2;
    if (d->pitch_of[k] != a->pitch_of[k]) d->pitch_of[k] = 0;
  }
}

/* Fold the sites into one hint per stub. */
static int fold(const reader *r, simC_hints *h) {
  for (unsigned i = 0; i < r->n; i++) {
    const site *s = &r->v[i];
    simC_hint *d = NULL;
    for (unsigned k = 0; k < h->n && !d; k++)
      if (!strcmp(h->v[k].stub, s->stub)) d = &h->v[k];
    if (!d) {
      if (!(d = new_hint(h))) return -1;
      d->stub = strdup(s->stub);
      d->file = site_path(s);
      d->names = calloc(4, sizeof *d->names);
      if (!d->stub || !d->file || !d->names || stub_names(s->stub, d) < 0) return -1;
      d->line = s->line;
      d->grid = s->grid;
      d->block = s->block;
      d->shared = s->shared;
      d->parts = s->known;
      d->varying = ~s->known & 7u;
      site_args(s, d);
      if (d->block_arg >= 0) d->block.x = 0;
      shape_add(d->blocks, &d->nblocks, (s->known & SIMC_HINT_BLOCK) && block_ok(s->block),
                s->block);
      shape_add(d->grids, &d->ngrids, (s->known & SIMC_HINT_GRID) && grid_ok(s->grid), s->grid);
    } else {
      simC_hint a;
      memset(&a, 0, sizeof a);
      a.block = s->block;
      site_args(s, &a);
      if (a.block_arg >= 0) a.block.x = 0;
      fold_args(d, &a);
      fold_parts(d, s->known, s->grid, s->block, s->shared, ~s->known & 7u);
      shape_add(d->blocks, &d->nblocks, (s->known & SIMC_HINT_BLOCK) && block_ok(s->block),
                s->block);
      shape_add(d->grids, &d->ngrids, (s->known & SIMC_HINT_GRID) && grid_ok(s->grid), s->grid);
    }
    d->nsites++;
    h->nsites++;
  }
  /* values CUDA would refuse are no hints */
  for (unsigned k = 0; k < h->n; k++) {
    simC_hint *d = &h->v[k];
    unsigned bad = 0;
    if ((d->parts & SIMC_HINT_GRID) && !grid_ok(d->grid)) bad |= SIMC_HINT_GRID;
    if ((d->parts & SIMC_HINT_BLOCK) && !block_ok(d->block)) bad |= SIMC_HINT_BLOCK;
    if ((d->parts & SIMC_HINT_SHARED) && d->shared > SIMC_MAX_SHARED) bad |= SIMC_HINT_SHARED;
    d->parts &= ~bad;
    d->varying |= bad;
    if (d->nblocks == UINT_MAX) d->nblocks = 0;
    if (d->ngrids == UINT_MAX) d->ngrids = 0;
  }
  return 0;
}

int simC_hints_add(simC_hints *h, const simC_hint *src, const char *kernel) {
  simC_hint *d = (simC_hint *)simC_hints_find(h, kernel);
  if (!d) {
    if (!(d = new_hint(h))) return -1;
    *d = *src;
    d->nnames = 0;
    d->stub = strdup(src->stub);
    d->file = strdup(src->file ? src->file : "");
    d->names = calloc(1, sizeof *d->names);
    if (d->names && (d->names[0] = strdup(kernel))) d->nnames = 1;
    h->nsites += src->nsites;
    return d->stub && d->file && d->nnames ? 0 : -1;
  }
  fold_args(d, src);
  fold_parts(d, src->parts, src->grid, src->block, src->shared, src->varying);
  shapes_fold(d, src);
  if (d->nblocks == UINT_MAX) d->nblocks = 0;
  if (d->ngrids == UINT_MAX) d->ngrids = 0;
  d->nsites += src->nsites;
  h->nsites += src->nsites;
  return 0;
}

void simC_hints_init(simC_hints *h) { memset(h, 0, sizeof *h); }

void simC_hints_free(simC_hints *h) {
  for (unsigned i = 0; i < h->n; i++) {
    simC_hint *d = &h->v[i];
    free(d->stub);
    free(d->file);
    if (d->names)
      for (unsigned k = 0; k < d->nnames; k++) free(d->names[k]);
    free(d->names);
  }
  free(h->v);
  for (unsigned i = 0; i < h->ntexbinds; i++) free(h->texbinds[i].name);
  free(h->texbinds);
  simC_hints_init(h);
}

/* A legacy texture reference's binding with constant sizes (cudaBindTexture
 * with a size, cudaBindTexture2D): recorded in h->texbinds. Returns -1 on
 * out of memory. */
static int read_texbind(simC_hints *h, LLVMValueRef call) {
  unsigned dims = callee_is(call, "cudaBindTexture") ? 1 : callee_is(call, "cudaBindTexture2D") ? 2 : 0;
  unsigned na = LLVMGetNumArgOperands(call);
  if (!dims || na != (dims == 1 ? 5u : 7u)) return 0;
  LLVMValueRef ref = LLVMGetOperand(call, 1);
  while (ref && LLVMIsAConstantExpr(ref)) ref = LLVMGetOperand(ref, 0);
  if (!ref || !LLVMIsAGlobalVariable(ref)) return 0;
  uint64_t size[2] = {0, 0};
  if (!const_u64(strip(LLVMGetOperand(call, 4)), &size[0])) return 0;
  if (dims == 2 && !const_u64(strip(LLVMGetOperand(call, 5)), &size[1])) return 0;
  if (dims == 1 && size[0] == UINT64_MAX) return 0; /* no size given */
  size_t nl;
  const char *nm = LLVMGetValueName2(ref, &nl);
  for (unsigned i = 0; i < h->ntexbinds; i++) {
    struct simC_texbind *b = &h->texbinds[i];
    if (strlen(b->name) != nl || strncmp(b->name, nm, nl)) continue;
    if (b->dims != dims || b->size[0] != size[0] || b->size[1] != size[1]) b->dims = 0;
    return 0;
  }
  struct simC_texbind *nb = realloc(h->texbinds, (h->ntexbinds + 1) * sizeof *nb);
  if (!nb) return -1;
  h->texbinds = nb;
  if (!(nb[h->ntexbinds].name = strndup(nm, nl))) return -1;
  nb[h->ntexbinds].dims = dims;
  nb[h->ntexbinds].size[0] = size[0];
  nb[h->ntexbinds].size[1] = size[1];
  h->ntexbinds++;
  return 0;
}

int simC_hints_read(const char *bcpath, simC_hints *h, char *err, size_t errlen) {
  LLVMContextRef ctx = LLVMContextCreate();
  LLVMContextSetDiagnosticHandler(ctx, quiet_diag, NULL);
  LLVMMemoryBufferRef buf = NULL;
  LLVMModuleRef mod = NULL;
  char *msg = NULL;
  int rc = -1;
  reader r;
  memset(&r, 0, sizeof r);
  if (LLVMCreateMemoryBufferWithContentsOfFile(bcpath, &buf, &msg)) {
    snprintf(err, errlen, "%s: cannot read: %s", bcpath, msg ? msg : "?");
    LLVMDisposeMessage(msg);
    goto done;
  }
  /* LLVMParseIRInContext takes the buffer (bitcode or text) */
  if (LLVMParseIRInContext(ctx, buf, &mod, &msg)) {
    char *nl = msg ? strchr(msg, '\n') : NULL;
    if (nl) *nl = 0;
    snprintf(err, errlen, "%s: not an LLVM module: %s", bcpath, msg ? msg : "?");
    LLVMDisposeMessage(msg);
    mod = NULL;
    goto done;
  }
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (is_call(i) && is_config(i)) read_launch(&r, i);
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
        if (is_call(i)) {
          read_explicit(&r, fn, i);
          if (read_texbind(h, i) < 0) r.oom = 1;
        }
  if (r.oom || fold(&r, h) < 0) {
    snprintf(err, errlen, "out of memory");
    goto done;
  }
  rc = 0;
done:
  if (mod) LLVMDisposeModule(mod);
  LLVMContextDispose(ctx);
  free(r.v);
  free(r.done);
  return rc;
}

const simC_hint *simC_hints_find(const simC_hints *h, const char *kernel) {
  if (!h || !kernel) return NULL;
  for (unsigned i = 0; i < h->n; i++)
    for (unsigned k = 0; k < h->v[i].nnames; k++)
      if (!strcmp(h->v[i].names[k], kernel)) return &h->v[i];
  return NULL;
}

/* At s[i] == '<': three '<' with only blanks between them (a launch's
 * chevrons, however spaced)? */
static int chevrons_at(const char *s, size_t i, size_t n) {
  for (int k = 0; k < 2; k++) {
    i++;
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    if (i >= n || s[i] != '<') return 0;
  }
  return 1;
}

/* Can the source's host code hold anything the hints read: a <<<>>> launch,
 * cudaConfigureCall, cudaLaunch* / cuLaunch*, cudaBindTexture*, or a header
 * that could (a quoted include, an angle include with a folder in its name
 * or with -I folders given), or token pasting that could build one? 1 when
 * unsure (an unreadable file: clang says why). Comments and string
 * contents do not count. */
static int source_may_launch(const char *path, const simC_options *o) {
  /* a regular file only, opened without waiting (a FIFO is clang's to
   * refuse, as before) */
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 1;
  struct stat st;
  FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
  if (!f) {
    close(fd);
    return 1;
  }
  size_t cap = 1 << 16, n = 0;
  char *s = malloc(cap + 1);
  for (;;) {
    if (!s) { fclose(f); return 1; }
    n += fread(s + n, 1, cap - n, f);
    if (n < cap || cap >= ((size_t)64 << 20)) break;
    cap *= 2;
    char *ns = realloc(s, cap + 1);
    if (!ns) free(s);
    s = ns;
  }
  int bad = ferror(f) || n == cap;
  fclose(f);
  if (bad) { free(s); return 1; }
  s[n] = 0;
  simC_blank_code(s, n);
  int may = memchr(s, 0, n) != NULL; /* a NUL byte: not plain source */
  for (unsigned i = 0; !may && i < o->ncflags; i++)
    may = !strncmp(o->cflags[i], "-I", 2) || strstr(o->cflags[i], "include") != NULL;
  static const char *const words[] = {"Launch", "ConfigureCall", "BindTexture", "##"};
  for (size_t w = 0; !may && w < sizeof words / sizeof *words; w++) may = strstr(s, words[w]) != NULL;
  for (size_t i = 0; !may && i < n; i++) {
    if (s[i] == '<') may = chevrons_at(s, i, n);
    else if (s[i] == '#') {
      size_t k = i + 1;
      while (k < n && (s[k] == ' ' || s[k] == '\t')) k++;
      if (strncmp(s + k, "include", 7) && strncmp(s + k, "import", 6)) continue;
      while (k < n && s[k] != '"' && s[k] != '<' && s[k] != '\n') k++;
      if (k >= n || s[k] != '<') may = 1; /* quoted or computed */
      else
        for (k++; k < n && s[k] != '>' && s[k] != '\n' && !may; k++) may = s[k] == '/';
    }
  }
  free(s);
  return may;
}

void simC_hints_start(const char *path, const simC_options *o, simC_compile_job *j,
                      char *err, size_t errlen) {
  memset(j, 0, sizeof *j);
  j->fd = -1;
  if (o->no_host_launch) {
    snprintf(err, errlen, "--no-host-launch");
    return;
  }
  if (o->have_grid && o->have_block) {
    snprintf(err, errlen, "--grid and --block given");
    return;
  }
  /* nothing to read: no second clang run (what it gives is no hints) */
  if (!source_may_launch(path, o)) {
    snprintf(err, errlen, "the source has no kernel launch, texture binding or header that could");
    return;
  }
  simC_compile_start(path, o, 1, j, err, errlen); /* on failure j->pid stays 0 */
}

int simC_hints_finish(simC_compile_job *j, simC_hints *h, char *err, size_t errlen) {
  if (!j->pid) return -1; /* err: why simC_hints_start started nothing */
  double t0 = now_s();
  char bc[4096];
  if (simC_compile_finish(j, bc, sizeof bc, err, errlen) < 0) return -1;
  int rc = simC_hints_read(bc, h, err, errlen);
  unlink(bc);
  h->seconds += now_s() - t0;
  return rc;
}
