/*
 * Lowering instructions and whole functions: post-dominators (reconvergence
 * points), phi copies on edges, memory accesses, volatile accesses that are
 * synchronisation, each LLVM instruction, and a function's blocks.
 */
#include "interp/load_int.h"

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
    lw_fail(L, "out of memory");
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
      if (n == 256) { lw_fail(L, "too many phis in one block"); return; }
      dsts[n] = lw_dst(L, i);
      srcs[n] = lw_opnd(L, LLVMGetIncomingValue(i, k));
      ns[n] = lw_slots_of(L, LLVMTypeOf(i));
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
          lw_emit(L, OP_MOV, 0, dsts[i] + s, srcs[i] + s, NOREG, NOREG, 0);
    return;
  }
  uint32_t tmp[256];
  for (unsigned i = 0; i < n; i++) {
    tmp[i] = new_regs(L, ns[i]);
    for (unsigned s = 0; s < ns[i]; s++)
      if (srcs[i] != NOREG) lw_emit(L, OP_MOV, 0, tmp[i] + s, srcs[i] + s, NOREG, NOREG, 0);
  }
  for (unsigned i = 0; i < n; i++)
    for (unsigned s = 0; s < ns[i]; s++)
      if (srcs[i] != NOREG) lw_emit(L, OP_MOV, 0, dsts[i] + s, tmp[i] + s, NOREG, NOREG, 0);
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
  uint32_t j = lw_emit(L, OP_JMP, 0, NOREG, NOREG, NOREG, NOREG, 0);
  lw_add_fix(L, j, 2, block_index(L, to));
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
      lw_emit(L, OP_IDXCHK, tcode(LLVMTypeOf(idx)), NOREG, lw_opnd(L, idx), addr, NOREG, (uint32_t)n);
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

void lw_mem_access(lw *L, int store, LLVMTypeRef t, uint32_t reg, uint32_t ptr,
                   uint64_t off, unsigned atomic, unsigned align) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  uint32_t pr = ptr;
  if (off) { /* what ptr + off is aligned to */
    uint64_t lb = off & (~off + 1);
    if (!align || lb < align) align = (unsigned)lb;
  }
  if (off) {
    pr = new_regs(L, 1);
    lw_emit(L, OP_ADD, 64, pr, ptr, lw_konst(L, off), NOREG, 0);
  }
  if (is_scalar(t)) {
    unsigned tc = tcode(t);
    if (k == LLVMIntegerTypeKind && tc > 64) {
      /* a two-slot integer (i128): the low slot's 8 bytes at pr, the high
       * slot's at pr+8 (little-endian); LOAD/STORE move one slot each */
      uint64_t sz = store_size(L, t);
      uint32_t ph = new_regs(L, 1);
      lw_emit(L, OP_ADD, 64, ph, pr, lw_konst(L, 8), NOREG, 0);
      for (unsigned h = 0; h < 2; h++) {
        uint32_t r = reg == NOREG ? NOREG : reg + h;
        uint32_t pc = lw_emit(L, store ? OP_STORE : OP_LOAD, 64, store ? NOREG : r, h ? ph : pr,
                              store ? r : NOREG, NOREG, h ? (uint32_t)(sz - 8) : 8u);
        at(L, pc)->ty2 = (uint8_t)((atomic & 1u) ? 1u : (atomic & VOLATILE_BIT) ? 2u : 0u);
        at(L, pc)->e = (atomic & ~VOLATILE_BIT) >> 1;
        at(L, pc)->c = need_align(8, align);
      }
      return;
    }
    uint32_t pc = lw_emit(L, store ? OP_STORE : OP_LOAD, tc, store ? NOREG : reg, pr,
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
    int plain = is_scalar(et) && lw_slots_of(L, et) == 1 && alloc_size(L, et) == esz &&
                (LLVMGetTypeKind(et) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(et) % 8 == 0);
    if (plain) {
      uint32_t pc = lw_emit(L, store ? OP_STOREV : OP_LOADV, tcode(et), store ? NOREG : reg, pr,
                            store ? reg : NOREG, NOREG, esz);
      at(L, pc)->e = n;
      at(L, pc)->c = need_align((uint64_t)esz * n, align);
      return;
    }
    /* i1 vectors and other packed forms */
    lw_unsup(L, "unsupported memory access of a packed vector type");
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
      lw_mem_access(L, store, et, reg == NOREG ? NOREG : reg + s, pr, eo, atomic, align);
      s += lw_slots_of(L, et);
    }
    return;
  }
  lw_unsup(L, "unsupported memory access type");
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
  int r = lw_root_param(fn, p, 0);
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

