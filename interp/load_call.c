/*
 * Lowering of calls: intrinsics, libdevice and math functions, calls of
 * defined functions and indirect calls (inline asm: load_asm.c).
 */
#include "interp/load_int.h"

const lw_sreg_name lw_sreg_names[] = {
  {"tid.x", SR_TID_X}, {"tid.y", SR_TID_Y}, {"tid.z", SR_TID_Z},
  {"ntid.x", SR_NTID_X}, {"ntid.y", SR_NTID_Y}, {"ntid.z", SR_NTID_Z},
  {"ctaid.x", SR_CTAID_X}, {"ctaid.y", SR_CTAID_Y}, {"ctaid.z", SR_CTAID_Z},
  {"nctaid.x", SR_NCTAID_X}, {"nctaid.y", SR_NCTAID_Y}, {"nctaid.z", SR_NCTAID_Z},
  {"laneid", SR_LANEID}, {"warpsize", SR_WARPSIZE}, {"warpid", SR_WARPID},
  {"nwarpid", SR_NWARPID}, {"clock64", SR_CLOCK64}, {"clock", SR_CLOCK},
  {"globaltimer", SR_GLOBALTIMER}, {"lanemask.eq", SR_LANEMASK_EQ},
  {"lanemask.le", SR_LANEMASK_LE}, {"lanemask.lt", SR_LANEMASK_LT},
  {"lanemask.ge", SR_LANEMASK_GE}, {"lanemask.gt", SR_LANEMASK_GT},
  {"smid", SR_SMID}, {"nsmid", SR_NSMID}, {"gridid", SR_GRIDID},
  /* the PTX spellings (inline asm) of the lane masks, and shared memory sizes */
  {"lanemask_eq", SR_LANEMASK_EQ}, {"lanemask_le", SR_LANEMASK_LE},
  {"lanemask_lt", SR_LANEMASK_LT}, {"lanemask_ge", SR_LANEMASK_GE},
  {"lanemask_gt", SR_LANEMASK_GT}, {"dynamic_smem_size", SR_DYNAMIC_SMEM},
  {"total_smem_size", SR_TOTAL_SMEM}, {"aggr_smem_size", SR_AGGR_SMEM},
  /* clusters: the NVVM intrinsic spellings, then the PTX ones */
  {"clusterid.x", SR_CLUSTERID_X}, {"clusterid.y", SR_CLUSTERID_Y},
  {"clusterid.z", SR_CLUSTERID_Z}, {"nclusterid.x", SR_NCLUSTERID_X},
  {"nclusterid.y", SR_NCLUSTERID_Y}, {"nclusterid.z", SR_NCLUSTERID_Z},
  {"cluster.ctaid.x", SR_CLUSTER_CTAID_X}, {"cluster.ctaid.y", SR_CLUSTER_CTAID_Y},
  {"cluster.ctaid.z", SR_CLUSTER_CTAID_Z}, {"cluster.nctaid.x", SR_CLUSTER_NCTAID_X},
  {"cluster.nctaid.y", SR_CLUSTER_NCTAID_Y}, {"cluster.nctaid.z", SR_CLUSTER_NCTAID_Z},
  {"cluster.ctarank", SR_CLUSTER_CTARANK}, {"cluster.nctarank", SR_CLUSTER_NCTARANK},
  {"is.explicit.cluster", SR_IS_EXPLICIT_CLUSTER},
  {"cluster_ctaid.x", SR_CLUSTER_CTAID_X}, {"cluster_ctaid.y", SR_CLUSTER_CTAID_Y},
  {"cluster_ctaid.z", SR_CLUSTER_CTAID_Z}, {"cluster_nctaid.x", SR_CLUSTER_NCTAID_X},
  {"cluster_nctaid.y", SR_CLUSTER_NCTAID_Y}, {"cluster_nctaid.z", SR_CLUSTER_NCTAID_Z},
  {"cluster_ctarank", SR_CLUSTER_CTARANK}, {"cluster_nctarank", SR_CLUSTER_NCTARANK},
  {"is_explicit_cluster", SR_IS_EXPLICIT_CLUSTER},
};
const unsigned lw_nsreg_names = sizeof lw_sreg_names / sizeof lw_sreg_names[0];

/* Element-wise emission over the slots of a (possibly vector) result. */
static void elemwise(lw *L, LLVMValueRef inst, unsigned op, unsigned ty, uint32_t x,
                     unsigned nargs) {
  uint32_t d = lw_dst(L, inst);
  unsigned n = lw_slots_of(L, LLVMTypeOf(inst));
  uint32_t a = nargs > 0 ? ARG(0) : NOREG, b = nargs > 1 ? ARG(1) : NOREG,
           c = nargs > 2 ? ARG(2) : NOREG;
  for (unsigned s = 0; s < n; s++)
    lw_emit(L, op, ty, d + s, a == NOREG ? a : a + s, b == NOREG ? b : b + s,
            c == NOREG ? c : c + s, x);
}

/* Math through the native table; returns 0 if the name is not in it.
 * ftz: the .ftz form (single precision subnormals flushed). */
int lw_lower_math_ftz(lw *L, LLVMValueRef inst, const char *name, unsigned nargs, int ftz) {
  int mi = simI_math_find(name);
  if (mi < 0) {
    for (unsigned i = 0; simI_math_unsupported[i]; i++)
      if (!strcmp(name, simI_math_unsupported[i])) {
        lw_unsup(L, "unsupported libdevice function '%s'", name);
        return 1;
      }
    return 0;
  }
  const char *sig = simI_math_table[mi].sig;
  uint32_t d = lw_dst(L, inst);
  LLVMTypeRef rt = LLVMTypeOf(inst);
  unsigned ty = tcode(rt);
  int cls = simI_math_sigclass(sig);
  if (cls == MS_F_N || cls == MS_D_N || cls == MS_F_IV || cls == MS_D_IV) {
    uint32_t pc = lw_emit(L, OP_MATHMEM, ty, d, ARG(0), nargs > 1 ? ARG(1) : NOREG, NOREG, (uint32_t)mi);
    at(L, pc)->ty2 = (uint8_t)cls;
    return 1;
  }
  if (ftz) cls |= SIMI_MATH_FTZ;
  /* pointer outputs: results land in R[d], R[d+1] (and are stored) */
  const char *pp = strchr(sig, 'p');
  const char *pq = strchr(sig, 'q');
  if (!strcmp(sig, "v:fpp") || !strcmp(sig, "v:dpp")) {
    uint32_t t = new_regs(L, 2);
    uint32_t mpc = lw_emit(L, OP_MATH, sig[2] == 'f' ? T_F32 : T_F64, t, ARG(0), NOREG, NOREG, (uint32_t)mi);
    at(L, mpc)->ty2 = (uint8_t)cls;
    unsigned sz = sig[2] == 'f' ? 4 : 8, tc = sig[2] == 'f' ? T_F32 : T_F64;
    lw_emit(L, OP_STORE, tc, NOREG, ARG(1), t, NOREG, sz);
    lw_emit(L, OP_STORE, tc, NOREG, ARG(2), t + 1, NOREG, sz);
    return 1;
  }
  if (pp || pq) {
    uint32_t t = new_regs(L, 2);
    unsigned np = (unsigned)((pp ? pp : pq) - (sig + 2)); /* index of the pointer arg */
    uint32_t mpc = lw_emit(L, OP_MATH, ty, t, ARG(0), np > 1 ? ARG(1) : NOREG, NOREG, (uint32_t)mi);
    at(L, mpc)->ty2 = (uint8_t)cls;
    lw_emit(L, OP_MOV, 0, d, t, NOREG, NOREG, 0);
    if (pp) lw_emit(L, OP_STORE, ty, NOREG, ARG(np), t + 1, NOREG, ty == T_F32 ? 4 : 8);
    else lw_emit(L, OP_STORE, 32, NOREG, ARG(np), t + 1, NOREG, 4);
    return 1;
  }
  unsigned n = lw_slots_of(L, rt);
  uint32_t a = nargs > 0 ? ARG(0) : NOREG, b = nargs > 1 ? ARG(1) : NOREG,
           c = nargs > 2 ? ARG(2) : NOREG;
  uint32_t e4 = nargs > 3 ? ARG(3) : NOREG;
  /* vector results: vector operands step per slot, scalar ones (the i32 of
   * powi / ldexp / is.fpclass) stay */
  unsigned vec = 0;
  for (unsigned i = 0; i < nargs && i < 4; i++)
    if (LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(inst, i))) == LLVMVectorTypeKind) vec |= 1u << i;
