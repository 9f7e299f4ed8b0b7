/*
 * The building blocks of lowering: the loader's state, types as register
 * slots, emitting instructions, the constant pool, global variables,
 * functions and operands.
 */
#include "interp/load_int.h"

#include <stdarg.h>

void lw_fail(lw *L, const char *fmt, ...) {
  if (L->failed) return;
  L->failed = 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(L->err, sizeof L->err, fmt, ap);
  va_end(ap);
}

uint32_t lw_intern(lw *L, const char *s, size_t len) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < len; i++) h = (h ^ (uint8_t)s[i]) * 1099511628211ull;
  uint32_t idx;
  if (simI_map_get(&L->smap, h, &idx) && strlen(L->p->strings[idx]) == len &&
      memcmp(L->p->strings[idx], s, len) == 0)
    return idx;
  if (simI_grow((void **)&L->p->strings, &L->capstr, L->p->nstrings, sizeof(char *))) {
    lw_fail(L, "out of memory");
    return 0;
  }
  char *c = malloc(len + 1);
  if (!c) { lw_fail(L, "out of memory"); return 0; }
  memcpy(c, s, len);
  c[len] = 0;
  idx = L->p->nstrings++;
  L->p->strings[idx] = c;
  simI_map_put(&L->smap, h, idx);
  return idx;
}

/* ------------------------------------------------------------------ types */

unsigned lw_slots_of(lw *L, LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMVoidTypeKind: return 0;
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    if (w > 128) { lw_fail(L, "unsupported integer width i%u", w); return 1; }
    return w > 64 ? 2 : 1;
  }
  case LLVMHalfTypeKind: case LLVMFloatTypeKind: case LLVMDoubleTypeKind:
  case LLVMPointerTypeKind:
    return 1;
  case LLVMVectorTypeKind:
    return LLVMGetVectorSize(t) * lw_slots_of(L, LLVMGetElementType(t));
  case LLVMArrayTypeKind:
    return (unsigned)LLVMGetArrayLength2(t) * lw_slots_of(L, LLVMGetElementType(t));
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t), s = 0;
    for (unsigned i = 0; i < n; i++) s += lw_slots_of(L, LLVMStructGetTypeAtIndex(t, i));
    return s;
  }
  default:
    return 1;
  }
}

/* ---------------------------------------------------------------- emitting */

uint32_t lw_emit(lw *L, unsigned op, unsigned ty, uint32_t d, uint32_t a, uint32_t b,
                 uint32_t c, uint32_t x) {
  simI_program *p = L->p;
  uint32_t cap = L->capcode;
  if (simI_grow((void **)&p->code, &L->capcode, p->ncode, sizeof(simI_insn)) ||
      simI_grow((void **)&p->locs, &cap, p->ncode, sizeof(simI_loc))) {
    lw_fail(L, "out of memory");
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
  p->locs[p->ncode].cfile = L->curloc_cfile;
  p->locs[p->ncode].cline = L->curloc_cline;
  p->locs[p->ncode].func = L->curfunc;
  return p->ncode++;
}

uint32_t lw_aux_push(lw *L, uint32_t v) {
  if (simI_grow((void **)&L->p->aux, &L->capaux, L->p->naux, sizeof(uint32_t))) {
    lw_fail(L, "out of memory");
    return 0;
  }
  L->p->aux[L->p->naux] = v;
  return L->p->naux++;
}

void lw_add_fix(lw *L, uint32_t pc, uint8_t field, uint32_t block) {
  if (simI_grow((void **)&L->fix, &L->capfix, L->nfix, sizeof(fixup))) {
    lw_fail(L, "out of memory");
    return;
  }
  L->fix[L->nfix++] = (fixup){pc, field, block};
}

static uint32_t kpush(lw *L, uint64_t bits) {
  simI_program *p = L->p;
  if (simI_grow((void **)&p->konst, &L->capkonst, p->nkonst, sizeof(uint64_t))) {
    lw_fail(L, "out of memory");
    return KBIT;
  }
  p->konst[p->nkonst] = bits;
  return p->nkonst++;
}

/* A single-slot constant, deduplicated. */
uint32_t lw_konst(lw *L, uint64_t bits) {
  uint32_t idx;
  if (simI_map_get(&L->kmap, bits, &idx)) return KBIT | idx;
  idx = kpush(L, bits);
  simI_map_put(&L->kmap, bits, idx);
  return KBIT | idx;
}

void lw_unsup(lw *L, const char *fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  lw_emit(L, OP_UNSUP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, buf, strlen(buf)));
}

