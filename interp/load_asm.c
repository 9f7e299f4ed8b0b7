/*
 * Lowering of the inline PTX assembly CUDA code commonly uses: the snippets
 * of libdevice and clang's headers, memory instructions with order and
 * scope, CCCL's and CUTLASS's idioms, barriers, asynchronous copies and
 * the integer instructions of ptxint.inc.
 */
#include "interp/load_int.h"

#include <ctype.h>

/* Copies inline asm text s to out (len bytes) without white space and the
 * characters of `drop`. */
static void asm_squeeze(const char *s, const char *drop, char *out, size_t len) {
  size_t o = 0;
  for (const char *p = s; *p && o + 1 < len; p++)
    if (*p != ' ' && *p != '\t' && *p != '\n' && !strchr(drop, *p)) out[o++] = *p;
  out[o] = 0;
}

/* Operand o as the address of a `.shared` PTX operand: a 32-bit (or
 * 64-bit) shared-window address given as an integer becomes the pointer it
 * names (sreg.h); a pointer stays itself. Returns the register holding it. */
static uint32_t shaddr(lw *L, uint32_t o) {
  if (o == NOREG) return o;
  uint32_t t = new_regs(L, 1);
  lw_emit(L, OP_SWIN, 0, t, o, NOREG, NOREG, 1);
  return t;
}

/* The PTX snippets of libdevice and of clang's CUDA headers (they reach
 * user bitcode when libdevice is inlined at -O2, or through the SIMD video
 * intrinsics): recognised on the text with white space removed. Returns 1 if
 * lowered. */
/* PTX memory instructions with a memory order and scope, one per asm
 * statement (squeezed form n): ld/st with .relaxed/.acquire/.release/
 * .volatile, atom and red with .relaxed/.acquire/.release/.acq_rel, each
 * with an optional .cta/.gpu/.sys scope and .global/.shared space, on
 * .b/.u/.s/.f 32 and 64 bits. Returns 1 if lowered. */
static int lower_ptx_mem(lw *L, LLVMValueRef inst, const char *n) {
  size_t oplen = strcspn(n, "$[");
  if (oplen == 0 || oplen >= 96) return 0;
  char op[96];
  memcpy(op, n, oplen);
  op[oplen] = 0;
  const char *opnds = n + oplen;
  char *tok[12];
  unsigned nt = 0;
  for (char *t = strtok(op, "."); t && nt < 12; t = strtok(NULL, ".")) tok[nt++] = t;
  if (nt < 2) return 0;
  int ld = !strcmp(tok[0], "ld"), st = !strcmp(tok[0], "st");
  int atom = !strcmp(tok[0], "atom"), red = !strcmp(tok[0], "red");
  if (!ld && !st && !atom && !red) return 0;
  unsigned scope = SIMI_SCOPE_SYSTEM, order = SIMI_ORDER_RELAXED, bits = 0;
  int has_sem = 0, isf = 0, issigned = 0, plain_hint = 0;
  unsigned rmw = 1000;
  int shsp = 0;
  for (unsigned i = 1; i < nt; i++) {
    const char *t = tok[i];
    if (!strcmp(t, "shared") || !strcmp(t, "shared::cta") || !strcmp(t, "shared::cluster")) shsp = 1;
    else if (!strcmp(t, "relaxed") || !strcmp(t, "volatile")) has_sem = 1;
    else if (!strcmp(t, "acquire")) { has_sem = 1; order = SIMI_ORDER_ACQUIRE; }
    else if (!strcmp(t, "release")) { has_sem = 1; order = SIMI_ORDER_RELEASE; }
    else if (!strcmp(t, "acq_rel")) { has_sem = 1; order = SIMI_ORDER_ACQUIRE | SIMI_ORDER_RELEASE; }
    else if (!strcmp(t, "cta")) scope = SIMI_SCOPE_BLOCK;
    else if (!strcmp(t, "gpu")) scope = SIMI_SCOPE_DEVICE;
    else if (!strcmp(t, "sys")) scope = SIMI_SCOPE_SYSTEM;
    else if (!strcmp(t, "global") || !strcmp(t, "shared") || !strcmp(t, "gen")) continue;
    else if ((t[0] == 'u' || t[0] == 's' || t[0] == 'b' || t[0] == 'f') &&
             (!strcmp(t + 1, "32") || !strcmp(t + 1, "64"))) {
      bits = t[1] == '3' ? 32 : 64;
      isf = t[0] == 'f';
      issigned = t[0] == 's';
    } else if (atom || red) {
      static const struct { const char *n; unsigned op; } ops[] = {
        {"add", LLVMAtomicRMWBinOpAdd}, {"exch", LLVMAtomicRMWBinOpXchg},
        {"max", LLVMAtomicRMWBinOpMax}, {"min", LLVMAtomicRMWBinOpMin},
        {"inc", LLVMAtomicRMWBinOpUIncWrap}, {"dec", LLVMAtomicRMWBinOpUDecWrap},
        {"and", LLVMAtomicRMWBinOpAnd}, {"or", LLVMAtomicRMWBinOpOr},
        {"xor", LLVMAtomicRMWBinOpXor}, {"cas", 99}};
      unsigned k = 0;
      while (k < sizeof ops / sizeof ops[0] && strcmp(t, ops[k].n)) k++;
      if (k == sizeof ops / sizeof ops[0]) return 0;
      rmw = ops[k].op;
    } else {
      /* non-coherent and caching hints: plain accesses; others (.v2): not ours */
      static const char *const plain[] = {"nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt", "const"};
      unsigned k = 0;
      while (k < sizeof plain / sizeof plain[0] && strcmp(t, plain[k])) k++;
      if (k == sizeof plain / sizeof plain[0] || (!ld && !st)) return 0;
      plain_hint = 1;
    }
  }
  if (!bits || ((ld || st) && !has_sem && !plain_hint) || (plain_hint && has_sem)) return 0;
  if ((atom || red) && rmw == 1000) return 0;
  if (isf && rmw == LLVMAtomicRMWBinOpAdd) rmw = LLVMAtomicRMWBinOpFAdd;
  else if (isf && rmw != LLVMAtomicRMWBinOpXchg && rmw != 99 && rmw != 1000) return 0;
  if (!issigned && (rmw == LLVMAtomicRMWBinOpMax || rmw == LLVMAtomicRMWBinOpMin))
    rmw = rmw == LLVMAtomicRMWBinOpMax ? LLVMAtomicRMWBinOpUMax : LLVMAtomicRMWBinOpUMin;
  unsigned na = LLVMGetNumArgOperands(inst);
  uint32_t e = scope | order << 4, sz = bits / 8;
  unsigned tc = isf ? (bits == 32 ? T_F32 : T_F64) : bits;
  /* the address is the call's argument 0 in every form below; of a .shared
   * access it may be a window address (shaddr) */
  if (ld && !strcmp(opnds, "$0,[$1];") && na == 1) {
    uint32_t pc = lw_emit(L, OP_LOAD, tcode(LLVMTypeOf(inst)), lw_dst(L, inst), shsp ? shaddr(L, ARG(0)) : ARG(0), NOREG, NOREG, sz);
    at(L, pc)->ty2 = has_sem;
    at(L, pc)->e = has_sem ? e : 0;
    return 1;
  }
  if (st && !strcmp(opnds, "[$0],$1;") && na == 2) {
    uint32_t pc = lw_emit(L, OP_STORE, tcode(LLVMTypeOf(LLVMGetOperand(inst, 1))), NOREG,
                          shsp ? shaddr(L, ARG(0)) : ARG(0), ARG(1), NOREG, sz);
    at(L, pc)->ty2 = has_sem;
    at(L, pc)->e = has_sem ? e : 0;
    return 1;
  }
  if (rmw == 99 && atom && !strcmp(opnds, "$0,[$1],$2,$3;") && na == 3) {
    uint32_t t = new_regs(L, 2);
    uint32_t pc = lw_emit(L, OP_CMPXCHG, tc, t, shsp ? shaddr(L, ARG(0)) : ARG(0), ARG(1), ARG(2), sz);
    at(L, pc)->e = e;
    lw_emit(L, OP_MOV, 0, lw_dst(L, inst), t, NOREG, NOREG, 0);
    return 1;
  }
  if (rmw == 99) return 0;
  if (atom && !strcmp(opnds, "$0,[$1],$2;") && na == 2) {
    uint32_t pc = lw_emit(L, OP_ATOMIC, tc, lw_dst(L, inst), shsp ? shaddr(L, ARG(0)) : ARG(0), ARG(1), rmw, sz);
    at(L, pc)->e = e;
    return 1;
  }
  if (red && !strcmp(opnds, "[$0],$1;") && na == 2) {
    uint32_t pc = lw_emit(L, OP_ATOMIC, tc, new_regs(L, 1), shsp ? shaddr(L, ARG(0)) : ARG(0), ARG(1), rmw, sz);
    at(L, pc)->e = e;
    return 1;
  }
  return 0;
}

#include "ptxint.inc"