/* ------------------------------------- spins on memory other blocks write */

/* The pointer operand of a read, or NULL (inline asm: its first pointer
 * argument). */
static LLVMValueRef read_ptr(LLVMValueRef i) {
  if (LLVMIsALoadInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i))
    return LLVMGetOperand(i, 0);
  if (!LLVMIsACallInst(i)) return NULL;
  unsigned n = LLVMGetNumArgOperands(i);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef a = LLVMGetOperand(i, k);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) return a;
  }
  return NULL;
}

/* A strong read (strong_read) of memory another block can write: not the
 * block's shared memory or the thread's own stack. */
static int block_visible_read(LLVMValueRef i) {
  if (!strong_read(i)) return 0;
  if (LLVMIsACallInst(i)) {
    LLVMValueRef c = LLVMGetCalledValue(i);
    size_t n = 0;
    if (c && LLVMIsAInlineAsm(c)) {
      const char *a = LLVMGetInlineAsmAsmString(c, &n);
      if (a && (strstr(a, ".shared") || strstr(a, ".local"))) return 0;
    }
  }
  LLVMValueRef p = read_ptr(i);
  if (!p) return 1;
  if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind) {
    unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
    if (as == 3 || as == 5) return 0;
  }
  LLVMValueRef q = p; /* a shared variable behind casts and offsets */
  for (int k = 0; q && k < 8; k++) {
    q = strip_ptr_casts(q);
    if (!is_gep(q)) break;
    q = LLVMGetOperand(q, 0);
  }
  if (q && LLVMIsAGlobalVariable(q) && LLVMGetPointerAddressSpace(LLVMTypeOf(q)) == 3) return 0;
  return !stack_ptr(p);
}

/* A call of a defined function whose own body makes such a read (-O0: a
 * load helper that was not inlined). */
static int call_reads_visible(LLVMValueRef i) {
  if (!LLVMIsACallInst(i)) return 0;
  LLVMValueRef c = LLVMGetCalledValue(i);
  if (!c || !LLVMIsAFunction(c) || LLVMIsDeclaration(c)) return 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(c); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef k = LLVMGetFirstInstruction(b); k; k = LLVMGetNextInstruction(k))
      if (block_visible_read(k)) return 1;
  return 0;
}

/* The blocks (of L->blocks) of the reads v depends on, through operations,
 * phis, calls' arguments and -O0 stack slots; at most `max` in out[]. */
static unsigned visible_reads_of(lw *L, LLVMValueRef v, uint32_t *out, unsigned n, unsigned max,
                                 LLVMValueRef *seen, unsigned *nseen, int depth) {
  if (!v || !LLVMIsAInstruction(v) || depth > 16 || n >= max) return n;
  for (unsigned k = 0; k < *nseen; k++)
    if (seen[k] == v) return n;
  if (*nseen >= 256) return n;
  seen[(*nseen)++] = v;
  /* a compare-and-swap whose expected value is not a constant is a
   * lock-free update's retry (`do { old = atomicCAS(p, assumed, f(assumed)) }
   * while (assumed != old)`): it makes progress whatever other blocks do */
  if (LLVMIsAAtomicCmpXchgInst(v) && !LLVMIsAConstant(LLVMGetOperand(v, 1))) return n;
  if (block_visible_read(v) || call_reads_visible(v)) {
    out[n++] = block_index(L, LLVMGetInstructionParent(v));
    return n;
  }
  if (LLVMIsALoadInst(v)) {
    LLVMValueRef p = LLVMGetOperand(v, 0);
    if (!LLVMIsAAllocaInst(p)) return n;
    for (LLVMUseRef u = LLVMGetFirstUse(p); u && n < max; u = LLVMGetNextUse(u)) {
      LLVMValueRef st = LLVMGetUser(u);
      if (LLVMIsAStoreInst(st) && LLVMGetOperand(st, 1) == p)
        n = visible_reads_of(L, LLVMGetOperand(st, 0), out, n, max, seen, nseen, depth + 1);
    }
    return n;
  }
  if (LLVMIsAPHINode(v)) {
    unsigned ni = LLVMCountIncoming(v);
    for (unsigned k = 0; k < ni && n < max; k++)
      n = visible_reads_of(L, LLVMGetIncomingValue(v, k), out, n, max, seen, nseen, depth + 1);
    return n;
  }
  int no = LLVMGetNumOperands(v);
  if (LLVMIsACallInst(v)) no = (int)LLVMGetNumArgOperands(v);
  for (int k = 0; k < no && n < max; k++)
    n = visible_reads_of(L, LLVMGetOperand(v, k), out, n, max, seen, nseen, depth + 1);
  return n;
}