#define STEP(r, i, s) ((r) == NOREG || !(vec & (1u << (i))) ? (r) : (r) + (s))
  for (unsigned s = 0; s < n; s++) {
    uint32_t pc = lw_emit(L, OP_MATH, ty, d + s, STEP(a, 0, s), STEP(b, 1, s), STEP(c, 2, s),
                          (uint32_t)mi);
    at(L, pc)->ty2 = (uint8_t)cls;
    if (e4 != NOREG) at(L, pc)->e = STEP(e4, 3, s);
  }
#undef STEP
  return 1;
}

static int lower_math(lw *L, LLVMValueRef inst, const char *name, unsigned nargs) {
  return lw_lower_math_ftz(L, inst, name, nargs, 0);
}

static void lower_nvvm_atomic(lw *L, LLVMValueRef inst, const char *name) {
  /* llvm.nvvm.atomic.<op>.gen.<i|f>.<cta|sys>.<types>  or
     llvm.nvvm.atomic.load.<inc|dec|add>.<32|f32>... */
  const char *s = name + strlen("llvm.nvvm.atomic.");
  unsigned scope = strstr(s, ".cta") ? SIMI_SCOPE_BLOCK
                 : strstr(s, ".sys") ? SIMI_SCOPE_SYSTEM : SIMI_SCOPE_DEVICE;
  int isf = strstr(s, ".gen.f") != NULL || strstr(s, ".f32") || strstr(s, ".f64");
  if (starts(s, "load.")) s += 5;
  struct { const char *n; unsigned op; } ops[] = {
    {"add", LLVMAtomicRMWBinOpAdd}, {"exch", LLVMAtomicRMWBinOpXchg},
    {"max", LLVMAtomicRMWBinOpMax}, {"min", LLVMAtomicRMWBinOpMin},
    {"umax", LLVMAtomicRMWBinOpUMax}, {"umin", LLVMAtomicRMWBinOpUMin},
    {"inc", LLVMAtomicRMWBinOpUIncWrap}, {"dec", LLVMAtomicRMWBinOpUDecWrap},
    {"and", LLVMAtomicRMWBinOpAnd}, {"or", LLVMAtomicRMWBinOpOr},
    {"xor", LLVMAtomicRMWBinOpXor}, {"cas", 99}};
  unsigned op = 1000;
  for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++) {
    size_t l = strlen(ops[i].n);
    if (!strncmp(s, ops[i].n, l) && s[l] == '.') { op = ops[i].op; break; }
  }
  if (op == 1000) { lw_unsup(L, "unsupported intrinsic '%s'", name); return; }
  if (op == LLVMAtomicRMWBinOpAdd && isf) op = LLVMAtomicRMWBinOpFAdd;
  if ((op == LLVMAtomicRMWBinOpMax || op == LLVMAtomicRMWBinOpMin) && strstr(s, ".gen.ui"))
    op = op == LLVMAtomicRMWBinOpMax ? LLVMAtomicRMWBinOpUMax : LLVMAtomicRMWBinOpUMin;
  LLVMTypeRef vt = LLVMTypeOf(inst);
  uint32_t d = lw_dst(L, inst);
  uint32_t sz = (uint32_t)store_size(L, vt);
  if (op == 99) {
    uint32_t t = new_regs(L, 2);
    uint32_t pc = lw_emit(L, OP_CMPXCHG, tcode(vt), t, ARG(0), ARG(1), ARG(2), sz);
    at(L, pc)->e = scope;
    lw_emit(L, OP_MOV, 0, d, t, NOREG, NOREG, 0);
    return;
  }
  uint32_t pc = lw_emit(L, OP_ATOMIC, tcode(vt), d, ARG(0), ARG(1), op, sz);
  at(L, pc)->e = scope;
}

/* Normalise an nvvm float intrinsic name: drop .approx (the approximate
 * forms are computed accurately) and .ftz (returned as a flag); the rounding
 * modifiers (.rn .rz .rm .rp) are kept: they select the table entry. */
static int nvvm_norm(const char *in, char *out, size_t len) {
  size_t o = 0;
  int ftz = 0;
  const char *p = in;
  while (*p && o + 1 < len) {
    if (*p == '.') {
      const char *q = p + 1;
      size_t l = strcspn(q, ".");
      if (l == 3 && !strncmp(q, "ftz", 3)) { ftz = 1; p = q + l; continue; }
      if (l == 6 && !strncmp(q, "approx", 6)) { p = q + l; continue; }
    }
    out[o++] = *p++;
  }
  out[o] = 0;
  return ftz;
}

/* The __CUDA_ARCH__ value of the function holding inst: its "target-cpu"
 * attribute (sm_86 -> 860, sm_90a -> 900, what --arch gave clang), else 700
 * (bitcode without one). */
static uint64_t reflect_arch(LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  LLVMValueRef fn = bb ? LLVMGetBasicBlockParent(bb) : NULL;
  LLVMAttributeRef at =
      fn ? LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10) : NULL;
  unsigned len = 0;
  const char *cpu = at ? LLVMGetStringAttributeValue(at, &len) : NULL;
  uint64_t v = 0;
  if (cpu && len >= 4 && len < 8 && !strncmp(cpu, "sm_", 3))
    for (unsigned i = 3; i < len && cpu[i] >= '0' && cpu[i] <= '9'; i++) v = v * 10 + (uint64_t)(cpu[i] - '0');
  return v >= 10 ? v * 10 : 700;
}