/* Weak PTX loads and stores with a state space, and the other instructions
 * CUTLASS-style code writes with 32-bit shared-window addresses (squeezed
 * form n; a .shared address is a window address or a pointer: shaddr):
 *   ld.<global|shared[::cta|::cluster]>[.<cache hint>][.v2|.v4].<t><8..64>
 *       $0,[$1];  or  {$0,...},[$k];   (8 and 16 bits into a wider register:
 *       extended as the type says)
 *   st.<space>[.<hint>][.v2|.v4].<t><bits> [$0],$1;  or  [$0],{$1,...};
 *   ldmatrix.sync.aligned.m8n8.x<1|2|4>[.trans].shared[::cta].b16
 *       $0|{$0,...},[$k];   lane t's register i holds the two 16-bit elements
 *       (row t/4, columns 2(t%4), 2(t%4)+1) of matrix i, whose row r lane
 *       8i+r addresses (.trans: the transposed elements)
 *   mapa.shared::cluster.u32 $0,$1,$2;  getctarank.shared::cluster.u32 $0,$1;
 * Returns 1 if lowered. */
static int lower_ptx_ldst(lw *L, LLVMValueRef inst, const char *n) {
  unsigned na = LLVMGetNumArgOperands(inst);
  if (!strcmp(n, "mapa.shared::cluster.u32$0,$1,$2;") && na == 2) {
    uint32_t t = new_regs(L, 1);
    lw_emit(L, OP_MAPA, 64, t, shaddr(L, ARG(0)), ARG(1), NOREG, 0);
    lw_emit(L, OP_SWIN, 0, lw_dst(L, inst), t, NOREG, NOREG, 0);
    return 1;
  }
  if (!strcmp(n, "getctarank.shared::cluster.u32$0,$1;") && na == 1) {
    lw_emit(L, OP_CTARANK, 32, lw_dst(L, inst), shaddr(L, ARG(0)), NOREG, NOREG, 0);
    return 1;
  }
  size_t oplen = strcspn(n, "${[");
  if (oplen == 0 || oplen >= 96) return 0;
  char op[96];
  memcpy(op, n, oplen);
  op[oplen] = 0;
  const char *opnds = n + oplen;
  char *tok[12];
  unsigned nt = 0;
  for (char *t = strtok(op, "."); t && nt < 12; t = strtok(NULL, ".")) tok[nt++] = t;
  if (nt < 3) return 0;
  int ld = !strcmp(tok[0], "ld"), st = !strcmp(tok[0], "st"), lm = !strcmp(tok[0], "ldmatrix");
  if (!ld && !st && !lm) return 0;
  int shsp = 0, space = 0, trans = 0, hinted = 0;
  unsigned vec = 1, bits = 0, nmat = 0;
  char tk = 0;
  for (unsigned i = 1; i < nt; i++) {
    const char *t = tok[i];
    static const char *const hints[] = {"nc", "ca", "cg", "cs", "lu", "cv", "wb", "wt"};
    unsigned k = 0;
    while (k < sizeof hints / sizeof hints[0] && strcmp(t, hints[k])) k++;
    if (!strcmp(t, "shared") || !strcmp(t, "shared::cta") || !strcmp(t, "shared::cluster")) shsp = space = 1;
    else if (!strcmp(t, "global")) space = 1;
    else if (k < sizeof hints / sizeof hints[0] && !lm) hinted = 1;
    else if (!strcmp(t, "v2") || !strcmp(t, "v4")) vec = (unsigned)(t[1] - '0');
    else if (lm && (!strcmp(t, "sync") || !strcmp(t, "aligned") || !strcmp(t, "m8n8"))) continue;
    else if (lm && (!strcmp(t, "x1") || !strcmp(t, "x2") || !strcmp(t, "x4"))) nmat = (unsigned)(t[1] - '0');
    else if (lm && !strcmp(t, "trans")) trans = 1;
    else if (strchr("busf", t[0]) && (!strcmp(t + 1, "8") || !strcmp(t + 1, "16") ||
                                      !strcmp(t + 1, "32") || !strcmp(t + 1, "64"))) {
      bits = (unsigned)atoi(t + 1);
      tk = t[0];
    } else return 0;
  }
  /* a cache operator without a state space (CUB's st.cg.v2.u64): a
   * generic address, a plain access through the pointer */
  if ((!space && !hinted) || !bits || (tk == 'f' && bits < 32)) return 0;
  if (lm) {
    /* ldmatrix: the result is nmat 32-bit registers */
    if (!shsp || bits != 16 || !nmat || vec != 1 || na != 1) return 0;
    char want[64];
    if (nmat == 1) snprintf(want, sizeof want, "$0,[$1];");
    else if (nmat == 2) snprintf(want, sizeof want, "{$0,$1},[$2];");
    else snprintf(want, sizeof want, "{$0,$1,$2,$3},[$4];");
    if (strcmp(opnds, want) || lw_slots_of(L, LLVMTypeOf(inst)) != nmat) return 0;
    uint32_t d = lw_dst(L, inst), r = new_regs(L, 12);
    /* r: lane, lane/4, 4*(lane%4) (2*(lane%4) rows for .trans), the window
     * address of this lane's row */
    lw_emit(L, OP_SREG, 32, r, NOREG, NOREG, NOREG, SR_LANEID);
    lw_emit(L, OP_LSHR, 32, r + 1, r, lw_konst(L, 2), NOREG, 0);
    lw_emit(L, OP_AND, 32, r + 2, r, lw_konst(L, 3), NOREG, 0);
    lw_emit(L, OP_SHL, 32, r + 2, r + 2, lw_konst(L, trans ? 1 : 2), NOREG, 0);
    lw_emit(L, OP_SWIN, 0, r + 3, ARG(0), NOREG, NOREG, 0);
    for (unsigned i = 0; i < nmat; i++) {
      if (!trans) {
        /* row lane/4 of matrix i, bytes 4*(lane%4).. */
        lw_emit(L, OP_ADD, 32, r + 4, r + 1, lw_konst(L, 8 * i), NOREG, 0);
        uint32_t pc = lw_emit(L, OP_SHFL, 32, r + 5, lw_konst(L, 0xffffffffu), r + 3, r + 4, 0);
        at(L, pc)->e = lw_konst(L, 0x1f);
        at(L, pc)->ty2 = 0;
        lw_emit(L, OP_ADD, 32, r + 5, r + 5, r + 2, NOREG, 0);
        lw_emit(L, OP_SWIN, 0, r + 6, r + 5, NOREG, NOREG, 1);
        lw_emit(L, OP_LOAD, 32, d + i, r + 6, NOREG, NOREG, 4);
      } else {
        /* rows 2(lane%4) and 2(lane%4)+1 of matrix i, column lane/4 */
        for (unsigned h = 0; h < 2; h++) {
          lw_emit(L, OP_ADD, 32, r + 4, r + 2, lw_konst(L, 8 * i + h), NOREG, 0);
          uint32_t pc = lw_emit(L, OP_SHFL, 32, r + 5, lw_konst(L, 0xffffffffu), r + 3, r + 4, 0);
          at(L, pc)->e = lw_konst(L, 0x1f);
          at(L, pc)->ty2 = 0;
          lw_emit(L, OP_SHL, 32, r + 6, r + 1, lw_konst(L, 1), NOREG, 0);
          lw_emit(L, OP_ADD, 32, r + 5, r + 5, r + 6, NOREG, 0);
          lw_emit(L, OP_SWIN, 0, r + 6, r + 5, NOREG, NOREG, 1);
          lw_emit(L, OP_LOAD, 16, r + 8 + h, r + 6, NOREG, NOREG, 2);
          pc = lw_emit(L, OP_TRUNC, 32, r + 10 + h, r + 8 + h, NOREG, NOREG, 0);
          at(L, pc)->ty2 = 16;
        }
        lw_emit(L, OP_SHL, 32, r + 11, r + 11, lw_konst(L, 16), NOREG, 0);
        lw_emit(L, OP_OR, 32, d + i, r + 10, r + 11, NOREG, 0);
      }
    }
    return 1;
  }
  unsigned esz = bits / 8;
  if (ld) {
    LLVMTypeRef rt = LLVMTypeOf(inst);
    if (vec == 1) {
      /* an 8- or 16-bit load into a wider integer register extends it (s:
       * sign, u/b: zero) */
      int wide = LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && store_size(L, rt) > esz;
      if (strcmp(opnds, "$0,[$1];") || na != 1 || (store_size(L, rt) != esz && !wide) ||
          lw_slots_of(L, rt) != 1)
        return 0;
      uint32_t d = lw_dst(L, inst);
      lw_emit(L, OP_LOAD, tcode(rt), d, shsp ? shaddr(L, ARG(0)) : ARG(0), NOREG, NOREG, esz);
      if (wide && tk == 's') {
        uint32_t pc = lw_emit(L, OP_SEXT, tcode(rt), d, d, NOREG, NOREG, 0);
        at(L, pc)->ty2 = (uint8_t)bits;
      }
      return 1;
    }
    char want[64];
    snprintf(want, sizeof want, vec == 2 ? "{$0,$1},[$2];" : "{$0,$1,$2,$3},[$4];");
    if (strcmp(opnds, want) || na != 1 || LLVMGetTypeKind(rt) != LLVMStructTypeKind ||
        LLVMCountStructElementTypes(rt) != vec || lw_slots_of(L, rt) != vec)
      return 0;
    LLVMTypeRef et = LLVMStructGetTypeAtIndex(rt, 0);
    for (unsigned i = 0; i < vec; i++)
      if (LLVMStructGetTypeAtIndex(rt, i) != et || store_size(L, et) != esz) return 0;
    uint32_t pc = lw_emit(L, OP_LOADV, tcode(et), lw_dst(L, inst), shsp ? shaddr(L, ARG(0)) : ARG(0),
                          NOREG, NOREG, esz);
    at(L, pc)->e = vec;
    return 1;
  }
  if (vec == 1) {
    if (strcmp(opnds, "[$0],$1;") || na != 2) return 0;
    LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(inst, 1));
    /* an 8- or 16-bit store of a wider integer register stores its low bytes */
    int wide = LLVMGetTypeKind(vt) == LLVMIntegerTypeKind && store_size(L, vt) > esz;
    if ((store_size(L, vt) != esz && !wide) || lw_slots_of(L, vt) != 1) return 0;
    lw_emit(L, OP_STORE, tcode(vt), NOREG, shsp ? shaddr(L, ARG(0)) : ARG(0), ARG(1), NOREG, esz);
    return 1;
  }
  char want[64];
  snprintf(want, sizeof want, vec == 2 ? "[$0],{$1,$2};" : "[$0],{$1,$2,$3,$4};");
  if (strcmp(opnds, want) || na != 1 + vec) return 0;
  LLVMTypeRef et = LLVMTypeOf(LLVMGetOperand(inst, 1));
  for (unsigned i = 1; i <= vec; i++)
    if (LLVMTypeOf(LLVMGetOperand(inst, i)) != et || store_size(L, et) != esz || lw_slots_of(L, et) != 1)
      return 0;
  uint32_t t = new_regs(L, vec);
  for (unsigned i = 0; i < vec; i++) lw_emit(L, OP_MOV, 0, t + i, ARG(1 + i), NOREG, NOREG, 0);
  uint32_t pc = lw_emit(L, OP_STOREV, tcode(et), NOREG, shsp ? shaddr(L, ARG(0)) : ARG(0), t, NOREG, esz);
  at(L, pc)->e = vec;
  return 1;
}

