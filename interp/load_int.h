/*
 * Private to the loader: the files that turn an LLVM module into the flat
 * program of ir.h, the only ones that include llvm-c.
 *
 *   load.c         reading and parsing the module (in a child process when
 *                  isolation is on), finding the kernels, the whole load
 *   load_value.c   types as register slots, emitting instructions, the
 *                  constant pool, global variables, functions, operands
 *   load_lower.c   lowering instructions and whole functions: control flow,
 *                  phis, memory accesses, volatile synchronisation
 *   load_call.c    calls: intrinsics, libdevice and math functions,
 *                  indirect calls
 *   load_asm.c     inline PTX assembly (with ptxint.inc)
 *   load_debug.c   debug information: source locations, parameter names
 *   load_kernel.c  kernel metadata: parameters, textures, shape hints, the
 *                  facts kernel_facts derives from the lowered code
 *
 * What one file offers the others is declared here with the prefix lw_ (the
 * loader's state, lw); small helpers are static inline below.
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
#ifndef SIMULEE_INTERP_LOAD_INT_H
#define SIMULEE_INTERP_LOAD_INT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Target.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* INTOP1 / INTOP2 selectors (also used by exec.c). */
enum { IO1_CTPOP, IO1_CTLZ, IO1_CTTZ, IO1_BSWAP, IO1_BITREV, IO1_ABS };
enum { IO2_SMIN, IO2_SMAX, IO2_UMIN, IO2_UMAX, IO2_MULHI, IO2_UMULHI, IO2_MUL24,
       IO2_UMUL24, IO2_SADDSAT, IO2_UADDSAT, IO2_SSUBSAT, IO2_USUBSAT, IO2_PRMT,
       IO2_SAD, IO2_USAD, IO2_HADD, IO2_UHADD, IO2_RHADD, IO2_URHADD };

/* ------------------------------------------------------- small helpers */

/* Type code of a scalar type (T_*), 0 if not scalar. */
static inline unsigned tcode(LLVMTypeRef t) {
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

static inline int is_scalar(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMIntegerTypeKind || k == LLVMHalfTypeKind || k == LLVMFloatTypeKind ||
         k == LLVMDoubleTypeKind || k == LLVMPointerTypeKind;
}

/* 1 if t is a pointer to the shared address space (addrspace(3)). */
static inline int is_shared_ptr_type(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 3;
}

static inline uint64_t alloc_size(lw *L, LLVMTypeRef t) { return LLVMABISizeOfType(L->td, t); }
static inline uint64_t store_size(lw *L, LLVMTypeRef t) { return LLVMStoreSizeOfType(L->td, t); }

static inline simI_insn *at(lw *L, uint32_t pc) { return &L->p->code[pc]; }

static inline uint32_t new_regs(lw *L, unsigned n) {
  uint32_t r = L->nregs;
  L->nregs += n ? n : 1;
  return r;
}

static inline int starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

/* The first slot of call or intrinsic `inst`'s argument i as an operand. */
#define ARG(i) lw_opnd(L, LLVMGetOperand(inst, (i)))

/* ------------------------------------------------- load_value.c: building */

/* Records the first fatal error (printf-style); later ones are dropped. */
void lw_fail(lw *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Index of string s[0..len) in the program's string table (added once). */
uint32_t lw_intern(lw *L, const char *s, size_t len);
/* Register slots a value of type t takes. */
unsigned lw_slots_of(lw *L, LLVMTypeRef t);
/* Appends an instruction at the current source location; returns its pc. */
uint32_t lw_emit(lw *L, unsigned op, unsigned ty, uint32_t d, uint32_t a, uint32_t b,
                 uint32_t c, uint32_t x);
uint32_t lw_aux_push(lw *L, uint32_t v);
/* Patch field `field` of pc (or aux word pc) with the start of `block`. */
void lw_add_fix(lw *L, uint32_t pc, uint8_t field, uint32_t block);
/* A single-slot constant (deduplicated), as an operand. */
uint32_t lw_konst(lw *L, uint64_t bits);
/* Emits OP_UNSUP with the message (printf-style). */
void lw_unsup(lw *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int lw_eval_const(lw *L, LLVMValueRef c, uint64_t *out, unsigned nslots);
uint32_t lw_var_of(lw *L, LLVMValueRef g);
uint32_t lw_reserved_smem(lw *L);
uint32_t lw_func_of(lw *L, LLVMValueRef f);
uint32_t lw_opnd(lw *L, LLVMValueRef v);
uint32_t lw_dst(lw *L, LLVMValueRef v);
unsigned lw_agg_slot(lw *L, LLVMTypeRef t, const unsigned *idx, unsigned n, LLVMTypeRef *elt);

/* ---------------------------------------- load_lower.c: instructions */

void lw_mem_access(lw *L, int store, LLVMTypeRef t, uint32_t reg, uint32_t ptr, uint64_t off,
                   unsigned atomic, unsigned align);
void lw_lower_function(lw *L, LLVMValueRef fn);

/* ------------------------------------------ load_call.c, load_asm.c */

void lw_lower_call(lw *L, LLVMValueRef inst);
int lw_lower_math_ftz(lw *L, LLVMValueRef inst, const char *name, unsigned nargs, int ftz);
void lw_lower_asm(lw *L, LLVMValueRef inst, LLVMValueRef callee);
/* The special registers by their NVVM and PTX names. */
typedef struct lw_sreg_name { const char *n; unsigned sr; } lw_sreg_name;
extern const lw_sreg_name lw_sreg_names[];
extern const unsigned lw_nsreg_names;

/* ----------------------------------------------- load_debug.c */

void lw_dbg_path(LLVMValueRef v, char *buf, size_t len);
void lw_set_loc(lw *L, LLVMValueRef inst);
void lw_param_debug_names(lw *L, LLVMValueRef fn, simI_param *ps, unsigned np);

/* ----------------------------------------------- load_kernel.c */

LLVMValueRef lw_spilled_value(LLVMValueRef v);
int lw_root_param(LLVMValueRef fn, LLVMValueRef v, int depth);
int lw_module_forges_pointers(lw *L);
void lw_kernel_info(lw *L, LLVMValueRef fn, simI_kernel_rec *k);
int lw_kernel_facts(simI_program *p, simI_kernel_rec *k);

#endif