/* __nvvm_reflect("__CUDA_FTZ" | "__CUDA_ARCH" | ...), normally folded by the
 * NVPTX back end, survives in unoptimised bitcode linked with libdevice:
 * no flush-to-zero, the function's target (reflect_arch), precise square
 * roots, 0 otherwise. */
static void lower_reflect(lw *L, LLVMValueRef inst) {
  uint32_t d = lw_dst(L, inst);
  LLVMValueRef a = LLVMGetNumArgOperands(inst) ? LLVMGetOperand(inst, 0) : NULL;
  while (a && LLVMIsAConstantExpr(a)) a = LLVMGetOperand(a, 0);
  const char *str = "";
  size_t len = 0;
  if (a && LLVMIsAGlobalVariable(a) && LLVMGetInitializer(a) &&
      LLVMIsAConstantDataSequential(LLVMGetInitializer(a)))
    str = LLVMGetAsString(LLVMGetInitializer(a), &len);
  uint64_t v = 0;
  if (len >= 11 && !strncmp(str, "__CUDA_ARCH", 11) && (len == 11 || !str[11])) v = reflect_arch(inst);
  else if (len >= 16 && !strncmp(str, "__CUDA_PREC_SQRT", 16)) v = 1;
  lw_emit(L, OP_MOV, 0, d, lw_konst(L, v), NOREG, NOREG, 0);
}

/* The NVVM intrinsics of asynchronous copies and mbarriers (sm_80):
 * llvm.nvvm.cp.async.{ca,cg}.shared.global.{4,8,16}[.s], commit.group,
 * wait.group, wait.all, cp.async.mbarrier.arrive[.noinc][.shared], and
 * llvm.nvvm.mbarrier.{init,inval,arrive[.drop][.noComplete],test.wait,
 * pending.count}[.shared]. s is the name after "llvm.nvvm.". */
static void lower_nvvm_async(lw *L, LLVMValueRef inst, const char *s, uint32_t d) {
  unsigned na = (unsigned)LLVMGetNumArgOperands(inst);
  unsigned sz = 0;
  int nlen = 0;
  char kind[4];
  if (sscanf(s, "cp.async.%2[cag].shared.global.%u%n", kind, &sz, &nlen) == 2 &&
      (sz == 4 || sz == 8 || sz == 16) && (!s[nlen] || !strcmp(s + nlen, ".s")) && na >= 2) {
    lw_emit(L, OP_CPASYNC, 0, NOREG, ARG(0), ARG(1), s[nlen] && na >= 3 ? ARG(2) : NOREG, sz);
    return;
  }
  if (!strcmp(s, "cp.async.commit.group")) { lw_emit(L, OP_CPAGROUP, 0, NOREG, NOREG, NOREG, NOREG, 0); return; }
  if (!strcmp(s, "cp.async.wait.group") && na >= 1) { lw_emit(L, OP_CPAGROUP, 0, NOREG, ARG(0), NOREG, NOREG, 1); return; }
  if (!strcmp(s, "cp.async.wait.all")) { lw_emit(L, OP_CPAGROUP, 0, NOREG, NOREG, NOREG, NOREG, 2); return; }
  if (starts(s, "cp.async.mbarrier.arrive") && na >= 1) {
    lw_emit(L, OP_CPAGROUP, 0, NOREG, ARG(0), strstr(s, ".noinc") ? 1u : 0u, NOREG, 3);
    return;
  }
  char base[64];
  snprintf(base, sizeof base, "%.63s", s); /* the names below are shorter */
  size_t bl = strlen(base);
  if (bl > 7 && !strcmp(base + bl - 7, ".shared")) base[bl - 7] = 0;
  uint32_t one = lw_konst(L, 1);
  if (!strcmp(base, "mbarrier.init") && na >= 2) { lw_emit(L, OP_MBAR, 0, NOREG, ARG(0), ARG(1), NOREG, MB_INIT); return; }
  if (!strcmp(base, "mbarrier.inval") && na >= 1) { lw_emit(L, OP_MBAR, 0, NOREG, ARG(0), NOREG, NOREG, MB_INVAL); return; }
  if (starts(base, "mbarrier.arrive") && na >= 1) {
    const char *t = base + 15;
    unsigned f = 0;
    if (starts(t, ".drop")) { f |= MBF_DROP; t += 5; }
    if (starts(t, ".noComplete")) { f |= MBF_NOCOMPLETE; t += 11; }
    if (*t) { lw_unsup(L, "unsupported intrinsic 'llvm.nvvm.%s'", s); return; }
    uint32_t pc = lw_emit(L, OP_MBAR, 64, d, ARG(0), na >= 2 ? ARG(1) : one, NOREG, MB_ARRIVE);
    at(L, pc)->ty2 = (uint8_t)f;
    return;
  }
  if (!strcmp(base, "mbarrier.test.wait") && na >= 2) { lw_emit(L, OP_MBAR, 1, d, ARG(0), ARG(1), NOREG, MB_TEST_WAIT); return; }
  if (!strcmp(base, "mbarrier.pending.count") && na >= 1) { lw_emit(L, OP_MBAR, 32, d, NOREG, ARG(0), NOREG, MB_PENDING); return; }
  lw_unsup(L, "unsupported intrinsic 'llvm.nvvm.%s'", s);
}