static int lower_ptx_snippet(lw *L, LLVMValueRef inst, const char *s) {
  char n[1024];
  asm_squeeze(s, "", n, sizeof n);
  for (char *p = n; *p; p++) if (*p == '%') *p = '$';
  if (lower_ptx_mem(L, inst, n)) return 1;
  if (lower_ptx_ldst(L, inst, n)) return 1;
  char b8[160];
  if (ptx_cub_byte(n, b8, sizeof b8) && lower_ptx_ldst(L, inst, b8)) return 1;
  if (lower_ptx_int(L, inst, n)) return 1;
  uint32_t d = lw_dst(L, inst);
  unsigned na = LLVMGetNumArgOperands(inst);
  unsigned rty = tcode(LLVMTypeOf(inst));
  /* one math table entry */
  struct { const char *pat, *fn; int ftz; } one[] = {
    {"bfind.shiftamt.u32$0,$1;", "bfind.shiftamt", 0},
    {"rcp.approx.ftz.f32$0,$1;", "llvm.nvvm.rcp.rn.f", 1},
    {"rcp.approx.f32$0,$1;", "llvm.nvvm.rcp.rn.f", 0},
    {"rsqrt.approx.ftz.f64$0,$1;", "llvm.nvvm.rsqrt.d", 0},
    {"rsqrt.approx.f64$0,$1;", "llvm.nvvm.rsqrt.d", 0},
    {"rsqrt.approx.ftz.f32$0,$1;", "llvm.nvvm.rsqrt.f", 1},
    {"sub.rn.f32$0,$1,$2;", "llvm.nvvm.sub.rn.f", 0}, {"sub.rz.f32$0,$1,$2;", "llvm.nvvm.sub.rz.f", 0},
    {"sub.rm.f32$0,$1,$2;", "llvm.nvvm.sub.rm.f", 0}, {"sub.rp.f32$0,$1,$2;", "llvm.nvvm.sub.rp.f", 0},
    {"sub.rn.ftz.f32$0,$1,$2;", "llvm.nvvm.sub.rn.f", 1}, {"sub.rz.ftz.f32$0,$1,$2;", "llvm.nvvm.sub.rz.f", 1},
    {"sub.rm.ftz.f32$0,$1,$2;", "llvm.nvvm.sub.rm.f", 1}, {"sub.rp.ftz.f32$0,$1,$2;", "llvm.nvvm.sub.rp.f", 1},
    {"sub.rn.f64$0,$1,$2;", "llvm.nvvm.sub.rn.d", 0}, {"sub.rz.f64$0,$1,$2;", "llvm.nvvm.sub.rz.d", 0},
    {"sub.rm.f64$0,$1,$2;", "llvm.nvvm.sub.rm.d", 0}, {"sub.rp.f64$0,$1,$2;", "llvm.nvvm.sub.rp.d", 0},
  };
  for (unsigned i = 0; i < sizeof one / sizeof one[0]; i++)
    if (!strcmp(n, one[i].pat)) return lw_lower_math_ftz(L, inst, one[i].fn, na, one[i].ftz);
  if (!strcmp(n, "mov.b64$0,$1;") || !strcmp(n, "mov.b32$0,$1;")) {
    lw_emit(L, OP_MOV, 0, d, ARG(0), NOREG, NOREG, 0);
    return 1;
  }
  if (!strcmp(n, "brkpt;") || !strncmp(n, "pmevent", 7)) return 1;
  /* d = (a == b or unordered) ? c : e */
  if (strstr(n, "setp.equ.f64") && strstr(n, "selp.f64$0,$3,$4") && na == 4) {
    uint32_t t = new_regs(L, 1);
    lw_emit(L, OP_FCMP, T_F64, t, ARG(0), ARG(1), NOREG, LLVMRealUEQ);
    lw_emit(L, OP_SELECT, T_F64, d, t, ARG(2), ARG(3), 0);
    return 1;
  }
  /* 32 x 32 + 32 -> 64 bits as {lo, hi} */
  if (!strcmp(n, "{mad.lo.cc.u32$0,$2,$3,$4;madc.hi.u32$1,$2,$3,0;}") && na == 3) {
    uint32_t t = new_regs(L, 2);
    lw_emit(L, OP_MUL, 64, t, ARG(0), ARG(1), NOREG, 0);
    lw_emit(L, OP_ADD, 64, t + 1, t, ARG(2), NOREG, 0);
    uint32_t pc = lw_emit(L, OP_TRUNC, 32, d, t + 1, NOREG, NOREG, 0);
    at(L, pc)->ty2 = 64;
    lw_emit(L, OP_LSHR, 64, t, t + 1, lw_konst(L, 32), NOREG, 0);
    pc = lw_emit(L, OP_TRUNC, 32, d + 1, t, NOREG, NOREG, 0);
    at(L, pc)->ty2 = 64;
    return 1;
  }
  /* 128-bit arithmetic on {lo, hi} pairs of 64-bit operands */
  int add = strstr(n, "add.cc.u32r0,a0,b0") != NULL, sub = strstr(n, "sub.cc.u32r0,a0,b0") != NULL;
  int mul = strstr(n, "mul.lo.u32r0,alo,blo") != NULL, mad = strstr(n, "mad.lo.cc.u32r0,alo,blo,clo") != NULL;
  if (((add || sub) && na == 4) || (mul && na == 2) || (mad && na == 3)) {
    uint32_t x = new_regs(L, 2), y = new_regs(L, 2);
    lw_emit(L, OP_MOV, 0, x, ARG(0), NOREG, NOREG, 0);
    lw_emit(L, OP_MOV, 0, x + 1, (add || sub) ? ARG(1) : lw_konst(L, 0), NOREG, NOREG, 0);
    lw_emit(L, OP_MOV, 0, y, (add || sub) ? ARG(2) : ARG(1), NOREG, NOREG, 0);
    lw_emit(L, OP_MOV, 0, y + 1, (add || sub) ? ARG(3) : lw_konst(L, 0), NOREG, NOREG, 0);
    if (add || sub) { lw_emit(L, add ? OP_ADD : OP_SUB, T_I128, d, x, y, NOREG, 0); return 1; }
    if (mul) { lw_emit(L, OP_MUL, T_I128, d, x, y, NOREG, 0); return 1; }
    uint32_t t = new_regs(L, 2), c = new_regs(L, 2);
    lw_emit(L, OP_MUL, T_I128, t, x, y, NOREG, 0);
    lw_emit(L, OP_MOV, 0, c, ARG(2), NOREG, NOREG, 0);
    lw_emit(L, OP_MOV, 0, c + 1, lw_konst(L, 0), NOREG, NOREG, 0);
    lw_emit(L, OP_ADD, T_I128, d, t, c, NOREG, 0);
    return 1;
  }
  /* funnel shifts: shf.{l,r}.{wrap,clamp}.b32 d, a, b, c on {b:a} */
  if (!strncmp(n, "shf.", 4) && na == 3 && (strstr(n, ".wrap.b32$0,$1,$2,$3;") || strstr(n, ".clamp.b32$0,$1,$2,$3;"))) {
    int left = n[4] == 'l', wrap = strstr(n, ".wrap.") != NULL;
    uint32_t t = new_regs(L, 4);
    lw_emit(L, OP_SHL, 64, t, ARG(1), lw_konst(L, 32), NOREG, 0);
    lw_emit(L, OP_OR, 64, t, t, ARG(0), NOREG, 0);
    if (wrap) lw_emit(L, OP_AND, 32, t + 1, ARG(2), lw_konst(L, 31), NOREG, 0);
    else lw_emit(L, OP_INTOP2, 32, t + 1, ARG(2), lw_konst(L, 32), NOREG, IO2_UMIN);
    if (left) {
      lw_emit(L, OP_SHL, 64, t + 2, t, t + 1, NOREG, 0);
      lw_emit(L, OP_LSHR, 64, t + 2, t + 2, lw_konst(L, 32), NOREG, 0);
    } else {
      lw_emit(L, OP_LSHR, 64, t + 2, t, t + 1, NOREG, 0);
    }
    uint32_t pc = lw_emit(L, OP_TRUNC, 32, d, t + 2, NOREG, NOREG, 0);
    at(L, pc)->ty2 = 64;
    return 1;
  }
  /* cuda_fp16: f16 / f16x2 arithmetic, conversions, comparisons */
  {
    unsigned hn = 0;
    int code = simI_math_half_code(n, &hn);
    int mi = simI_math_find("ptx.half");
    if (code >= 0 && mi >= 0 && hn == na) {
      uint32_t pc = lw_emit(L, OP_MATH, rty, d, ARG(0), na > 1 ? ARG(1) : NOREG, na > 2 ? ARG(2) : NOREG,
                            (uint32_t)mi);
      at(L, pc)->ty2 = MS_U_UUUU;
      at(L, pc)->e = lw_konst(L, (uint64_t)code);
      return 1;
    }
  }
  /* SIMD video instructions: v<op><2|4>.<d>.<a>.<b>[.sat|.add|.<cmp>] */
  if ((n[0] == 'v' || n[0] == 'd') && na == 3 && rty == 32) {
    int code = simI_math_video_code(n);
    int mi = simI_math_find("ptx.video");
    if (code >= 0 && mi >= 0) {
      uint32_t pc = lw_emit(L, OP_MATH, 32, d, ARG(0), ARG(1), ARG(2), (uint32_t)mi);
      at(L, pc)->ty2 = MS_U_UUUU;
      at(L, pc)->e = lw_konst(L, (uint64_t)code);
      return 1;
    }
  }
  return 0;
}

