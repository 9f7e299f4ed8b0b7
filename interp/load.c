/*
 * Loading and lowering: the only file that includes llvm-c. Walks the module
 * once and produces the flat program of ir.h, then disposes of LLVM.
 *
 * Lowering rules (decision 1 of design.md):
 *  - every SSA value gets consecutive register slots (vectors and aggregates
 *    flattened, i128 in two slots); constants live in one pool and are
 *    referenced as KBIT|index;
 *  - vector and aggregate operations are expanded to per-slot operations;
 *  - phis become copies on their incoming edges (a stub block per edge of a
 *    conditional terminator), through temporaries when the copies interfere;
 *  - a conditional branch carries its reconvergence point: the start of the
 *    immediate post-dominator block, or PC_EXIT;
 *  - intrinsics and libdevice calls become dedicated opcodes.
 */
#define _GNU_SOURCE
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Analysis.h>
#include <llvm-c/Target.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "interp/ir.h"
#include "interp/util.h"
#include "interp/sreg.h"

/* ------------------------------------------------------------------ state */

typedef struct fixup {
  uint32_t pc;      /* instruction to patch */
  uint8_t field;    /* 0 = b, 1 = c, 2 = x, 3 = aux word */
  uint32_t block;   /* target block index */
} fixup;

typedef struct lw {
  simI_program *p;            /* program being built */
  uint32_t capcode, capkonst, capaux, capfuncs, capvars, capstr;
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMTargetDataRef td;
  simI_map kmap;              /* constant bits -> pool index (single slot) */
  simI_map fmap;              /* LLVM function -> func index */
  simI_map gmap;              /* LLVM global -> var id */
  simI_map smap;              /* string hash -> string index (file names) */
  LLVMValueRef *worklist;     /* functions to lower */
  uint32_t nwork, capwork;
  /* per function */
  simI_map vmap;              /* LLVM value -> first register slot */
  simI_map amap;              /* static alloca -> frame offset */
  uint32_t nregs;             /* slots allocated so far */
  uint32_t frame;             /* static frame bytes */
  uint32_t curfunc;           /* function index */
  int in_func;                /* lowering curfunc's body (shared uses count) */
  uint32_t curloc_file, curloc_line, curloc_col;
  uint32_t curloc_cfile, curloc_cline; /* the outermost inlinedAt, 0: none */
  LLVMBasicBlockRef *blocks;  /* blocks of the function */
  uint32_t nblocks;
  simI_map bmap;              /* block -> index */
  uint32_t *bstart;           /* block -> first pc */
  fixup *fix;
  uint32_t nfix, capfix;
  char err[512];              /* first fatal error */
  int failed;
  int dbg_old;                /* the module was turned to debug intrinsics
                                 (param_debug_names) and is turned back */
  int forge;                  /* module_forges_pointers: -1 not computed yet */
} lw;

static void fail(lw *L, const char *fmt, ...) {
  if (L->failed) return;
  L->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(L->err, sizeof L->err, fmt, ap);
  va_end(ap);
}

static uint32_t intern(lw *L, const char *s, size_t len) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
  uint32_t idx;
  if (simI_map_get(&L->smap, h, &idx) && strlen(L->p->strings[idx]) == len &&
      memcmp(L->p->strings[idx], s, len) == 0)
    return idx;
  if (simI_grow((void **)&L->p->strings, &L->capstr, L->p->nstrings, sizeof(char *))) {
    fail(L, "out of memory");
    return 0;
  }
  char *c = malloc(len + 1);
  if (!c) { fail(L, "out of memory"); return 0; }
  memcpy(c, s, len);
  c[len] = 0;
  idx = L->p->nstrings++;
  L->p->strings[idx] = c;
  simI_map_put(&L->smap, h, idx);
  return idx;
}

/* ------------------------------------------------------------------ types */

static unsigned slots_of(lw *L, LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMVoidTypeKind: return 0;
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 128) { fail(L, "unsupported integer width i%u", w); return 1; }
    return w > 64 ? 2 : 1;
  }
  case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind:
    return 1;
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(t) * slots_of(L, LLVMGetElementType(t));
  case LLVMArrayTypeKind:
    return (unsigned)LLVMGetArrayLength2(t) * slots_of(L, LLVMGetElementType(t));
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t), s = 0;
    for (unsigned i = 0; i < n; i++) s += slots_of(L, LLVMStructGetTypeAtIndex(t, i));
    return s;
  }
  default:
    return 1;
  }
}

/* Type code of a scalar type (T_*), 0 if not scalar. */
static unsigned tcode(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMHalfTypeKind: return T_F16;
  case LLVMFloatTypeKind: return T_F32;
  case LLVMDoubleTypeKind: return T_F64;
  case LLVMPointerTypeKind: return T_PTR;
  case LLVMVectorTypeKind: return tcode(LLVMGetElementType(t));
  default: return 0;
  }
}

static int is_scalar(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMIntegerTypeKind || k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ||
         k == LLVMDoubleTypeKind || k == LLVMPointerTypeKind;
}

static uint64_t alloc_size(lw *L, LLVMTypeRef t) { return LLVMABISizeOfType(L->td, t); }
static uint64_t store_size(lw *L, LLVMTypeRef t) { return LLVMStoreSizeOfType(L->td, t); }

/* ---------------------------------------------------------------- emitting */

static uint32_t emit(lw *L, unsigned op, unsigned ty, uint32_t d, uint32_t a, uint32_t b,
                     uint32_t c, uint32_t x) {
  simI_program *p = L->p;
  uint32_t cap = L->capcode;
  if (simI_grow((void **)&p->code, &L->capcode, p->ncode, sizeof(simI_insn)) ||
      simI_grow((void **)&p->locs, &cap, p->ncode, sizeof(simI_loc))) {
    fail(L, "out of memory");
    return 0;
  }
  simI_insn *in = &p->code[p->ncode];
  memset(in, 0, sizeof *in);
  in->op = (uint16_t)op;
  in->ty = (uint8_t)ty;
  in->d = d; in->a = a; in->b = b; in->c = c; in->e = NOREG; in->x = x;
  in->site = p->ncode;
  p->locs[p->ncode].file = L->curloc_file;
  p->locs[p->ncode].line = L->curloc_line;
  p->locs[p->ncode].col = L->curloc_col;
  p->locs[p->ncode].func = L->curfunc;
  p->locs[p->ncode].cfile = L->curloc_cfile;
  p->locs[p->ncode].cline = L->curloc_cline;
  return p->ncode++;
}

static simI_insn *at(lw *L, uint32_t pc) { return &L->p->code[pc]; }

static uint32_t aux_push(lw *L, uint32_t v) {
  if (simI_grow((void **)&L->p->aux, &L->capaux, L->p->naux, sizeof(uint32_t))) {
    fail(L, "out of memory");
    return 0;
  }
  L->p->aux[L->p->naux] = v;
  return L->p->naux++;
}

static void add_fix(lw *L, uint32_t pc, uint8_t field, uint32_t block) {
  if (simI_grow((void **)&L->fix, &L->capfix, L->nfix, sizeof(fixup))) {
    fail(L, "out of memory");
    return;
  }
  L->fix[L->nfix++] = (fixup){pc, field, block};
}

static uint32_t new_regs(lw *L, unsigned n) {
  uint32_t r = L->nregs;
  L->nregs += n ? n : 1;
  return r;
}

static uint32_t kpush(lw *L, uint64_t bits) {
  simI_program *p = L->p;
  if (simI_grow((void **)&p->konst, &L->capkonst, p->nkonst, sizeof(uint64_t))) {
    fail(L, "out of memory");
    return KBIT;
  }
  p->konst[p->nkonst] = bits;
  return p->nkonst++;
}

/* A single-slot constant, deduplicated. */
static uint32_t konst(lw *L, uint64_t bits) {
  uint32_t idx;
  if (simI_map_get(&L->kmap, bits, &idx)) return KBIT | idx;
  idx = kpush(L, bits);
  simI_map_put(&L->kmap, bits, idx);
  return KBIT | idx;
}

static void unsup(lw *L, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  emit(L, OP_UNSUP, 0, NOREG, NOREG, NOREG, NOREG, intern(L, buf, strlen(buf)));
}

/* ------------------------------------------------------------- constants */

static uint32_t var_of(lw *L, LLVMValueRef g);
static uint32_t func_of(lw *L, LLVMValueRef f);
static int eval_const(lw *L, LLVMValueRef c, uint64_t *out, unsigned nslots);

/* 1 if t is a pointer to the shared address space (addrspace(3)). */
static int is_shared_ptr_type(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 3;
}

static uint64_t mask_bits(uint64_t v, unsigned w) {
  return w >= 64 ? v : (v & ((1ull << w) - 1));
}

static uint64_t fp_bits(LLVMValueRef c, unsigned t) {
  LLVMBool loses;
  double d = LLVMConstRealGetDouble(c, &loses);
  if (t == T_F64) { uint64_t u; memcpy(&u, &d, 8); return u; }
  if (t == T_F32) { float f = (float)d; uint32_t u; memcpy(&u, &f, 4); return u; }
  return simI_f2h((float)d);
}

/* The 128-bit value of a wide integer constant, from its printed form. */
static void wide_int(LLVMValueRef c, uint64_t *lo, uint64_t *hi) {
  char *s = LLVMPrintValueToString(c);
  const char *q = strrchr(s, ' ');
  q = q ? q + 1 : s;
  int neg = *q == '-';
  if (neg) q++;
  unsigned __int128 v = 0;
  for (; *q >= '0' && *q <= '9'; q++) v = v * 10 + (unsigned)(*q - '0');
  if (neg) v = -v;
  LLVMDisposeMessage(s);
  *lo = (uint64_t)v;
  *hi = (uint64_t)(v >> 64);
}

/* Byte offset of a constant GEP (indices constant) from its base. */
static int64_t gep_const_offset(lw *L, LLVMValueRef g, LLVMTypeRef srcty, unsigned first,
                                unsigned n, int *ok) {
  int64_t off = 0;
  LLVMTypeRef t = srcty;
  for (unsigned i = first; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(g, i);
    if (!LLVMIsAConstantInt(idx)) { *ok = 0; return 0; }
    int64_t iv = LLVMConstIntGetSExtValue(idx);
    if (i == first) {
      off += iv * (int64_t)alloc_size(L, t);
    } else if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      off += (int64_t)LLVMOffsetOfElement(L->td, t, (unsigned)iv);
      t = LLVMStructGetTypeAtIndex(t, (unsigned)iv);
    } else {
      t = LLVMGetElementType(t);
      off += iv * (int64_t)alloc_size(L, t);
    }
  }
  *ok = 1;
  return off;
}

/* Record that the function being lowered names shared allocation ai (the
 * per-kernel arenas of kernel_facts count only what a kernel reaches). */
static void note_shared(lw *L, uint32_t ai) {
  if (!L->in_func) return;
  simI_func *f = &L->p->funcs[L->curfunc];
  for (uint32_t i = 0; i < f->nshvars; i++)
    if (f->shvars[i] == ai) return;
  uint32_t *n = realloc(f->shvars, (f->nshvars + 1) * sizeof *n);
  if (!n) { fail(L, "out of memory"); return; }
  f->shvars = n;
  f->shvars[f->nshvars++] = ai;
}

/* Evaluate a constant into nslots slots. Returns 0 on success. */
static int eval_const(lw *L, LLVMValueRef c, uint64_t *out, unsigned nslots) {
  LLVMTypeRef t = LLVMTypeOf(c);
  memset(out, 0, nslots * sizeof *out);
  if (LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsAConstantAggregateZero(c) ||
      LLVMIsAConstantPointerNull(c))
    return 0;
  if (LLVMIsAConstantInt(c)) {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 64) wide_int(c, &out[0], &out[1]);
    else out[0] = mask_bits(LLVMConstIntGetZExtValue(c), w);
    return 0;
  }
  if (LLVMIsAConstantFP(c)) { out[0] = fp_bits(c, tcode(t)); return 0; }
  if (LLVMIsAGlobalAlias(c)) return eval_const(L, LLVMAliasGetAliasee(c), out, nslots);
  if (LLVMIsAGlobalVariable(c)) {
    uint32_t v = var_of(L, c);
    if (v == UINT32_MAX) return -1;
    simI_var *var = &L->p->vars[v];
    uint32_t ai = 0;
    /* alloc index within the space: stored in var->offset for GLOBAL/CONST? no:
       recomputed from the per-space index tables */
    uint32_t *tab = var->space == SIMI_SPACE_SHARED ? L->p->sharedvar
                    : var->space == SIMI_SPACE_CONST ? L->p->constvar : L->p->globalvar;
    uint32_t n = var->space == SIMI_SPACE_SHARED ? L->p->nsharedvars
                 : var->space == SIMI_SPACE_CONST ? L->p->nconstvars : L->p->nglobalvars;
    for (ai = 0; ai < n && tab[ai] != v; ai++) {}
    if (var->space == SIMI_SPACE_GLOBAL) ai += SIMI_GLOBALVAR_BASE;
    if (var->space == SIMI_SPACE_SHARED) note_shared(L, ai);
    out[0] = SIMI_PTR_MAKE(var->space, ai, 0);
    return 0;
  }
  if (LLVMIsAFunction(c)) {
    /* function pointers: a non-dereferenceable tagged value */
    out[0] = SIMI_PTR_MAKE(15, func_of(L, c) & 0xFFFFF, 0);
    return 0;
  }
  if (LLVMIsAConstantExpr(c)) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    uint64_t a[2] = {0, 0}, b[2] = {0, 0};
    switch (op) {
    case LLVMGetElementPtr: {
      if (eval_const(L, LLVMGetOperand(c, 0), a, 1)) return -1;
      int ok;
      int64_t off = gep_const_offset(L, c, LLVMGetGEPSourceElementType(c), 1,
                                     (unsigned)LLVMGetNumOperands(c), &ok);
      if (!ok) return -1;
      out[0] = a[0] + (uint64_t)off;
      return 0;
    }
    case LLVMAddrSpaceCast: case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMTrunc: case LLVMZExt:
      if (eval_const(L, LLVMGetOperand(c, 0), a, 1)) return -1;
      out[0] = a[0];
      /* 32-bit shared-window addresses (sreg.h) */
      if (op == LLVMPtrToInt && is_shared_ptr_type(LLVMTypeOf(LLVMGetOperand(c, 0))))
        out[0] = simI_swin_of(a[0]);
      if (op == LLVMIntToPtr && is_shared_ptr_type(t)) out[0] = simI_swin_ptr(a[0]);
      if (op == LLVMTrunc || op == LLVMPtrToInt)
        out[0] = mask_bits(out[0], tcode(t) == T_PTR ? 64 : LLVMGetIntTypeWidth(t));
      return 0;
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMXor: case LLVMAnd: case LLVMOr:
    case LLVMShl: {
      if (eval_const(L, LLVMGetOperand(c, 0), a, 1) || eval_const(L, LLVMGetOperand(c, 1), b, 1))
        return -1;
      uint64_t r = op == LLVMAdd ? a[0] + b[0] : op == LLVMSub ? a[0] - b[0]
                 : op == LLVMMul ? a[0] * b[0] : op == LLVMXor ? a[0] ^ b[0]
                 : op == LLVMAnd ? a[0] & b[0] : op == LLVMOr ? a[0] | b[0]
                 : (b[0] < 64 ? a[0] << b[0] : 0);
      out[0] = mask_bits(r, LLVMGetIntTypeWidth(t));
      return 0;
    }
    default:
      return -1;
    }
  }
  /* aggregates and vectors */
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMVectorTypeKind || k == LLVMArrayTypeKind || k == LLVMStructTypeKind) {
    unsigned n = k == LLVMVectorTypeKind ? LLVMGetVectorSize(t)
               : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
               : LLVMCountStructElementTypes(t);
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e) return -1;
      unsigned es = slots_of(L, LLVMTypeOf(e));
      if (s + es > nslots) return -1;
      if (eval_const(L, e, out + s, es)) return -1;
      s += es;
    }
    return 0;
  }
  return -1;
}

/* Write constant c of type t into buf (its in-memory layout). 0 on success. */
static int write_const(lw *L, LLVMValueRef c, uint8_t *buf, uint64_t len) {
  LLVMTypeRef t = LLVMTypeOf(c);
  uint64_t sz = store_size(L, t);
  if (sz > len) return -1;
  if (LLVMIsUndef(c) || LLVMIsPoison(c) || LLVMIsAConstantAggregateZero(c) ||
      LLVMIsAConstantPointerNull(c)) {
    memset(buf, 0, sz);
    return 0;
  }
  if (LLVMIsAConstantDataSequential(c) && LLVMIsConstantString(c)) {
    size_t n;
    const char *s = LLVMGetAsString(c, &n);
    memcpy(buf, s, n < sz ? n : sz);
    return 0;
  }
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind || k == LLVMStructTypeKind) {
    unsigned n = k == LLVMVectorTypeKind ? LLVMGetVectorSize(t)
               : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t)
               : LLVMCountStructElementTypes(t);
    uint64_t esz = k == LLVMStructTypeKind ? 0 : alloc_size(L, LLVMGetElementType(t));
    if (k == LLVMVectorTypeKind) esz = store_size(L, LLVMGetElementType(t));
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(c, i);
      if (!e) return -1;
      uint64_t off = k == LLVMStructTypeKind ? LLVMOffsetOfElement(L->td, t, i) : i * esz;
      if (write_const(L, e, buf + off, len - off)) return -1;
    }
    return 0;
  }
  uint64_t v[2];
  if (eval_const(L, c, v, 2)) return -1;
  if (tcode(t) == T_F16) { uint16_t h = (uint16_t)v[0]; memcpy(buf, &h, 2); return 0; }
  memcpy(buf, v, sz > 16 ? 16 : sz);
  return 0;
}

/* ------------------------------------------------------------ variables */