/* ------------------------------------------------------------- constants */

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
  if (!n) { lw_fail(L, "out of memory"); return; }
  f->shvars = n;
  f->shvars[f->nshvars++] = ai;
}

/* Evaluate a constant into nslots slots. Returns 0 on success. */
int lw_eval_const(lw *L, LLVMValueRef c, uint64_t *out, unsigned nslots) {
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
  if (LLVMIsAGlobalAlias(c)) return lw_eval_const(L, LLVMAliasGetAliasee(c), out, nslots);
  if (LLVMIsAGlobalVariable(c)) {
    uint32_t v = lw_var_of(L, c);
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
    out[0] = SIMI_PTR_MAKE(15, lw_func_of(L, c) & 0xFFFFF, 0);
    return 0;
  }
  if (LLVMIsAConstantExpr(c)) {
    LLVMOpcode op = LLVMGetConstOpcode(c);
    uint64_t a[2] = {0, 0}, b[2] = {0, 0};
    switch (op) {
    case LLVMGetElementPtr: {
      if (lw_eval_const(L, LLVMGetOperand(c, 0), a, 1)) return -1;
      int ok;
      int64_t off = gep_const_offset(L, c, LLVMGetGEPSourceElementType(c), 1,
                                     (unsigned)LLVMGetNumOperands(c), &ok);
      if (!ok) return -1;
      out[0] = a[0] + (uint64_t)off;
      return 0;
    }
    case LLVMAddrSpaceCast: case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr:
    case LLVMTrunc: case LLVMZExt:
      if (lw_eval_const(L, LLVMGetOperand(c, 0), a, 1)) return -1;
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
      if (lw_eval_const(L, LLVMGetOperand(c, 0), a, 1) || lw_eval_const(L, LLVMGetOperand(c, 1), b, 1))
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
      unsigned es = lw_slots_of(L, LLVMTypeOf(e));
      if (s + es > nslots) return -1;
      if (lw_eval_const(L, e, out + s, es)) return -1;
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
  if (lw_eval_const(L, c, v, 2)) return -1;
  if (tcode(t) == T_F16) { uint16_t h = (uint16_t)v[0]; memcpy(buf, &h, 2); return 0; }
  memcpy(buf, v, sz > 16 ? 16 : sz);
  return 0;
}

/* ------------------------------------------------------------ variables */

uint32_t lw_var_of(lw *L, LLVMValueRef g) {
  uint32_t id;
  if (simI_map_get(&L->gmap, (uint64_t)(uintptr_t)g, &id)) return id;
  simI_program *p = L->p;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  LLVMTypeRef vt = LLVMGlobalGetValueType(g);
  unsigned space = as == 3 ? SIMI_SPACE_SHARED : as == 4 ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL;
  if (simI_grow((void **)&p->vars, &L->capvars, p->nvars, sizeof(simI_var))) {
    lw_fail(L, "out of memory");
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
    if (!nt) { lw_fail(L, "out of memory"); return UINT32_MAX; }
    p->sharedvar = nt;
    p->sharedvar[p->nsharedvars++] = id;
  } else {
    if (init && v->size) {
      v->init = calloc(1, v->size);
      if (!v->init) { lw_fail(L, "out of memory"); return UINT32_MAX; }
      simI_map_put(&L->gmap, (uint64_t)(uintptr_t)g, id); /* for self refs */
      if (write_const(L, init, v->init, v->size))
        lw_fail(L, "unsupported initializer of variable '%s'", v->name);
    }
    uint32_t **tab = space == SIMI_SPACE_CONST ? &p->constvar : &p->globalvar;
    uint32_t *n = space == SIMI_SPACE_CONST ? &p->nconstvars : &p->nglobalvars;
    uint32_t *nt = realloc(*tab, (*n + 1) * sizeof(uint32_t));
    if (!nt) { lw_fail(L, "out of memory"); return UINT32_MAX; }
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
uint32_t lw_reserved_smem(lw *L) {
  simI_program *p = L->p;
  if (!p->reserved_smem) {
    if (simI_grow((void **)&p->vars, &L->capvars, p->nvars, sizeof(simI_var))) {
      lw_fail(L, "out of memory");
      return UINT32_MAX;
    }
    uint32_t *nt = realloc(p->sharedvar, (p->nsharedvars + 1) * sizeof(uint32_t));
    if (!nt) { lw_fail(L, "out of memory"); return UINT32_MAX; }
    p->sharedvar = nt;
    uint32_t id = p->nvars++;
    simI_var *v = &p->vars[id];
    memset(v, 0, sizeof *v);
    v->name = strdup(SIMI_RESERVED_SMEM_NAME);
    if (!v->name) { lw_fail(L, "out of memory"); return UINT32_MAX; }
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

uint32_t lw_func_of(lw *L, LLVMValueRef f) {
  uint32_t id;
  if (simI_map_get(&L->fmap, (uint64_t)(uintptr_t)f, &id)) return id;
  simI_program *p = L->p;
  if (simI_grow((void **)&p->funcs, &L->capfuncs, p->nfuncs, sizeof(simI_func))) {
    lw_fail(L, "out of memory");
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
      lw_fail(L, "out of memory");
      return id;
    }
    L->worklist[L->nwork++] = f;
  }
  return id;
}

/* ---------------------------------------------------------------- operands */

/* First slot of the value v as an operand (register or constant). */
uint32_t lw_opnd(lw *L, LLVMValueRef v) {
  uint32_t r;
  if (simI_map_get(&L->vmap, (uint64_t)(uintptr_t)v, &r)) return r;
  if (LLVMIsConstant(v)) {
    unsigned n = lw_slots_of(L, LLVMTypeOf(v));
    if (n == 0) return NOREG;
    uint64_t buf[64];
    uint64_t *vals = n <= 64 ? buf : malloc(n * sizeof(uint64_t));
    if (!vals) { lw_fail(L, "out of memory"); return NOREG; }
    if (lw_eval_const(L, v, vals, n)) {
      char *s = LLVMPrintValueToString(v);
      lw_fail(L, "unsupported constant expression: %.200s", s);
      LLVMDisposeMessage(s);
      if (vals != buf) free(vals);
      return NOREG;
    }
    if (n == 1) { r = lw_konst(L, vals[0]); }
    else {
      r = KBIT | kpush(L, vals[0]);
      for (unsigned i = 1; i < n; i++) kpush(L, vals[i]);
    }
    if (vals != buf) free(vals);
    return r;
  }
  if (LLVMIsAMDNode(v) || LLVMIsAMDString(v) || LLVMIsAValueAsMetadata(v) || LLVMIsABasicBlock(v)) return NOREG;
  lw_fail(L, "internal: operand without a register");
  return NOREG;
}

uint32_t lw_dst(lw *L, LLVMValueRef v) {
  uint32_t r;
  if (simI_map_get(&L->vmap, (uint64_t)(uintptr_t)v, &r)) return r;
  return NOREG;
}

/* Slot offset and type of an aggregate path (extractvalue/insertvalue). */
unsigned lw_agg_slot(lw *L, LLVMTypeRef t, const unsigned *idx, unsigned n,
                     LLVMTypeRef *elt) {
  unsigned s = 0;
  for (unsigned i = 0; i < n; i++) {
    if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
      for (unsigned j = 0; j < idx[i]; j++) s += lw_slots_of(L, LLVMStructGetTypeAtIndex(t, j));
      t = LLVMStructGetTypeAtIndex(t, idx[i]);
    } else {
      t = LLVMGetElementType(t);
      s += idx[i] * lw_slots_of(L, t);
    }
  }
  *elt = t;
  return s;
}