/* Copies the text of the PTX token at *t (up to one of `stop`) to out and
 * advances *t past it; 0 if the token is empty or too long. */
static int ptx_token(const char **t, const char *stop, char *out, size_t len) {
  size_t l = strcspn(*t, stop);
  if (!l || l >= len) return 0;
  memcpy(out, *t, l);
  out[l] = 0;
  *t += l;
  return 1;
}

/* %reserved_smem_offset_{begin,end,cap,0,1}: the block's reserved shared
 * memory region (sreg.h). Read alone ("mov.u32 $0, %reserved_smem_offset_1;")
 * a register is a number: an offset in the block's shared window (the
 * region lies at offset 0 of each kernel's static arena) or, for _cap, the region's size.
 * Converted to a generic address in the same snippet (mov.u32 R, %reg;
 * cvt.u64.u32 E, R; cvta.shared.u64 $0, E;), as cooperative groups'
 * reserved_shared_ptr() does, it is a pointer into the region, so every
 * access through it is checked and observed. Returns 0 if the text names no
 * such register, else 1 (lowered, or reported unsupported). */
static int lower_reserved_smem(lw *L, LLVMValueRef inst, const char *s) {
  static const char pre[] = "%reserved_smem_offset_";
  static const struct { const char *n; uint32_t off; } regs[] = {
    {"begin", 0}, {"end", SIMI_RESERVED_SMEM}, {"cap", UINT32_MAX}, {"0", 0},
    {"1", SIMI_RESERVED_SMEM_SLOT}};
  if (!strstr(s, pre)) return 0;
  char n[512];
  asm_squeeze(s, "{}", n, sizeof n);
  /* "mov.u32R,%reserved_smem_offset_K;" */
  const char *t = strstr(n, "mov.u32"), *r = strstr(n, pre);
  char reg[32], name[16];
  unsigned k = 0, nk = sizeof regs / sizeof regs[0];
  if (t && r && t < r && (t += 7, ptx_token(&t, ",", reg, sizeof reg)) && t + 1 == r &&
      (t = r + strlen(pre), ptx_token(&t, ";", name, sizeof name)))
    for (; k < nk && strcmp(name, regs[k].n); k++) {}
  else
    k = nk;
  unsigned rty = tcode(LLVMTypeOf(inst));
  int ptr = 0;
  if (k < nk && !strcmp(reg, "$0")) {
    char want[64];
    snprintf(want, sizeof want, "mov.u32$0,%s%s;", pre, name);
    if (strcmp(n, want)) k = nk;
  } else if (k < nk) {
    /* the conversion chain: "cvt.u64.u32E,R;cvta.shared.u64$0,E;" */
    char e[32], chain[160];
    const char *c = strstr(n, "cvt.u64.u32"), *m = strstr(n, "mov.u32");
    for (const char *q = n; q < m; q = strchr(q, ';') + 1) /* only .reg before it */
      if (strncmp(q, ".reg.", 5) || !strchr(q, ';') || strchr(q, ';') > m) { c = NULL; break; }
    if (c && (c += 11, ptx_token(&c, ",", e, sizeof e))) {
      snprintf(chain, sizeof chain, ",%s;cvta.shared.u64$0,%s;", reg, e);
      ptr = !strcmp(c, chain) && rty == 64 && regs[k].off != UINT32_MAX;
    }
    if (!ptr) k = nk;
  }
  if (k == nk || (!ptr && rty != 32)) {
    lw_unsup(L, "unsupported inline asm '%s' (reserved shared memory)", s);
    return 1;
  }
  uint32_t ai = lw_reserved_smem(L);
  if (ai == UINT32_MAX) return 1;
  /* the region lies at offset 0 of every kernel's arena (kernel_facts) */
  uint64_t val = ptr ? SIMI_PTR_MAKE(SIMI_SPACE_SHARED, ai, regs[k].off)
               : regs[k].off == UINT32_MAX ? SIMI_RESERVED_SMEM : regs[k].off;
  lw_emit(L, OP_MOV, 0, lw_dst(L, inst), lw_konst(L, val), NOREG, NOREG, 0);
  return 1;
}

/* The PTX snippets of CUB and libcu++ (CCCL as Debian ships it: CUB 1.17,
 * libcu++ 1.8), recognised on the text without white space:
 *   shfl.sync.<mode>.b32 $0,$1,$2,$3,$4;        a plain warp shuffle
 *   {...shfl.sync.<mode>.b32 r0|p,$1,$2,$3,$5;@p <op>.<t> r0,r0,$4;
 *    mov.<t> $0,r0;}                            a shuffle and a combine step
 *                                               when the source lane is valid
 *                                               (op add, t s32 u32 f32)
 *   {...mov.b64 {lo,hi},$1; shfl.sync.down.b32 lo|p,...; ...hi|p,...;
 *    ...@p add.<u64|f64> ...}                   a 64-bit shuffle-down and add
 *   ld.global.<cache>.<t> $0,[$1]; st.global.<cache>.<t> [$0],$1;
 *                                               cache-hinted plain accesses
 *   bfe.u32 $0,$1,$2,$3;                        bit field extract
 *   ld.<relaxed|acquire>.<scope>.b<32|64> $0,[$1];     atomic load
 *   st.<relaxed|release>.<scope>.b<32|64> [$0],$1;     atomic store
 *   atom.<op>[.<order>].<scope>.<type> $0,[$1],$2[,$3]; atomic read-modify-write
 * Returns 1 if lowered. */
static unsigned ptx_scope(const char *sc) {
  return !strncmp(sc, "cta", 3) ? SIMI_SCOPE_BLOCK : !strncmp(sc, "sys", 3) ? SIMI_SCOPE_SYSTEM
                                                                            : SIMI_SCOPE_DEVICE;
}