static void lower_intrinsic(lw *L, LLVMValueRef inst, const char *name, unsigned na) {
  uint32_t d = lw_dst(L, inst);
  LLVMTypeRef rt = LLVMTypeOf(inst);
  unsigned rty = tcode(rt);
  if (starts(name, "llvm.nvvm.")) {
    const char *s = name + 10;
    if (!strcmp(s, "reflect")) { lower_reflect(L, inst); return; }
    if (starts(s, "read.ptx.sreg.")) {
      const char *r = s + 14;
      if (starts(r, "envreg")) { /* driver registers: see lower_asm */
        unsigned ev = (unsigned)atoi(r + 6);
        if (ev == 1 || ev == 2) lw_emit(L, OP_SREG, rty, d, NOREG, NOREG, NOREG, ev == 1 ? SR_ENVREG1 : SR_ENVREG2);
        else lw_emit(L, OP_MOV, 0, d, lw_konst(L, 0), NOREG, NOREG, 0);
        return;
      }
      for (unsigned i = 0; i < lw_nsreg_names; i++)
        if (!strcmp(r, lw_sreg_names[i].n)) {
          lw_emit(L, OP_SREG, rty, d, NOREG, NOREG, NOREG, lw_sreg_names[i].sr);
          return;
        }
      lw_unsup(L, "unsupported special register '%s'", name);
      return;
    }
    if (starts(s, "cp.async.") || starts(s, "mbarrier.")) { lower_nvvm_async(L, inst, s, d); return; }
    if (!strcmp(s, "barrier0")) {
      lw_emit(L, OP_BAR, 0, NOREG, NOREG, NOREG, NOREG, 0);
      return;
    }
    /* thread block clusters (sm_90) */
    if (starts(s, "barrier.cluster.")) {
      const char *c = s + 16;
      if (starts(c, "arrive")) {
        lw_emit(L, OP_CLBAR, 0, NOREG, NOREG, NOREG, NOREG, strstr(c, "relaxed") ? 1 : 0);
        return;
      }
      if (starts(c, "wait")) { lw_emit(L, OP_CLBAR, 0, NOREG, NOREG, NOREG, NOREG, 2); return; }
    }
    if (!strcmp(s, "mapa") || !strcmp(s, "mapa.shared.cluster")) {
      lw_emit(L, OP_MAPA, 64, d, ARG(0), ARG(1), NOREG, 0);
      return;
    }
    if (!strcmp(s, "getctarank") || !strcmp(s, "getctarank.shared.cluster")) {
      lw_emit(L, OP_CTARANK, 32, d, ARG(0), NOREG, NOREG, 0);
      return;
    }
    if (!strcmp(s, "bar.sync") || !strcmp(s, "barrier.sync") || !strcmp(s, "barrier.n") ||
        !strcmp(s, "barrier") || !strcmp(s, "barrier.sync.cnt") || starts(s, "barrier.cta.sync") ||
        starts(s, "barrier.cta.arrive")) {
      /* the id is operand 0; a thread count operand 1 where there is one */
      unsigned na = (unsigned)LLVMGetNumArgOperands(inst);
      int arrive = starts(s, "barrier.cta.arrive");
      LLVMValueRef id = na ? LLVMGetOperand(inst, 0) : NULL;
      if (!arrive && na < 2 && (!id || (LLVMIsAConstantInt(id) && !LLVMConstIntGetZExtValue(id)))) {
        lw_emit(L, OP_BAR, 0, NOREG, NOREG, NOREG, NOREG, 0);
        return;
      }
      lw_emit(L, OP_BAR, 0, NOREG, id ? ARG(0) : lw_konst(L, 0), na >= 2 ? ARG(1) : NOREG, NOREG,
              BAR_NAMED | (arrive ? BAR_ARRIVE : 0u));
      return;
    }
    if (!strcmp(s, "barrier0.popc") || !strcmp(s, "barrier0.and") || !strcmp(s, "barrier0.or")) {
      unsigned k = s[9] == 'p' ? 1 : s[9] == 'a' ? 2 : 3;
      lw_emit(L, OP_BAR, 32, d, ARG(0), NOREG, NOREG, k);
      return;
    }
    if (!strcmp(s, "bar.warp.sync")) {
      lw_emit(L, OP_SYNCWARP, 0, NOREG, ARG(0), NOREG, NOREG, 0);
      return;
    }
    if (starts(s, "shfl.")) {
      int sync = starts(s, "shfl.sync.");
      const char *m = s + (sync ? 10 : 5);
      unsigned mode = starts(m, "idx") ? 0 : starts(m, "up") ? 1 : starts(m, "down") ? 2 : 3;
      int withp = name[strlen(name) - 1] == 'p';
      uint32_t mask = sync ? ARG(0) : lw_konst(L, 0xFFFFFFFFu);
      unsigned o = sync ? 1 : 0;
      uint32_t pc = lw_emit(L, OP_SHFL, withp ? 32 : rty, d, mask, ARG(o), ARG(o + 1), mode);
      at(L, pc)->e = ARG(o + 2);
      at(L, pc)->ty2 = (uint8_t)withp;
      return;
    }
    if (starts(s, "vote.")) {
      int sync = strstr(s, ".sync") != NULL;
      const char *m = s + 5;
      unsigned mode = starts(m, "all") ? 0 : starts(m, "any") ? 1 : starts(m, "uni") ? 2 : 3;
      uint32_t mask = sync ? ARG(0) : lw_konst(L, 0xFFFFFFFFu);
      lw_emit(L, OP_VOTE, rty, d, mask, ARG(sync ? 1 : 0), NOREG, mode);
      return;
    }
    if (starts(s, "redux.sync.")) {
      static const char *const ops[] = {"add", "min", "max", "umin", "umax", "and", "or", "xor"};
      const char *r = s + 11;
      for (unsigned i = 0; i < 8; i++)
        if (!strcmp(r, ops[i]) || (starts(r, ops[i]) && r[strlen(ops[i])] == '.')) {
          lw_emit(L, OP_VOTE, 32, d, ARG(1), ARG(0), NOREG, 4 + i);
          return;
        }
      lw_unsup(L, "unsupported intrinsic '%s'", name);
      return;
    }
    if (starts(s, "match.")) {
      unsigned mode = starts(s + 6, "any") ? 0 : 1;
      LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(inst, 1));
      lw_emit(L, OP_MATCH, tcode(vt), d, ARG(0), ARG(1), NOREG, mode);
      return;
    }
    if (!strcmp(s, "activemask")) {
      lw_emit(L, OP_ACTIVEMASK, 32, d, NOREG, NOREG, NOREG, 0);
      return;
    }
    if (starts(s, "membar.") || starts(s, "fence.")) {
      unsigned sc = strstr(s, "cta") ? SIMI_SCOPE_BLOCK : strstr(s, "sys") ? SIMI_SCOPE_SYSTEM
                                                                          : SIMI_SCOPE_DEVICE;
      lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, sc);
      return;
    }
    if (starts(s, "atomic.")) { lower_nvvm_atomic(L, inst, name); return; }
    if (starts(s, "ldg.global.") || starts(s, "ldu.global.")) {
      lw_mem_access(L, 0, rt, d, ARG(0), 0, 0, 0);
      return;
    }
    if (starts(s, "isspacep.")) {
      const char *sp = s + 9;
      unsigned space = starts(sp, "global") ? SIMI_SPACE_GLOBAL : starts(sp, "shared")
                     ? SIMI_SPACE_SHARED : starts(sp, "local") ? SIMI_SPACE_LOCAL : SIMI_SPACE_CONST;
      lw_emit(L, OP_ISSPACE, 1, d, ARG(0), NOREG, NOREG, space);
      return;
    }
    if (starts(s, "texsurf.handle.internal") && na == 1) {
      /* a legacy texture reference's handle: the texture buffer's address
       * the launch stored in it (simI_launch.texbinds), 0 if unbound */
      lw_mem_access(L, 0, LLVMTypeOf(inst), d, ARG(0), 0, 0, 1);
      return;
    }
    if (starts(s, "ptr.") || starts(s, "bitcast.")) {
      lw_emit(L, OP_MOV, 0, d, ARG(0), NOREG, NOREG, 0);
      return;
    }
    if (!strcmp(s, "nanosleep")) { lw_emit(L, OP_NANOSLEEP, 0, NOREG, NOREG, NOREG, NOREG, 0); return; }
    if (!strcmp(s, "exit")) { lw_emit(L, OP_EXIT, 0, NOREG, NOREG, NOREG, NOREG, 0); return; }
    if (!strcmp(s, "d2i.lo") || !strcmp(s, "d2i.hi")) {
      uint32_t src = ARG(0);
      if (s[4] == 'h') {
        uint32_t t = new_regs(L, 1);
        lw_emit(L, OP_LSHR, 64, t, src, lw_konst(L, 32), NOREG, 0);
        src = t;
      }
      uint32_t pc = lw_emit(L, OP_TRUNC, 32, d, src, NOREG, NOREG, 0);
      at(L, pc)->ty2 = 64;
      return;
    }
    if (!strcmp(s, "lohi.i2d")) {
      uint32_t t = new_regs(L, 1);
      lw_emit(L, OP_SHL, 64, t, ARG(1), lw_konst(L, 32), NOREG, 0);
      lw_emit(L, OP_OR, 64, d, t, ARG(0), NOREG, 0);
      return;
    }
    struct { const char *n; unsigned op, x; } ints[] = {
      {"mulhi.i", OP_INTOP2, IO2_MULHI}, {"mulhi.ui", OP_INTOP2, IO2_UMULHI},
      {"mulhi.ll", OP_INTOP2, IO2_MULHI}, {"mulhi.ull", OP_INTOP2, IO2_UMULHI},
      {"mul24.i", OP_INTOP2, IO2_MUL24}, {"mul24.ui", OP_INTOP2, IO2_UMUL24},
      {"prmt", OP_INTOP2, IO2_PRMT}, {"sad.i", OP_INTOP2, IO2_SAD}, {"sad.ui", OP_INTOP2, IO2_USAD},
      {"min.i", OP_INTOP2, IO2_SMIN}, {"min.ui", OP_INTOP2, IO2_UMIN},
      {"min.ll", OP_INTOP2, IO2_SMIN}, {"min.ull", OP_INTOP2, IO2_UMIN},
      {"max.i", OP_INTOP2, IO2_SMAX}, {"max.ui", OP_INTOP2, IO2_UMAX},
      {"max.ll", OP_INTOP2, IO2_SMAX}, {"max.ull", OP_INTOP2, IO2_UMAX},
      {"brev32", OP_INTOP1, IO1_BITREV}, {"brev64", OP_INTOP1, IO1_BITREV},
      {"popc.i", OP_INTOP1, IO1_CTPOP}, {"popc.ll", OP_INTOP1, IO1_CTPOP},
      {"clz.i", OP_INTOP1, IO1_CTLZ}, {"clz.ll", OP_INTOP1, IO1_CTLZ},
      {"abs.i", OP_INTOP1, IO1_ABS}, {"abs.ll", OP_INTOP1, IO1_ABS},
    };
    for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++)
      if (!strcmp(s, ints[i].n)) {
        LLVMTypeRef at0 = LLVMTypeOf(LLVMGetOperand(inst, 0));
        lw_emit(L, ints[i].op, tcode(at0), d, ARG(0), na > 1 ? ARG(1) : NOREG,
                na > 2 ? ARG(2) : NOREG, ints[i].x);
        if (ints[i].x == IO1_CTPOP || ints[i].x == IO1_CTLZ) {
          /* result is i32 even for 64-bit inputs: value fits */
        }
        return;
      }
    char norm[128];
    int ftz = nvvm_norm(name, norm, sizeof norm);
    if (!ftz && (!strcmp(norm, "llvm.nvvm.fma.rn.f") || !strcmp(norm, "llvm.nvvm.fma.rn.d"))) {
      lw_emit(L, OP_FMA, rty, d, ARG(0), ARG(1), ARG(2), 0);
      return;
    }
    if (lw_lower_math_ftz(L, inst, norm, na, ftz)) return;
    if (lower_math(L, inst, name, na)) return;
    lw_unsup(L, "unsupported intrinsic '%s'", name);
    return;
  }
  /* generic llvm.* */
  const char *s = name + 5;
  if (starts(s, "stackrestore")) {
    /* the pointer must be one llvm.stacksave returned (through casts or
     * phis of such): restoring another is undefined, an error finding */
    LLVMValueRef v = LLVMGetOperand(inst, 0);
    for (int k = 0; k < 8 && v && (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)); k++)
      v = LLVMGetOperand(v, 0);
    int saved = 0;
    if (v && LLVMIsACallInst(v)) {
      LLVMValueRef cf = LLVMGetCalledValue(v);
      size_t nl = 0;
      const char *cn = cf && LLVMIsAFunction(cf) ? LLVMGetValueName2(cf, &nl) : "";
      saved = nl >= 14 && !strncmp(cn, "llvm.stacksave", 14);
    } else if (v && LLVMIsAPHINode(v)) {
      saved = 1; /* a loop's saved pointer: not followed */
    }
    if (!saved) {
      const char *m = "llvm.stackrestore of a stack pointer llvm.stacksave did not return";
      lw_emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, m, strlen(m)));
    }
    return;
  }
  if (starts(s, "lifetime.") || starts(s, "dbg.") || starts(s, "assume") ||
      starts(s, "experimental.noalias") || starts(s, "invariant.") ||
      starts(s, "var.annotation") || starts(s, "donothing") || starts(s, "sideeffect") ||
      starts(s, "prefetch") || starts(s, "stackrestore") || starts(s, "pseudoprobe")) {
    if (starts(s, "invariant.start")) lw_emit(L, OP_MOV, 0, d, lw_konst(L, 0), NOREG, NOREG, 0);
    return;
  }
  if (starts(s, "stacksave")) { lw_emit(L, OP_MOV, 0, d, lw_konst(L, 0), NOREG, NOREG, 0); return; }
  if (starts(s, "expect") || starts(s, "ptr.annotation") || starts(s, "launder.invariant") ||
      starts(s, "strip.invariant") || starts(s, "ssa.copy")) {
    unsigned n = lw_slots_of(L, rt);
    uint32_t a = ARG(0);
    for (unsigned i = 0; i < n; i++) lw_emit(L, OP_MOV, 0, d + i, a + i, NOREG, NOREG, 0);
    return;
  }
  if (starts(s, "memcpy") || starts(s, "memmove")) {
    lw_emit(L, OP_MEMCPY, 0, NOREG, ARG(0), ARG(1), ARG(2), s[3] == 'm' ? 1 : 0);
    return;
  }
  if (starts(s, "memset")) {
    lw_emit(L, OP_MEMSET, 0, NOREG, ARG(0), ARG(1), ARG(2), 0);
    return;
  }
  if (starts(s, "trap") || starts(s, "debugtrap") || starts(s, "ubsantrap")) {
    const char *m = "__trap() executed";
    lw_emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, m, strlen(m)));
    return;
  }
  struct { const char *n; unsigned op, x; } gens[] = {
    {"smin.", OP_INTOP2, IO2_SMIN}, {"smax.", OP_INTOP2, IO2_SMAX},
    {"umin.", OP_INTOP2, IO2_UMIN}, {"umax.", OP_INTOP2, IO2_UMAX},
    {"sadd.sat.", OP_INTOP2, IO2_SADDSAT}, {"uadd.sat.", OP_INTOP2, IO2_UADDSAT},
    {"ssub.sat.", OP_INTOP2, IO2_SSUBSAT}, {"usub.sat.", OP_INTOP2, IO2_USUBSAT},
    {"ctpop.", OP_INTOP1, IO1_CTPOP}, {"ctlz.", OP_INTOP1, IO1_CTLZ},
    {"cttz.", OP_INTOP1, IO1_CTTZ}, {"bswap.", OP_INTOP1, IO1_BSWAP},
    {"bitreverse.", OP_INTOP1, IO1_BITREV}, {"abs.", OP_INTOP1, IO1_ABS},
    {"fshl.", OP_FSH, 0}, {"fshr.", OP_FSH, 1},
    {"fma.", OP_FMA, 0}, {"fmuladd.", OP_FMA, 0},
  };
  for (unsigned i = 0; i < sizeof gens / sizeof gens[0]; i++)
    if (starts(s, gens[i].n)) {
      unsigned nargs = gens[i].op == OP_INTOP1 ? 1 : gens[i].op == OP_INTOP2 ? 2 : 3;
      elemwise(L, inst, gens[i].op, rty, gens[i].x, nargs);
      return;
    }
  struct { const char *n; unsigned x; } ovf[] = {
    {"sadd.with.overflow.", 0}, {"uadd.with.overflow.", 1}, {"ssub.with.overflow.", 2},
    {"usub.with.overflow.", 3}, {"smul.with.overflow.", 4}, {"umul.with.overflow.", 5}};
  for (unsigned i = 0; i < 6; i++)
    if (starts(s, ovf[i].n)) {
      LLVMTypeRef at0 = LLVMTypeOf(LLVMGetOperand(inst, 0));
      if (LLVMGetTypeKind(at0) == LLVMVectorTypeKind) break;
      lw_emit(L, OP_OVF, tcode(at0), d, ARG(0), ARG(1), NOREG, ovf[i].x);
      return;
    }
  if (starts(s, "vector.reduce.")) {
    LLVMValueRef v = LLVMGetOperand(inst, na - 1);
    LLVMTypeRef vt = LLVMTypeOf(v);
    unsigned n = LLVMGetVectorSize(vt), ety = tcode(LLVMGetElementType(vt));
    const char *r = s + 14;
    unsigned op = 0, x = 0;
    if (starts(r, "add")) op = OP_ADD; else if (starts(r, "mul")) op = OP_MUL;
    else if (starts(r, "and")) op = OP_AND; else if (starts(r, "or")) op = OP_OR;
    else if (starts(r, "xor")) op = OP_XOR; else if (starts(r, "fadd")) op = OP_FADD;
    else if (starts(r, "fmul")) op = OP_FMUL;
    else if (starts(r, "smin")) { op = OP_INTOP2; x = IO2_SMIN; }
    else if (starts(r, "smax")) { op = OP_INTOP2; x = IO2_SMAX; }
    else if (starts(r, "umin")) { op = OP_INTOP2; x = IO2_UMIN; }
    else if (starts(r, "umax")) { op = OP_INTOP2; x = IO2_UMAX; }
    const char *fred = NULL;
    if (starts(r, "fmaximum")) fred = "maximum"; else if (starts(r, "fminimum")) fred = "minimum";
    else if (starts(r, "fmax")) fred = "maxnum"; else if (starts(r, "fmin")) fred = "minnum";
    if (fred) { /* a chain of OP_MATH through the table's maxnum/minnum entries */
      char nm[32];
      snprintf(nm, sizeof nm, "%s%s", fred, ety == T_F64 ? "" : "f");
      int mi = simI_math_find(nm);
      if (mi < 0) { lw_unsup(L, "unsupported intrinsic '%s'", name); return; }
      uint32_t a = lw_opnd(L, v), acc = a;
      for (unsigned k = 1; k < n; k++) {
        uint32_t nd = k == n - 1 ? d : new_regs(L, 1);
        uint32_t pc = lw_emit(L, OP_MATH, ety, nd, acc, a + k, NOREG, (uint32_t)mi);
        at(L, pc)->ty2 = (uint8_t)simI_math_sigclass(simI_math_table[mi].sig);
        acc = nd;
      }
      if (n == 1) lw_emit(L, OP_MOV, 0, d, acc, NOREG, NOREG, 0);
      return;
    }
    if (!op) { lw_unsup(L, "unsupported intrinsic '%s'", name); return; }
    uint32_t a = lw_opnd(L, v);
    uint32_t acc;
    unsigned k0 = 0;
    if (na == 2) acc = ARG(0); /* fadd/fmul start value */
    else { acc = a; k0 = 1; }
    for (unsigned k = k0; k < n; k++) {
      uint32_t nd = k == n - 1 ? d : new_regs(L, 1);
      lw_emit(L, op, ety, nd, acc, a + k, NOREG, x);
      acc = nd;
    }
    if (n == k0) lw_emit(L, OP_MOV, 0, d, acc, NOREG, NOREG, 0);
    return;
  }
  if (starts(s, "objectsize.")) { /* unknown size: -1, or 0 when asked for the minimum */
    uint64_t mn = LLVMIsAConstantInt(LLVMGetOperand(inst, 1)) ? LLVMConstIntGetZExtValue(LLVMGetOperand(inst, 1)) : 0;
    lw_emit(L, OP_MOV, 0, d, lw_konst(L, mn ? 0 : (rty >= 64 ? ~0ull : (1ull << rty) - 1)), NOREG, NOREG, 0);
    return;
  }
  if (starts(s, "is.constant.")) { lw_emit(L, OP_MOV, 0, d, lw_konst(L, 0), NOREG, NOREG, 0); return; }
  if (starts(s, "fptosi.sat.") || starts(s, "fptoui.sat.")) {
    unsigned n = lw_slots_of(L, rt);
    uint32_t a = ARG(0);
    unsigned sty = tcode(LLVMTypeOf(LLVMGetOperand(inst, 0)));
    for (unsigned k = 0; k < n; k++) {
      uint32_t pc = lw_emit(L, s[4] == 's' ? OP_FPTOSI : OP_FPTOUI, rty, d + k, a + (n > 1 ? k : 0), NOREG, NOREG, 0);
      at(L, pc)->ty2 = (uint8_t)sty;
    }
    return;
  }
  if (starts(s, "convert.from.fp16.")) { if (lower_math(L, inst, "half2float", na)) return; }
  if (starts(s, "convert.to.fp16.")) { if (lower_math(L, inst, "float2half_rn", na)) return; }
  if (starts(s, "lround.") || starts(s, "llround.") || starts(s, "lrint.") || starts(s, "llrint.")) {
    unsigned aty = tcode(LLVMTypeOf(LLVMGetOperand(inst, 0)));
    int rnd = strstr(s, "round") != NULL;
    char nm[32];
    snprintf(nm, sizeof nm, "%s%s", rnd ? "llround" : "llrint", aty == T_F64 ? "" : "f");
    if (rty == 64 && lower_math(L, inst, nm, na)) return;
  }
  if (starts(s, "is.fpclass.")) {
    unsigned aty = tcode(LLVMTypeOf(LLVMGetOperand(inst, 0)));
    if (aty != T_F16 && lower_math(L, inst, aty == T_F64 ? "is.fpclass.d" : "is.fpclass.f", na)) return;
  }
  /* floating point intrinsics: llvm.<fn>.<f16|f32|f64|vNfM> */
  char base[64];
  size_t bl = strcspn(s, ".");
  if (bl < sizeof base) {
    memcpy(base, s, bl);
    base[bl] = 0;
    unsigned ety = rty;
    const char *suffix = ety == T_F64 ? "" : "f";
    char mname[80];
    snprintf(mname, sizeof mname, "%s%s", base, suffix);
    if (!strcmp(base, "powi") || !strcmp(base, "ldexp")) {
      snprintf(mname, sizeof mname, "%s%s", base, ety == T_F64 ? "" : "f");
    }
    if (!strcmp(base, "minnum") || !strcmp(base, "maxnum") || !strcmp(base, "minimum") ||
        !strcmp(base, "maximum") || !strcmp(base, "roundeven") || !strcmp(base, "canonicalize") ||
        !strcmp(base, "sqrt") || !strcmp(base, "fabs") || !strcmp(base, "floor") ||
        !strcmp(base, "ceil") || !strcmp(base, "trunc") || !strcmp(base, "rint") ||
        !strcmp(base, "nearbyint") || !strcmp(base, "round") || !strcmp(base, "sin") ||
        !strcmp(base, "cos") || !strcmp(base, "exp") || !strcmp(base, "exp2") ||
        !strcmp(base, "exp10") || !strcmp(base, "log") || !strcmp(base, "log2") ||
        !strcmp(base, "log10") || !strcmp(base, "pow") || !strcmp(base, "copysign") ||
        !strcmp(base, "powi") || !strcmp(base, "ldexp") || !strcmp(base, "tan") ||
        !strcmp(base, "asin") || !strcmp(base, "acos") || !strcmp(base, "atan") ||
        !strcmp(base, "atan2") || !strcmp(base, "sinh") || !strcmp(base, "cosh") ||
        !strcmp(base, "tanh")) {
      if (lower_math(L, inst, mname, na)) return;
    }
  }
  lw_unsup(L, "unsupported intrinsic '%s'", name);
}