static uint32_t var_of(lw *L, LLVMValueRef g) {
  uint32_t id;
  if (simI_map_get(&L->gmap, (uint64_t)(uintptr_t)g, &id)) return id;
  simI_program *p = L->p;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  unsigned space = as == 3 ? SIMI_SPACE_SHARED : as == 4 ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL;
  if (simI_grow((void **)&p->vars, &L->capvars, p->nvars, sizeof(simI_var))) {
    fail(L, "out of memory");
    return UINT32_MAX;
  }
  id = p->nvars++;
  simI_var *v = &p->vars[id];
  size_t nl;
  const char *nm = LLVMGetValueName2(g, &nl);
  v->name = strndup(nm, nl);
  v->space = space;
  v->size = alloc_size(L, vt);
  LLVMTypeRef et = vt;
  while (LLVMGetTypeKind(et) == LLVMArrayTypeKind) et = LLVMGetElementType(et);
  switch (LLVMGetTypeKind(et)) {
  case LLVMIntegerTypeKind: case LLVMHalfTypeKind: case LLVMFloatTypeKind:
  case LLVMDoubleTypeKind: case LLVMPointerTypeKind:
    v->elem = (unsigned)alloc_size(L, et);
    break;
  default: break;
  }
  LLVMValueRef init = LLVMGetInitializer(g);
  if (space == SIMI_SPACE_SHARED) {
    unsigned al = LLVMGetAlignment(g);
    if (al < 16) al = 16;
    if (!init && v->size == 0) v->dynamic = 1;
    v->align = al;
    uint32_t cap = p->nsharedvars;
    uint32_t *nt = realloc(p->sharedvar, (cap + 1) * sizeof(uint32_t));
    if (!nt) { fail(L, "out of memory"); return UINT32_MAX; }
    p->sharedvar = nt;
    p->sharedvar[p->nsharedvars++] = id;
  } else {
    if (init && v->size) {
      v->init = calloc(1, v->size);
      if (!v->init) { fail(L, "out of memory"); return UINT32_MAX; }
      simI_map_put(&L->gmap, (uint64_t)(uintptr_t)g, id); /* for self refs */
      if (write_const(L, init, v->init, v->size))
        fail(L, "unsupported initializer of variable '%s'", v->name);
    }
    uint32_t **tab = space == SIMI_SPACE_CONST ? &p->constvar : &p->globalvar;
    uint32_t *n = space == SIMI_SPACE_CONST ? &p->nconstvars : &p->nglobalvars;
    uint32_t *nt = realloc(*tab, (*n + 1) * sizeof(uint32_t));
    if (!nt) { fail(L, "out of memory"); return UINT32_MAX; }
    *tab = nt;
    (*tab)[(*n)++] = id;
  }
  simI_map_put(&L->gmap, (uint64_t)(uintptr_t)g, id);
  return id;
}

/* The block's reserved shared memory region (sreg.h): a static shared
 * variable, made on the first reference, so that it is zeroed per block,
 * bounds-checked and observed like any __shared__ array. Returns its
 * allocation index in the shared space, or UINT32_MAX (L failed). */
static uint32_t reserved_smem(lw *L) {
  simI_program *p = L->p;
  if (!p->reserved_smem) {
    if (simI_grow((void **)&p->vars, &L->capvars, p->nvars, sizeof(simI_var))) {
      fail(L, "out of memory");
      return UINT32_MAX;
    }
    uint32_t *nt = realloc(p->sharedvar, (p->nsharedvars + 1) * sizeof(uint32_t));
    if (!nt) { fail(L, "out of memory"); return UINT32_MAX; }
    p->sharedvar = nt;
    uint32_t id = p->nvars++;
    simI_var *v = &p->vars[id];
    memset(v, 0, sizeof *v);
    v->name = strdup(SIMI_RESERVED_SMEM_NAME);
    if (!v->name) { fail(L, "out of memory"); return UINT32_MAX; }
    v->space = SIMI_SPACE_SHARED;
    v->size = SIMI_RESERVED_SMEM;
    v->align = 16;
    p->sharedvar[p->nsharedvars++] = id;
    p->reserved_smem = SIMI_RESERVED_SMEM;
    p->reserved_var = id;
  }
  for (uint32_t ai = 0; ai < p->nsharedvars; ai++)
    if (p->sharedvar[ai] == p->reserved_var) { note_shared(L, ai); return ai; }
  return UINT32_MAX;
}

/* --------------------------------------------------------------- functions */

static uint32_t func_of(lw *L, LLVMValueRef f) {
  uint32_t id;
  if (simI_map_get(&L->fmap, (uint64_t)(uintptr_t)f, &id)) return id;
  simI_program *p = L->p;
  if (simI_grow((void **)&p->funcs, &L->capfuncs, p->nfuncs, sizeof(simI_func))) {
    fail(L, "out of memory");
    return 0;
  }
  id = p->nfuncs++;
  size_t nl;
  const char *nm = LLVMGetValueName2(f, &nl);
  p->funcs[id].name = strndup(nm, nl);
  p->funcs[id].defined = !LLVMIsDeclaration(f);
  simI_map_put(&L->fmap, (uint64_t)(uintptr_t)f, id);
  if (p->funcs[id].defined) {
    if (simI_grow((void **)&L->worklist, &L->capwork, L->nwork, sizeof(LLVMValueRef))) {
      fail(L, "out of memory");
      return id;
    }
    L->worklist[L->nwork++] = f;
  }
  return id;
}

/* ---------------------------------------------------------------- operands */

/* First slot of the value v as an operand (register or constant). */
static uint32_t opnd(lw *L, LLVMValueRef v) {
  uint32_t r;
  if (simI_map_get(&L->vmap, (uint64_t)(uintptr_t)v, &r)) return r;
  if (LLVMIsConstant(v)) {
    unsigned n = slots_of(L, LLVMTypeOf(v));
    if (n == 0) return NOREG;
    uint64_t buf[64];
    uint64_t *vals = n <= 64 ? buf : malloc(n * sizeof(uint64_t));
    if (!vals) { fail(L, "out of memory"); return NOREG; }
    if (eval_const(L, v, vals, n)) {
      char *s = LLVMPrintValueToString(v);
      fail(L, "unsupported constant expression: %.200s", s);
      LLVMDisposeMessage(s);
      if (vals != buf) free(vals);
      return NOREG;
    }
    if (n == 1) { r = konst(L, vals[0]); }
    else {
      r = KBIT | kpush(L, vals[0]);
      for (unsigned i = 1; i < n; i++) kpush(L, vals[i]);
    }
    if (vals != buf) free(vals);
    return r;
  }
  if (LLVMIsAMDNode(v) || LLVMIsAMDString(v) || LLVMIsAValueAsMetadata(v) || LLVMIsABasicBlock(v)) return NOREG;
  fail(L, "internal: operand without a register");
  return NOREG;
}

static uint32_t dst(lw *L, LLVMValueRef v) {
  uint32_t r;
  if (simI_map_get(&L->vmap, (uint64_t)(uintptr_t)v, &r)) return r;
  return NOREG;
}

/* Slot offset and type of an aggregate path (extractvalue/insertvalue). */
static unsigned agg_slot(lw *L, LLVMTypeRef t, const unsigned *idx, unsigned n,
                         LLVMTypeRef *elt) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) {
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      for (unsigned j = 0; j < idx[i]; j++) s += slots_of(L, LLVMStructGetTypeAtIndex(t, j));
      t = LLVMStructGetTypeAtIndex(t, idx[i]);
    } else {
      t = LLVMGetElementType(t);
      s += idx[i] * slots_of(L, t);
    }
  }
  *elt = t;
  return s;
}

/* ------------------------------------------------------- post-dominators */

/* ipdom[b] for every block, nblocks meaning the virtual exit. */
static uint32_t *post_dominators(lw *L, uint32_t **succ, uint32_t *nsucc) {
  uint32_t n = L->nblocks, N = n + 1;
  uint32_t *ipdom = malloc(N * sizeof(uint32_t));
  uint32_t *order = malloc(N * sizeof(uint32_t)); /* postorder number -> node */
  uint32_t *num = malloc(N * sizeof(uint32_t));   /* node -> postorder number */
  uint32_t *npred = calloc(N, sizeof(uint32_t));
  uint32_t **pred = calloc(N, sizeof(uint32_t *));
  uint32_t *stack = malloc(N * 2 * sizeof(uint32_t));
  uint8_t *seen = calloc(N, 1);
  if (!ipdom || !order || !num || !npred || !pred || !stack || !seen) {
    fail(L, "out of memory");
    goto out;
  }
  /* reverse graph: exit -> blocks without successors; s -> its predecessors */
  for (uint32_t b = 0; b < n; b++) {
    if (nsucc[b] == 0) npred[n]++;
    for (uint32_t i = 0; i < nsucc[b]; i++) npred[succ[b][i]]++;
  }
  for (uint32_t v = 0; v < N; v++) {
    pred[v] = malloc((npred[v] + 1) * sizeof(uint32_t));
    npred[v] = 0;
  }
  for (uint32_t b = 0; b < n; b++) {
    if (nsucc[b] == 0) pred[n][npred[n]++] = b;
    for (uint32_t i = 0; i < nsucc[b]; i++) pred[succ[b][i]][npred[succ[b][i]]++] = b;
  }
  /* iterative DFS postorder on the reverse graph from exit */
  uint32_t cnt = 0, sp = 0;
  for (uint32_t v = 0; v < N; v++) num[v] = UINT32_MAX;
  stack[sp++] = n; stack[sp++] = 0; seen[n] = 1;
  while (sp) {
    uint32_t v = stack[sp - 2], i = stack[sp - 1];
    if (i < npred[v]) {
      stack[sp - 1]++;
      uint32_t w = pred[v][i];
      if (!seen[w]) { seen[w] = 1; stack[sp++] = w; stack[sp++] = 0; }
    } else {
      sp -= 2;
      num[v] = cnt;
      order[cnt++] = v;
    }
  }
  for (uint32_t v = 0; v < N; v++) ipdom[v] = UINT32_MAX;
  ipdom[n] = n;
  int changed = 1;
  while (changed) {
    changed = 0;
    for (int32_t k = (int32_t)cnt - 2; k >= 0; k--) { /* reverse postorder, skip exit */
      uint32_t b = order[k];
      uint32_t nd = UINT32_MAX;
      /* predecessors in the reverse graph = successors in the CFG (or exit) */
      uint32_t ns = nsucc[b] ? nsucc[b] : 1;
      for (uint32_t i = 0; i < ns; i++) {
        uint32_t s = nsucc[b] ? succ[b][i] : n;
        if (ipdom[s] == UINT32_MAX) continue;
        if (nd == UINT32_MAX) { nd = s; continue; }
        uint32_t f1 = s, f2 = nd;
        while (f1 != f2) {
          while (num[f1] < num[f2]) f1 = ipdom[f1];
          while (num[f2] < num[f1]) f2 = ipdom[f2];
        }
        nd = f1;
      }
      if (nd != UINT32_MAX && ipdom[b] != nd) { ipdom[b] = nd; changed = 1; }
    }
  }
  for (uint32_t v = 0; v < n; v++)
    if (ipdom[v] == UINT32_MAX) ipdom[v] = n; /* cannot reach exit */
out:
  if (pred) for (uint32_t v = 0; v < N; v++) free(pred[v]);
  free(pred); free(npred); free(order); free(num); free(stack); free(seen);
  return ipdom;
}

/* ------------------------------------------------------------ instructions */

/* An instruction whose debug location stands for inst's when inst has line
 * 0 (clang -O2 gives a store merged from two branches "line 0"): the nearest
 * located instruction before it in its block, else the branch of its block's
 * only predecessor (the condition that chose the merged code), else the
 * nearest located one after it in its block; NULL if none. */
static LLVMValueRef loc_stand_in(LLVMValueRef inst) {
  for (LLVMValueRef i = LLVMGetPreviousInstruction(inst); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst), pred = NULL;
  LLVMValueRef fn = bb ? LLVMGetBasicBlockParent(bb) : NULL;
  unsigned npred = 0;
  /* the only predecessor, found through the terminators that name bb */
  for (LLVMBasicBlockRef b = fn ? LLVMGetFirstBasicBlock(fn) : NULL; b && npred < 2;
       b = LLVMGetNextBasicBlock(b)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned k = 0; k < ns; k++)
      if (LLVMGetSuccessor(t, k) == bb) {
        if (pred != b) npred++;
        pred = b;
      }
  }
  if (npred == 1) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(pred);
    if (t && LLVMGetDebugLocLine(t)) return t;
  }
  for (LLVMValueRef i = LLVMGetNextInstruction(inst); i; i = LLVMGetNextInstruction(i))
    if (LLVMGetDebugLocLine(i)) return i;
  return NULL;
}

/* The source path of v's debug location ("dir/file" for a relative file
 * name) into buf. A name or folder longer than DBG_NAME_MAX counts as
 * absent: LLVM hands back whatever a malformed module's metadata holds
 * (fuzzed bitcode gave a 1.4 GB "length" that the verifier let through). */
#define DBG_NAME_MAX 4096u
static void dbg_path(LLVMValueRef v, char *buf, size_t len) {
  unsigned fl = 0, dl = 0;
  const char *f = LLVMGetDebugLocFilename(v, &fl);
  const char *d = LLVMGetDebugLocDirectory(v, &dl);
  if (!f || fl > DBG_NAME_MAX) fl = 0;
  if (!d || dl > DBG_NAME_MAX) dl = 0;
  if (fl && f[0] != '/' && dl)
    snprintf(buf, len, "%.*s/%.*s", (int)dl, d, (int)fl, f);
  else
    snprintf(buf, len, "%.*s", (int)fl, fl ? f : "");
}

static void set_loc(lw *L, LLVMValueRef inst) {
  unsigned line = LLVMGetDebugLocLine(inst);
  if (!line && LLVMGetDebugLocFilename(inst, &(unsigned){0})) {
    /* a located function with a line-0 instruction: take a stand-in's */
    LLVMValueRef s = loc_stand_in(inst);
    if (s) {
      inst = s;
      line = LLVMGetDebugLocLine(inst);
    }
  }
  L->curloc_cfile = L->curloc_cline = 0;
  if (!line) { L->curloc_line = 0; L->curloc_col = 0; return; }
  char buf[1024];
  dbg_path(inst, buf, sizeof buf);
  L->curloc_file = intern(L, buf, strlen(buf));
  L->curloc_line = line;
  L->curloc_col = LLVMGetDebugLocColumn(inst);
  /* code inlined from another function (a library's): the line of the
   * outermost call, in the function being lowered */
  LLVMMetadataRef dl = LLVMInstructionGetDebugLoc(inst), outer = NULL;
  LLVMMetadataRef ia = dl ? LLVMDILocationGetInlinedAt(dl) : NULL;
  for (unsigned d = 0; ia && d < 256; d++) {
    outer = ia;
    ia = LLVMDILocationGetInlinedAt(ia);
  }
  LLVMMetadataRef sc = outer ? LLVMDILocationGetScope(outer) : NULL;
  LLVMMetadataRef fm = sc ? LLVMDIScopeGetFile(sc) : NULL;
  unsigned cl = outer ? LLVMDILocationGetLine(outer) : 0, fl = 0, dlen = 0;
  const char *f = fm ? LLVMDIFileGetFilename(fm, &fl) : NULL;
  const char *d = fm ? LLVMDIFileGetDirectory(fm, &dlen) : NULL;
  if (!cl || !f || !fl || fl > DBG_NAME_MAX) return;
  if (!d || dlen > DBG_NAME_MAX) dlen = 0;
  if (f[0] != '/' && dlen)
    snprintf(buf, sizeof buf, "%.*s/%.*s", (int)dlen, d, (int)fl, f);
  else
    snprintf(buf, sizeof buf, "%.*s", (int)fl, f);
  L->curloc_cfile = intern(L, buf, strlen(buf));
  L->curloc_cline = cl;
}

/* Emit copies for the phis of block `to` coming from block `from`. */
static void phi_copies(lw *L, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  /* collect (dst, src, slots) */
  uint32_t dsts[256], srcs[256], ns[256];
  unsigned n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(to); i && LLVMIsAPHINode(i);
       i = LLVMGetNextInstruction(i)) {
    unsigned ni = LLVMCountIncoming(i);
    for (unsigned k = 0; k < ni; k++) {
      if (LLVMGetIncomingBlock(i, k) != from) continue;
      if (n == 256) { fail(L, "too many phis in one block"); return; }
      dsts[n] = dst(L, i);
      srcs[n] = opnd(L, LLVMGetIncomingValue(i, k));
      ns[n] = slots_of(L, LLVMTypeOf(i));
      n++;
      break;
    }
  }
  if (!n) return;
  /* interference: a source register that is some destination of this set */
  int interfere = 0;
  for (unsigned i = 0; i < n && !interfere; i++)
    for (unsigned j = 0; j < n; j++)
      if (!(srcs[i] & KBIT) && srcs[i] != NOREG && i != j && srcs[i] < dsts[j] + ns[j] &&
          dsts[j] < srcs[i] + ns[i]) { interfere = 1; break; }
  if (!interfere) {
    for (unsigned i = 0; i < n; i++)
      for (unsigned s = 0; s < ns[i]; s++)
        if (srcs[i] != NOREG && srcs[i] + s != dsts[i] + s)
          emit(L, OP_MOV, 0, dsts[i] + s, srcs[i] + s, NOREG, NOREG, 0);
    return;
  }
  uint32_t tmp[256];
  for (unsigned i = 0; i < n; i++) {
    tmp[i] = new_regs(L, ns[i]);
    for (unsigned s = 0; s < ns[i]; s++)
      if (srcs[i] != NOREG) emit(L, OP_MOV, 0, tmp[i] + s, srcs[i] + s, NOREG, NOREG, 0);
  }
  for (unsigned i = 0; i < n; i++)
    for (unsigned s = 0; s < ns[i]; s++)
      if (srcs[i] != NOREG) emit(L, OP_MOV, 0, dsts[i] + s, tmp[i] + s, NOREG, NOREG, 0);
}