static int lower_ptx_cccl(lw *L, LLVMValueRef inst, const char *s) {
  char n[512];
  asm_squeeze(s, "", n, sizeof n);
  unsigned na = LLVMGetNumArgOperands(inst);
  unsigned rty = tcode(LLVMTypeOf(inst));
  static const char *const modes[] = {"idx", "up", "down", "bfly"};
  char tail[512];
  for (unsigned m = 0; m < 4; m++) {
    /* plain shuffle: d = shfl(mask $4, value $1, lane $2, clamp $3) */
    snprintf(tail, sizeof tail, "shfl.sync.%s.b32$0,$1,$2,$3,$4;", modes[m]);
    if (!strcmp(n, tail) && na == 4 && rty == 32) {
      uint32_t pc = lw_emit(L, OP_SHFL, 32, lw_dst(L, inst), ARG(3), ARG(0), ARG(1), m);
      at(L, pc)->e = ARG(2);
      at(L, pc)->ty2 = 0;
      return 1;
    }
    /* shuffle and combine: r0 = shfl(...); if the source lane is valid,
     * r0 = r0 op $4; d = r0 */
    static const char *const tys[] = {"s32", "u32", "f32"};
    for (unsigned t = 0; t < 3; t++) {
      snprintf(tail, sizeof tail,
               "{.reg.%sr0;.reg.predp;shfl.sync.%s.b32r0|p,$1,$2,$3,$5;@padd.%sr0,r0,$4;mov.%s$0,r0;}",
               t == 2 ? "f32" : tys[t], modes[m], tys[t], tys[t]);
      if (strcmp(n, tail) || na != 5) continue;
      uint32_t d = lw_dst(L, inst), r = new_regs(L, 3);
      uint32_t pc = lw_emit(L, OP_SHFL, 32, r, ARG(4), ARG(0), ARG(1), m);
      at(L, pc)->e = ARG(2);
      at(L, pc)->ty2 = 1;
      if (t == 2) {
        lw_emit(L, OP_FADD, T_F32, r + 2, r, ARG(3), NOREG, 0);
      } else {
        lw_emit(L, OP_ADD, 32, r + 2, r, ARG(3), NOREG, 0);
      }
      lw_emit(L, OP_SELECT, t == 2 ? T_F32 : 32, d, r + 1, r + 2, r, 0);
      return 1;
    }
  }
  /* 64-bit shuffle-down and add (WarpReduce of 64-bit sums): the value's
   * two halves are shuffled; when the source lane is valid the shuffled
   * value is added (u64: to the shuffled, f64: to the own value) */
  {
    static const char u64[] =
      "{.reg.u32lo;.reg.u32hi;.reg.predp;mov.b64{lo,hi},$1;shfl.sync.down.b32lo|p,lo,$2,$3,$4;"
      "shfl.sync.down.b32hi|p,hi,$2,$3,$4;mov.b64$0,{lo,hi};@padd.u64$0,$0,$1;}";
    static const char f64[] =
      "{.reg.u32lo;.reg.u32hi;.reg.predp;.reg.f64r0;mov.b64$0,$1;mov.b64{lo,hi},$1;"
      "shfl.sync.down.b32lo|p,lo,$2,$3,$4;shfl.sync.down.b32hi|p,hi,$2,$3,$4;"
      "mov.b64r0,{lo,hi};@padd.f64$0,$0,r0;}";
    int isu = !strcmp(n, u64), isf = !strcmp(n, f64);
    if ((isu || isf) && na == 4 && (rty == 64 || rty == T_F64)) {
      uint32_t t = new_regs(L, 10), d = lw_dst(L, inst);
      lw_emit(L, OP_AND, 64, t, ARG(0), lw_konst(L, 0xffffffffu), NOREG, 0);
      uint32_t pc = lw_emit(L, OP_TRUNC, 32, t + 1, t, NOREG, NOREG, 0);
      at(L, pc)->ty2 = 64;
      lw_emit(L, OP_LSHR, 64, t + 2, ARG(0), lw_konst(L, 32), NOREG, 0);
      pc = lw_emit(L, OP_TRUNC, 32, t + 3, t + 2, NOREG, NOREG, 0);
      at(L, pc)->ty2 = 64;
      pc = lw_emit(L, OP_SHFL, 32, t + 4, ARG(3), t + 1, ARG(1), 2);
      at(L, pc)->e = ARG(2);
      at(L, pc)->ty2 = 1;
      pc = lw_emit(L, OP_SHFL, 32, t + 6, ARG(3), t + 3, ARG(1), 2);
      at(L, pc)->e = ARG(2);
      at(L, pc)->ty2 = 1;
      /* shuffled = hi << 32 | lo */
      lw_emit(L, OP_AND, 64, t + 8, t + 6, lw_konst(L, 0xffffffffu), NOREG, 0);
      lw_emit(L, OP_SHL, 64, t + 8, t + 8, lw_konst(L, 32), NOREG, 0);
      lw_emit(L, OP_AND, 64, t + 9, t + 4, lw_konst(L, 0xffffffffu), NOREG, 0);
      lw_emit(L, OP_OR, 64, t + 8, t + 8, t + 9, NOREG, 0);
      if (isu) {
        lw_emit(L, OP_ADD, 64, t + 9, t + 8, ARG(0), NOREG, 0);
        lw_emit(L, OP_SELECT, 64, d, t + 7, t + 9, t + 8, 0);
      } else {
        lw_emit(L, OP_FADD, T_F64, t + 9, ARG(0), t + 8, NOREG, 0);
        lw_emit(L, OP_SELECT, T_F64, d, t + 7, t + 9, ARG(0), 0);
      }
      return 1;
    }
  }
  /* cache-hinted loads and stores (CUB's ThreadLoad / ThreadStore):
   * ld.global.<nc|cg|ca|cs|lu|cv>.<t><bits> $0,[$1]; and
   * st.global.<wb|cg|cs|wt>.<t><bits> [$0],$1; are plain accesses */
  {
    char cache[8], tk;
    unsigned b = 0;
    int u = -1;
    if (sscanf(n, "ld.global.%7[a-z].%c%u$0,[$1];%n", cache, &tk, &b, &u) == 3 && u > 0 &&
        !n[u] && na == 1 && strchr("busf", tk) && (b == 16 || b == 32 || b == 64) &&
        (rty == b || (tk == 'f' && ((b == 32 && rty == T_F32) || (b == 64 && rty == T_F64))))) {
      lw_emit(L, OP_LOAD, rty, lw_dst(L, inst), ARG(0), NOREG, NOREG, b / 8);
      return 1;
    }
    u = -1;
    if (sscanf(n, "st.global.%7[a-z].%c%u[$0],$1;%n", cache, &tk, &b, &u) == 3 && u > 0 &&
        !n[u] && na == 2 && strchr("busf", tk) && (b == 16 || b == 32 || b == 64)) {
      LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(inst, 1));
      unsigned vc = tcode(vt);
      if (vc == b || (tk == 'f' && ((b == 32 && vc == T_F32) || (b == 64 && vc == T_F64)))) {
        lw_emit(L, OP_STORE, vc, NOREG, ARG(0), ARG(1), NOREG, b / 8);
        return 1;
      }
    }
  }
  /* bfe.u32: bits [pos, pos+len) of a, zero-extended; pos and len are the
   * low 8 bits of b and c, bits beyond 31 read as 0 */
  if (!strcmp(n, "bfe.u32$0,$1,$2,$3;") && na == 3 && rty == 32) {
    uint32_t t = new_regs(L, 6);
    lw_emit(L, OP_AND, 32, t, ARG(1), lw_konst(L, 0xff), NOREG, 0);
    lw_emit(L, OP_INTOP2, 32, t, t, lw_konst(L, 32), NOREG, IO2_UMIN);
    lw_emit(L, OP_AND, 32, t + 1, ARG(2), lw_konst(L, 0xff), NOREG, 0);
    lw_emit(L, OP_INTOP2, 32, t + 1, t + 1, lw_konst(L, 32), NOREG, IO2_UMIN);
    lw_emit(L, OP_AND, 64, t + 2, ARG(0), lw_konst(L, 0xffffffffu), NOREG, 0);
    lw_emit(L, OP_AND, 64, t + 3, t, lw_konst(L, 0xffffffffu), NOREG, 0);
    lw_emit(L, OP_LSHR, 64, t + 2, t + 2, t + 3, NOREG, 0);
    lw_emit(L, OP_AND, 64, t + 4, t + 1, lw_konst(L, 0xffffffffu), NOREG, 0);
    lw_emit(L, OP_SHL, 64, t + 5, lw_konst(L, 1), t + 4, NOREG, 0);
    lw_emit(L, OP_SUB, 64, t + 5, t + 5, lw_konst(L, 1), NOREG, 0);
    lw_emit(L, OP_AND, 64, t + 2, t + 2, t + 5, NOREG, 0);
    uint32_t pc = lw_emit(L, OP_TRUNC, 32, lw_dst(L, inst), t + 2, NOREG, NOREG, 0);
    at(L, pc)->ty2 = 64;
    return 1;
  }
  /* libcu++'s atomics (atomic_cuda_generated.h) */
  char order[16], scope[8], ty[8];
  unsigned bits;
  int used = -1;
  if ((sscanf(n, "ld.%15[a-z].%7[a-z].b%u$0,[$1];%n", order, scope, &bits, &used) == 3 ||
       sscanf(n, "ld.%15[a-z].%7[a-z].u%u$0,[$1];%n", order, scope, &bits, &used) == 3 ||
       sscanf(n, "ld.%15[a-z].%7[a-z].s%u$0,[$1];%n", order, scope, &bits, &used) == 3) &&
      used > 0 && !n[used] && (bits == 32 || bits == 64) && na == 1 &&
      (!strcmp(order, "relaxed") || !strcmp(order, "acquire") || !strcmp(order, "volatile"))) {
    uint32_t pc = lw_emit(L, OP_LOAD, rty, lw_dst(L, inst), ARG(0), NOREG, NOREG, bits / 8);
    at(L, pc)->ty2 = 1;
    return 1;
  }
  used = -1;
  if ((sscanf(n, "st.%15[a-z].%7[a-z].b%u[$0],$1;%n", order, scope, &bits, &used) == 3 ||
       sscanf(n, "st.%15[a-z].%7[a-z].u%u[$0],$1;%n", order, scope, &bits, &used) == 3 ||
       sscanf(n, "st.%15[a-z].%7[a-z].s%u[$0],$1;%n", order, scope, &bits, &used) == 3) &&
      used > 0 && !n[used] && (bits == 32 || bits == 64) && na == 2 &&
      (!strcmp(order, "relaxed") || !strcmp(order, "release") || !strcmp(order, "volatile"))) {
    LLVMTypeRef vt = LLVMTypeOf(LLVMGetOperand(inst, 1));
    uint32_t pc = lw_emit(L, OP_STORE, tcode(vt), NOREG, ARG(0), ARG(1), NOREG, bits / 8);
    at(L, pc)->ty2 = 1;
    return 1;
  }
  if (!strncmp(n, "atom.", 5)) {
    /* atom.<op>[.<order>].<scope>.<type>$0,[$1],$2[,$3]; */
    char f[4][16];
    int nf = 0;
    const char *p = n + 5;
    while (nf < 4) {
      size_t l = strcspn(p, ".$");
      if (!l || l >= sizeof f[0]) break;
      memcpy(f[nf], p, l);
      f[nf++][l] = 0;
      p += l;
      if (*p != '.') break;
      p++;
    }
    int cas = nf >= 3 && !strcmp(f[0], "cas");
    const char *want = cas ? "$0,[$1],$2,$3;" : "$0,[$1],$2;";
    if ((nf == 3 || nf == 4) && !strcmp(p, want) && na == (cas ? 3u : 2u)) {
      const char *sc = f[nf - 2], *type = f[nf - 1];
      snprintf(ty, sizeof ty, "%.*s", (int)sizeof ty - 1, type);
      int isf = ty[0] == 'f';
      static const struct { const char *n; int op; } ops[] = {
        {"add", LLVMAtomicRMWBinOpAdd}, {"and", LLVMAtomicRMWBinOpAnd},
        {"or", LLVMAtomicRMWBinOpOr},   {"xor", LLVMAtomicRMWBinOpXor},
        {"exch", LLVMAtomicRMWBinOpXchg}, {"max", LLVMAtomicRMWBinOpMax},
        {"min", LLVMAtomicRMWBinOpMin}};
      int op = -1;
      for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        if (!strcmp(f[0], ops[i].n)) op = ops[i].op;
      if (op == LLVMAtomicRMWBinOpAdd && isf) op = LLVMAtomicRMWBinOpFAdd;
      if (ty[0] == 'u' && op == LLVMAtomicRMWBinOpMax) op = LLVMAtomicRMWBinOpUMax;
      if (ty[0] == 'u' && op == LLVMAtomicRMWBinOpMin) op = LLVMAtomicRMWBinOpUMin;
      if (isf && op != LLVMAtomicRMWBinOpFAdd && op != LLVMAtomicRMWBinOpXchg) op = -1;
      unsigned sz = (unsigned)atoi(ty + 1) / 8;
      if ((cas || op >= 0) && (sz == 4 || sz == 8)) {
        uint32_t d = lw_dst(L, inst);
        if (cas) {
          uint32_t t = new_regs(L, 2);
          uint32_t pc = lw_emit(L, OP_CMPXCHG, rty, t, ARG(0), ARG(1), ARG(2), sz);
          at(L, pc)->e = ptx_scope(sc);
          lw_emit(L, OP_MOV, 0, d, t, NOREG, NOREG, 0);
        } else {
          uint32_t pc = lw_emit(L, OP_ATOMIC, rty, d, ARG(0), ARG(1), (uint32_t)op, sz);
          at(L, pc)->e = ptx_scope(sc);
        }
        return 1;
      }
    }
  }
  return 0;
}