/* Kind letter of an argument or result type, in the letters of the math
 * signatures (interp/math.c): f float, d double, i/u i32, l i64, h i16,
 * p/q/n/v pointer, V void; '?' other. */
static char sig_kind(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMFloatTypeKind: return 'f';
  case LLVMDoubleTypeKind: return 'd';
  case LLVMVoidTypeKind: return 'V';
  case LLVMPointerTypeKind: return 'p';
  case LLVMIntegerTypeKind: {
    unsigned w = LLVMGetIntTypeWidth(t);
    return w == 32 ? 'i' : w == 64 ? 'l' : w == 16 ? 'h' : '?';
  }
  default: return '?';
  }
}

static int sig_letter_ok(char want, char got, int result) {
  switch (want) {
  case 'u': want = 'i'; break;
  case 'p': case 'q': case 'n': want = 'p'; break;
  case 'v': want = result ? 'V' : 'p'; break;
  default: break;
  }
  return want == got;
}

/* The calls simulee lowers by name outside llvm.* (libdevice through the
 * math table, vprintf, the assert hooks): 1 if the call's operands and result
 * are what the lowering reads and writes. Other names: 1 (not lowered here). */
static int known_call_sig_ok(lw *L, LLVMValueRef inst, const char *name, unsigned na) {
  (void)L;
  char res = sig_kind(LLVMTypeOf(inst));
  if (!strcmp(name, "vprintf"))
    return na == 2 && res == 'i' && sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'p' &&
           sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 1))) == 'p';
  if (!strcmp(name, "__assertfail") || !strcmp(name, "__assert_fail")) {
    if (na < 4 || res != 'V') return 0;
    static const char want[4] = {'p', 'p', 'i', 'p'};
    for (unsigned i = 0; i < 4; i++)
      if (sig_kind(LLVMTypeOf(LLVMGetOperand(inst, i))) != want[i]) return 0;
    return 1;
  }
  if (starts(name, "__nv_")) {
    int mi = simI_math_find(name);
    if (mi < 0) return 1; /* unsupported or undefined: reported by name later */
    const char *sig = simI_math_table[mi].sig;
    if (!sig_letter_ok(sig[0], res, 1) || strlen(sig + 2) != na) return 0;
    for (unsigned i = 0; i < na; i++)
      if (!sig_letter_ok(sig[2 + i], sig_kind(LLVMTypeOf(LLVMGetOperand(inst, i))), 0)) return 0;
  }
  return 1;
}