/* Whether block `to` is reachable from block `from` (a path of at least
 * one edge); mark: L->nblocks bytes of scratch. */
static int reaches(lw *L, uint32_t **succ, const uint32_t *nsucc, uint32_t from, uint32_t to,
                   uint8_t *mark, uint32_t *work) {
  memset(mark, 0, L->nblocks);
  uint32_t sp = 0;
  for (uint32_t k = 0; k < nsucc[from]; k++)
    if (!mark[succ[from][k]]) { mark[succ[from][k]] = 1; work[sp++] = succ[from][k]; }
  while (sp) {
    uint32_t b = work[--sp];
    if (b == to) return 1;
    for (uint32_t k = 0; k < nsucc[b]; k++)
      if (!mark[succ[b][k]]) { mark[succ[b][k]] = 1; work[sp++] = succ[b][k]; }
  }
  return 0;
}

/* Does the function spin on memory another block writes: a branch (or
 * switch) on a cycle of its blocks whose condition depends on a strong
 * read of global (or generic) memory on the same cycle? A decoupled
 * look-back waits so on its predecessor's tile status, a chained kernel on
 * a flag between blocks. Such a kernel's blocks cannot be run in two
 * separate passes (runtime/launch.c's sampled check). */
static int spins_on_memory(lw *L, uint32_t **succ, const uint32_t *nsucc) {
  uint8_t *mark = malloc(L->nblocks + 1);
  uint32_t *work = malloc((L->nblocks + 1) * sizeof *work);
  LLVMValueRef *seen = malloc(256 * sizeof *seen);
  int found = 0;
  for (uint32_t b = 0; b < L->nblocks && mark && work && seen && !found; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(L->blocks[b]);
    if (!t || LLVMGetNumSuccessors(t) < 2) continue;
    LLVMValueRef cond = LLVMIsABranchInst(t) ? LLVMGetCondition(t)
                        : LLVMIsASwitchInst(t) ? LLVMGetOperand(t, 0) : NULL;
    if (!cond) continue;
    uint32_t rb[8];
    unsigned nseen = 0;
    unsigned nr = visible_reads_of(L, cond, rb, 0, 8, seen, &nseen, 0);
    for (unsigned k = 0; k < nr && !found; k++)
      found = (rb[k] == b || reaches(L, succ, nsucc, b, rb[k], mark, work)) &&
              reaches(L, succ, nsucc, rb[k], b, mark, work);
  }
  free(mark);
  free(work);
  free(seen);
  return found;
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
  uint32_t d = lw_dst(L, inst);
  unsigned n = lw_slots_of(L, t);
  lw_set_loc(L, inst);
  switch (op) {
  case LLVMRet: {
    uint32_t a = NOREG, slots = 0;
    if (LLVMGetNumOperands(inst) > 0) {
      LLVMValueRef v = LLVMGetOperand(inst, 0);
      a = lw_opnd(L, v);
      slots = lw_slots_of(L, LLVMTypeOf(v));
    }
    uint32_t pc = lw_emit(L, OP_RET, 0, NOREG, a, NOREG, NOREG, 0);
    at(L, pc)->e = slots;
    return;
  }
  case LLVMBr: {
    if (!LLVMIsConditional(inst)) {
      LLVMBasicBlockRef s = LLVMValueAsBasicBlock(LLVMGetOperand(inst, 0));
      phi_copies(L, bb, s);
      uint32_t j = lw_emit(L, OP_JMP, 0, NOREG, NOREG, NOREG, NOREG, 0);
      lw_add_fix(L, j, 2, block_index(L, s));
      return;
    }
    LLVMBasicBlockRef st = LLVMGetSuccessor(inst, 0), sf = LLVMGetSuccessor(inst, 1);
    uint32_t pc = lw_emit(L, OP_CBR, 0, NOREG, lw_opnd(L, LLVMGetCondition(inst)), 0, 0, 0);
    /* x (reconvergence) patched by the caller via ipdom */
    uint32_t tt = edge_stub(L, bb, st);
    uint32_t tf = st == sf && tt != UINT32_MAX ? tt : edge_stub(L, bb, sf);
    if (tt == UINT32_MAX) lw_add_fix(L, pc, 0, block_index(L, st)); else at(L, pc)->b = tt;
    if (tf == UINT32_MAX) lw_add_fix(L, pc, 1, block_index(L, sf)); else at(L, pc)->c = tf;
    return;
  }
  case LLVMSwitch: {
    unsigned ncase = (unsigned)(LLVMGetNumOperands(inst) / 2 - 1);
    LLVMValueRef cond = LLVMGetOperand(inst, 0);
    uint32_t pc = lw_emit(L, OP_SWITCH, tcode(LLVMTypeOf(cond)), NOREG, lw_opnd(L, cond), NOREG,
                          NOREG, 0);
    /* aux: ncase, default, reconv, then (lo, hi, target) per case */
    uint32_t base = lw_aux_push(L, ncase);
    lw_aux_push(L, 0);
    lw_aux_push(L, 0);
    for (unsigned i = 0; i < ncase; i++) {
      LLVMValueRef cv = LLVMGetOperand(inst, 2 + 2 * i);
      uint64_t v[2];
      lw_eval_const(L, cv, v, 2);
      lw_aux_push(L, (uint32_t)v[0]);
      lw_aux_push(L, (uint32_t)(v[0] >> 32));
      lw_aux_push(L, 0);
    }
    at(L, pc)->x = base;
    LLVMBasicBlockRef def = LLVMGetSwitchDefaultDest(inst);
    uint32_t t0 = edge_stub(L, bb, def);
    if (t0 == UINT32_MAX) lw_add_fix(L, base + 1, 3, block_index(L, def));
    else L->p->aux[base + 1] = t0;
    for (unsigned i = 0; i < ncase; i++) {
      LLVMBasicBlockRef s = LLVMValueAsBasicBlock(LLVMGetOperand(inst, 3 + 2 * i));
      uint32_t ti = edge_stub(L, bb, s);
      if (ti == UINT32_MAX) lw_add_fix(L, base + 3 + 3 * i + 2, 3, block_index(L, s));
      else L->p->aux[base + 3 + 3 * i + 2] = ti;
    }
    return;
  }
  case LLVMUnreachable: {
    const char *m = "unreachable code executed";
    lw_emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, m, strlen(m)));
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
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0)), b = lw_opnd(L, LLVMGetOperand(inst, 1));
    unsigned per = tc == T_I128 ? 2 : 1;
    for (unsigned s = 0; s < n; s += per) lw_emit(L, o, tc, d + s, a + s, b + s, NOREG, 0);
    return;
  }
  case LLVMFNeg: {
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned s = 0; s < n; s++) lw_emit(L, OP_FNEG, tcode(t), d + s, a + s, NOREG, NOREG, 0);
    return;
  }
  case LLVMICmp: case LLVMFCmp: {
    LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(inst, 0));
    unsigned tc = tcode(ot);
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0)), b = lw_opnd(L, LLVMGetOperand(inst, 1));
    unsigned per = tc == T_I128 ? 2 : 1;
    unsigned pred = op == LLVMICmp ? (unsigned)LLVMGetICmpPredicate(inst)
                                   : (unsigned)LLVMGetFCmpPredicate(inst);
    for (unsigned s = 0; s < n; s++)
      lw_emit(L, op == LLVMICmp ? OP_ICMP : OP_FCMP, tc, d + s, a + s * per, b + s * per, NOREG,
              pred);
    return;
  }
  case LLVMSelect: {
    LLVMValueRef cv = LLVMGetOperand(inst, 0);
    int vec = LLVMGetTypeKind(LLVMTypeOf(cv)) == LLVMVectorTypeKind;
    uint32_t c = lw_opnd(L, cv), a = lw_opnd(L, LLVMGetOperand(inst, 1)),
             b = lw_opnd(L, LLVMGetOperand(inst, 2));
    unsigned per = vec ? n / LLVMGetVectorSize(LLVMTypeOf(cv)) : 0;
    for (unsigned s = 0; s < n; s++)
      lw_emit(L, OP_SELECT, 0, d + s, vec ? c + s / (per ? per : 1) : c, a + s, b + s, 0);
    return;
  }
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMFPToSI: case LLVMFPToUI: case LLVMSIToFP: case LLVMUIToFP: case LLVMPtrToInt:
  case LLVMIntToPtr: case LLVMAddrSpaceCast: case LLVMBitCast: {
    LLVMValueRef sv = LLVMGetOperand(inst, 0);
    LLVMTypeRef st = LLVMTypeOf(sv);
    unsigned dt = tcode(t), s2 = tcode(st);
    uint32_t a = lw_opnd(L, sv);
    unsigned sn = lw_slots_of(L, st);
    if (op == LLVMBitCast) {
      if (sn == n && (n == 1 || (LLVMGetTypeKind(t) == LLVMVectorTypeKind &&
                                 LLVMGetTypeKind(st) == LLVMVectorTypeKind &&
                                 LLVMGetVectorSize(t) == LLVMGetVectorSize(st)))) {
        for (unsigned s = 0; s < n; s++) lw_emit(L, OP_MOV, 0, d + s, a + s, NOREG, NOREG, 0);
      } else {
        lw_unsup(L, "unsupported bitcast between vector layouts");
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
        lw_emit(L, OP_SWIN, 0, di, ai, NOREG, NOREG, 0);
        if (dt < 32) { uint32_t pc = lw_emit(L, OP_TRUNC, dt, di, di, NOREG, NOREG, 0); at(L, pc)->ty2 = 64; }
        continue;
      }
      if (op == LLVMIntToPtr && s2 != T_I128 && is_shared_ptr_type(t)) {
        lw_emit(L, OP_SWIN, 0, di, ai, NOREG, NOREG, 1);
        continue;
      }
      if ((op == LLVMAddrSpaceCast || op == LLVMIntToPtr || op == LLVMPtrToInt ||
           op == LLVMZExt) && dt != T_I128 && (dt >= s2 || op == LLVMAddrSpaceCast)) {
        lw_emit(L, OP_MOV, 0, di, ai, NOREG, NOREG, 0);
        continue;
      }
      uint32_t pc = lw_emit(L, o, dt, di, ai, NOREG, NOREG, 0);
      at(L, pc)->ty2 = (uint8_t)s2;
    }
    return;
  }
  case LLVMAlloca: {
    uint32_t off;
    if (simI_map_get(&L->amap, (uint64_t)(uintptr_t)inst, &off)) {
      lw_emit(L, OP_ALLOCA, 0, d, NOREG, NOREG, NOREG, off);
    } else {
      LLVMTypeRef at_ = LLVMGetAllocatedType(inst);
      lw_emit(L, OP_ALLOCADYN, 0, d, lw_opnd(L, LLVMGetOperand(inst, 0)), NOREG, NOREG,
              (uint32_t)alloc_size(L, at_));
    }
    return;
  }
  case LLVMLoad: {
    uint32_t pr = lw_opnd(L, LLVMGetOperand(inst, 0));
    dim_checks(L, LLVMGetOperand(inst, 0), pr);
    lw_mem_access(L, 0, t, d, pr, 0, atomic_bits(inst), LLVMGetAlignment(inst));
    return;
  }
  case LLVMStore: {
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    uint32_t pr = lw_opnd(L, LLVMGetOperand(inst, 1));
    dim_checks(L, LLVMGetOperand(inst, 1), pr);
    lw_mem_access(L, 1, LLVMTypeOf(v), lw_opnd(L, v), pr, 0, atomic_bits(inst), LLVMGetAlignment(inst));
    return;
  }
  case LLVMGetElementPtr: {
    unsigned no = (unsigned)LLVMGetNumOperands(inst);
    if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) { lw_unsup(L, "unsupported vector getelementptr"); return; }
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(inst);
    uint32_t cur = lw_opnd(L, LLVMGetOperand(inst, 0));
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
        uint32_t pc = lw_emit(L, OP_IDXADD, itc, nd, cur, lw_opnd(L, idx), NOREG, (uint32_t)scale);
        (void)pc;
      } else {
        uint32_t t1 = new_regs(L, 1);
        uint32_t pc = lw_emit(L, OP_SEXT, 64, t1, lw_opnd(L, idx), NOREG, NOREG, 0);
        at(L, pc)->ty2 = (uint8_t)itc;
        lw_emit(L, OP_MUL, 64, t1, t1, lw_konst(L, scale), NOREG, 0);
        lw_emit(L, OP_ADD, 64, nd, cur, t1, NOREG, 0);
      }
      cur = nd;
      wrote = 1;
    }
    if (coff || !wrote) lw_emit(L, OP_ADD, 64, d, cur, lw_konst(L, (uint64_t)coff), NOREG, 0);
    else if (cur != d) lw_emit(L, OP_MOV, 0, d, cur, NOREG, NOREG, 0);
    return;
  }
  case LLVMPHI:
    return; /* lowered on the edges */
  case LLVMCall:
    lw_lower_call(L, inst);
    return;
  case LLVMExtractValue: {
    LLVMTypeRef et;
    unsigned s = lw_agg_slot(L, LLVMTypeOf(LLVMGetOperand(inst, 0)), LLVMGetIndices(inst),
                             LLVMGetNumIndices(inst), &et);
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned i = 0; i < n; i++) lw_emit(L, OP_MOV, 0, d + i, a + s + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMInsertValue: {
    LLVMTypeRef et;
    unsigned s = lw_agg_slot(L, t, LLVMGetIndices(inst), LLVMGetNumIndices(inst), &et);
    unsigned en = lw_slots_of(L, et);
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0)), v = lw_opnd(L, LLVMGetOperand(inst, 1));
    for (unsigned i = 0; i < n; i++)
      if (i < s || i >= s + en) lw_emit(L, OP_MOV, 0, d + i, a + i, NOREG, NOREG, 0);
    for (unsigned i = 0; i < en; i++) lw_emit(L, OP_MOV, 0, d + s + i, v + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMExtractElement: {
    LLVMValueRef vec = LLVMGetOperand(inst, 0), idx = LLVMGetOperand(inst, 1);
    uint32_t a = lw_opnd(L, vec);
    unsigned per = lw_slots_of(L, t);
    if (LLVMIsAConstantInt(idx)) {
      unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
      for (unsigned i = 0; i < per; i++)
        lw_emit(L, OP_MOV, 0, d + i, a + k * per + i, NOREG, NOREG, 0);
    } else {
      if (a & KBIT) { lw_unsup(L, "unsupported dynamic extractelement of a constant"); return; }
      uint32_t pc = lw_emit(L, OP_EXTRACTDYN, tcode(LLVMTypeOf(idx)), d, a, lw_opnd(L, idx), NOREG,
                            LLVMGetVectorSize(LLVMTypeOf(vec)));
      (void)pc;
    }
    return;
  }
  case LLVMInsertElement: {
    LLVMValueRef idx = LLVMGetOperand(inst, 2);
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0)), v = lw_opnd(L, LLVMGetOperand(inst, 1));
    if (LLVMIsAConstantInt(idx)) {
      unsigned k = (unsigned)LLVMConstIntGetZExtValue(idx);
      for (unsigned i = 0; i < n; i++)
        lw_emit(L, OP_MOV, 0, d + i, i == k ? v : a + i, NOREG, NOREG, 0);
    } else {
      uint32_t pc = lw_emit(L, OP_INSERTDYN, tcode(LLVMTypeOf(idx)), d, a, v, lw_opnd(L, idx), n);
      (void)pc;
    }
    return;
  }
  case LLVMShuffleVector: {
    LLVMValueRef v1 = LLVMGetOperand(inst, 0), v2 = LLVMGetOperand(inst, 1);
    uint32_t a = lw_opnd(L, v1), b = lw_opnd(L, v2);
    unsigned n1 = LLVMGetVectorSize(LLVMTypeOf(v1));
    unsigned nm = LLVMGetNumMaskElements(inst);
    uint32_t tmp = new_regs(L, nm);
    for (unsigned i = 0; i < nm; i++) {
      int m = LLVMGetMaskValue(inst, i);
      uint32_t src = m < 0 ? lw_konst(L, 0) : (unsigned)m < n1 ? a + (unsigned)m : b + ((unsigned)m - n1);
      lw_emit(L, OP_MOV, 0, tmp + i, src, NOREG, NOREG, 0);
    }
    for (unsigned i = 0; i < nm; i++) lw_emit(L, OP_MOV, 0, d + i, tmp + i, NOREG, NOREG, 0);
    return;
  }
  case LLVMAtomicRMW: {
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    uint32_t pc = lw_emit(L, OP_ATOMIC, tcode(LLVMTypeOf(v)), d, lw_opnd(L, LLVMGetOperand(inst, 0)),
                          lw_opnd(L, v), (uint32_t)LLVMGetAtomicRMWBinOp(inst),
                          (uint32_t)store_size(L, LLVMTypeOf(v)));
    at(L, pc)->e = sync_scope(inst) | order_of(LLVMGetOrdering(inst), 1) << 4;
    return;
  }
  case LLVMAtomicCmpXchg: {
    LLVMValueRef v = LLVMGetOperand(inst, 1);
    uint32_t pc = lw_emit(L, OP_CMPXCHG, tcode(LLVMTypeOf(v)), d, lw_opnd(L, LLVMGetOperand(inst, 0)),
                          lw_opnd(L, v), lw_opnd(L, LLVMGetOperand(inst, 2)),
                          (uint32_t)store_size(L, LLVMTypeOf(v)));
    at(L, pc)->e = sync_scope(inst) | order_of(LLVMGetCmpXchgSuccessOrdering(inst), 1) << 4;
    return;
  }
  case LLVMFence:
    lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, sync_scope(inst));
    return;
  case LLVMFreeze: {
    uint32_t a = lw_opnd(L, LLVMGetOperand(inst, 0));
    for (unsigned i = 0; i < n; i++) lw_emit(L, OP_MOV, 0, d + i, a + i, NOREG, NOREG, 0);
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
    lw_unsup(L, "unsupported instruction '%s'", word);
    LLVMDisposeMessage(s);
    return;
  }
  }
}