/* Inline PTX barriers: bar.sync / barrier.sync [.aligned] [id[, n]] and
 * bar.arrive / barrier.arrive id, n; operands are literals or $k (the call's
 * argument k: barriers have no outputs). 0 if s is not one of them. */
static int lower_asm_bar(lw *L, LLVMValueRef inst, const char *s) {
  const char *p = s;
  while (*p == ' ' || *p == '\t' || *p == '\n') p++;
  int arrive;
  if (starts(p, "bar.sync") || starts(p, "barrier.sync") || starts(p, "bar.cta.sync") ||
      starts(p, "barrier.cta.sync")) arrive = 0;
  else if (starts(p, "bar.arrive") || starts(p, "barrier.arrive") || starts(p, "bar.cta.arrive") ||
           starts(p, "barrier.cta.arrive")) arrive = 1;
  else return 0;
  while (*p && *p != ' ' && *p != '\t' && *p != ';') p++;
  uint32_t op[2] = {NOREG, NOREG};
  unsigned n = 0;
  unsigned na = (unsigned)LLVMGetNumArgOperands(inst);
  while (n < 2) {
    while (*p == ' ' || *p == '\t' || *p == ',') p++;
    if (!*p || *p == ';') break;
    char *end;
    if (*p == '$') {
      unsigned long k = strtoul(p + 1, &end, 10);
      if (end == p + 1 || k >= na) { lw_unsup(L, "unsupported inline asm '%s'", s); return 1; }
      op[n++] = ARG(k);
    } else {
      unsigned long long v = strtoull(p, &end, 0);
      if (end == p) { lw_unsup(L, "unsupported inline asm '%s'", s); return 1; }
      op[n++] = lw_konst(L, v);
    }
    p = end;
  }
  if (!arrive && n == 0) {
    lw_emit(L, OP_BAR, 0, NOREG, NOREG, NOREG, NOREG, 0);
    return 1;
  }
  lw_emit(L, OP_BAR, 0, NOREG, n ? op[0] : lw_konst(L, 0), op[1], NOREG,
          BAR_NAMED | (arrive ? BAR_ARRIVE : 0u));
  return 1;
}

/* The inline PTX of asynchronous copies and mbarriers, as libcu++, CUB,
 * CUTLASS-style code and simulee's own <cuda/barrier>, <cuda/pipeline> and
 * <cuda_pipeline.h> write it (one statement, or a `{ .reg .pred P; ... }`
 * block):
 *   cp.async.{ca,cg}.shared.global[.L2::*] [$d], [$s], 4|8|16[, $n];
 *   cp.async.commit_group; cp.async.wait_group N; cp.async.wait_all;
 *   cp.async.mbarrier.arrive[.noinc].shared[::cta].b64 [$m];
 *   cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes
 *       [$d], [$s], $n, [$m];             (copied at once, then complete_tx)
 *   mbarrier.init / inval / arrive[.release][.cta] / arrive_drop /
 *       arrive.noComplete / arrive.expect_tx / expect_tx / complete_tx /
 *       pending_count  [.shared[::cta]].b64
 *   mbarrier.{test,try}_wait[.parity][.acquire][.cta][.shared].b64 P, [$m],
 *       $t; followed by selp.b32 $0, 1, 0, P; (the result), or by
 *       @P bra DONE; bra LOOP; (a wait: the warp waits until it succeeds).
 * Returns 1 if lowered. */
typedef struct pstmt { char op[96]; char o[5][40]; unsigned n; } pstmt;

static unsigned ptx_statements(const char *s, pstmt *v, unsigned max, char *pred, size_t plen,
                               char *scratch, size_t slen) {
  unsigned k = 0;
  pred[0] = 0;
  scratch[0] = 0;
  const char *p = s;
  while (*p) {
    while (*p && (isspace((unsigned char)*p) || *p == '{' || *p == '}')) p++;
    if (!*p) break;
    const char *e = strchr(p, ';');
    if (!e) e = p + strlen(p);
    char st[256];
    size_t len = (size_t)(e - p) < sizeof st - 1 ? (size_t)(e - p) : sizeof st - 1;
    memcpy(st, p, len);
    st[len] = 0;
    p = *e ? e + 1 : e;
    char *q = st;
    /* a label "NAME:" before the instruction */
    char *colon = strchr(q, ':');
    if (colon && !strchr(q, '[') && !strchr(q, ' ') && colon[1] == 0) continue;
    if (colon && colon > q && !memchr(q, ' ', (size_t)(colon - q)) && !memchr(q, '.', (size_t)(colon - q)))
      q = colon + 1;
    while (isspace((unsigned char)*q)) q++;
    if (!*q) continue;
    if (!strncmp(q, ".reg", 4)) {
      if (strstr(q, ".pred")) {
        char *t = q + strlen(q);
        while (t > q && isspace((unsigned char)t[-1])) t--;
        char *b = t;
        while (b > q && !isspace((unsigned char)b[-1])) b--;
        snprintf(pred, plen, "%.*s", (int)(t - b), b);
      } else if (strstr(q, ".b64")) {
        /* a scratch register for a result nobody reads (CUTLASS's
         * `.reg .b64 state;` of an mbarrier arrive) */
        char *t = q + strlen(q);
        while (t > q && isspace((unsigned char)t[-1])) t--;
        char *b = t;
        while (b > q && !isspace((unsigned char)b[-1])) b--;
        snprintf(scratch, slen, "%.*s", (int)(t - b), b);
      }
      continue;
    }
    if (k >= max) return max + 1;
    pstmt *x = &v[k++];
    memset(x, 0, sizeof *x);
    size_t ol = strcspn(q, " \t\n");
    if (ol >= sizeof x->op) return max + 1;
    memcpy(x->op, q, ol);
    q += ol;
    while (*q && x->n < 5) {
      size_t t = strcspn(q, ",");
      char *o = x->o[x->n];
      size_t m = 0;
      for (size_t i = 0; i < t && m + 1 < sizeof x->o[0]; i++)
        if (!isspace((unsigned char)q[i])) o[m++] = q[i];
      o[m] = 0;
      if (m) x->n++;
      q += t + (q[t] == ',');
    }
  }
  return k;
}

/* Operand text "$k", "[$k]" or a literal to an operand; NOREG for "_" or
 * the result; sets *bad when it is neither. */