static int has_phi(LLVMBasicBlockRef b) {
  LLVMValueRef i = LLVMGetFirstInstruction(b);
  return i && LLVMIsAPHINode(i);
}

static uint32_t block_index(lw *L, LLVMBasicBlockRef b) {
  uint32_t i = 0;
  simI_map_get(&L->bmap, (uint64_t)(uintptr_t)b, &i);
  return i;
}

/* Emit the edge from `from` to `to`: returns the pc a branch should target, or
 * UINT32_MAX meaning "the block start of `to`" (fixup needed). When a stub is
 * needed it is emitted at the current end of code. */
static uint32_t edge_stub(lw *L, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  if (!has_phi(to)) return UINT32_MAX;
  uint32_t start = L->p->ncode;
  phi_copies(L, from, to);
  uint32_t j = emit(L, OP_JMP, 0, NOREG, NOREG, NOREG, NOREG, 0);
  add_fix(L, j, 2, block_index(L, to));
  return start;
}

/* Lower a memory access of a value of type t at pointer operand ptr (+off). */
/* `atomic` is 0 for a plain access, else 1 | (scope | order << 4) << 1
 * (atomic_bits()): ty2 = 1, e = scope | order << 4 */
/* mem_access's `atomic` operand: bit 0 atomic, VOLATILE_BIT volatile (LOAD/
 * STORE ty2 2), bits 1.. scope and order (the instruction's e). */
#define VOLATILE_BIT (1u << 30)

/* A pointer value without its casts (addrspacecast, bitcast; instructions
 * or constant expressions). */
static LLVMValueRef strip_ptr_casts(LLVMValueRef v) {
  for (int i = 0; v && i < 8; i++) {
    LLVMOpcode op;
    if (LLVMIsAInstruction(v)) op = LLVMGetInstructionOpcode(v);
    else if (LLVMIsAConstantExpr(v)) op = LLVMGetConstOpcode(v);
    else break;
    if (op != LLVMAddrSpaceCast && op != LLVMBitCast) break;
    v = LLVMGetOperand(v, 0);
  }
  return v;
}

static int is_gep(LLVMValueRef v) {
  if (!v) return 0;
  if (LLVMIsAGetElementPtrInst(v)) return 1;
  return LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr;
}

/* Before the memory access through pointer `ptr` (emitted next): checks
 * that every index of an inner dimension of a fixed-size array in the
 * getelementptr chain computing ptr is within [0, N) (OP_IDXCHK; a constant
 * index outside it gets a check that always fails). Indices are what the
 * GEPs represent: the first index is pointer arithmetic and is not checked,
 * nor the outermost dimension of the variable itself (its bound is the
 * variable's, which the access checks); a GEP feeding the chain continues it
 * only when the next GEP's first index is 0 (tile[y][x] at -O0 is two GEPs).
 * Byte-offset GEPs (-O2 folds constant indices into `getelementptr i8`)
 * carry no dimensions and are not checked. Arrays of 0 or 1 element are
 * skipped (trailing-array idiom). */
static void dim_checks(lw *L, LLVMValueRef ptr, uint32_t addr) {
  LLVMValueRef v = strip_ptr_casts(ptr);
  for (int depth = 0; depth < 8 && is_gep(v); depth++) {
    unsigned no = (unsigned)LLVMGetNumOperands(v);
    LLVMTypeRef src = LLVMGetGEPSourceElementType(v);
    LLVMValueRef base = strip_ptr_casts(LLVMGetOperand(v, 0));
    LLVMValueRef first = no > 1 ? LLVMGetOperand(v, 1) : NULL;
    int zero_first = first && LLVMIsAConstantInt(first) && LLVMConstIntGetSExtValue(first) == 0;
    /* the outermost dimension of the variable (its own bound) */
    int whole = 0;
    if (zero_first && !is_gep(base)) {
      LLVMTypeRef vt = NULL;
      if (LLVMIsAGlobalVariable(base)) vt = LLVMGlobalGetValueType(base);
      else if (LLVMIsAAllocaInst(base)) vt = LLVMGetAllocatedType(base);
      whole = vt == src;
    }
    LLVMTypeRef ty = src;
    for (unsigned i = 2; i < no; i++) {
      LLVMValueRef idx = LLVMGetOperand(v, i);
      LLVMTypeKind k = LLVMGetTypeKind(ty);
      if (k == LLVMStructTypeKind) {
        ty = LLVMStructGetTypeAtIndex(ty, (unsigned)LLVMConstIntGetZExtValue(idx));
        continue;
      }
      if (k != LLVMArrayTypeKind) break;
      uint64_t n = LLVMGetArrayLength2(ty);
      ty = LLVMGetElementType(ty);
      if (n <= 1 || n > 0x7fffffffull || (i == 2 && whole)) continue;
      if (LLVMIsAConstantInt(idx)) {
        int64_t c = LLVMConstIntGetSExtValue(idx);
        if (c >= 0 && (uint64_t)c < n) continue;
      }
      LLVMTypeKind ik = LLVMGetTypeKind(LLVMTypeOf(idx));
      if (ik != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64) continue;
      emit(L, OP_IDXCHK, tcode(LLVMTypeOf(idx)), NOREG, opnd(L, idx), addr, NOREG, (uint32_t)n);
    }
    if (!zero_first) break;
    v = base;
  }
}

/* The alignment an access of sz bytes at an address aligned to al bytes
 * must have (the `c` operand of LOAD, STORE, LOADV, STOREV; misaligned
 * address otherwise): the largest power of two dividing sz, at most al and
 * 16 (an access the compiler declared less aligned than its size is split
 * by the GPU's code generator into smaller ones, legal at any address). */
static uint32_t need_align(uint64_t sz, unsigned al) {
  uint64_t n = sz & (~sz + 1);
  if (!n || n > 16) n = 16;
  if (al && n > al) n = al;
  return (uint32_t)(n ? n : 1);
}

static void mem_access(lw *L, int store, LLVMTypeRef t, uint32_t reg, uint32_t ptr,
                       uint64_t off, unsigned atomic, unsigned align) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  uint32_t pr = ptr;
  if (off) { /* what ptr + off is aligned to */
    uint64_t lb = off & (~off + 1);
    if (!align || lb < align) align = (unsigned)lb;
  }
  if (off) {
    pr = new_regs(L, 1);
    emit(L, OP_ADD, 64, pr, ptr, konst(L, off), NOREG, 0);
  }
  if (is_scalar(t)) {
    unsigned tc = tcode(t);
    if (k == LLVMIntegerTypeKind && tc > 64) {
      /* a two-slot integer (i128): the low slot's 8 bytes at pr, the high
       * slot's at pr+8 (little-endian); LOAD/STORE move one slot each */
      uint64_t sz = store_size(L, t);
      uint32_t ph = new_regs(L, 1);
      emit(L, OP_ADD, 64, ph, pr, konst(L, 8), NOREG, 0);
      for (unsigned h = 0; h < 2; h++) {
        uint32_t r = reg == NOREG ? NOREG : reg + h;
        uint32_t pc = emit(L, store ? OP_STORE : OP_LOAD, 64, store ? NOREG : r, h ? ph : pr,
                           store ? r : NOREG, NOREG, h ? (uint32_t)(sz - 8) : 8u);
        at(L, pc)->ty2 = (uint8_t)((atomic & 1u) ? 1u : (atomic & VOLATILE_BIT) ? 2u : 0u);
        at(L, pc)->e = (atomic & ~VOLATILE_BIT) >> 1;
        at(L, pc)->c = need_align(8, align);
      }
      return;
    }
    uint32_t pc = emit(L, store ? OP_STORE : OP_LOAD, tc, store ? NOREG : reg, pr,
                       store ? reg : NOREG, NOREG, (uint32_t)store_size(L, t));
    at(L, pc)->ty2 = (uint8_t)((atomic & 1u) ? 1u : (atomic & VOLATILE_BIT) ? 2u : 0u);
    at(L, pc)->e = (atomic & ~VOLATILE_BIT) >> 1;
    at(L, pc)->c = need_align(store_size(L, t), align);
    return;
  }
  if (k == LLVMVectorTypeKind) {
    LLVMTypeRef et = LLVMGetElementType(t);
    unsigned n = LLVMGetVectorSize(t);
    unsigned esz = (unsigned)store_size(L, et);
    int plain = is_scalar(et) && slots_of(L, et) == 1 && alloc_size(L, et) == esz &&
                (LLVMGetTypeKind(et) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(et) % 8 == 0);
    if (plain) {
      uint32_t pc = emit(L, store ? OP_STOREV : OP_LOADV, tcode(et), store ? NOREG : reg, pr,
                         store ? reg : NOREG, NOREG, esz);
      at(L, pc)->e = n;
      at(L, pc)->c = need_align((uint64_t)esz * n, align);
      return;
    }
    /* i1 vectors and other packed forms */
    unsup(L, "unsupported memory access of a packed vector type");
    return;
  }
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
    unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t)
                                         : (unsigned)LLVMGetArrayLength2(t);
    unsigned s = 0;
    for (unsigned i = 0; i < n; i++) {
      LLVMTypeRef et = k == LLVMStructTypeKind ? LLVMStructGetTypeAtIndex(t, i)
                                               : LLVMGetElementType(t);
      uint64_t eo = k == LLVMStructTypeKind ? LLVMOffsetOfElement(L->td, t, i)
                                            : i * alloc_size(L, et);
      mem_access(L, store, et, reg == NOREG ? NOREG : reg + s, pr, eo, atomic, align);
      s += slots_of(L, et);
    }
    return;
  }
  unsup(L, "unsupported memory access type");
}

static unsigned sync_scope(LLVMValueRef inst) {
  if (LLVMIsAtomicSingleThread(inst)) return SIMI_SCOPE_NONE;
  char *s = LLVMPrintValueToString(inst);
  unsigned sc = SIMI_SCOPE_DEVICE;
  if (strstr(s, "syncscope(\"block\")") || strstr(s, "syncscope(\"cta\")")) sc = SIMI_SCOPE_BLOCK;
  else if (strstr(s, "syncscope(\"device\")") || strstr(s, "syncscope(\"gpu\")")) sc = SIMI_SCOPE_DEVICE;
  else if (strstr(s, "syncscope(\"wavefront\")") || strstr(s, "syncscope(\"warp\")")) sc = SIMI_SCOPE_WARP;
  else if (!strstr(s, "syncscope(")) sc = SIMI_SCOPE_SYSTEM;
  LLVMDisposeMessage(s);
  return sc;
}

static void lower_call(lw *L, LLVMValueRef inst);

/* SIMI_ORDER_* of an atomic instruction's LLVM ordering. `rmw`: clang lowers
 * CUDA's atomicAdd & co. (relaxed in CUDA) to seq_cst read-modify-writes, so
 * seq_cst on an RMW is taken as relaxed; explicit acquire/release/acq_rel
 * orders are kept. */
static unsigned order_of(LLVMAtomicOrdering o, int rmw) {
  switch (o) {
  case LLVMAtomicOrderingAcquire: return SIMI_ORDER_ACQUIRE;
  case LLVMAtomicOrderingRelease: return SIMI_ORDER_RELEASE;
  case LLVMAtomicOrderingAcquireRelease: return SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE;
  case LLVMAtomicOrderingSequentiallyConsistent:
    return rmw ? SIMI_ORDER_RELAXED : SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE;
  default: return SIMI_ORDER_RELAXED;
  }
}

/* ------------------------------------------- volatile as synchronisation */

/* `volatile` keeps the compiler from caching a value; it neither orders nor
 * makes atomic. A volatile load or store is a plain access for the race
 * rules, except where it is the synchronisation itself, as in the
 * pre-CUDA-9 idioms: the flag store of a fence-and-flag handshake (a fence
 * right before it), the spin-wait read (its value decides a loop's back
 * edge), a read right followed by a fence, and a store to the word such a
 * read polls. Those stay relaxed accesses of system scope (PTX
 * ld/st.volatile), which fences make release and acquire. */

static LLVMValueRef spilled_value(LLVMValueRef v);
static int root_param(LLVMValueRef fn, LLVMValueRef v, int depth);

/* A pointer into the thread's own stack (an alloca, or a GEP or cast of one). */
static int stack_ptr(LLVMValueRef p) {
  for (int i = 0; p && i < 8; i++) {
    if (LLVMIsAAllocaInst(p)) return 1;
    if (!LLVMIsAInstruction(p)) return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(p);
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast) return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

/* 1: a fence (LLVM fence, NVVM membar/fence, PTX membar/fence in inline asm,
 * a call of __threadfence*); 0: an instruction that neither touches shared
 * or global memory nor orders it (arithmetic, -O0 stack traffic, special
 * registers); -1: anything else. */
static int fence_kind(LLVMValueRef i) {
  if (LLVMIsAFenceInst(i)) return 1;
  if (LLVMIsALoadInst(i)) return !LLVMGetVolatile(i) && stack_ptr(LLVMGetOperand(i, 0)) ? 0 : -1;
  if (LLVMIsAStoreInst(i)) return !LLVMGetVolatile(i) && stack_ptr(LLVMGetOperand(i, 1)) ? 0 : -1;
  if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i)) return -1;
  if (!LLVMIsACallInst(i)) return 0;
  LLVMValueRef c = LLVMGetCalledValue(i);
  size_t n = 0;
  if (c && LLVMIsAInlineAsm(c)) {
    const char *a = LLVMGetInlineAsmAsmString(c, &n);
    return a && (strstr(a, "membar") || strstr(a, "fence.")) ? 1 : -1;
  }
  const char *nm = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &n) : "";
  if (!strncmp(nm, "llvm.nvvm.membar", 16) || !strncmp(nm, "llvm.nvvm.fence", 15) ||
      strstr(nm, "threadfence"))
    return 1;
  if (!strncmp(nm, "llvm.nvvm.read.ptx.sreg", 23) || !strncmp(nm, "llvm.dbg.", 9) ||
      !strncmp(nm, "llvm.lifetime.", 14))
    return 0;
  return -1;
}

/* The first instruction from i on (forward: next ones, else previous ones)
 * that is not neutral is a fence. */
static int fence_next_to(LLVMValueRef i, int forward) {
  for (; i; i = forward ? LLVMGetNextInstruction(i) : LLVMGetPreviousInstruction(i)) {
    if (forward && LLVMIsATerminatorInst(i)) {
      /* a read whose value picks the branch: the first instruction of a
       * successor that runs (`if (*flag) { __threadfence(); ...`) */
      unsigned ns = LLVMGetNumSuccessors(i);
      for (unsigned k = 0; k < ns; k++) {
        LLVMValueRef f = LLVMGetFirstInstruction(LLVMGetSuccessor(i, k));
        for (; f && !LLVMIsATerminatorInst(f); f = LLVMGetNextInstruction(f)) {
          int fk = fence_kind(f);
          if (fk == 1) return 1;
          if (fk < 0) break;
        }
      }
      return 0;
    }
    int k = fence_kind(i);
    if (k) return k == 1;
  }
  return 0;
}

/* Does v depend on value t (through a few operations and -O0 spills)? */
static int depends_on(LLVMValueRef v, LLVMValueRef t, int depth) {
  if (v == t) return 1;
  if (depth > 6 || !v || !LLVMIsAInstruction(v)) return 0;
  if (LLVMIsALoadInst(v)) { /* -O0: t stored to a stack slot and reloaded */
    LLVMValueRef p = LLVMGetOperand(v, 0);
    if (!LLVMIsAAllocaInst(p)) return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef st = LLVMGetUser(u);
      if (LLVMIsAStoreInst(st) && LLVMGetOperand(st, 1) == p &&
          depends_on(LLVMGetOperand(st, 0), t, depth + 1))
        return 1;
    }
    return 0;
  }
  if (LLVMIsACallInst(v) || LLVMIsAPHINode(v)) return 0;
  int n = LLVMGetNumOperands(v);
  for (int k = 0; k < n && k < 4; k++)
    if (depends_on(LLVMGetOperand(v, k), t, depth + 1)) return 1;
  return 0;
}

/* Block b's terminator, if it is a conditional branch whose condition
 * depends on ld and one of whose successors leads back to `head` (itself,
 * or through a block that jumps straight there). */
static int loop_exit_on(LLVMBasicBlockRef b, LLVMBasicBlockRef head, LLVMValueRef ld) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t) ||
      !depends_on(LLVMGetCondition(t), ld, 0))
    return 0;
  for (unsigned k = 0; k < 2; k++) {
    LLVMBasicBlockRef s = LLVMGetSuccessor(t, k);
    if (s == head) return 1;
    LLVMValueRef st = LLVMGetBasicBlockTerminator(s);
    if (st && LLVMIsABranchInst(st) && !LLVMIsConditional(st) && LLVMGetSuccessor(st, 0) == head)
      return 1;
  }
  return 0;
}

/* A volatile load that spins (its value decides whether the loop around it
 * goes again) or is followed by a fence. */
static int sync_load(LLVMValueRef ld) {
  LLVMBasicBlockRef b = LLVMGetInstructionParent(ld);
  if (loop_exit_on(b, b, ld)) return 1;
  /* do { v = *flag; } while (...): the condition in the next block */
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  if (t && LLVMIsABranchInst(t) && !LLVMIsConditional(t) &&
      loop_exit_on(LLVMGetSuccessor(t, 0), b, ld))
    return 1;
  return fence_next_to(LLVMGetNextInstruction(ld), 1);
}

/* Where a pointer points: 1 + parameter index, or the global variable's
 * address as a number; 0 unknown. */
