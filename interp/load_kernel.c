/*
 * Kernel metadata: the parameters (kinds, fields, names, read-only ones),
 * textures and surfaces, block-shape hints, whether the module forges
 * pointers, and the facts derived from the lowered code (kernel_facts).
 */
#include "interp/load_int.h"

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
int lw_root_param(LLVMValueRef fn, LLVMValueRef v, int depth) {
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
    return lw_root_param(fn, LLVMGetOperand(v, 0), depth + 1);
  case LLVMPHI: case LLVMSelect: {
    unsigned k = op == LLVMSelect ? 1 : 0;
    return lw_root_param(fn, LLVMGetOperand(v, k), depth + 1);
  }
  case LLVMLoad: /* -O0: the parameter was spilled to an alloca and reloaded */
    return lw_root_param(fn, spilled_value(v), depth + 1);
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
      int r = lw_root_param(fn, ptr, 0);
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
    uint32_t id = lw_var_of(L, o.ref);
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
int lw_module_forges_pointers(lw *L) {
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
  if (any && lw_module_forges_pointers(L))
    for (unsigned i = 0; i < np; i++) ps[i].ro_private = 0;
}

void lw_kernel_info(lw *L, LLVMValueRef fn, simI_kernel_rec *k) {
  simI_kernel_info *ki = &k->info;
  k->func = lw_func_of(L, fn);
  ki->name = L->p->funcs[k->func].name;
  char *dm = simI_demangle(ki->name, 0), *pr = simI_demangle(ki->name, 1);
  ki->demangled = dm ? dm : strdup(ki->name);
  ki->pretty = pr ? pr : strdup(ki->name);
  char buf[1024];
  lw_dbg_path(fn, buf, sizeof buf);
  ki->file = L->p->strings[lw_intern(L, buf, strlen(buf))];
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
  if (want && LLVMGetSubprogram(fn)) lw_param_debug_names(L, fn, ps, np);
  infer_params(fn, ps, np);
  ro_params(L, fn, ps, np);
  tex_params(L, fn, ps, ki);
  shape_hints(fn, ki);
}

/* The bytes of the deepest chain of static frames from function f down its
 * calls (memo/state per function: 1 on the chain, 2 done). A call back into
 * a function on the chain (recursion) adds nothing: its depth is what the
 * stack's default room is for. */
static uint64_t frame_chain(const simI_program *p, uint32_t f, uint64_t *memo, uint8_t *state,
                            unsigned depth) {
  if (state[f] == 2) return memo[f];
  if (state[f] == 1 || depth > 1024) return 0;
  state[f] = 1;
  const simI_func *F = &p->funcs[f];
  uint64_t deepest = 0;
  for (uint32_t pc = F->entry; pc < F->end; pc++) {
    const simI_insn *in = &p->code[pc];
    if (in->op != OP_CALL || in->x >= p->naux || p->aux[in->x] >= p->nfuncs) continue;
    uint64_t c = frame_chain(p, p->aux[in->x], memo, state, depth + 1);
    if (c > deepest) deepest = c;
  }
  state[f] = 2;
  return memo[f] = F->frame_bytes + deepest;
}

/* Reachability-based facts of each kernel: dims read, barriers, shared use,
 * unsupported constructs, the stack its frames need. */
int lw_kernel_facts(simI_program *p, simI_kernel_rec *k) {
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
    if (f->spins) k->info.waits_on_blocks = 1;
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
      case OP_MALLOC:
      case OP_FREE:
        k->info.device_heap = 1;
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
  uint64_t *memo = calloc(p->nfuncs + 1, sizeof *memo);
  if (!memo) { free(seen); free(stack); free(shseen); return -1; }
  memset(seen, 0, p->nfuncs + 1);
  k->stack_bytes = frame_chain(p, k->func, memo, seen, 0);
  free(memo);
  free(seen);
  free(stack);
  free(shseen);
  return 0;
}