static uint32_t ptx_opnd(lw *L, LLVMValueRef inst, const char *o, int *bad) {
  char t[40];
  size_t n = strlen(o);
  /* an operand longer than any register or literal is none (kernel text is
   * untrusted: never copied past t) */
  if (n >= sizeof t) { *bad = 1; return NOREG; }
  if (n >= 2 && o[0] == '[' && o[n - 1] == ']') { memcpy(t, o + 1, n - 2); t[n - 2] = 0; }
  else memcpy(t, o, n + 1);
  if (!strcmp(t, "_")) return NOREG;
  int outs = LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVoidTypeKind ? 0 : 1;
  unsigned na = LLVMGetNumArgOperands(inst);
  char *e;
  if (t[0] == '$') {
    unsigned long k = strtoul(t + 1, &e, 10);
    if (*e || e == t + 1) { *bad = 1; return NOREG; }
    if ((int)k < outs) return NOREG;
    if (k - (unsigned long)outs >= na) { *bad = 1; return NOREG; }
    return ARG((unsigned)(k - (unsigned long)outs));
  }
  unsigned long long v = strtoull(t, &e, 0);
  if (*e || e == t) { *bad = 1; return NOREG; }
  return lw_konst(L, v);
}

/* The constant value of operand text o (a literal, or "$k" bound to a
 * constant argument); -1 if it is not constant. */
static long long ptx_const(LLVMValueRef inst, const char *o) {
  char *e;
  if (o[0] != '$') {
    unsigned long long v = strtoull(o, &e, 0);
    return *e || e == o ? -1 : (long long)v;
  }
  int outs = LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVoidTypeKind ? 0 : 1;
  unsigned long k = strtoul(o + 1, &e, 10);
  if (*e || (int)k < outs || k - (unsigned long)outs >= LLVMGetNumArgOperands(inst)) return -1;
  LLVMValueRef a = LLVMGetOperand(inst, (unsigned)(k - (unsigned long)outs));
  return LLVMIsAConstantInt(a) ? (long long)LLVMConstIntGetZExtValue(a) : -1;
}

static int has_tok(const char *op, const char *t) {
  size_t n = strlen(t);
  for (const char *p = op; (p = strstr(p, t)); p += n)
    if ((p == op || p[-1] == '.') && (p[n] == 0 || p[n] == '.')) return 1;
  return 0;
}

/* Bulk tensor copies (sm_90 TMA loads), one statement:
 *   cp.async.bulk.tensor.<N>d.shared::<cluster|cta>.global[.tile]
 *       .mbarrier::complete_tx::bytes[.L2::cache_hint] [$d], [$t, {$c0, ..., $cN-1}],
 *       [$m][, $hint];
 * the box of tensor map $t (simulee_tensormap.h) at coordinates c lands in
 * shared memory at $d, then its bytes complete on mbarrier $m (as
 * cp.async.bulk does); a cache hint changes nothing. Multicast, im2col and
 * the stores (global.shared::cta) are not lowered: reported unsupported by
 * name.
 * Returns 1 if lowered. */
static int lower_ptx_tma(lw *L, LLVMValueRef inst, const char *s) {
  if (!strstr(s, "cp.async.bulk.tensor")) return 0;
  char n[512];
  asm_squeeze(s, "", n, sizeof n);
  unsigned rank = 0;
  int used = -1;
  if (sscanf(n, "cp.async.bulk.tensor.%ud.%n", &rank, &used) != 1 || used < 0 || rank < 1 ||
      rank > 5)
    return 0;
  const char *p = n + used;
  if (starts(p, "shared::cluster.")) p += 16;
  else if (starts(p, "shared::cta.")) p += 12;
  else return 0;
  if (starts(p, "global.tile.")) p += 12;
  else if (starts(p, "global.")) p += 7;
  else return 0;
  if (!starts(p, "mbarrier::complete_tx::bytes")) return 0;
  p += strlen("mbarrier::complete_tx::bytes");
  int hint = starts(p, ".L2::cache_hint[");
  if (hint) p += strlen(".L2::cache_hint");
  else if (*p != '[') return 0;
  /* [$d],[$t,{$c0,...}],[$m]; */
  unsigned k[8], na = LLVMGetNumArgOperands(inst);
  if (sscanf(p, "[$%u],[$%u,{%n", &k[0], &k[1], &used) != 2 || used < 0) return 0;
  p += used;
  for (unsigned i = 0; i < rank; i++) {
    int u = -1;
    if (sscanf(p, i + 1 < rank ? "$%u,%n" : "$%u}],%n", &k[2 + i], &u) != 1 || u < 0) return 0;
    p += u;
  }
  int u = -1;
  unsigned kh = 0;
  if (hint ? sscanf(p, "[$%u],$%u;%n", &k[2 + rank], &kh, &u) != 2
           : sscanf(p, "[$%u];%n", &k[2 + rank], &u) != 1)
    return 0;
  if (u < 0 || p[u] || kh >= na) return 0;
  if (LLVMGetTypeKind(LLVMTypeOf(inst)) != LLVMVoidTypeKind) return 0;
  for (unsigned i = 0; i < rank + 3; i++)
    if (k[i] >= na) return 0;
  uint32_t c = new_regs(L, rank), bytes = new_regs(L, 1);
  for (unsigned i = 0; i < rank; i++) lw_emit(L, OP_MOV, 0, c + i, ARG(k[2 + i]), NOREG, NOREG, 0);
  uint32_t pc = lw_emit(L, OP_TMA, 0, bytes, shaddr(L, ARG(k[0])), ARG(k[1]), NOREG, rank);
  at(L, pc)->e = c;
  lw_emit(L, OP_MBAR, 0, NOREG, shaddr(L, ARG(k[2 + rank])), bytes, NOREG, MB_COMPLETE_TX);
  return 1;
}

static int lower_ptx_async(lw *L, LLVMValueRef inst, const char *s) {
  if (!strstr(s, "mbarrier") && !strstr(s, "cp.async")) return 0;
  pstmt v[6];
  char pred[32], scratch[32];
  unsigned n = ptx_statements(s, v, 6, pred, sizeof pred, scratch, sizeof scratch);
  if (n == 0 || n > 6) return 0;
  /* a scratch result is no result */
  if (scratch[0])
    for (unsigned i = 0; i < v[0].n; i++)
      if (!strcmp(v[0].o[i], scratch)) snprintf(v[0].o[i], sizeof v[0].o[i], "_");
  uint32_t d = LLVMGetTypeKind(LLVMTypeOf(inst)) == LLVMVoidTypeKind ? NOREG : lw_dst(L, inst);
  int bad = 0;
  pstmt *x = &v[0];
  const char *op = x->op;
  uint32_t o[5];
  for (unsigned i = 0; i < x->n; i++)
    o[i] = pred[0] && !strcmp(x->o[i], pred) ? NOREG : ptx_opnd(L, inst, x->o[i], &bad);
  /* a .shared mbarrier or destination may be a 32-bit window address */
  int shsp = strstr(op, ".shared") != NULL;
  if (n == 1 && !strncmp(op, "cp.async.", 9)) {
    if ((starts(op, "cp.async.ca.shared") || starts(op, "cp.async.cg.shared")) && x->n >= 3) {
      long long sz = ptx_const(inst, x->o[2]);
      if (bad || (sz != 4 && sz != 8 && sz != 16)) return 0;
      lw_emit(L, OP_CPASYNC, 0, NOREG, shaddr(L, o[0]), o[1], x->n >= 4 ? o[3] : NOREG, (uint32_t)sz);
      return 1;
    }
    if (!strcmp(op, "cp.async.commit_group") && x->n == 0) { lw_emit(L, OP_CPAGROUP, 0, NOREG, NOREG, NOREG, NOREG, 0); return 1; }
    if (!strcmp(op, "cp.async.wait_all") && x->n == 0) { lw_emit(L, OP_CPAGROUP, 0, NOREG, NOREG, NOREG, NOREG, 2); return 1; }
    if (!strcmp(op, "cp.async.wait_group") && x->n == 1 && !bad) { lw_emit(L, OP_CPAGROUP, 0, NOREG, o[0], NOREG, NOREG, 1); return 1; }
    if (starts(op, "cp.async.mbarrier.arrive") && x->n == 1 && !bad) {
      lw_emit(L, OP_CPAGROUP, 0, NOREG, shsp ? shaddr(L, o[0]) : o[0], has_tok(op, "noinc") ? 1u : 0u, NOREG, 3);
      return 1;
    }
    if (starts(op, "cp.async.bulk.shared") && strstr(op, ".global.") && strstr(op, "complete_tx") &&
        x->n == 4 && !bad) {
      uint32_t dsm = shaddr(L, o[0]), mb = shaddr(L, o[3]);
      lw_emit(L, OP_MEMCPY, 0, NOREG, dsm, o[1], o[2], 0);
      lw_emit(L, OP_MBAR, 0, NOREG, mb, o[2], NOREG, MB_COMPLETE_TX);
      return 1;
    }
    return 0;
  }
  if (strncmp(op, "mbarrier.", 9) || bad) return 0;
  const char *w = op + 9;
  /* the object's address: operand 0, or 1 after a result (arrive, waits) */
  if (shsp && !starts(w, "pending_count")) {
    unsigned ai = x->o[0][0] == '[' ? 0 : 1;
    if (ai < x->n) o[ai] = shaddr(L, o[ai]);
  }
  if (n == 1) {
    if (starts(w, "init.") && x->n == 2) { lw_emit(L, OP_MBAR, 0, NOREG, o[0], o[1], NOREG, MB_INIT); return 1; }
    if (starts(w, "inval.") && x->n == 1) { lw_emit(L, OP_MBAR, 0, NOREG, o[0], NOREG, NOREG, MB_INVAL); return 1; }
    if ((starts(w, "expect_tx.") || starts(w, "complete_tx.")) && x->n == 2) {
      lw_emit(L, OP_MBAR, 0, NOREG, o[0], o[1], NOREG, w[0] == 'e' ? MB_EXPECT_TX : MB_COMPLETE_TX);
      return 1;
    }
    if (starts(w, "pending_count.") && x->n == 2) { lw_emit(L, OP_MBAR, 32, d, NOREG, o[1], NOREG, MB_PENDING); return 1; }
    if ((starts(w, "arrive.") || starts(w, "arrive_drop.")) && (x->n == 2 || x->n == 3)) {
      unsigned f = 0;
      uint32_t cnt = lw_konst(L, 1), tx = NOREG;
      if (starts(w, "arrive_drop")) f |= MBF_DROP;
      if (has_tok(op, "noComplete")) f |= MBF_NOCOMPLETE;
      if (has_tok(op, "expect_tx")) { f |= MBF_EXPECT; if (x->n == 3) tx = o[2]; else return 0; }
      else if (x->n == 3) cnt = o[2];
      uint32_t pc = lw_emit(L, OP_MBAR, 64, x->o[0][0] == '$' ? d : NOREG, o[1], cnt, tx, MB_ARRIVE);
      at(L, pc)->ty2 = (uint8_t)f;
      return 1;
    }
    return 0;
  }
  /* the waits: a predicate result turned into $0, or a loop */
  if (!(starts(w, "test_wait") || starts(w, "try_wait")) || x->n < 3 || !pred[0] ||
      strcmp(x->o[0], pred))
    return 0;
  unsigned f = has_tok(op, "parity") ? MBF_PARITY : 0;
  if (n == 2 && starts(v[1].op, "selp.") && v[1].n == 4 && v[1].o[0][0] == '$' &&
      !strcmp(v[1].o[1], "1") && !strcmp(v[1].o[2], "0") && !strcmp(v[1].o[3], pred) && d != NOREG) {
    /* selp gives 1 or 0: OP_MBAR writes exactly that */
    uint32_t pc = lw_emit(L, OP_MBAR, 32, d, o[1], o[2], NOREG, MB_TEST_WAIT);
    at(L, pc)->ty2 = (uint8_t)f;
    return 1;
  }
  char at_p[40];
  snprintf(at_p, sizeof at_p, "@%s", pred);
  if (n >= 2 && !strcmp(v[1].op, at_p) && v[1].n == 1 && starts(v[1].o[0], "bra")) {
    uint32_t pc = lw_emit(L, OP_MBAR, 1, NOREG, o[1], o[2], NOREG, MB_TEST_WAIT);
    at(L, pc)->ty2 = (uint8_t)(f | MBF_BLOCK);
    return 1;
  }
  return 0;
}