static uintptr_t ptr_root(LLVMValueRef fn, LLVMValueRef p) {
  int r = root_param(fn, p, 0);
  if (r >= 0) return (uintptr_t)r + 1;
  for (int i = 0; p && i < 8; i++) {
    if (LLVMIsAGlobalVariable(p)) return (uintptr_t)p;
    LLVMOpcode op;
    if (LLVMIsAInstruction(p)) op = LLVMGetInstructionOpcode(p);
    else if (LLVMIsAConstantExpr(p)) op = LLVMGetConstOpcode(p);
    else return 0;
    if (op != LLVMGetElementPtr && op != LLVMAddrSpaceCast && op != LLVMBitCast) return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

/* The fence right before i (neutral instructions between), or NULL. */
static LLVMValueRef fence_before(LLVMValueRef i) {
  for (; i; i = LLVMGetPreviousInstruction(i)) {
    int k = fence_kind(i);
    if (k) return k == 1 ? i : NULL;
  }
  return NULL;
}

/* A strong read: a volatile or atomic load, a read-modify-write, a call of
 * an atomic function (-O0) or inline PTX that loads or does an atom. */
static int strong_read(LLVMValueRef i) {
  if (LLVMIsALoadInst(i))
    return LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic;
  if (LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i)) return 1;
  if (!LLVMIsACallInst(i)) return 0;
  LLVMValueRef c = LLVMGetCalledValue(i);
  size_t n = 0;
  if (c && LLVMIsAInlineAsm(c)) {
    const char *a = LLVMGetInlineAsmAsmString(c, &n);
    return a && (strstr(a, "ld.") || strstr(a, "atom."));
  }
  const char *nm = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &n) : "";
  return strstr(nm, "atomic") || strstr(nm, "Atomic") || strstr(nm, "llvm.nvvm.ld");
}

/* Does fence f end an acquire pattern (PTX ISA, Memory Consistency Model,
 * "Release and Acquire Patterns": a strong read, then a fence)? It does
 * when it opens its block (neutral instructions before it) and the one
 * block that branches there decides the branch on a strong read: the fence
 * after a spin on a flag (`while (*flag == 0) {} __threadfence();`) or
 * after a test of one (`if (*flag) { __threadfence(); ...`). */
static int acquire_fence(LLVMValueRef f) {
  for (LLVMValueRef i = LLVMGetPreviousInstruction(f); i; i = LLVMGetPreviousInstruction(i))
    if (fence_kind(i)) return 0;
  LLVMBasicBlockRef b = LLVMGetInstructionParent(f), pred = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef t = LLVMGetUser(u);
    if (!LLVMIsAInstruction(t) || !LLVMIsATerminatorInst(t)) return 0;
    LLVMBasicBlockRef pb = LLVMGetInstructionParent(t);
    if (pred && pb != pred) return 0; /* several ways in */
    pred = pb;
  }
  LLVMValueRef t = pred ? LLVMGetBasicBlockTerminator(pred) : NULL;
  if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t)) return 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(pred); i && i != t; i = LLVMGetNextInstruction(i))
    if (strong_read(i) && depends_on(LLVMGetCondition(t), i, 0)) return 1;
  return 0;
}

/* Is volatile load/store inst the synchronisation itself (see above)? */
static int sync_volatile(LLVMValueRef inst) {
  if (LLVMIsALoadInst(inst)) return sync_load(inst);
  /* fence; flag = v: a release pattern, unless the fence is the acquire
   * of an earlier flag read (the store after it is the data the acquire
   * protects, `while (*flag == 0) {} __threadfence(); data = v;`: a plain
   * store, which races with another writer; PTX ISA, Memory Consistency
   * Model, "Release and Acquire Patterns", "Data race") */
  LLVMValueRef f = fence_before(LLVMGetPreviousInstruction(inst));
  if (f && !acquire_fence(f)) return 1;
  /* the word a spin-wait or fenced read of the function polls */
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
  uintptr_t r = ptr_root(fn, LLVMGetOperand(inst, 1));
  if (!r) return 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsALoadInst(i) && LLVMGetVolatile(i) && ptr_root(fn, LLVMGetOperand(i, 0)) == r &&
          sync_load(i))
        return 1;
  return 0;
}

/* mem_access's `atomic` operand of a load/store instruction (see VOLATILE_BIT). */
static unsigned atomic_bits(LLVMValueRef inst) {
  LLVMAtomicOrdering o = LLVMGetOrdering(inst);
  if (o == LLVMAtomicOrderingNotAtomic) {
    /* volatile synchronisation: PTX ld/st.volatile, relaxed of system scope
     * (the interpreter makes it atomic only on global memory, see OP_LOAD);
     * other volatile accesses are plain */
    if (LLVMGetVolatile(inst) && sync_volatile(inst))
      return VOLATILE_BIT | ((SIMI_SCOPE_SYSTEM | SIMI_ORDER_RELAXED << 4) << 1);
    return 0;
  }
  return 1u | ((sync_scope(inst) | order_of(o, 0) << 4) << 1);
}

static void lower_inst(lw *L, LLVMValueRef inst, LLVMBasicBlockRef bb) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  LLVMTypeRef t = LLVMTypeOf(inst);
  uint32_t d = dst(L, inst);
  unsigned n = slots_of(L, t);
  set_loc(L, inst);
  switch (op) {
  case LLVMRet: {
    uint32_t a = NOREG, slots = 0;
    if (LLVMGetNumOperands(inst) > 0) {
      LLVMValueRef v = LLVMGetOperand(inst, 0);
      a = opnd(L, v);
      slots = slots_of(L, LLVMTypeOf(v));
    }
    uint32_t pc = emit(L, OP_RET, 0, NOREG, a, NOREG, NOREG, 0);
    at(L, pc)->e = slots;
    return;
  }
  case LLVMBr: {
    if (!LLVMIsConditional(inst)) {
      LLVMBasicBlockRef s = LLVMValueAsBasicBlock(LLVMGetOperand(inst, 0));
      phi_copies(L, bb, s);
      uint32_t j = emit(L, OP_JMP, 0, NOREG, NOREG, NOREG, NOREG, 0);
      add_fix(L, j, 2, block_index(L, s));
      return;
    }
    LLVMBasicBlockRef st = LLVMGetSuccessor(inst, 0), sf = LLVMGetSuccessor(inst, 1);
    uint32_t pc = emit(L, OP_CBR, 0, NOREG, opnd(L, LLVMGetCondition(inst)), 0, 0, 0);
    /* x (reconvergence) patched by the caller via ipdom */
    uint32_t tt = edge_stub(L, bb, st);
    uint32_t tf = st == sf && tt != UINT32_MAX ? tt : edge_stub(L, bb, sf);
    if (tt == UINT32_MAX) add_fix(L, pc, 0, block_index(L, st)); else at(L, pc)->b = tt;
    if (tf == UINT32_MAX) add_fix(L, pc, 1, block_index(L, sf)); else at(L, pc)->c = tf;
    return;
  }
  case LLVMSwitch: {
    unsigned ncase = (unsigned)(LLVMGetNumOperands(inst) / 2 - 1);
    LLVMValueRef cond = LLVMGetOperand(inst, 0);
    uint32_t pc = emit(L, OP_SWITCH, tcode(LLVMTypeOf(cond)), NOREG, opnd(L, cond), NOREG,
                       NOREG, 0);
    /* aux: ncase, default, reconv, then (lo, hi, target) per case */
    uint32_t base = aux_push(L, ncase);
    aux_push(L, 0);
    aux_push(L, 0);
    for (unsigned i = 0; i < ncase; i++) {
      LLVMValueRef cv = LLVMGetOperand(inst, 2 + 2 * i);
      uint64_t v[2];
      eval_const(L, cv, v, 2);
      aux_push(L, (uint32_t)v[0]);
      aux_push(L, (uint32_t)(v[0] >> 32));
      aux_push(L, 0);
    }
    at(L, pc)->x = base;
    LLVMBasicBlockRef def = LLVMGetSwitchDefaultDest(inst);
    uint32_t t0 = edge_stub(L, bb, def);
    if (t0 == UINT32_MAX) add_fix(L, base + 1, 3, block_index(L, def));
    else L->p->aux[base + 1] = t0;
    for (unsigned i = 0; i < ncase; i++) {
      LLVMBasicBlockRef s = LLVMValueAsBasicBlock(LLVMGetOperand(inst, 3 + 2 * i));
      uint32_t ti = edge_stub(L, bb, s);
      if (ti == UINT32_MAX) add_fix(L, base + 3 + 3 * i + 2, 3, block_index(L, s));
      else L->p->aux[base + 3 + 3 * i + 2] = ti;
    }
    return;
  }
  case LLVMUnreachable: {
    const char *m = "unreachable code executed";
    emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, intern(L, m, strlen(m)));
    return;
  }
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
  case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr:
  case LLVMXor: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: {
    static const struct { LLVMOpcode l; unsigned o; } map[] = {
      {LLVMAdd, OP_ADD}, {LLVMSub, OP_SUB}, {LLVMMul, OP_MUL}, {LLVMUDiv, OP_UDIV},
      {LLVMSDiv, OP_SDIV}, {LLVMURem, OP_UREM}, {LLVMSRem, OP_SREM}, {LLVMShl, OP_SHL},
      {LLVMLShr, OP_LSHR}, {LLVMAShr, OP_ASHR}, {LLVMAnd, OP_AND}, {LLVMOr, OP_OR},
      {LLVMXor, OP_XOR}, {LLVMFAdd, OP_FADD}, {LLVMFSub, OP_FSUB}, {LLVMFMul, OP_FMUL},
      {LLVMFDiv, OP_FDIV}, {LLVMFRem, OP_FREM}};
    unsigned o = 0;
    for (unsigned i = 0; i < sizeof map / sizeof map[0]; i++) if (map[i].l == op) o = map[i].o;
    unsigned tc = tcode(t);
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0)), b = opnd(L, LLVMGetOperand(inst, 1));
    unsigned per = tc == T_I128 ? 2 : 1;
    for (unsigned s = 0; s < n; s += per) emit(L, o, tc, d + s, a + s, b + s, NOREG, 0);
    return;
  }
  case LLVMFNeg: {
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned s = 0; s < n; s++) emit(L, OP_FNEG, tcode(t), d + s, a + s, NOREG, NOREG, 0);
    return;
  }
  case LLVMICmp: case LLVMFCmp: {
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(inst, 0));
    unsigned tc = tcode(ot);
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0)), b = opnd(L, LLVMGetOperand(inst, 1));
    unsigned per = tc == T_I128 ? 2 : 1;
    unsigned pred = op == LLVMICmp ? (unsigned)LLVMGetICmpPredicate(inst)
                                   : (unsigned)LLVMGetFCmpPredicate(inst);
    for (unsigned s = 0; s < n; s++)
      emit(L, op == LLVMICmp ? OP_ICMP : OP_FCMP, tc, d + s, a + s * per, b + s * per, NOREG,
           pred);
    return;
  }
  case LLVMSelect: {
    LLVMValueRef cv = LLVMGetOperand(inst, 0);
    int vec = LLVMGetTypeKind(LLVMTypeOf(cv)) == LLVMVectorTypeKind;
    uint32_t c = opnd(L, cv), a = opnd(L, LLVMGetOperand(inst, 1)),
             b = opnd(L, LLVMGetOperand(inst, 2));
    unsigned per = vec ? n / LLVMGetVectorSize(LLVMTypeOf(cv)) : 0;
    for (unsigned s = 0; s < n; s++)
      emit(L, OP_SELECT, 0, d + s, vec ? c + s / (per ? per : 1) : c, a + s, b + s, 0);
    return;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMFPToSI: case LLVMFPToUI: case LLVMSIToFP: case LLVMUIToFP: case LLVMPtrToInt:
  case LLVMIntToPtr: case LLVMAddrSpaceCast: case LLVMBitCast: {
    LLVMValueRef sv = LLVMGetOperand(inst, 0);
    LLVMTypeRef st = LLVMTypeOf(sv);
    unsigned dt = tcode(t), s2 = tcode(st);
    uint32_t a = opnd(L, sv);
    unsigned sn = slots_of(L, st);
    if (op == LLVMBitCast) {
      if (sn == n && (n == 1 || (LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
                                 LLVMGetTypeKind(st) == LLVMVectorTypeKind &&
                                 LLVMGetVectorSize(t) == LLVMGetVectorSize(st)))) {
        for (unsigned s = 0; s < n; s++) emit(L, OP_MOV, 0, d + s, a + s, NOREG, NOREG, 0);
      } else {
        unsup(L, "unsupported bitcast between vector layouts");
      }
      return;
    }
    unsigned lanes = LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetVectorSize(t) : 1;
    unsigned dper = dt == T_I128 ? 2 : 1, sper = s2 == T_I128 ? 2 : 1;
    for (unsigned i = 0; i < lanes; i++) {
      uint32_t di = d + i * dper, ai = a + i * sper;
      unsigned o;
      switch (op) {
      case LLVMTrunc: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMAddrSpaceCast: o = OP_TRUNC; break;
      case LLVMZExt: o = OP_TRUNC; break;
      case LLVMSExt: o = OP_SEXT; break;
      case LLVMFPTrunc: case LLVMFPExt: o = OP_FPCONV; break;
      case LLVMFPToSI: o = OP_FPTOSI; break;
      case LLVMFPToUI: o = OP_FPTOUI; break;
      case LLVMSIToFP: o = OP_SITOFP; break;
      default: o = OP_UITOFP; break;
      }
      /* a shared pointer as an integer is its 32-bit window address, and
       * back (sreg.h) */
      if (op == LLVMPtrToInt && dt != T_I128 && is_shared_ptr_type(st)) {
        emit(L, OP_SWIN, 0, di, ai, NOREG, NOREG, 0);
        if (dt < 32) { uint32_t pc = emit(L, OP_TRUNC, dt, di, di, NOREG, NOREG, 0); at(L, pc)->ty2 = 64; }
        continue;
      }
      if (op == LLVMIntToPtr && s2 != T_I128 && is_shared_ptr_type(t)) {
        emit(L, OP_SWIN, 0, di, ai, NOREG, NOREG, 1);
        continue;
      }
      if ((op == LLVMAddrSpaceCast || op == LLVMIntToPtr || op == LLVMPtrToInt ||
           op == LLVMZExt) && dt != T_I128 && (dt >= s2 || op == LLVMAddrSpaceCast)) {
        emit(L, OP_MOV, 0, di, ai, NOREG, NOREG, 0);
        continue;
      }
      uint32_t pc = emit(L, o, dt, di, ai, NOREG, NOREG, 0);
      at(L, pc)->ty2 = (uint8_t)s2;
    }
    return;
  }
  case LLVMAlloca: {
    uint32_t off;
    if (simI_map_get(&L->amap, (uint64_t)(uintptr_t)inst, &off)) {
      emit(L, OP_ALLOCA, 0, d, NOREG, NOREG, NOREG, off);
    } else {
      LLVMTypeRef at_ = LLVMGetAllocatedType(inst);
      emit(L, OP_ALLOCADYN, 0, d, opnd(L, LLVMGetOperand(inst, 0)), NOREG, NOREG,
           (uint32_t)alloc_size(L, at_));
    }
    return;
  }
  case LLVMLoad: {
    uint32_t pr = opnd(L, LLVMGetOperand(inst, 0));
    dim_checks(L, LLVMGetOperand(inst, 0), pr);
    mem_access(L, 0, t, d, pr, 0, atomic_bits(inst), LLVMGetAlignment(inst));
    return;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    uint32_t pr = opnd(L, LLVMGetOperand(inst, 1));
    dim_checks(L, LLVMGetOperand(inst, 1), pr);
    mem_access(L, 1, LLVMTypeOf(v), opnd(L, v), pr, 0, atomic_bits(inst), LLVMGetAlignment(inst));
    return;
  }
  case LLVMGetElementPtr: {
    unsigned no = (unsigned)LLVMGetNumOperands(inst);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) { unsup(L, "unsupported vector getelementptr"); return; }
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(inst);
    uint32_t cur = opnd(L, LLVMGetOperand(inst, 0));
    int64_t coff = 0;
    int wrote = 0;
    for (unsigned i = 1; i < no; i++) {
      LLVMValueRef idx = LLVMGetOperand(inst, i);
      uint64_t scale;
      if (i == 1) scale = alloc_size(L, ty);
      else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
        unsigned fi = (unsigned)LLVMConstIntGetZExtValue(idx);
        coff += (int64_t)LLVMOffsetOfElement(L->td, ty, fi);
        ty = LLVMStructGetTypeAtIndex(ty, fi);
        continue;
      } else {
        ty = LLVMGetElementType(ty);
        scale = alloc_size(L, ty);
      }
      if (LLVMIsAConstantInt(idx)) {
        coff += LLVMConstIntGetSExtValue(idx) * (int64_t)scale;
        continue;
      }
      unsigned itc = tcode(LLVMTypeOf(idx));
      uint32_t nd = (i == no - 1 && coff == 0) ? d : new_regs(L, 1);
      if (scale < 0x80000000ull) {
        uint32_t pc = emit(L, OP_IDXADD, itc, nd, cur, opnd(L, idx), NOREG, (uint32_t)scale);
        (void)pc;
      } else {
        uint32_t t1 = new_regs(L, 1);
        uint32_t pc = emit(L, OP_SEXT, 64, t1, opnd(L, idx), NOREG, NOREG, 0);
        at(L, pc)->ty2 = (uint8_t)itc;
        emit(L, OP_MUL, 64, t1, t1, konst(L, scale), NOREG, 0);
        emit(L, OP_ADD, 64, nd, cur, t1, NOREG, 0);
      }
      cur = nd;
      wrote = 1;
    }
    if (coff || !wrote) emit(L, OP_ADD, 64, d, cur, konst(L, (uint64_t)coff), NOREG, 0);
    else if (cur != d) emit(L, OP_MOV, 0, d, cur, NOREG, NOREG, 0);
    return;
  }
  case LLVMPHI:
    return; /* lowered on the edges */
  case LLVMCall:
    lower_call(L, inst);
    return;
  case LLVMExtractValue: {
    LLVMTypeRef et;
    unsigned s = agg_slot(L, LLVMTypeOf(LLVMGetOperand(inst, 0)), LLVMGetIndices(inst),
                          LLVMGetNumIndices(inst), &et);
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned i = 0; i < n; i++) emit(L, OP_MOV, 0, d + i, a + s + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMInsertValue: {
    LLVMTypeRef et;
    unsigned s = agg_slot(L, t, LLVMGetIndices(inst), LLVMGetNumIndices(inst), &et);
    unsigned en = slots_of(L, et);
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0)), v = opnd(L, LLVMGetOperand(inst, 1));
    for (unsigned i = 0; i < n; i++)
      if (i < s || i >= s + en) emit(L, OP_MOV, 0, d + i, a + i, NOREG, NOREG, 0);
    for (unsigned i = 0; i < en; i++) emit(L, OP_MOV, 0, d + s + i, v + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMExtractElement: {
    LLVMValueRef vec = LLVMGetOperand(inst, 0), idx = LLVMGetOperand(inst, 1);
    uint32_t a = opnd(L, vec);
    unsigned per = slots_of(L, t);
    if (LLVMIsAConstantInt(idx)) {
      unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
      for (unsigned i = 0; i < per; i++)
        emit(L, OP_MOV, 0, d + i, a + k * per + i, NOREG, NOREG, 0);
    } else {
      if (a & KBIT) { unsup(L, "unsupported dynamic extractelement of a constant"); return; }
      uint32_t pc = emit(L, OP_EXTRACTDYN, tcode(LLVMTypeOf(idx)), d, a, opnd(L, idx), NOREG,
                         LLVMGetVectorSize(LLVMTypeOf(vec)));
      (void)pc;
    }
    return;
  }
  case LLVMInsertElement: {
    LLVMValueRef idx = LLVMGetOperand(inst, 2);
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0)), v = opnd(L, LLVMGetOperand(inst, 1));
    if (LLVMIsAConstantInt(idx)) {
      unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
      for (unsigned i = 0; i < n; i++)
        emit(L, OP_MOV, 0, d + i, i == k ? v : a + i, NOREG, NOREG, 0);
    } else {
      uint32_t pc = emit(L, OP_INSERTDYN, tcode(LLVMTypeOf(idx)), d, a, v, opnd(L, idx), n);
      (void)pc;
    }
    return;
  }
  case LLVMShuffleVector: {
    LLVMValueRef v1 = LLVMGetOperand(inst, 0), v2 = LLVMGetOperand(inst, 1);
    uint32_t a = opnd(L, v1), b = opnd(L, v2);
    unsigned n1 = LLVMGetVectorSize(LLVMTypeOf(v1));
    unsigned nm = LLVMGetNumMaskElements(inst);
    uint32_t tmp = new_regs(L, nm);
    for (unsigned i = 0; i < nm; i++) {
      int m = LLVMGetMaskValue(inst, i);
      uint32_t src = m < 0 ? konst(L, 0) : (unsigned)m < n1 ? a + (unsigned)m : b + ((unsigned)m - n1);
      emit(L, OP_MOV, 0, tmp + i, src, NOREG, NOREG, 0);
    }
    for (unsigned i = 0; i < nm; i++) emit(L, OP_MOV, 0, d + i, tmp + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMAtomicRMW: {
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    uint32_t pc = emit(L, OP_ATOMIC, tcode(LLVMTypeOf(v)), d, opnd(L, LLVMGetOperand(inst, 0)),
                       opnd(L, v), (uint32_t)LLVMGetAtomicRMWBinOp(inst),
                       (uint32_t)store_size(L, LLVMTypeOf(v)));
    at(L, pc)->e = sync_scope(inst) | order_of(LLVMGetOrdering(inst), 1) << 4;
    return;
  }
  case LLVMAtomicCmpXchg: {
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    uint32_t pc = emit(L, OP_CMPXCHG, tcode(LLVMTypeOf(v)), d, opnd(L, LLVMGetOperand(inst, 0)),
                       opnd(L, v), opnd(L, LLVMGetOperand(inst, 2)),
                       (uint32_t)store_size(L, LLVMTypeOf(v)));
    at(L, pc)->e = sync_scope(inst) | order_of(LLVMGetCmpXchgSuccessOrdering(inst), 1) << 4;
    return;
  }
  case LLVMFence:
    emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, sync_scope(inst));
    return;
  case LLVMFreeze: {
    uint32_t a = opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned i = 0; i < n; i++) emit(L, OP_MOV, 0, d + i, a + i, NOREG, NOREG, 0);
    return;
  }
  default: {
    char *s = LLVMPrintValueToString(inst);
    char *q = s;
    while (*q == ' ') q++;
    /* name the opcode: first word after "= " if any */
    char *eq = strstr(q, "= ");
    const char *w = eq ? eq + 2 : q;
    char word[32];
    sscanf(w, "%31s", word);
    unsup(L, "unsupported instruction '%s'", word);
    LLVMDisposeMessage(s);
    return;
  }
  }
}