/* 1 if f's address is used other than as the callee of a call. */
static int fn_address_taken(LLVMValueRef f) {
  for (LLVMUseRef u = LLVMGetFirstUse(f); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef us = LLVMGetUser(u);
    if (LLVMIsACallInst(us) && LLVMGetCalledValue(us) == f) continue;
    return 1;
  }
  return 0;
}

/* Pushes the call record of function fi with inst's arguments to aux (see
 * OP_CALL) and returns its base. */
static uint32_t call_record(lw *L, LLVMValueRef inst, uint32_t fi, unsigned na) {
  uint32_t base = lw_aux_push(L, fi);
  uint32_t nsl = 0;
  for (unsigned i = 0; i < na; i++) nsl += lw_slots_of(L, LLVMTypeOf(LLVMGetOperand(inst, i)));
  lw_aux_push(L, nsl);
  for (unsigned i = 0; i < na; i++) {
    LLVMValueRef a = LLVMGetOperand(inst, i);
    uint32_t r = lw_opnd(L, a);
    unsigned s = lw_slots_of(L, LLVMTypeOf(a));
    for (unsigned k = 0; k < s; k++) lw_aux_push(L, r == NOREG ? NOREG : r + k);
  }
  return base;
}

/* A call through a function pointer (virtual calls, callbacks): function
 * addresses are the simulated pointers SIMI_PTR_MAKE(15, function index, 0)
 * (eval_const), so the call compares the pointer with the address of every
 * defined, address-taken function of the call's type and calls the one it
 * equals; lanes may diverge (one branch per target, all reconverging after
 * the call). Lanes whose pointer designates no such function trap with a
 * message naming the call. */