/* barrier.cluster.arrive[.release|.relaxed][.aligned]; and
 * barrier.cluster.wait[.acquire][.aligned]; (the default orders are release
 * and acquire): one statement, or an arrive and a wait in one asm string
 * (cluster_sync()). Returns 1 if lowered. */
static int lower_asm_clbar(lw *L, const char *s) {
  if (!starts(s, "barrier.cluster.") || strchr(s, '$')) return 0;
  unsigned x[2], k = 0;
  for (const char *p = s; *p;) {
    while (isspace((unsigned char)*p)) p++;
    if (!*p) break;
    const char *e = strchr(p, ';');
    if (!e || k == 2) return 0;
    char st[96];
    size_t n = (size_t)(e - p);
    if (n >= sizeof st) return 0;
    memcpy(st, p, n);
    st[n] = 0;
    if (starts(st, "barrier.cluster.arrive")) x[k++] = strstr(st, ".relaxed") ? 1 : 0;
    else if (starts(st, "barrier.cluster.wait")) x[k++] = 2;
    else return 0;
    p = e + 1;
  }
  if (!k || (k == 2 && (x[0] == 2 || x[1] != 2))) return 0;
  for (unsigned i = 0; i < k; i++) lw_emit(L, OP_CLBAR, 0, NOREG, NOREG, NOREG, NOREG, x[i]);
  return 1;
}

void lw_lower_asm(lw *L, LLVMValueRef inst, LLVMValueRef callee) {
  size_t len;
  const char *a = LLVMGetInlineAsmAsmString(callee, &len);
  char s[1024];
  snprintf(s, sizeof s, "%.*s", (int)(len < sizeof s - 1 ? len : sizeof s - 1), a ? a : "");
  if (lower_reserved_smem(L, inst, s)) return;
  uint32_t d = lw_dst(L, inst);
  unsigned rty = tcode(LLVMTypeOf(inst));
  /* %envreg0..31, set by the driver: cooperative groups read the grid
     workspace of a cooperative launch from envreg1/2 (every simulated launch
     has one: SIMI_WORKSPACE_ALLOC); the others read zero */
  unsigned ev;
  int evn = -1;
  if (sscanf(s, "mov.u32 $0, %%envreg%u;%n", &ev, &evn) == 1 && evn >= 0 && !s[evn] && ev < 32) {
    if (ev == 1 || ev == 2) lw_emit(L, OP_SREG, rty, d, NOREG, NOREG, NOREG, ev == 1 ? SR_ENVREG1 : SR_ENVREG2);
    else lw_emit(L, OP_MOV, 0, d, lw_konst(L, 0), NOREG, NOREG, 0);
    return;
  }
  for (unsigned i = 0; i < lw_nsreg_names; i++) {
    char pat[32];
    snprintf(pat, sizeof pat, "%%%s;", lw_sreg_names[i].n);
    if (strstr(s, "mov.") && strstr(s, pat)) {
      lw_emit(L, OP_SREG, rty, d, NOREG, NOREG, NOREG, lw_sreg_names[i].sr);
      return;
    }
    snprintf(pat, sizeof pat, "%%%s", lw_sreg_names[i].n);
    char *q = strstr(s, pat);
    if (strstr(s, "mov.") && q && (q[strlen(pat)] == 0 || q[strlen(pat)] == ' ' ||
                                   q[strlen(pat)] == ';')) {
      lw_emit(L, OP_SREG, rty, d, NOREG, NOREG, NOREG, lw_sreg_names[i].sr);
      return;
    }
  }
  if (lower_ptx_tma(L, inst, s)) return;
  if (lower_ptx_async(L, inst, s)) return;
  if (strstr(s, "activemask")) { lw_emit(L, OP_ACTIVEMASK, 32, d, NOREG, NOREG, NOREG, 0); return; }
  if (lower_asm_bar(L, inst, s)) return;
  if (lower_asm_clbar(L, s)) return;
  /* mapa.u64 / mapa.shared::cluster.u64 $0, $1, $2; (64-bit addresses) */
  if ((!strcmp(s, "mapa.u64 $0, $1, $2;") || !strcmp(s, "mapa.shared::cluster.u64 $0, $1, $2;")) &&
      LLVMGetNumArgOperands(inst) == 2) {
    lw_emit(L, OP_MAPA, 64, d, ARG(0), ARG(1), NOREG, 0);
    return;
  }
  if (strstr(s, "membar.cta") || strstr(s, "fence.cta") || strstr(s, "fence.sc.cta") ||
      strstr(s, "fence.acq_rel.cta")) {
    lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, SIMI_SCOPE_BLOCK);
    return;
  }
  if (strstr(s, "membar.gl") || strstr(s, "fence.gpu") || strstr(s, "fence.sc.gpu") ||
      strstr(s, "fence.acq_rel.gpu")) {
    lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, SIMI_SCOPE_DEVICE);
    return;
  }
  if (strstr(s, "membar.sys") || strstr(s, "fence.sys") || strstr(s, "fence.sc.sys") ||
      strstr(s, "fence.acq_rel.sys")) {
    lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, SIMI_SCOPE_SYSTEM);
    return;
  }
  if (strstr(s, "nanosleep")) { lw_emit(L, OP_NANOSLEEP, 0, NOREG, NOREG, NOREG, NOREG, 0); return; }
  /* fence.mbarrier_init.release.cluster: the thread's mbarrier.inits are
   * released to the cluster (a fence of device scope, which holds it) */
  if (!strcmp(s, "fence.mbarrier_init.release.cluster;")) {
    lw_emit(L, OP_FENCE, 0, NOREG, NOREG, NOREG, NOREG, SIMI_SCOPE_DEVICE);
    return;
  }
  /* fence.proxy.async[.shared::cta|.shared::cluster|.global]: orders the
   * generic and async proxies of one thread; simulee's bulk copies are
   * their issuing thread's accesses already, so it orders nothing more */
  {
    char q[64];
    asm_squeeze(s, "", q, sizeof q);
    if (!strcmp(q, "fence.proxy.async;") || !strcmp(q, "fence.proxy.async.shared::cta;") ||
        !strcmp(q, "fence.proxy.async.shared::cluster;") || !strcmp(q, "fence.proxy.async.global;"))
      return;
  }
  if (!strcmp(s, "exit;")) { lw_emit(L, OP_EXIT, 0, NOREG, NOREG, NOREG, NOREG, 0); return; }
  if (!strcmp(s, "trap;")) {
    const char *m = "trap instruction executed";
    lw_emit(L, OP_TRAP, 0, NOREG, NOREG, NOREG, NOREG, lw_intern(L, m, strlen(m)));
    return;
  }
  if (lower_ptx_snippet(L, inst, s)) return;
  if (lower_ptx_cccl(L, inst, s)) return;
  lw_unsup(L, "unsupported inline asm '%s'", s);
}