/* ------------------------------------------------------------------ calls */

#include "interp/calls.inc"

/* ------------------------------------------------------------ a function */

static void lower_function(lw *L, LLVMValueRef fn) {
  uint32_t fi = func_of(L, fn);
  simI_program *p = L->p;
  L->curfunc = fi;
  L->in_func = 1;
  simI_map_free(&L->vmap);
  simI_map_free(&L->amap);
  simI_map_free(&L->bmap);
  L->nregs = 0;
  L->frame = 0;
  L->nfix = 0;
  L->curloc_file = 0; L->curloc_line = 0; L->curloc_col = 0;
  L->curloc_cfile = 0; L->curloc_cline = 0;
  /* parameters */
  unsigned np = LLVMCountParams(fn);
  simI_func *F = &p->funcs[fi];
  F->nparams = np;
  F->param_reg = calloc(np + 1, sizeof(uint32_t));
  F->param_slots = calloc(np + 1, sizeof(uint32_t));
  for (unsigned i = 0; i < np; i++) {
    LLVMValueRef a = LLVMGetParam(fn, i);
    unsigned s = slots_of(L, LLVMTypeOf(a));
    uint32_t r = new_regs(L, s);
    F->param_reg[i] = r;
    F->param_slots[i] = s;
    simI_map_put(&L->vmap, (uint64_t)(uintptr_t)a, r);
  }
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  F->ret_slots = slots_of(L, LLVMGetReturnType(fty));
  /* blocks, registers, static allocas */
  L->nblocks = LLVMCountBasicBlocks(fn);
  free(L->blocks);
  free(L->bstart);
  L->blocks = malloc((L->nblocks + 1) * sizeof(LLVMBasicBlockRef));
  L->bstart = calloc(L->nblocks + 1, sizeof(uint32_t));
  uint32_t **succ = calloc(L->nblocks + 1, sizeof(uint32_t *));
  uint32_t *nsucc = calloc(L->nblocks + 1, sizeof(uint32_t));
  uint32_t *cbrpc = malloc((L->nblocks + 1) * sizeof(uint32_t));
  if (!L->blocks || !L->bstart || !succ || !nsucc || !cbrpc) { fail(L, "out of memory"); goto out; }
  LLVMGetBasicBlocks(fn, L->blocks);
  for (uint32_t b = 0; b < L->nblocks; b++)
    simI_map_put(&L->bmap, (uint64_t)(uintptr_t)L->blocks[b], b);
  for (uint32_t b = 0; b < L->nblocks; b++) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(L->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      LLVMTypeRef t = LLVMTypeOf(i);
      if (LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
        unsigned s = slots_of(L, t);
        simI_map_put(&L->vmap, (uint64_t)(uintptr_t)i, new_regs(L, s));
      }
      if (LLVMIsAAllocaInst(i) && LLVMIsAConstantInt(LLVMGetOperand(i, 0))) {
        LLVMTypeRef at_ = LLVMGetAllocatedType(i);
        uint64_t sz = alloc_size(L, at_) * LLVMConstIntGetZExtValue(LLVMGetOperand(i, 0));
        unsigned al = LLVMGetAlignment(i);
        if (al < 1) al = 1;
        if (al > 16) al = 16;
        L->frame = (L->frame + al - 1) / al * al;
        simI_map_put(&L->amap, (uint64_t)(uintptr_t)i, L->frame);
        L->frame += (uint32_t)(sz ? sz : 1);
      }
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(L->blocks[b]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    succ[b] = malloc((ns + 1) * sizeof(uint32_t));
    for (unsigned k = 0; k < ns; k++) succ[b][k] = block_index(L, LLVMGetSuccessor(term, k));
    nsucc[b] = ns;
  }
  uint32_t *ipdom = post_dominators(L, succ, nsucc);
  if (!ipdom) goto out;
  F->entry = p->ncode;
  for (uint32_t b = 0; b < L->nblocks && !L->failed; b++) {
    L->bstart[b] = p->ncode;
    cbrpc[b] = UINT32_MAX;
    for (LLVMValueRef i = LLVMGetFirstInstruction(L->blocks[b]); i && !L->failed;
         i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if ((op == LLVMBr && LLVMIsConditional(i)) || op == LLVMSwitch) cbrpc[b] = p->ncode;
      lower_inst(L, i, L->blocks[b]);
    }
  }
  /* lowering may have grown p->funcs (func_of on a function address in a
   * constant), moving the array: F must be taken again */
  F = &p->funcs[fi];
  F->end = p->ncode;
  F->nregs = L->nregs;
  F->frame_bytes = (L->frame + 15) / 16 * 16;
  if (L->failed) { free(ipdom); goto out; }
  /* fixups */
  for (uint32_t k = 0; k < L->nfix; k++) {
    fixup *f = &L->fix[k];
    uint32_t tgt = L->bstart[f->block];
    if (f->field == 0) p->code[f->pc].b = tgt;
    else if (f->field == 1) p->code[f->pc].c = tgt;
    else if (f->field == 2) p->code[f->pc].x = tgt;
    else p->aux[f->pc] = tgt;
  }
  /* reconvergence points */
  for (uint32_t b = 0; b < L->nblocks; b++) {
    if (cbrpc[b] == UINT32_MAX) continue;
    uint32_t r = ipdom[b] >= L->nblocks ? PC_EXIT : L->bstart[ipdom[b]];
    simI_insn *in = &p->code[cbrpc[b]];
    if (in->op == OP_CBR) in->x = r;
    else if (in->op == OP_SWITCH) p->aux[in->x + 2] = r;
  }
  free(ipdom);
out:
  if (succ) for (uint32_t b = 0; b < L->nblocks; b++) free(succ[b]);
  free(succ);
  free(nsucc);
  free(cbrpc);
}

/* ------------------------------------------------------- kernel metadata */

static simI_elem elem_of(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMHalfTypeKind: return SIMI_ELEM_F16;
  case LLVMFloatTypeKind: return SIMI_ELEM_F32;
  case LLVMDoubleTypeKind: return SIMI_ELEM_F64;
  case LLVMPointerTypeKind: return SIMI_ELEM_U64;
  case LLVMIntegerTypeKind:
    switch (LLVMGetIntTypeWidth(t)) {
    case 8: return SIMI_ELEM_I8;
    case 16: return SIMI_ELEM_I16;
    case 32: return SIMI_ELEM_I32;
    case 64: return SIMI_ELEM_I64;
    default: return SIMI_ELEM_UNKNOWN;
    }
  case LLVMVectorTypeKind: return elem_of(LLVMGetElementType(t));
  default: return SIMI_ELEM_UNKNOWN;
  }
}

/* Flatten a struct type into scalar fields. */
static void flatten_fields(lw *L, LLVMTypeRef t, unsigned base, simI_field **v, unsigned *n) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  if (k == LLVMStructTypeKind) {
    unsigned m = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < m; i++)
      flatten_fields(L, LLVMStructGetTypeAtIndex(t, i),
                     base + (unsigned)LLVMOffsetOfElement(L->td, t, i), v, n);
    return;
  }
  if (k == LLVMArrayTypeKind || k == LLVMVectorTypeKind) {
    unsigned m = k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(t) : LLVMGetVectorSize(t);
    LLVMTypeRef et = LLVMGetElementType(t);
    unsigned es = (unsigned)alloc_size(L, et);
    for (unsigned i = 0; i < m && *n < 4096; i++) flatten_fields(L, et, base + i * es, v, n);
    return;
  }
  simI_field *nv = realloc(*v, (*n + 1) * sizeof **v);
  if (!nv) return;
  *v = nv;
  simI_field *f = &nv[(*n)++];
  f->offset = base;
  if (k == LLVMIntegerTypeKind) { f->kind = SIMI_PARAM_INT; f->bits = LLVMGetIntTypeWidth(t); }
  else if (k == LLVMPointerTypeKind) { f->kind = SIMI_PARAM_PTR; f->bits = 64; }
  else {
    f->kind = SIMI_PARAM_FLOAT;
    f->bits = k == LLVMHalfTypeKind ? 16 : k == LLVMFloatTypeKind ? 32 : 64;
  }
}

/* The value -O0 code spilled to the alloca that load v reloads (the first
 * store to it), or NULL when v does not read an alloca. */
static LLVMValueRef spilled_value(LLVMValueRef v) {
  LLVMValueRef ptr = LLVMGetOperand(v, 0);
  if (!LLVMIsAAllocaInst(ptr)) return NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(ptr); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == ptr) return LLVMGetOperand(user, 0);
  }
  return NULL;
}

/* Root parameter a pointer value derives from (-1 if none), following GEPs,
 * casts, phis/selects (first operand) and -O0 spills through allocas. */
static int root_param(LLVMValueRef fn, LLVMValueRef v, int depth) {
  if (depth > 12 || !v) return -1;
  if (LLVMIsAArgument(v)) {
    unsigned np = LLVMCountParams(fn);
    for (unsigned i = 0; i < np; i++) if (LLVMGetParam(fn, i) == v) return (int)i;
    return -1;
  }
  if (!LLVMIsAInstruction(v)) return -1;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  switch (op) {
  case LLVMGetElementPtr: case LLVMAddrSpaceCast: case LLVMBitCast: case LLVMIntToPtr:
  case LLVMPtrToInt: case LLVMAdd:
    return root_param(fn, LLVMGetOperand(v, 0), depth + 1);
  case LLVMPHI: case LLVMSelect: {
    unsigned k = op == LLVMSelect ? 1 : 0;
    return root_param(fn, LLVMGetOperand(v, k), depth + 1);
  }
  case LLVMLoad: /* -O0: the parameter was spilled to an alloca and reloaded */
    return root_param(fn, spilled_value(v), depth + 1);
  default:
    return -1;
  }
}

static void infer_params(LLVMValueRef fn, simI_param *ps, unsigned np) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      int st = LLVMIsAStoreInst(i) != NULL;
      if (!st && !LLVMIsALoadInst(i) && !LLVMIsAAtomicRMWInst(i) && !LLVMIsAAtomicCmpXchgInst(i))
        continue;
      LLVMValueRef ptr = LLVMGetOperand(i, st ? 1 : 0);
      if (st && LLVMIsAAllocaInst(ptr)) continue;
      int r = root_param(fn, ptr, 0);
      if (r < 0 || (unsigned)r >= np || ps[r].kind != SIMI_PARAM_PTR) continue;
      LLVMTypeRef vt = st ? LLVMTypeOf(LLVMGetOperand(i, 0))
                          : LLVMIsALoadInst(i) ? LLVMTypeOf(i) : LLVMTypeOf(LLVMGetOperand(i, 1));
      if (st || !LLVMIsALoadInst(i)) ps[r].written = 1;
      simI_elem e = elem_of(vt);
      if (e != SIMI_ELEM_UNKNOWN && ps[r].elem == SIMI_ELEM_UNKNOWN) ps[r].elem = e;
    }
}

/* ---- textures: which 64-bit parameters (and legacy references) are
 * texture or surface handles. Every fetch of cuda/texture_types.h passes its
 * handle through __simulee_texobj(handle, info); the handle is followed back
 * through casts, -O0 spills, the handle-moving inline asm and the
 * parameters of the functions between (their call sites) to a parameter of
 * the kernel or to llvm.nvvm.texsurf.handle.internal of a reference. */

typedef struct texorigin {
  LLVMValueRef fn;  /* function whose parameter `arg` it is, or NULL */
  unsigned arg;
  LLVMValueRef ref; /* the reference's global variable, or NULL */
} texorigin;

/* The origin of handle v in function fn (0: found). */
static int tex_origin(LLVMValueRef fn, LLVMValueRef v, int depth, texorigin *o) {
  if (depth > 48 || !v) return -1;
  if (LLVMIsAArgument(v)) {
    unsigned np = LLVMCountParams(fn);
    for (unsigned i = 0; i < np; i++)
      if (LLVMGetParam(fn, i) == v) {
        o->fn = fn;
        o->arg = i;
        o->ref = NULL;
        return 0;
      }
    return -1;
  }
  if (!LLVMIsAInstruction(v)) return -1;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMAddrSpaceCast:
  case LLVMZExt: case LLVMTrunc:
    return tex_origin(fn, LLVMGetOperand(v, 0), depth + 1, o);
  case LLVMPHI:
    return tex_origin(fn, LLVMGetOperand(v, 0), depth + 1, o);
  case LLVMSelect:
    return tex_origin(fn, LLVMGetOperand(v, 1), depth + 1, o);
  case LLVMLoad:
    return tex_origin(fn, spilled_value(v), depth + 1, o);
  case LLVMCall: {
    LLVMValueRef cal = LLVMGetCalledValue(v);
    if (LLVMIsAInlineAsm(cal) && LLVMGetNumArgOperands(v) == 1)
      return tex_origin(fn, LLVMGetOperand(v, 0), depth + 1, o);
    if (!LLVMIsAFunction(cal)) return -1;
    size_t nl;
    const char *nm = LLVMGetValueName2(cal, &nl);
    if (nl > 32 && !strncmp(nm, "llvm.nvvm.texsurf.handle.internal", 33) &&
        LLVMGetNumArgOperands(v) == 1 && LLVMIsAGlobalVariable(LLVMGetOperand(v, 0))) {
      o->fn = NULL;
      o->ref = LLVMGetOperand(v, 0);
      return 0;
    }
    if (nl == 16 && !strncmp(nm, "__simulee_texobj", 16))
      return tex_origin(fn, LLVMGetOperand(v, 0), depth + 1, o);
    return -1;
  }
  default:
    return -1;
  }
}