static void lower_indirect_call(lw *L, LLVMValueRef inst, LLVMValueRef callee) {
  unsigned na = LLVMGetNumArgOperands(inst);
  LLVMTypeRef fty = LLVMGetCalledFunctionType(inst);
  LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst)));
  LLVMValueRef cand[64];
  unsigned nc = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f) || LLVMGlobalGetValueType(f) != fty || !fn_address_taken(f)) continue;
    if (nc == sizeof cand / sizeof cand[0]) {
      lw_unsup(L, "unsupported indirect call (more than %u possible targets)", nc);
      return;
    }
    cand[nc++] = f;
  }
  uint32_t d = lw_dst(L, inst), ptr = lw_opnd(L, callee);
  uint32_t t = new_regs(L, 1);
  uint32_t cbr[64], jmp[64];
  for (unsigned i = 0; i < nc; i++) {
    uint32_t fi = lw_func_of(L, cand[i]);
    lw_emit(L, OP_ICMP, 64, t, ptr, lw_konst(L, SIMI_PTR_MAKE(15, fi & 0xFFFFF, 0)), NOREG, LLVMIntEQ);
    cbr[i] = lw_emit(L, OP_CBR, 0, NOREG, t, 0, 0, 0);
    at(L, cbr[i])->b = L->p->ncode;
    uint32_t base = call_record(L, inst, fi, na);
    lw_emit(L, OP_CALL, 0, d, NOREG, NOREG, NOREG, base);
    jmp[i] = lw_emit(L, OP_JMP, 0, NOREG, NOREG, NOREG, NOREG, 0);
    at(L, cbr[i])->c = L->p->ncode;
  }
  const char *m = "call through a pointer that is not a function of the call's type";
  lw_emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, m, strlen(m)));
  uint32_t join = L->p->ncode;
  for (unsigned i = 0; i < nc; i++) {
    at(L, cbr[i])->x = join;
    at(L, jmp[i])->x = join;
  }
}