/* ------------------------------------------------------------ a function */

void lw_lower_function(lw *L, LLVMValueRef fn) {
  uint32_t fi = lw_func_of(L, fn);
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
    unsigned s = lw_slots_of(L, LLVMTypeOf(a));
    uint32_t r = new_regs(L, s);
    F->param_reg[i] = r;
    F->param_slots[i] = s;
    simI_map_put(&L->vmap, (uint64_t)(uintptr_t)a, r);
  }
  LLVMTypeRef fty = LLVMGlobalGetValueType(fn);
  F->ret_slots = lw_slots_of(L, LLVMGetReturnType(fty));
  /* blocks, registers, static allocas */
  L->nblocks = LLVMCountBasicBlocks(fn);
  free(L->blocks);
  free(L->bstart);
  L->blocks = malloc((L->nblocks + 1) * sizeof(LLVMBasicBlockRef));
  L->bstart = calloc(L->nblocks + 1, sizeof(uint32_t));
  uint32_t **succ = calloc(L->nblocks + 1, sizeof(uint32_t *));
  uint32_t *nsucc = calloc(L->nblocks + 1, sizeof(uint32_t));
  uint32_t *cbrpc = malloc((L->nblocks + 1) * sizeof(uint32_t));
  if (!L->blocks || !L->bstart || !succ || !nsucc || !cbrpc) { lw_fail(L, "out of memory"); goto out; }
  LLVMGetBasicBlocks(fn, L->blocks);
  for (uint32_t b = 0; b < L->nblocks; b++)
    simI_map_put(&L->bmap, (uint64_t)(uintptr_t)L->blocks[b], b);
  for (uint32_t b = 0; b < L->nblocks; b++) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(L->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      LLVMTypeRef t = LLVMTypeOf(i);
      if (LLVMGetTypeKind(t) != LLVMVoidTypeKind) {
        unsigned s = lw_slots_of(L, t);
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
  F->spins = spins_on_memory(L, succ, nsucc);
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