/* The functions reachable from a kernel by direct calls, and a bound on
 * the steps of the walk back from the markers (a crafted module's call
 * graph cannot make it exponential). */
typedef struct fnset {
  simI_map m;       /* function -> 1 */
  unsigned budget;  /* tex_mark steps left */
} fnset;

static int fnset_has(const fnset *s, LLVMValueRef f) {
  uint32_t v;
  return simI_map_get(&s->m, (uint64_t)(uintptr_t)f, &v);
}

static void fnset_reach(fnset *s, LLVMValueRef kfn) {
  LLVMValueRef *stack = malloc(4096 * sizeof *stack);
  unsigned sp = 0;
  if (!stack || simI_map_put(&s->m, (uint64_t)(uintptr_t)kfn, 1) < 0) {
    free(stack);
    return;
  }
  stack[sp++] = kfn;
  while (sp) {
    LLVMValueRef fn = stack[--sp];
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef c = LLVMGetCalledValue(i);
        if (!LLVMIsAFunction(c) || LLVMIsDeclaration(c) || fnset_has(s, c) || sp == 4096 ||
            s->m.n >= 65536 || simI_map_put(&s->m, (uint64_t)(uintptr_t)c, 1) < 0)
          continue;
        stack[sp++] = c;
      }
  }
  free(stack);
}

/* Record info for what handle v of function fn comes from, as seen from
 * kernel kfn (reach: the functions it calls): its parameters (ps) or the
 * references (refs, nrefs). */
static void tex_mark(lw *L, LLVMValueRef kfn, fnset *reach, LLVMValueRef fn,
                     LLVMValueRef v, unsigned info, int depth, simI_param *ps,
                     simI_texref **refs, unsigned *nrefs) {
  texorigin o;
  if (depth > 8 || !reach->budget || !fnset_has(reach, fn)) return;
  reach->budget--;
  if (tex_origin(fn, v, 0, &o)) return;
  if (o.ref) {
    uint32_t id = var_of(L, o.ref);
    simI_program *p = L->p;
    for (uint32_t j = 0; id != UINT32_MAX && j < p->nglobalvars; j++) {
      if (p->globalvar[j] != id) continue;
      for (unsigned r = 0; r < *nrefs; r++)
        if ((*refs)[r].var == j) return; /* the first fetch decides */
      simI_texref *nr = realloc(*refs, (*nrefs + 1) * sizeof **refs);
      if (!nr) return;
      *refs = nr;
      nr[*nrefs].var = j;
      nr[*nrefs].info = info;
      nr[*nrefs].name = p->vars[id].name;
      (*nrefs)++;
      return;
    }
    return;
  }
  if (o.fn == kfn) {
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetParam(kfn, o.arg))) == LLVMIntegerTypeKind &&
        LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetParam(kfn, o.arg))) == 64 && !ps[o.arg].tex)
      ps[o.arg].tex = info;
    return;
  }
  /* a parameter of a function between: its call sites */
  for (LLVMUseRef u = LLVMGetFirstUse(o.fn); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != o.fn ||
        o.arg >= LLVMGetNumArgOperands(c))
      continue;
    LLVMValueRef cf = LLVMGetBasicBlockParent(LLVMGetInstructionParent(c));
    tex_mark(L, kfn, reach, cf, LLVMGetOperand(c, o.arg), info, depth + 1, ps, refs, nrefs);
  }
}

/* The texture handles of kernel kfn (ps[i].tex, ki->texrefs): from every
 * call of the marker in the module that leads back to the kernel. */
static void tex_params(lw *L, LLVMValueRef kfn, simI_param *ps, simI_kernel_info *ki) {
  LLVMValueRef mk = LLVMGetNamedFunction(L->mod, "__simulee_texobj");
  if (!mk) return;
  simI_texref *refs = NULL;
  unsigned nrefs = 0;
  fnset reach;
  memset(&reach, 0, sizeof reach);
  reach.budget = 100000;
  fnset_reach(&reach, kfn);
  for (LLVMUseRef u = LLVMGetFirstUse(mk); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef c = LLVMGetUser(u);
    if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != mk || LLVMGetNumArgOperands(c) != 2 ||
        !LLVMIsAConstantInt(LLVMGetOperand(c, 1)))
      continue;
    unsigned info = (unsigned)LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1));
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(c));
    tex_mark(L, kfn, &reach, fn, LLVMGetOperand(c, 0), info, 0, ps, &refs, &nrefs);
  }
  simI_map_free(&reach.m);
  ki->texrefs = refs;
  ki->ntexrefs = nrefs;
}

/* ---- block-shape hints: the tile a kernel's index arithmetic names */

typedef struct shmap {
  LLVMValueRef *key;
  unsigned char *mask;
  unsigned cap;
} shmap;

static unsigned char *sh_slot(shmap *m, LLVMValueRef v, int add) {
  if (!m->cap) return NULL;
  uint64_t h = (uint64_t)(uintptr_t)v * 0x9E3779B97F4A7C15ull;
  for (unsigned i = (unsigned)(h >> 40) & (m->cap - 1), n = 0; n < m->cap;
       i = (i + 1) & (m->cap - 1), n++) {
    if (m->key[i] == v) return &m->mask[i];
    if (!m->key[i]) {
      if (!add) return NULL;
      m->key[i] = v;
      return &m->mask[i];
    }
  }
  return NULL;
}

/* Bits 1, 2, 4: v is computed from threadIdx.x, .y, .z; 8, 16, 32: it is
 * that index itself (through casts and -O0 spills only). */
static unsigned sh_mask(shmap *m, LLVMValueRef v) {
  unsigned char *c = sh_slot(m, v, 0);
  return c ? *c : 0;
}

static void sh_vote(unsigned *val, unsigned *cnt, uint64_t n) {
  if (n < 2 || n > 1024) return;
  for (unsigned i = 0; i < 4; i++) {
    if (cnt[i] && val[i] == n) { cnt[i]++; return; }
    if (!cnt[i]) { val[i] = (unsigned)n; cnt[i] = 1; return; }
  }
}

static unsigned sh_best(const unsigned *val, const unsigned *cnt) {
  unsigned b = 0, bc = 0;
  for (unsigned i = 0; i < 4; i++)
    if (cnt[i] > bc) { b = val[i]; bc = cnt[i]; }
  return b;
}

/* The block shape the kernel's own index arithmetic is written for
 * (ki->tile_x, tile_y; 0 = none named): threadIdx.y itself multiplied (or
 * shifted) by a constant C (ty * 16 + tx: 16 wide), threadIdx.x (.y)
 * itself as the index of an array dimension of N elements (tile[ty][tx] of
 * float[8][8]: 8 x 8; not slot[tx & 31], which wraps on purpose). The most
 * frequent wins.
 * -O0 spills through allocas are followed (a store of such a value marks
 * the alloca, its loads carry the mark). */
static void shape_hints(LLVMValueRef fn, simI_kernel_info *ki) {
  unsigned n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) n++;
  if (!n || n > (1u << 20)) return;
  shmap m;
  m.cap = 64;
  while (m.cap < 2 * n) m.cap *= 2;
  m.key = calloc(m.cap, sizeof *m.key);
  m.mask = calloc(m.cap, 1);
  if (!m.key || !m.mask) { free(m.key); free(m.mask); return; }
  for (int changed = 1, pass = 0; changed && pass < 6; pass++) {
    changed = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        unsigned mk = 0;
        switch (op) {
        case LLVMCall: {
          LLVMValueRef cf = LLVMGetCalledValue(i);
          size_t len = 0;
          const char *nm = cf && LLVMIsAFunction(cf) ? LLVMGetValueName2(cf, &len) : "";
          if (!strcmp(nm, "llvm.nvvm.read.ptx.sreg.tid.x")) mk = 1 | 8;
          else if (!strcmp(nm, "llvm.nvvm.read.ptx.sreg.tid.y")) mk = 2 | 16;
          else if (!strcmp(nm, "llvm.nvvm.read.ptx.sreg.tid.z")) mk = 4 | 32;
          break;
        }
        case LLVMZExt: case LLVMSExt: case LLVMTrunc: case LLVMFreeze:
          mk = sh_mask(&m, LLVMGetOperand(i, 0));
          break;
        case LLVMAdd: case LLVMSub:
        case LLVMMul: case LLVMShl: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMLShr:
        case LLVMAShr: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
        case LLVMSelect: case LLVMPHI: {
          unsigned no = (unsigned)LLVMGetNumOperands(i);
          for (unsigned k = op == LLVMSelect ? 1 : 0; k < no; k++)
            mk |= sh_mask(&m, LLVMGetOperand(i, k)) & 7u;
          break;
        }
        case LLVMLoad:
          mk = sh_mask(&m, LLVMGetOperand(i, 0));
          break;
        case LLVMStore: {
          LLVMValueRef ptr = LLVMGetOperand(i, 1);
          unsigned v = sh_mask(&m, LLVMGetOperand(i, 0));
          if (v && LLVMIsAAllocaInst(ptr)) {
            unsigned char *c = sh_slot(&m, ptr, 1);
            if (c && (*c | v) != *c) { *c |= (unsigned char)v; changed = 1; }
          }
          break;
        }
        default:
          break;
        }
        if (!mk) continue;
        unsigned char *c = sh_slot(&m, i, 1);
        if (c && (*c | mk) != *c) { *c |= (unsigned char)mk; changed = 1; }
      }
  }
  unsigned xv[4] = {0}, xc[4] = {0}, yv[4] = {0}, yc[4] = {0};
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      LLVMOpcode op = LLVMGetInstructionOpcode(i);
      if (op == LLVMMul || op == LLVMShl) {
        for (unsigned k = 0; k < 2; k++) {
          LLVMValueRef a = LLVMGetOperand(i, k), c = LLVMGetOperand(i, 1 - k);
          if (op == LLVMShl && k == 1) break;
          if (!LLVMIsAConstantInt(c) || sh_mask(&m, a) != (2 | 16)) continue;
          uint64_t cv = LLVMConstIntGetZExtValue(c);
          if (op == LLVMShl) cv = cv < 11 ? 1ull << cv : 0;
          sh_vote(xv, xc, cv);
        }
      } else if (op == LLVMGetElementPtr) {
        unsigned no = (unsigned)LLVMGetNumOperands(i);
        LLVMTypeRef ty = LLVMGetGEPSourceElementType(i);
        for (unsigned k = 2; k < no; k++) {
          LLVMValueRef idx = LLVMGetOperand(i, k);
          LLVMTypeKind tk = LLVMGetTypeKind(ty);
          if (tk == LLVMStructTypeKind) {
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)LLVMConstIntGetZExtValue(idx));
            continue;
          }
          if (tk != LLVMArrayTypeKind) break;
          uint64_t len = LLVMGetArrayLength2(ty);
          ty = LLVMGetElementType(ty);
          unsigned mk = sh_mask(&m, idx);
          if (mk == (1 | 8)) sh_vote(xv, xc, len);
          else if (mk == (2 | 16)) sh_vote(yv, yc, len);
        }
      }
    }
  ki->tile_x = sh_best(xv, xc);
  ki->tile_y = sh_best(yv, yc);
  free(m.key);
  free(m.mask);
}

/* The argument of fn that v is (or the alloca v holds, stored there from an
 * argument: -O0), or -1. */
static int debug_arg_of(LLVMValueRef fn, LLVMValueRef v) {
  if (v && LLVMIsAAllocaInst(v))
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef st = LLVMGetUser(u);
      if (st && LLVMIsAStoreInst(st) && LLVMGetOperand(st, 1) == v &&
          LLVMIsAArgument(LLVMGetOperand(st, 0))) {
        v = LLVMGetOperand(st, 0);
        break;
      }
    }
  if (!v || !LLVMIsAArgument(v)) return -1;
  unsigned np = LLVMCountParams(fn);
  for (unsigned i = 0; i < np; i++)
    if (LLVMGetParam(fn, i) == v) return (int)i;
  return -1;
}

static int cmp_i64(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return x < y ? -1 : x > y;
}

/* The enumerators' values of type t (a DIType as a value) into integer
 * parameter q, when t is an enumeration (through typedefs and
 * qualifiers). The values are read from the printed DIEnumerator nodes
 * ("value: N"): the C API has no getter for them. */
static void param_enums(LLVMValueRef t, simI_param *q) {
  for (unsigned d = 0; t && d < 8 && LLVMIsAMDNode(t); d++) {
    LLVMMetadataRef tm = LLVMValueAsMetadata(t);
    unsigned kind = LLVMGetMetadataKind(tm), n = LLVMGetMDNodeNumOperands(t);
    if (n < 5 || n > 64) return;
    LLVMValueRef ops[64];
    LLVMGetMDNodeOperands(t, ops);
    if (kind == LLVMDIDerivedTypeMetadataKind) { /* typedef, const, volatile */
      t = ops[3];
      continue;
    }
    if (kind != LLVMDICompositeTypeMetadataKind || LLVMGetDINodeTag(tm) != 0x04 /* enum */ ||
        !ops[4] || !LLVMIsAMDNode(ops[4]))
      return;
    unsigned ne = LLVMGetMDNodeNumOperands(ops[4]);
    if (!ne || ne > SIMI_MAX_ENUMS) return;
    LLVMValueRef el[SIMI_MAX_ENUMS];
    int64_t *v = malloc(ne * sizeof *v);
    if (!v) return;
    LLVMGetMDNodeOperands(ops[4], el);
    unsigned k = 0;
    for (unsigned i = 0; i < ne; i++) {
      if (!el[i] || !LLVMIsAMDNode(el[i]) ||
          LLVMGetMetadataKind(LLVMValueAsMetadata(el[i])) != LLVMDIEnumeratorMetadataKind)
        continue;
      char *txt = LLVMPrintValueToString(el[i]);
      const char *at = txt ? strstr(txt, ", value: ") : NULL;
      if (at) {
        char *end = NULL;
        int uns = strstr(at, "isUnsigned: true") != NULL;
        int64_t x = uns ? (int64_t)strtoull(at + 9, &end, 10) : strtoll(at + 9, &end, 10);
        if (end && end != at + 9) v[k++] = x;
      }
      LLVMDisposeMessage(txt);
    }
    if (!k) {
      free(v);
      return;
    }
    qsort(v, k, sizeof *v, cmp_i64);
    unsigned m = 1;
    for (unsigned i = 1; i < k; i++)
      if (v[i] != v[m - 1]) v[m++] = v[i];
    q->enums = v;
    q->nenums = m;
    return;
  }
}

/* Names of the unnamed parameters of kernel fn (ps[0..np)) from its debug
 * info (a module compiled with -g but without value names): the variable of
 * the first llvm.dbg.value / llvm.dbg.declare in fn, of fn's own scope,
 * that describes the argument (or the alloca it is stored to); and the
 * enumerators of an integer parameter of an enum type (param_enums). Names
 * and values are kernel data: they are only copied. */
static void param_debug_names(lw *L, LLVMValueRef fn, simI_param *ps, unsigned np) {
  LLVMMetadataRef sp = LLVMGetSubprogram(fn);
  if (!sp) return;
  /* debug records have no C API in LLVM 19: read the intrinsics */
  if (!L->dbg_old && LLVMIsNewDbgInfoFormat(L->mod)) {
    LLVMSetIsNewDbgInfoFormat(L->mod, 0);
    L->dbg_old = 1;
  }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef in = LLVMGetFirstInstruction(bb); in; in = LLVMGetNextInstruction(in)) {
      if (!LLVMIsACallInst(in) || LLVMGetNumArgOperands(in) < 2) continue;
      LLVMValueRef c = LLVMGetCalledValue(in);
      size_t cl = 0;
      const char *cn = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &cl) : "";
      if (strcmp(cn, "llvm.dbg.value") && strcmp(cn, "llvm.dbg.declare")) continue;
      LLVMValueRef loc = LLVMGetOperand(in, 0), var = LLVMGetOperand(in, 1);
      if (!loc || !var || !LLVMIsAValueAsMetadata(loc) || !LLVMIsAMDNode(var)) continue;
      LLVMMetadataRef vm = LLVMValueAsMetadata(var);
      if (LLVMGetMetadataKind(vm) != LLVMDILocalVariableMetadataKind ||
          LLVMDIVariableGetScope(vm) != sp || LLVMGetMDNodeNumOperands(var) < 2)
        continue;
      LLVMValueRef v = NULL;
      LLVMGetMDNodeOperands(loc, &v);
      int a = debug_arg_of(fn, v);
      if (a < 0 || (unsigned)a >= np) continue;
      unsigned nops = LLVMGetMDNodeNumOperands(var);
      LLVMValueRef *ops = calloc(nops, sizeof *ops);
      if (!ops) return;
      LLVMGetMDNodeOperands(var, ops);
      if (ps[a].kind == SIMI_PARAM_INT && !ps[a].nenums && nops > 3) param_enums(ops[3], &ps[a]);
      if (ps[a].name[0]) {
        free(ops);
        continue;
      }
      unsigned nl = 0;
      const char *nm = ops[1] && LLVMIsAMDString(ops[1]) ? LLVMGetMDString(ops[1], &nl) : NULL;
      if (nm && nl && !memchr(nm, 0, nl)) {
        char *d = strndup(nm, nl);
        if (d) ps[a].name = d;
      }
      free(ops);
    }
}

/* 1 when type t is or holds a pointer. */
static int holds_pointer(LLVMTypeRef t, unsigned depth) {
  if (depth > 8) return 1;
  switch (LLVMGetTypeKind(t)) {
  case LLVMPointerTypeKind: return 1;
  case LLVMVectorTypeKind:
  case LLVMScalableVectorTypeKind:
  case LLVMArrayTypeKind: return holds_pointer(LLVMGetElementType(t), depth + 1);
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < n; i++)
      if (holds_pointer(LLVMStructGetTypeAtIndex(t, i), depth + 1)) return 1;
    return 0;
  }
  default: return 0;
  }
}