void lw_lower_call(lw *L, LLVMValueRef inst) {
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  unsigned na = LLVMGetNumArgOperands(inst);
  uint32_t d = lw_dst(L, inst);
  if (LLVMIsAInlineAsm(callee)) { lw_lower_asm(L, inst, callee); return; }
  if (LLVMIsAGlobalAlias(callee)) callee = LLVMAliasGetAliasee(callee);
  if (!LLVMIsAFunction(callee)) { lower_indirect_call(L, inst, callee); return; }
  size_t nl;
  const char *nm = LLVMGetValueName2(callee, &nl);
  char name[256];
  snprintf(name, sizeof name, "%.*s", (int)(nl < 255 ? nl : 255), nm);
  /* Validate before lowering: the lowering below reads operands by position
   * and writes result slots by type, so a call whose operands do not match
   * what is lowered (a hand-made module: any call may state its own function
   * type) is unsupported, never lowered. */
  if (LLVMGetCalledFunctionType(inst) != LLVMGlobalGetValueType(callee) ||
      (!LLVMIsFunctionVarArg(LLVMGlobalGetValueType(callee)) && na != LLVMCountParams(callee))) {
    lw_unsup(L, "unsupported call to '%s' with a signature other than its declaration's", name);
    return;
  }
  if (starts(name, "llvm.")) {
    /* LLVM's verifier checked the signature of every intrinsic it knows;
     * an unknown llvm.* name is only a look-alike */
    if (LLVMGetIntrinsicID(callee) == 0) {
      lw_unsup(L, "unsupported intrinsic '%s' (not an LLVM intrinsic)", name);
      return;
    }
    lower_intrinsic(L, inst, name, na);
    return;
  }
  if (!known_call_sig_ok(L, inst, name, na)) {
    lw_unsup(L, "unsupported call to '%s': its signature is not the one simulee implements", name);
    return;
  }
  if (!strcmp(name, "vprintf")) {
    lw_emit(L, OP_PRINTF, 32, d, ARG(0), ARG(1), NOREG, 0);
    return;
  }
  if (!strcmp(name, "__assertfail") || !strcmp(name, "__assert_fail")) {
    int glibc = name[8] == '_';
    uint32_t pc = lw_emit(L, OP_ASSERT, 0, NOREG, ARG(0), ARG(1), ARG(2), 0);
    at(L, pc)->e = glibc ? ARG(3) : ARG(3);
    return;
  }
  if (starts(name, "__nv_") && lower_math(L, inst, name, na)) return;
  if (!strcmp(name, "__nvvm_reflect")) { lower_reflect(L, inst); return; }
  if (!strcmp(name, "__simulee_texobj") && LLVMIsDeclaration(callee) && na == 2 &&
      sig_kind(LLVMTypeOf(inst)) == 'l' && sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'l') {
    /* the texture-handle marker of cuda/texture_types.h: the handle */
    lw_emit(L, OP_MOV, 0, d, ARG(0), NOREG, NOREG, 0);
    return;
  }
  if (!LLVMIsDeclaration(callee)) {
    uint32_t base = call_record(L, inst, lw_func_of(L, callee), na);
    lw_emit(L, OP_CALL, 0, d, NOREG, NOREG, NOREG, base);
    return;
  }
  /* dynamic parallelism: the launch of cuda/simulee_dp.h and the device
     runtime calls around it */
  if (!strcmp(name, "__sim_device_launch") && na == 3 && sig_kind(LLVMTypeOf(inst)) == 'i' &&
      sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'p' &&
      sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 1))) == 'p' &&
      sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 2))) == 'p') {
    lw_emit(L, OP_DEVLAUNCH, 32, d, ARG(0), ARG(1), ARG(2), 0);
    return;
  }
  if ((!strcmp(name, "cudaDeviceSynchronize") ||
       !strcmp(name, "__cudaDeviceSynchronizeDeprecationAvoidance")) && na == 0) {
    lw_emit(L, OP_DEVRT, 32, d, NOREG, NOREG, NOREG, 0);
    return;
  }
  if ((!strcmp(name, "cudaGetLastError") || !strcmp(name, "cudaPeekAtLastError") ||
       !strcmp(name, "cudaStreamDestroy") || !strcmp(name, "cudaStreamCreateWithFlags")) &&
      sig_kind(LLVMTypeOf(inst)) == 'i') {
    lw_emit(L, OP_DEVRT, 32, d, NOREG, NOREG, NOREG, 1);
    return;
  }
  /* a CUDA graph's conditional value (cuda/simulee_runtime_more.h) */
  if (!strcmp(name, "cudaGraphSetConditional") && na == 2 && sig_kind(LLVMTypeOf(inst)) == 'V' &&
      sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'l' &&
      sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 1))) == 'i') {
    lw_emit(L, OP_DEVRT, 0, NOREG, ARG(0), ARG(1), NOREG, 2);
    return;
  }
  /* the device heap (heap.h): malloc and the global operator new / delete
     (plain, array, sized, nothrow) */
  static const char *const allocs[] = {"malloc", "_Znwm", "_Znam", "_ZnwmRKSt9nothrow_t",
                                       "_ZnamRKSt9nothrow_t"};
  static const char *const frees[] = {"free", "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm"};
  for (unsigned i = 0; i < sizeof allocs / sizeof allocs[0]; i++)
    if (!strcmp(name, allocs[i]) && na >= 1 && sig_kind(LLVMTypeOf(inst)) == 'p' &&
        sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'l') {
      lw_emit(L, OP_MALLOC, 64, d, ARG(0), NOREG, NOREG, 0);
      return;
    }
  for (unsigned i = 0; i < sizeof frees / sizeof frees[0]; i++)
    if (!strcmp(name, frees[i]) && na >= 1 && sig_kind(LLVMTypeOf(LLVMGetOperand(inst, 0))) == 'p') {
      lw_emit(L, OP_FREE, 0, NOREG, ARG(0), NOREG, NOREG, 0);
      return;
    }
  lw_unsup(L, "unsupported call to undefined function '%s'", name);
}