/* 1 when alloca a is a slot of pointers the function holds: it is only
 * loaded from and stored to, every store puts a pointer in it (never a itself
 * or an integer), and nothing else uses it but lifetime markers (what clang
 * makes at -O0 of a pointer parameter or variable). A load from it then
 * gives back a pointer some store put there. */
static int pointer_slot(LLVMValueRef a) {
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef i = LLVMGetUser(u);
    if (!LLVMIsAInstruction(i)) return 0;
    switch (LLVMGetInstructionOpcode(i)) {
    case LLVMLoad:
      if (LLVMGetOperand(i, 0) != a) return 0;
      break;
    case LLVMStore: {
      LLVMValueRef v = LLVMGetOperand(i, 0);
      if (LLVMGetOperand(i, 1) != a || v == a ||
          LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
        return 0;
      break;
    }
    case LLVMCall: {
      LLVMValueRef c = LLVMGetCalledValue(i);
      size_t n = 0;
      const char *nm = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &n) : NULL;
      if (!nm || n < 14 || strncmp(nm, "llvm.lifetime.", 14) != 0) return 0;
      break;
    }
    default: return 0;
    }
  }
  return 1;
}

/* 1 when some code of the module makes a pointer that is not derived from
 * a value it already holds (an argument, a global, an alloca, a call to a
 * function of the module): a load (but from a pointer slot, pointer_slot),
 * atomic or extractvalue/extractelement of a pointer type, an inttoptr, a
 * va_arg, or a call of a declaration (an intrinsic or an external function)
 * returning a pointer. Without these, the only pointers to a kernel
 * argument's buffer are the ones derived from the arguments. */
static int module_forges_pointers(lw *L) {
  if (L->forge >= 0) return L->forge;
  int f = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(L->mod); fn && !f; fn = LLVMGetNextFunction(fn)) {
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && !f; b = LLVMGetNextBasicBlock(b)) {
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !f; i = LLVMGetNextInstruction(i)) {
        switch (LLVMGetInstructionOpcode(i)) {
        case LLVMIntToPtr:
        case LLVMVAArg: f = 1; break;
        case LLVMLoad:
          if (holds_pointer(LLVMTypeOf(i), 0)) {
            LLVMValueRef a = LLVMGetOperand(i, 0);
            f = !(LLVMIsAAllocaInst(a) && pointer_slot(a));
          }
          break;
        case LLVMAtomicRMW:
        case LLVMAtomicCmpXchg:
        case LLVMExtractValue:
        case LLVMExtractElement: f = holds_pointer(LLVMTypeOf(i), 0); break;
        case LLVMCall: {
          if (!holds_pointer(LLVMTypeOf(i), 0)) break;
          LLVMValueRef c = LLVMGetCalledValue(i);
          f = !c || !LLVMIsAFunction(c) || LLVMIsDeclaration(c);
          break;
        }
        default: break;
        }
      }
    }
  }
  L->forge = f;
  return f;
}

/* simI_param.ro_private of the pointer parameters of kernel fn: readonly
 * (or readnone) and nocapture, in a module that makes no pointer but from
 * the ones it holds. */
static void ro_params(lw *L, LLVMValueRef fn, simI_param *ps, unsigned np) {
  unsigned ro = LLVMGetEnumAttributeKindForName("readonly", 8);
  unsigned rn = LLVMGetEnumAttributeKindForName("readnone", 8);
  unsigned nc = LLVMGetEnumAttributeKindForName("nocapture", 9);
  int any = 0;
  for (unsigned i = 0; i < np; i++) {
    ps[i].ro_private = ps[i].kind == SIMI_PARAM_PTR &&
                       (LLVMGetEnumAttributeAtIndex(fn, i + 1, ro) ||
                        LLVMGetEnumAttributeAtIndex(fn, i + 1, rn)) &&
                       LLVMGetEnumAttributeAtIndex(fn, i + 1, nc);
    any |= ps[i].ro_private;
  }
  if (any && module_forges_pointers(L))
    for (unsigned i = 0; i < np; i++) ps[i].ro_private = 0;
}

static void kernel_info(lw *L, LLVMValueRef fn, simI_kernel_rec *k) {
  simI_kernel_info *ki = &k->info;
  k->func = func_of(L, fn);
  ki->name = L->p->funcs[k->func].name;
  char *dm = simI_demangle(ki->name, 0), *pr = simI_demangle(ki->name, 1);
  ki->demangled = dm ? dm : strdup(ki->name);
  ki->pretty = pr ? pr : strdup(ki->name);
  char buf[1024];
  dbg_path(fn, buf, sizeof buf);
  ki->file = L->p->strings[intern(L, buf, strlen(buf))];
  ki->line = LLVMGetDebugLocLine(fn);
  unsigned np = LLVMCountParams(fn);
  simI_param *ps = calloc(np + 1, sizeof *ps);
  ki->params = ps;
  ki->nparams = np;
  unsigned byval_kind = LLVMGetEnumAttributeKindForName("byval", 5);
  for (unsigned i = 0; i < np; i++) {
    LLVMValueRef a = LLVMGetParam(fn, i);
    LLVMTypeRef t = LLVMTypeOf(a);
    simI_param *q = &ps[i];
    q->name = "";
    size_t nl;
    const char *pn = LLVMGetValueName2(a, &nl);
    if (nl) q->name = strndup(pn, nl);
    LLVMAttributeRef bv = LLVMGetEnumAttributeAtIndex(fn, i + 1, byval_kind);
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind: q->kind = SIMI_PARAM_INT; q->bits = LLVMGetIntTypeWidth(t);
      q->size = (q->bits + 7) / 8; break;
    case LLVMHalfTypeKind: q->kind = SIMI_PARAM_FLOAT; q->bits = 16; q->size = 2; break;
    case LLVMFloatTypeKind: q->kind = SIMI_PARAM_FLOAT; q->bits = 32; q->size = 4; break;
    case LLVMDoubleTypeKind: q->kind = SIMI_PARAM_FLOAT; q->bits = 64; q->size = 8; break;
    case LLVMPointerTypeKind:
      if (bv) {
        LLVMTypeRef st = LLVMGetTypeAttributeValue(bv);
        q->kind = SIMI_PARAM_STRUCT;
        q->byval = 1;
        q->size = (unsigned)alloc_size(L, st);
        const char *sn = LLVMGetTypeKind(st) == LLVMStructTypeKind ? LLVMGetStructName(st) : NULL;
        q->tensor_map = sn && !strcmp(sn, "struct.CUtensorMap_st");
        simI_field *fv = NULL;
        unsigned nf = 0;
        flatten_fields(L, st, 0, &fv, &nf);
        q->fields = fv;
        q->nfields = nf;
      } else {
        q->kind = SIMI_PARAM_PTR; q->bits = 64; q->size = 8;
        q->addrspace = LLVMGetPointerAddressSpace(t);
      }
      break;
    default: {
      q->kind = SIMI_PARAM_STRUCT;
      q->size = (unsigned)alloc_size(L, t);
      simI_field *fv = NULL;
      unsigned nf = 0;
      flatten_fields(L, t, 0, &fv, &nf);
      q->fields = fv;
      q->nfields = nf;
    }
    }
  }
  int want = 0; /* unnamed parameters, or integers that may be enums */
  for (unsigned i = 0; i < np; i++) want |= !ps[i].name[0] || ps[i].kind == SIMI_PARAM_INT;
  if (want && LLVMGetSubprogram(fn)) param_debug_names(L, fn, ps, np);
  infer_params(fn, ps, np);
  ro_params(L, fn, ps, np);
  tex_params(L, fn, ps, ki);
  shape_hints(fn, ki);
}

/* Reachability-based facts of each kernel: dims read, barriers, shared use,
 * unsupported constructs. */
static int kernel_facts(simI_program *p, simI_kernel_rec *k) {
  uint8_t *seen = calloc(p->nfuncs + 1, 1);
  uint32_t *stack = malloc((p->nfuncs + 1) * sizeof(uint32_t));
  uint8_t *shseen = calloc(p->nsharedvars + 1, 1);
  k->shoff = malloc((p->nsharedvars + 1) * sizeof(uint64_t));
  if (!seen || !stack || !shseen || !k->shoff) { free(seen); free(stack); free(shseen); return -1; }
  uint32_t sp = 0;
  stack[sp++] = k->func;
  seen[k->func] = 1;
  while (sp) {
    simI_func *f = &p->funcs[stack[--sp]];
    for (uint32_t i = 0; i < f->nshvars; i++) shseen[f->shvars[i]] = 1;
    for (uint32_t pc = f->entry; pc < f->end; pc++) {
      simI_insn *in = &p->code[pc];
      switch (in->op) {
      case OP_CALL: {
        uint32_t callee = p->aux[in->x];
        if (!seen[callee]) { seen[callee] = 1; stack[sp++] = callee; }
        break;
      }
      case OP_SREG:
        if (in->x <= SR_NCTAID_Z) k->info.dims_read |= 1u << in->x;
        if (in->x == SR_ENVREG1 || in->x == SR_ENVREG2) k->info.grid_sync = 1;
        if (in->x >= SR_CLUSTERID_X && in->x <= SR_IS_EXPLICIT_CLUSTER) k->info.uses_cluster = 1;
        break;
      case OP_MAPA:
      case OP_CTARANK:
      case OP_CLBAR:
        k->info.uses_cluster = 1;
        break;
      case OP_BAR:
        k->info.nbarriers++;
        break;
      case OP_DEVLAUNCH:
        k->info.device_launch = 1;
        break;
      case OP_UNSUP:
      case OP_TRAP:
        if (in->op == OP_UNSUP && !k->unsupported) {
          const char *file = p->strings[p->locs[pc].file];
          char buf[600];
          if (p->locs[pc].line)
            snprintf(buf, sizeof buf, "%s in %s at %s:%u", p->strings[in->x], f->name, file,
                     p->locs[pc].line);
          else
            snprintf(buf, sizeof buf, "%s in %s", p->strings[in->x], f->name);
          k->unsupported = strdup(buf);
        }
        break;
      default:
        break;
      }
    }
  }
  /* the kernel's own arena: the shared variables its code and its callees'
   * name (a file's other kernels have theirs), the reserved region first at
   * offset 0 as the hardware's window has it, then in declaration order */
  uint64_t top = 0;
  for (uint32_t i = 0; i < p->nsharedvars; i++) {
    simI_var *v = &p->vars[p->sharedvar[i]];
    k->shoff[i] = UINT64_MAX;
    if (!shseen[i]) continue;
    if (v->dynamic) { k->info.uses_dynamic_shared = 1; continue; }
    if (p->reserved_smem && p->sharedvar[i] == p->reserved_var) {
      k->shoff[i] = 0;
      k->reserved = v->size;
      top = top > v->size ? top : v->size;
    }
  }
  for (uint32_t i = 0; i < p->nsharedvars; i++) {
    simI_var *v = &p->vars[p->sharedvar[i]];
    if (!shseen[i] || v->dynamic || (p->reserved_smem && p->sharedvar[i] == p->reserved_var)) continue;
    top = (top + v->align - 1) / v->align * v->align;
    k->shoff[i] = top;
    top += v->size;
    k->info.static_shared += v->size;
  }
  k->shared_arena = (top + 15) & ~15ull;
  free(seen);
  free(stack);
  free(shseen);
  return 0;
}

/* ------------------------------------------------------------------ load */

/* Large initialised __device__ data moves into a memfd that every launch
 * maps copy-on-write (exec.c), instead of a private copy per launch. On any
 * failure the variable keeps its heap copy. */
static void share_init(simI_var *v) {
  if (!v->init || v->size < SIMI_COW_MIN || v->size > (uint64_t)SIZE_MAX) return;
  int fd = memfd_create("simulee-device-init", MFD_CLOEXEC);
  if (fd < 0) return;
  uint64_t off = 0;
  while (off < v->size) {
    ssize_t w = write(fd, v->init + off, (size_t)(v->size - off));
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) { close(fd); return; }
    off += (uint64_t)w;
  }
  void *m = mmap(NULL, (size_t)v->size, PROT_READ, MAP_SHARED, fd, 0);
  if (m == MAP_FAILED) { close(fd); return; }
  free(v->init);
  v->init = m;
  v->cow = 1;
  v->cow_fd = fd;
}

static void diag_handler(LLVMDiagnosticInfoRef di, void *ctx) {
  lw *L = ctx;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError) return;
  char *d = LLVMGetDiagInfoDescription(di);
  if (!L->failed) fail(L, "%s", d);
  LLVMDisposeMessage(d);
}

static int is_kernel(LLVMModuleRef mod, LLVMValueRef fn, LLVMValueRef *annot, unsigned nann) {
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv) return 1;
  for (unsigned i = 0; i < nann; i++) {
    unsigned n = LLVMGetMDNodeNumOperands(annot[i]);
    if (n < 3) continue;
    LLVMValueRef ops[8];
    if (n > 8) continue;
    LLVMGetMDNodeOperands(annot[i], ops);
    if (ops[0] != fn) continue;
    unsigned sl = 0;
    const char *s = ops[1] ? LLVMGetMDString(ops[1], &sl) : NULL;
    if (s && sl == 6 && memcmp(s, "kernel", 6) == 0) return 1;
  }
  (void)mod;
  return 0;
}

/* The kernel's __cluster_dims__(x, y, z): clang-19 ignores CUDA's attribute,
 * so our headers spell it annotate("simulee.cluster_dims", x, y, z), found in
 * llvm.global.annotations (the arguments are a constant struct of ints);
 * newer clangs write nvvm.annotations "cluster_dim_x/y/z", read as well.
 * Dimensions left out are 1; none at all (or a zero) leaves 0,0,0. */
static void cluster_dims(LLVMModuleRef mod, LLVMValueRef fn, LLVMValueRef *annot, unsigned nann,
                         simI_dim3 *out) {
  unsigned d[3] = {0, 0, 0};
  int found = 0;
  LLVMValueRef ga = LLVMGetNamedGlobal(mod, "llvm.global.annotations");
  LLVMValueRef init = ga ? LLVMGetInitializer(ga) : NULL;
  if (init && LLVMGetTypeKind(LLVMTypeOf(init)) == LLVMArrayTypeKind) {
    unsigned n = LLVMGetArrayLength(LLVMTypeOf(init));
    for (unsigned i = 0; i < n && !found; i++) {
      LLVMValueRef e = LLVMGetAggregateElement(init, i);
      if (!e || LLVMGetTypeKind(LLVMTypeOf(e)) != LLVMStructTypeKind ||
          LLVMCountStructElementTypes(LLVMTypeOf(e)) < 5)
        continue;
      LLVMValueRef f = LLVMGetAggregateElement(e, 0), str = LLVMGetAggregateElement(e, 1);
      LLVMValueRef args = LLVMGetAggregateElement(e, 4);
      if (f != fn || !str || !LLVMIsAGlobalVariable(str) || !LLVMGetInitializer(str)) continue;
      size_t sl = 0;
      LLVMValueRef si = LLVMGetInitializer(str);
      if (!LLVMIsAConstantDataSequential(si)) continue;
      const char *sv = LLVMGetAsString(si, &sl);
      if (!sv || sl < 20 || strncmp(sv, "simulee.cluster_dims", 20) || (sl > 20 && sv[20])) continue;
      LLVMValueRef ai = args && LLVMIsAGlobalVariable(args) ? LLVMGetInitializer(args) : NULL;
      if (!ai || LLVMGetTypeKind(LLVMTypeOf(ai)) != LLVMStructTypeKind) continue;
      unsigned na = LLVMCountStructElementTypes(LLVMTypeOf(ai));
      for (unsigned k = 0; k < na && k < 3; k++) {
        LLVMValueRef c = LLVMGetAggregateElement(ai, k);
        long long v = c && LLVMIsAConstantInt(c) ? LLVMConstIntGetSExtValue(c) : 0;
        d[k] = v > 0 && v <= 0xFFFF ? (unsigned)v : 0;
      }
      for (unsigned k = na; k < 3; k++) d[k] = 1;
      found = na > 0;
    }
  }
  for (unsigned i = 0; i < nann && !found; i++) {
    unsigned n = LLVMGetMDNodeNumOperands(annot[i]);
    LLVMValueRef ops[8];
    if (n < 3 || n > 8) continue;
    LLVMGetMDNodeOperands(annot[i], ops);
    if (ops[0] != fn) continue;
    for (unsigned j = 1; j + 1 < n; j += 2) {
      unsigned sl = 0;
      const char *sv = ops[j] ? LLVMGetMDString(ops[j], &sl) : NULL;
      if (!sv || sl != 13 || strncmp(sv, "cluster_dim_", 12) || sv[12] < 'x' || sv[12] > 'z')
        continue;
      LLVMValueRef c = ops[j + 1];
      long long v = c && LLVMIsAConstantInt(c) ? LLVMConstIntGetSExtValue(c) : 0;
      d[sv[12] - 'x'] = v > 0 && v <= 0xFFFF ? (unsigned)v : 0;
    }
  }
  if (!found && (d[0] || d[1] || d[2]))
    for (unsigned k = 0; k < 3; k++) if (!d[k]) d[k] = 1;
  if (!d[0] || !d[1] || !d[2]) d[0] = d[1] = d[2] = 0;
  out->x = d[0];
  out->y = d[1];
  out->z = d[2];
}

/* Reading the file: only a regular file of at most SIMI_MAX_MODULE_BYTES, read
 * whole into memory (NUL-terminated, for the IR parser). O_NONBLOCK keeps
 * open() of a FIFO from waiting for a writer; fstat then refuses it. */
static int read_module_file(const char *path, char **data, size_t *len, char *err,
                            size_t errlen) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) {
    snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  struct stat sb;
  if (fstat(fd, &sb) != 0) {
    snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    close(fd);
    return -1;
  }
  if (!S_ISREG(sb.st_mode)) {
    snprintf(err, errlen, "%s: not a regular file (%s)", path,
             S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO"
             : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode) ? "a device" : "a socket or special file");
    close(fd);
    return -1;
  }
  if ((uint64_t)sb.st_size > SIMI_MAX_MODULE_BYTES) {
    snprintf(err, errlen, "%s: too large for a CUDA module (%llu bytes, at most %llu)", path,
             (unsigned long long)sb.st_size, (unsigned long long)SIMI_MAX_MODULE_BYTES);
    close(fd);
    return -1;
  }
  size_t want = (size_t)sb.st_size, have = 0;
  char *buf = malloc(want + 1);
  if (!buf) {
    snprintf(err, errlen, "%s: out of memory", path);
    close(fd);
    return -2;
  }
  while (have < want) {
    ssize_t r = read(fd, buf + have, want - have);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) {
      snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
      free(buf);
      close(fd);
      return -1;
    }
    if (r == 0) break; /* shrank while reading: take what is there */
    have += (size_t)r;
  }
  close(fd);
  buf[have] = 0;
  *data = buf;
  *len = have;
  return 0;
}

/* ------------------------------------------------------- crash isolation */

/* -1: not decided yet (SIMULEE_PARSE_ISOLATION decides), 0 off, 1 on. */
static _Atomic int parse_isolation = -1;
/* Forks take it for writing, in-process LLVM work for reading, so no thread
 * is inside LLVM (holding its locks) at the moment of a fork. */
static pthread_rwlock_t llvm_lock = PTHREAD_RWLOCK_INITIALIZER;

void simI_set_parse_isolation(int on) { atomic_store(&parse_isolation, on ? 1 : 0); }

int simI_parse_isolation(void) {
  int v = atomic_load(&parse_isolation);
  if (v < 0) {
    const char *e = getenv("SIMULEE_PARSE_ISOLATION");
    v = !(e && strcmp(e, "0") == 0);
    atomic_store(&parse_isolation, v);
  }
  return v;
}

typedef struct diag_sink { char msg[400]; int got; } diag_sink;

static void sink_handler(LLVMDiagnosticInfoRef di, void *ctx) {
  diag_sink *d = ctx;
  if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || d->got) return;
  char *m = LLVMGetDiagInfoDescription(di);
  snprintf(d->msg, sizeof d->msg, "%s", m ? m : "error");
  LLVMDisposeMessage(m);
  d->got = 1;
}

static int is_bitcode_magic(const char *data, size_t len) {
  const unsigned char *m = (const unsigned char *)data;
  return len >= 4 && ((m[0] == 'B' && m[1] == 'C' && m[2] == 0xC0 && m[3] == 0xDE) ||
                      (m[0] == 0xDE && m[1] == 0xC0 && m[2] == 0x17 && m[3] == 0x0B));
}

/* Parse and verify (never with an aborting action). 0: *mod is a valid module;
 * else a one-line message (without the path) is in msg and *mod is NULL.
 * The context's diagnostic handler must be a sink_handler on `sink`.
 * verified: the isolated reader already verified these very bytes (the
 * reader is deterministic), so the verifier is not run again. */
static int parse_verify(LLVMContextRef ctx, diag_sink *sink, const char *data, size_t len,
                        int verified, LLVMModuleRef *mod, char *msg, size_t msglen) {
  *mod = NULL;
  char *m = NULL;
  LLVMMemoryBufferRef buf = LLVMCreateMemoryBufferWithMemoryRange(data, len, "module", 1);
  if (!buf) { snprintf(msg, msglen, "out of memory"); return 1; }
  if (is_bitcode_magic(data, len)) {
    int bad = LLVMParseBitcodeInContext2(ctx, buf, mod);
    LLVMDisposeMemoryBuffer(buf);
    if (bad) {
      snprintf(msg, msglen, "corrupt LLVM bitcode: %s", sink->got ? sink->msg : "parse error");
      *mod = NULL;
      return 1;
    }
  } else if (LLVMParseIRInContext(ctx, buf, mod, &m)) { /* takes buf */
    char *nl = m ? strchr(m, '\n') : NULL;
    if (nl) *nl = 0;
    snprintf(msg, msglen, "not LLVM bitcode or IR: %s", m ? m : "parse error");
    LLVMDisposeMessage(m);
    *mod = NULL;
    return 1;
  }
  sink->got = 0;
  if (verified) return 0;
  if (LLVMVerifyModule(*mod, LLVMReturnStatusAction, &m)) {
    char *nl = m ? strchr(m, '\n') : NULL;
    if (nl) *nl = 0;
    snprintf(msg, msglen, "invalid LLVM module: %s", m ? m : "");
    LLVMDisposeMessage(m);
    LLVMDisposeModule(*mod);
    *mod = NULL;
    return 1;
  }
  LLVMDisposeMessage(m);
  return 0;
}

static const char *signal_name(int sig) {
  switch (sig) {
  case SIGSEGV: return "SIGSEGV";
  case SIGABRT: return "SIGABRT";
  case SIGBUS: return "SIGBUS";
  case SIGILL: return "SIGILL";
  case SIGFPE: return "SIGFPE";
  case SIGTRAP: return "SIGTRAP";
  case SIGKILL: return "SIGKILL";
  case SIGXCPU: return "SIGXCPU";
  default: return NULL;
  }
}

/* Seconds of CPU the isolated reader may use (a reader that loops). */
#define PARSE_CPU_LIMIT 120
/* Address space the isolated reader may add to the process's: 2 GiB plus
 * 32 bytes per input byte (LLVM holds a module in about 10-20 times its
 * bitcode size). */
#define PARSE_MEM_LIMIT (2ull << 30)
#define PARSE_MEM_PER_BYTE 32ull

/* Parse and verify in a forked child. 0: the input parses and verifies (the
 * parent may parse it in-process: the reader is deterministic); 1: msg says
 * why not (a reader error, or the reader crashed); -1: could not fork. */
static int parse_isolated(const char *data, size_t len, char *msg, size_t msglen) {
  int fds[2];
  if (pipe(fds) != 0) {
    snprintf(msg, msglen, "cannot start the isolated LLVM reader: %s", strerror(errno));
    return -1;
  }
  /* the child's stderr (what LLVM prints before it aborts) goes to a memfd:
   * never blocks the child, and its first line explains an abort */
  int efd = memfd_create("simulee-llvm-stderr", MFD_CLOEXEC);
  pthread_rwlock_wrlock(&llvm_lock);
  pid_t pid = fork();
  if (pid == 0) {
    /* the child: the verdict goes to the pipe */
    close(fds[0]);
    int dn = efd >= 0 ? efd : open("/dev/null", O_WRONLY);
    if (dn >= 0) dup2(dn, 2);
    /* a crash must end the child by its signal, whatever handlers the
     * process has (a sanitizer's would report and exit with a status) */
    static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGALRM};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
    alarm(PARSE_CPU_LIMIT);
    /* memory: what the process maps now plus PARSE_MEM_LIMIT and
     * PARSE_MEM_PER_BYTE per input byte (a few bytes of a hostile module
     * make LLVM allocate gigabytes: then its allocation fails, LLVM reports
     * "out of memory" and aborts, an error of this input) */
    long pg = sysconf(_SC_PAGESIZE);
    unsigned long long vm = 0;
    FILE *sf = fopen("/proc/self/statm", "r");
    if (sf) {
      if (fscanf(sf, "%llu", &vm) != 1) vm = 0;
      fclose(sf);
    }
    if (vm && pg > 0) {
      struct rlimit rl;
      if (getrlimit(RLIMIT_AS, &rl) == 0) {
        rlim_t want = (rlim_t)(vm * (unsigned long long)pg + PARSE_MEM_LIMIT +
                               (unsigned long long)len * PARSE_MEM_PER_BYTE);
        if (rl.rlim_max == RLIM_INFINITY || want < rl.rlim_max) rl.rlim_cur = want;
        setrlimit(RLIMIT_AS, &rl);
      }
    }
    diag_sink sink;
    memset(&sink, 0, sizeof sink);
    LLVMContextRef c = LLVMContextCreate();
    LLVMContextSetDiagnosticHandler(c, sink_handler, &sink);
    LLVMModuleRef mod;
    char out[512];
    int r = parse_verify(c, &sink, data, len, 0, &mod, out + 1, sizeof out - 1);
    out[0] = r ? '1' : '0';
    size_t n = r ? 1 + strlen(out + 1) : 1, off = 0;
    while (off < n) {
      ssize_t w = write(fds[1], out + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) break;
      off += (size_t)w;
    }
    _exit(0);
  }
  int ferr = errno;
  pthread_rwlock_unlock(&llvm_lock);
  close(fds[1]);
  if (pid < 0) {
    close(fds[0]);
    if (efd >= 0) close(efd);
    snprintf(msg, msglen, "cannot start the isolated LLVM reader: %s", strerror(ferr));
    return -1;
  }
  char got[512];
  size_t n = 0;
  for (;;) {
    ssize_t r = read(fds[0], got + n, sizeof got - 1 - n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) break;
    n += (size_t)r;
    if (n == sizeof got - 1) break;
  }
  got[n] = 0;
  close(fds[0]);
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {}
  /* the first line LLVM printed, printable characters only */
  char why[160] = "";
  if (efd >= 0) {
    ssize_t r = pread(efd, why, sizeof why - 1, 0);
    why[r > 0 ? r : 0] = 0;
    why[strcspn(why, "\n")] = 0;
    for (char *c = why; *c; c++)
      if ((unsigned char)*c < 0x20 || (unsigned char)*c > 0x7e) *c = '?';
    close(efd);
  }
  const char *what = is_bitcode_magic(data, len) ? "corrupt LLVM bitcode" : "invalid LLVM IR";
  if (WIFSIGNALED(ws)) {
    int sig = WTERMSIG(ws);
    char sn[24];
    if (signal_name(sig)) snprintf(sn, sizeof sn, "%s", signal_name(sig));
    else snprintf(sn, sizeof sn, "signal %d", sig);
    if (sig == SIGALRM)
      snprintf(msg, msglen, "%s (the LLVM reader did not finish in %d s)", what, PARSE_CPU_LIMIT);
    else
      snprintf(msg, msglen, "%s (the LLVM reader crashed: %s)%s%s", what, sn, why[0] ? ": " : "",
               why);
    return 1;
  }
  if (!WIFEXITED(ws) || WEXITSTATUS(ws) != 0 || n == 0) {
    snprintf(msg, msglen, "%s (the LLVM reader exited with status %d)", what,
             WIFEXITED(ws) ? WEXITSTATUS(ws) : -1);
    return 1;
  }
  if (got[0] == '0') return 0;
  snprintf(msg, msglen, "%s", got + 1);
  return 1;
}

static simI_program *load(const char *path, int isolate, simI_status *status, char *err,
                          size_t errlen);

simI_program *simI_load(const char *path, simI_status *status, char *err, size_t errlen) {
  return load(path, simI_parse_isolation(), status, err, errlen);
}

simI_program *simI_load_compiled(const char *path, simI_status *status, char *err,
                                 size_t errlen) {
  return load(path, 0, status, err, errlen);
}

static simI_program *load(const char *path, int isolate, simI_status *status, char *err,
                          size_t errlen) {
  lw L;
  memset(&L, 0, sizeof L);
  L.forge = -1;
  simI_status st = SIMI_E_INPUT;
  simI_program *p = calloc(1, sizeof *p);
  if (!p) { if (status) *status = SIMI_E_NOMEM; snprintf(err, errlen, "out of memory"); return NULL; }
  L.p = p;
  p->path = strdup(path);
  intern(&L, "", 0); /* string 0 = "" */
  char *data = NULL;
  size_t len = 0;
  int rr = read_module_file(path, &data, &len, err, errlen);
  if (rr) {
    simI_map_free(&L.smap);
    simI_free(p);
    if (status) *status = rr == -2 ? SIMI_E_NOMEM : SIMI_E_INPUT;
    return NULL;
  }
  char msg[512];
  if (isolate && parse_isolated(data, len, msg, sizeof msg)) {
    snprintf(err, errlen, "%s: %s", path, msg);
    free(data);
    simI_map_free(&L.smap);
    simI_free(p);
    if (status) *status = SIMI_E_INPUT;
    return NULL;
  }
  pthread_rwlock_rdlock(&llvm_lock);
  L.ctx = LLVMContextCreate();
  diag_sink sink;
  memset(&sink, 0, sizeof sink);
  LLVMContextSetDiagnosticHandler(L.ctx, sink_handler, &sink);
  int bad = parse_verify(L.ctx, &sink, data, len, isolate, &L.mod, msg, sizeof msg);
  free(data);
  if (bad) {
    snprintf(err, errlen, "%s: %s", path, msg);
    goto fail;
  }
  LLVMContextSetDiagnosticHandler(L.ctx, diag_handler, &L);
  const char *dl = LLVMGetDataLayoutStr(L.mod);
  L.td = LLVMCreateTargetData(dl ? dl : "");
  /* kernels */
  unsigned nann = LLVMGetNamedMetadataNumOperands(L.mod, "nvvm.annotations");
  LLVMValueRef *annot = calloc(nann + 1, sizeof *annot);
  if (!annot) goto nomem;
  LLVMGetNamedMetadataOperands(L.mod, "nvvm.annotations", annot);
  uint32_t capk = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(L.mod); fn; fn = LLVMGetNextFunction(fn)) {
    if (LLVMIsDeclaration(fn) || !is_kernel(L.mod, fn, annot, nann)) continue;
    if (simI_grow((void **)&p->kernels, &capk, p->nkernels, sizeof(simI_kernel_rec))) {
      free(annot);
      goto nomem;
    }
    kernel_info(&L, fn, &p->kernels[p->nkernels]);
    cluster_dims(L.mod, fn, annot, nann, &p->kernels[p->nkernels++].info.cluster_dims);
  }
  if (L.dbg_old) LLVMSetIsNewDbgInfoFormat(L.mod, 1); /* lowered as it was read */
  free(annot);
  if (!p->nkernels) {
    const char *tr = LLVMGetTarget(L.mod);
    if (tr && strncmp(tr, "nvptx", 5) != 0)
      snprintf(err, errlen, "%s: not a CUDA device module (target '%s', no kernels)", path, tr);
    else
      snprintf(err, errlen, "%s: no CUDA kernels in the module", path);
    goto fail;
  }
  /* lower every function reachable from the kernels */
  for (uint32_t w = 0; w < L.nwork && !L.failed; w++) lower_function(&L, L.worklist[w]);
  if (L.failed) {
    snprintf(err, errlen, "%s: %s", path, L.err);
    st = strncmp(L.err, "out of memory", 13) == 0 ? SIMI_E_NOMEM : SIMI_E_UNSUPPORTED;
    goto fail;
  }
  for (uint32_t k = 0; k < p->nkernels; k++)
    if (kernel_facts(p, &p->kernels[k])) goto nomem;
  for (uint32_t i = 0; i < p->nglobalvars; i++) share_init(&p->vars[p->globalvar[i]]);
  p->args_only = !module_forges_pointers(&L);
  LLVMDisposeTargetData(L.td);
  LLVMDisposeModule(L.mod);
  LLVMContextDispose(L.ctx);
  simI_map_free(&L.kmap); simI_map_free(&L.fmap); simI_map_free(&L.gmap);
  simI_map_free(&L.smap); simI_map_free(&L.vmap); simI_map_free(&L.amap);
  simI_map_free(&L.bmap);
  free(L.worklist); free(L.blocks); free(L.bstart); free(L.fix);
  pthread_rwlock_unlock(&llvm_lock);
  if (status) *status = SIMI_OK;
  return p;
nomem:
  st = SIMI_E_NOMEM;
  snprintf(err, errlen, "%s: out of memory", path);
fail:
  if (L.td) LLVMDisposeTargetData(L.td);
  if (L.mod) LLVMDisposeModule(L.mod);
  LLVMContextDispose(L.ctx);
  pthread_rwlock_unlock(&llvm_lock);
  simI_map_free(&L.kmap); simI_map_free(&L.fmap); simI_map_free(&L.gmap);
  simI_map_free(&L.smap); simI_map_free(&L.vmap); simI_map_free(&L.amap);
  simI_map_free(&L.bmap);
  free(L.worklist); free(L.blocks); free(L.bstart); free(L.fix);
  simI_free(p);
  if (status) *status = st;
  return NULL;
}

void simI_free(simI_program *p) {
  if (!p) return;
  free(p->code); free(p->locs); free(p->konst); free(p->aux);
  for (uint32_t i = 0; i < p->nfuncs; i++) {
    free(p->funcs[i].name);
    free(p->funcs[i].param_reg);
    free(p->funcs[i].param_slots);
    free(p->funcs[i].shvars);
  }
  free(p->funcs);
  for (uint32_t i = 0; i < p->nvars; i++) {
    simI_var *v = &p->vars[i];
    free(v->name);
    if (v->cow) {
      munmap(v->init, (size_t)v->size);
      close(v->cow_fd);
    } else {
      free(v->init);
    }
  }
  free(p->vars);
  free(p->globalvar); free(p->sharedvar); free(p->constvar);
  for (uint32_t k = 0; k < p->nkernels; k++) {
    simI_kernel_info *ki = &p->kernels[k].info;
    free((char *)ki->demangled);
    free((char *)ki->pretty);
    for (unsigned i = 0; i < ki->nparams; i++) {
      if (ki->params[i].name && ki->params[i].name[0]) free((char *)ki->params[i].name);
      free((int64_t *)ki->params[i].enums);
      free((simI_field *)ki->params[i].fields);
    }
    free((simI_param *)ki->params);
    free((simI_texref *)ki->texrefs);
    free(p->kernels[k].unsupported);
    free(p->kernels[k].shoff);
  }
  free(p->kernels);
  for (uint32_t i = 0; i < p->nstrings; i++) free(p->strings[i]);
  free(p->strings);
  free(p->path);
  free(p);
}
