/*
 * simulee jit (jit.h): a kernel's device bitcode as native host code.
 *
 * The rewrite, per (module, kernel), on a fresh parse of the bitcode:
 *  1. every function the kernel calls is inlined into it (always-inline),
 *     then sroa/instcombine/simplifycfg tidy it (still the NVPTX module);
 *     a call left (recursion) refuses it, unless a compilation with the
 *     launch's integer arguments as constants drops it (a mode parameter
 *     that selects a recursive variant: jit_run.c keeps that code for
 *     launches with those values);
 *  2. each instruction is checked against what the native form reproduces
 *     exactly; anything else refuses the kernel (the interpreter runs it);
 *  3. pointers keep the interpreter's tagged form (interp.h: space, allocation,
 *     offset), stored in memory as they are; each access through one goes
 *     through sj_tr, an always-inline helper that looks the allocation up in
 *     the worker's table (base, size), checks bounds and alignment as the
 *     interpreter's resolve() does, and calls sj_slow() (C) otherwise: a
 *     __device__ variable, or a fault (counted, the access skipped: a load
 *     reads zeros). Pointers from an alloca or a byval parameter stay host
 *     pointers (they cannot escape: checked) and are bounds-checked against
 *     their object (sj_lc);
 *  4. %tid/%ntid/%ctaid/%nctaid become the loop variables and launch values
 *     of a driver that runs the block's threads in a plain loop (kernels
 *     without barriers or warp collectives); %clock/%clock64/%globaltimer
 *     (intrinsics, or nvcc's "mov.u64 %0, %globaltimer;" in inline asm) a
 *     per-thread counter, one tick on per read, as the interpreter's
 *     (interp/sreg.h); libdevice and LLVM math calls
 *     call the interpreter's own implementations (simI_math_table) so the
 *     results are the same bits (those with result pointers, sincos,
 *     modf, frexp, remquo, write temporaries that are then stored through
 *     the pointers as checked stores); integer division by zero, over-wide shifts
 *     and float-to-int conversions get the interpreter's defined results;
 *     fast-math flags are dropped (the interpreter computes exactly);
 *  5. each loop back-edge counts the loop's instructions into the thread's
 *     step count: past the launch's step budget the thread ends the launch
 *     (longjmp out of the native code) as a timeout;
 *  6. default<O2> for the host CPU, then ORC LLJIT.
 * Blocks run on up to `jobs` host threads, each with its own shared memory,
 * zeroed per block as the interpreter's (jit/jit_run.c: the launches, the
 * cache of compiled kernels; jit/jit_int.h: what the two files share).
 */
#define _GNU_SOURCE
#include "jit/jit_int.h"

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <pthread.h>
#include <setjmp.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "interp/ir.h"
#include "interp/sreg.h"
#include "util/clock.h"

/* LLVM's diagnostics while the JIT rewrites and optimises a kernel: none
 * is shown (errors are the C API's return values). */
static void quiet_diag(LLVMDiagnosticInfoRef di, void *ctx) {
  (void)di;
  (void)ctx;
}

/* Zeros a refused load reads (never written). */
static const uint8_t zeros[512];

/* ------------------------------------------------ the native code's runtime */

static uint8_t *fault_at(wctx *c, unsigned kind, int misaligned) {
  if (!c->faults++ || c->block < c->fault_block) {
    if (c->faults == 1 || c->block < c->fault_block) {
      c->fault_block = c->block;
      c->misaligned = misaligned;
    }
  }
  return (kind & SIMI_ACC_WRITE) ? c->junk : (uint8_t *)zeros;
}

/* The slow path of sj_tr: p did not hit the table (or missed its bounds or
 * alignment). kam: kind (SIMI_ACC_*) | alignment mask << 8. */
static uint8_t *sj_slow(wctx *c, uint64_t p, uint64_t sz, uint64_t kam) {
  unsigned kind = (unsigned)(kam & 0xff);
  uint64_t amask = kam >> 8;
  if (p & amask) return fault_at(c, kind, 1);
  unsigned space = SIMI_PTR_SPACE(p), al = SIMI_PTR_ALLOC(p);
  uint64_t off = SIMI_PTR_OFFSET(p);
  launch_state *L = c->L;
  uint8_t *base = NULL;
  uint64_t lim = 0;
  switch (space) {
  case SIMI_SPACE_GLOBAL:
    if (al < L->nbuf) {
      base = c->tab[al].base;
      lim = c->tab[al].size;
    } else if (al >= SIMI_GLOBALVAR_FIRST &&
               al - SIMI_GLOBALVAR_FIRST < simI_var_count(L->p, SIMI_SPACE_GLOBAL)) {
      base = L->l->globals[al - SIMI_GLOBALVAR_FIRST];
      lim = simI_var_size(L->p, SIMI_SPACE_GLOBAL, al);
    } else if (al == SIMI_WORKSPACE_ALLOC) {
      base = L->ws;
      lim = SIMI_WORKSPACE_BYTES;
    } else if (L->l->heap && (base = simI_heap_data(L->l->heap, al, &lim))) {
      /* a live block of the persistent device heap (read-only here: native
       * code never allocates or frees) */
    } else {
      return fault_at(c, kind, 0);
    }
    break;
  case SIMI_SPACE_SHARED:
    if (al >= L->nshared) return fault_at(c, kind, 0);
    base = c->tab[L->nbuf + al].base;
    lim = c->tab[L->nbuf + al].size;
    break;
  case SIMI_SPACE_CONST:
    if (al >= L->nconst || (kind & SIMI_ACC_WRITE)) return fault_at(c, kind, 0);
    base = c->tab[L->nbuf + L->nshared + al].base;
    lim = c->tab[L->nbuf + L->nshared + al].size;
    break;
  default:
    return fault_at(c, kind, 0);
  }
  if (off + sz > lim || off + sz < off || !base) return fault_at(c, kind, 0);
  return base + off;
}

/* An access through a host pointer (alloca, byval) outside its object. */
static uint8_t *sj_local_fault(wctx *c, uint64_t kind) {
  return fault_at(c, (unsigned)kind, 0);
}

static void sj_timeout(wctx *c) {
  c->timed_out = 1;
  longjmp(c->out, 1); /* out of the thread's resume, to the block's loop */
}

/* A kernel with barriers: its block function is a coroutine (LLVM's
 * switched-resume lowering: the frame starts with the resume function's
 * address) that suspends at each barrier; jit_run.c resumes its threads in
 * rounds. The frame of thread fcur, `size` bytes, from the worker's arena
 * (every thread's frame has the same size: the arena is sized at thread 0,
 * when no frame is live). */
static void *sj_frame(wctx *c, uint64_t size) {
  uint64_t stride = (size + 63) & ~(uint64_t)63;
  size_t need = (size_t)stride * c->nfib;
  if (c->fcur == 0 && need > c->arena_len) {
    free(c->arena);
    c->arena = aligned_alloc(64, need);
    c->arena_len = c->arena ? need : 0;
  }
  if (!c->arena || (size_t)(c->fcur + 1) * stride > c->arena_len) {
    c->timed_out = 2; /* out of memory */
    longjmp(c->out, 1);
  }
  return c->arena + (size_t)c->fcur * stride;
}

/* The thread ran to its end. */
static void sj_end(wctx *c) { c->fdone[c->fcur] = 1; }


/* memcpy/memmove/memset: flags bit 0 dst is a host pointer, bit 1 src is. */
static void sj_memcpy(wctx *c, uint64_t d, uint64_t s, uint64_t n, uint64_t flags) {
  if (!n) return;
  uint64_t f0 = c->faults;
  uint8_t *hd = (flags & 1) ? (uint8_t *)(uintptr_t)d : sj_slow(c, d, n, SIMI_ACC_WRITE);
  uint8_t *hs = (flags & 2) ? (uint8_t *)(uintptr_t)s : sj_slow(c, s, n, SIMI_ACC_READ);
  if (c->faults != f0) return;
  memmove(hd, hs, n);
}

static void sj_memset(wctx *c, uint64_t d, uint64_t v, uint64_t n, uint64_t flags) {
  if (!n) return;
  uint64_t f0 = c->faults;
  uint8_t *hd = (flags & 1) ? (uint8_t *)(uintptr_t)d : sj_slow(c, d, n, SIMI_ACC_WRITE);
  if (c->faults != f0) return;
  memset(hd, (int)(v & 0xff), n);
}

/* nan(tag) / nanf(tag) (math signatures d:n, f:n): the tag read byte by
 * byte through p as the interpreter's OP_MATHMEM does (at most 63 bytes; a
 * fault makes the result 0); the result's bits. mi: the math-table index
 * << 1 | 1 for double. */
static uint64_t sj_mathstr(wctx *c, uint64_t p, uint64_t mi) {
  char tag[64];
  unsigned k = 0;
  for (;;) {
    uint64_t f0 = c->faults;
    const uint8_t *b = sj_slow(c, p + k, 1, SIMI_ACC_READ);
    if (c->faults != f0) return 0;
    if (!*b || k == sizeof tag - 1) break;
    tag[k++] = (char)*b;
  }
  tag[k] = 0;
  void *fn = simI_math_table[mi >> 1].fn;
  uint64_t v = 0;
  if (mi & 1) {
    double d = ((double (*)(const char *))fn)(tag);
    memcpy(&v, &d, 8);
  } else {
    float f = ((float (*)(const char *))fn)(tag);
    uint32_t u;
    memcpy(&u, &f, 4);
    v = u;
  }
  return v;
}

/* ---------------------------------------------------------- compilation */

jit_state simJ_g;

int sj_init(void) {
  if (simJ_g.init) return simJ_g.init;
  simJ_g.init = -1;
  const char *d = getenv("SIMULEE_JIT_DEBUG");
  simJ_g.debug = d && *d && strcmp(d, "0");
  if (LLVMInitializeNativeTarget() || LLVMInitializeNativeAsmPrinter()) return -1;
  char *triple = LLVMGetDefaultTargetTriple();
  LLVMTargetRef t;
  char *err = NULL;
  if (LLVMGetTargetFromTriple(triple, &t, &err)) {
    LLVMDisposeMessage(err);
    LLVMDisposeMessage(triple);
    return -1;
  }
  char *cpu = LLVMGetHostCPUName(), *feat = LLVMGetHostCPUFeatures();
  simJ_g.tm = LLVMCreateTargetMachine(t, triple, cpu, feat, LLVMCodeGenLevelDefault, LLVMRelocPIC,
                                 LLVMCodeModelJITDefault);
  LLVMDisposeMessage(cpu);
  LLVMDisposeMessage(feat);
  LLVMDisposeMessage(triple);
  if (!simJ_g.tm) return -1;
  LLVMOrcJITTargetMachineBuilderRef jtmb;
  LLVMErrorRef e = LLVMOrcJITTargetMachineBuilderDetectHost(&jtmb);
  if (e) {
    LLVMConsumeError(e);
    return -1;
  }
  LLVMOrcLLJITBuilderRef b = LLVMOrcCreateLLJITBuilder();
  LLVMOrcLLJITBuilderSetJITTargetMachineBuilder(b, jtmb);
  e = LLVMOrcCreateLLJIT(&simJ_g.jit, b);
  if (e) {
    LLVMConsumeError(e);
    return -1;
  }
  LLVMOrcDefinitionGeneratorRef gen;
  e = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(
      &gen, LLVMOrcLLJITGetGlobalPrefix(simJ_g.jit), NULL, NULL);
  if (e) {
    LLVMConsumeError(e);
    return -1;
  }
  LLVMOrcJITDylibAddGenerator(LLVMOrcLLJITGetMainJITDylib(simJ_g.jit), gen);
  simJ_g.tsc = LLVMOrcCreateNewThreadSafeContext();
  simJ_g.init = 1;
  return 1;
}

/* ---------------------------------------------------- the rewrite state */

typedef struct vmap { LLVMValueRef *k; LLVMValueRef *v; size_t cap, n; } vmap;

static size_t vm_slot(const vmap *m, LLVMValueRef k) {
  size_t h = ((uintptr_t)k >> 4) * 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 20) & (m->cap - 1);
}
#define UNSET ((LLVMValueRef)(uintptr_t)2) /* a value: "not known" */
static int vm_get(const vmap *m, LLVMValueRef k, LLVMValueRef *v) {
  if (!m->cap) return 0;
  for (size_t i = vm_slot(m, k);; i = (i + 1) & (m->cap - 1)) {
    if (!m->k[i]) return 0;
    if (m->k[i] == k) {
      *v = m->v[i];
      return m->v[i] != UNSET;
    }
  }
}
static int vm_put(vmap *m, LLVMValueRef k, LLVMValueRef v) {
  if ((m->n + 1) * 2 > m->cap) {
    size_t nc = m->cap ? m->cap * 2 : 64;
    LLVMValueRef *nk = calloc(nc, sizeof *nk), *nv = calloc(nc, sizeof *nv);
    if (!nk || !nv) {
      free(nk), free(nv);
      return -1;
    }
    vmap o = *m;
    m->k = nk, m->v = nv, m->cap = nc, m->n = 0;
    for (size_t i = 0; i < o.cap; i++)
      if (o.k[i]) vm_put(m, o.k[i], o.v[i]);
    free(o.k), free(o.v);
  }
  size_t i = vm_slot(m, k);
  while (m->k[i] && m->k[i] != k) i = (i + 1) & (m->cap - 1);
  if (!m->k[i]) m->n++;
  m->k[i] = k;
  m->v[i] = v;
  return 0;
}
static void vm_free(vmap *m) { free(m->k), free(m->v); memset(m, 0, sizeof *m); }

typedef struct rw {
  LLVMContextRef C;
  LLVMModuleRef M;
  LLVMTargetDataRef td;   /* the module's (NVPTX) layout */
  LLVMBuilderRef B;
  const simI_program *p;
  unsigned k;
  LLVMValueRef kern, thread, ctx; /* ctx: the thread function's context argument */
  LLVMValueRef tid[3];
  LLVMTypeRef i1, i8, i32, i64, ptr, vd;
  LLVMValueRef f_tr, f_trp, f_lc, f_step, f_memcpy, f_memset;
  LLVMTypeRef t_tr, t_trp, t_lc, t_step, t_memcpy, t_memset;
  LLVMValueRef stepctr;   /* i64 alloca of the thread function */
  LLVMValueRef clkctr;    /* i64 alloca: the thread's clock (interp/sreg.h) */
  vmap roots;             /* pointer value -> native root (alloca/byval arg) or ctx (tagged) */
  vmap seen;              /* phis and selects whose uses were checked */
  vmap origins;           /* tagged pointer -> the pointer parameter it derives from */
  char why[200];
  unsigned barriers;      /* __syncthreads() calls: the kernel's threads are coroutines */
  LLVMValueRef coro_id, coro_hdl; /* the block function's coroutine token and handle */
  LLVMBasicBlockRef coro_ret;     /* its return: coro.end, the handle returned */
  int vol_ok;             /* volatile accesses of device memory are taken */
  int vol_refused;        /* ... and were refused */
  uint64_t local_bytes;   /* of its allocas */
  unsigned inv_kind;      /* metadata kind of invariant.load */
  LLVMValueRef inv_md;
} rw;

static int refuse(rw *R, const char *fmt, ...) {
  if (!R->why[0]) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(R->why, sizeof R->why, fmt, ap);
    va_end(ap);
  }
  return -1;
}

static const char *name_of(LLVMValueRef v) {
  size_t n;
  const char *s = LLVMGetValueName2(v, &n);
  return s ? s : "";
}

static int starts(const char *s, const char *p) { return strncmp(s, p, strlen(p)) == 0; }

static LLVMValueRef k64(rw *R, uint64_t v) { return LLVMConstInt(R->i64, v, 0); }

static LLVMValueRef fnptr_const(rw *R, const void *fn) {
  return LLVMConstIntToPtr(k64(R, (uint64_t)(uintptr_t)fn), R->ptr);
}

static void add_fn_attr(rw *R, LLVMValueRef f, const char *name) {
  unsigned kind = LLVMGetEnumAttributeKindForName(name, strlen(name));
  LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex, LLVMCreateEnumAttribute(R->C, kind, 0));
}

static LLVMValueRef load_inv(rw *R, LLVMTypeRef t, LLVMValueRef p, const char *nm) {
  LLVMValueRef v = LLVMBuildLoad2(R->B, t, p, nm);
  LLVMSetMetadata(v, R->inv_kind, R->inv_md);
  return v;
}

static LLVMValueRef slot_ptr(rw *R, LLVMValueRef ctx, LLVMValueRef idx) {
  return LLVMBuildGEP2(R->B, R->i64, ctx, &idx, 1, "");
}

/* The helpers the rewrite calls (always inlined). */
static void make_helpers(rw *R) {
  LLVMTypeRef i64 = R->i64, ptr = R->ptr;
  /* ptr sj_tr(ptr ctx, i64 p, i64 sz, i64 kam) */
  LLVMTypeRef ta[4] = {ptr, i64, i64, i64};
  R->t_tr = LLVMFunctionType(ptr, ta, 4, 0);
  R->f_tr = LLVMAddFunction(R->M, "sj_tr", R->t_tr);
  LLVMSetLinkage(R->f_tr, LLVMInternalLinkage);
  add_fn_attr(R, R->f_tr, "alwaysinline");
  {
    LLVMValueRef f = R->f_tr, ctx = LLVMGetParam(f, 0), p = LLVMGetParam(f, 1),
                 sz = LLVMGetParam(f, 2), kam = LLVMGetParam(f, 3);
    LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(R->C, f, "e"),
                      h = LLVMAppendBasicBlockInContext(R->C, f, "h"),
                      fast = LLVMAppendBasicBlockInContext(R->C, f, "fast"),
                      slow = LLVMAppendBasicBlockInContext(R->C, f, "slow");
    LLVMPositionBuilderAtEnd(R->B, e);
    LLVMValueRef sp = LLVMBuildLShr(R->B, p, k64(R, 60), "sp");
    LLVMValueRef al = LLVMBuildAnd(R->B, LLVMBuildLShr(R->B, p, k64(R, 40), ""), k64(R, 0xFFFFF), "al");
    LLVMValueRef cnt = load_inv(R, i64, slot_ptr(R, ctx, LLVMBuildAdd(R->B, sp, k64(R, C_CNT), "")), "cnt");
    LLVMBuildCondBr(R->B, LLVMBuildICmp(R->B, LLVMIntULT, al, cnt, ""), h, slow);
    LLVMPositionBuilderAtEnd(R->B, h);
    LLVMValueRef first = load_inv(R, i64, slot_ptr(R, ctx, LLVMBuildAdd(R->B, sp, k64(R, C_FIRST), "")), "first");
    LLVMValueRef tab = load_inv(R, ptr, slot_ptr(R, ctx, k64(R, C_TAB)), "tab");
    LLVMValueRef ei = LLVMBuildShl(R->B, LLVMBuildAdd(R->B, first, al, ""), k64(R, 1), "");
    LLVMValueRef bp = LLVMBuildGEP2(R->B, i64, tab, &ei, 1, "");
    LLVMValueRef base = load_inv(R, i64, bp, "base");
    LLVMValueRef one = k64(R, 1);
    LLVMValueRef size = load_inv(R, i64, LLVMBuildGEP2(R->B, i64, bp, &one, 1, ""), "size");
    LLVMValueRef off = LLVMBuildAnd(R->B, p, k64(R, 0xFFFFFFFFFFull), "off");
    LLVMValueRef end = LLVMBuildAdd(R->B, off, sz, "");
    LLVMValueRef inb = LLVMBuildICmp(R->B, LLVMIntULE, end, size, "");
    LLVMValueRef amask = LLVMBuildLShr(R->B, kam, k64(R, 8), "");
    LLVMValueRef alok = LLVMBuildICmp(R->B, LLVMIntEQ, LLVMBuildAnd(R->B, p, amask, ""), k64(R, 0), "");
    LLVMBuildCondBr(R->B, LLVMBuildAnd(R->B, inb, alok, ""), fast, slow);
    LLVMPositionBuilderAtEnd(R->B, fast);
    LLVMBuildRet(R->B, LLVMBuildIntToPtr(R->B, LLVMBuildAdd(R->B, base, off, ""), ptr, ""));
    LLVMPositionBuilderAtEnd(R->B, slow);
    LLVMValueRef a[4] = {ctx, p, sz, kam};
    LLVMTypeRef st = LLVMFunctionType(ptr, ta, 4, 0);
    LLVMValueRef r = LLVMBuildCall2(R->B, st, fnptr_const(R, (const void *)sj_slow), a, 4, "");
    LLVMBuildRet(R->B, r);
  }
  /* ptr sj_trp(ptr ctx, i64 p, i64 sz, i64 kam, i64 slot): p derives from
   * the pointer parameter whose allocation slot `slot` of ctx holds (its
   * loads are invariant and hoisted out of loops); another allocation:
   * sj_tr */
  LLVMTypeRef tp[5] = {ptr, i64, i64, i64, i64};
  R->t_trp = LLVMFunctionType(ptr, tp, 5, 0);
  R->f_trp = LLVMAddFunction(R->M, "sj_trp", R->t_trp);
  LLVMSetLinkage(R->f_trp, LLVMInternalLinkage);
  add_fn_attr(R, R->f_trp, "alwaysinline");
  {
    LLVMValueRef f = R->f_trp, ctx = LLVMGetParam(f, 0), p = LLVMGetParam(f, 1),
                 sz = LLVMGetParam(f, 2), kam = LLVMGetParam(f, 3), slot = LLVMGetParam(f, 4);
    LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(R->C, f, "e"),
                      fast = LLVMAppendBasicBlockInContext(R->C, f, "fast"),
                      other = LLVMAppendBasicBlockInContext(R->C, f, "other");
    LLVMPositionBuilderAtEnd(R->B, e);
    LLVMValueRef key = load_inv(R, i64, slot_ptr(R, ctx, slot), "key");
    LLVMValueRef base = load_inv(R, i64, slot_ptr(R, ctx, LLVMBuildAdd(R->B, slot, k64(R, 1), "")), "base");
    LLVMValueRef size = load_inv(R, i64, slot_ptr(R, ctx, LLVMBuildAdd(R->B, slot, k64(R, 2), "")), "size");
    LLVMValueRef same = LLVMBuildICmp(R->B, LLVMIntEQ, LLVMBuildLShr(R->B, p, k64(R, 40), ""), key, "");
    LLVMValueRef off = LLVMBuildAnd(R->B, p, k64(R, 0xFFFFFFFFFFull), "off");
    LLVMValueRef inb = LLVMBuildICmp(R->B, LLVMIntULE, LLVMBuildAdd(R->B, off, sz, ""), size, "");
    LLVMValueRef amask = LLVMBuildLShr(R->B, kam, k64(R, 8), "");
    LLVMValueRef alok = LLVMBuildICmp(R->B, LLVMIntEQ, LLVMBuildAnd(R->B, p, amask, ""), k64(R, 0), "");
    LLVMBuildCondBr(R->B, LLVMBuildAnd(R->B, LLVMBuildAnd(R->B, same, inb, ""), alok, ""), fast, other);
    LLVMPositionBuilderAtEnd(R->B, fast);
    LLVMBuildRet(R->B, LLVMBuildIntToPtr(R->B, LLVMBuildAdd(R->B, base, off, ""), ptr, ""));
    LLVMPositionBuilderAtEnd(R->B, other);
    LLVMValueRef a[4] = {ctx, p, sz, kam};
    LLVMBuildRet(R->B, LLVMBuildCall2(R->B, R->t_tr, R->f_tr, a, 4, ""));
  }
  /* ptr sj_lc(ptr ctx, ptr addr, ptr root, i64 sz, i64 rootsize, i64 kind) */
  LLVMTypeRef tl[6] = {ptr, ptr, ptr, i64, i64, i64};
  R->t_lc = LLVMFunctionType(ptr, tl, 6, 0);
  R->f_lc = LLVMAddFunction(R->M, "sj_lc", R->t_lc);
  LLVMSetLinkage(R->f_lc, LLVMInternalLinkage);
  add_fn_attr(R, R->f_lc, "alwaysinline");
  {
    LLVMValueRef f = R->f_lc;
    LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(R->C, f, "e"),
                      ok = LLVMAppendBasicBlockInContext(R->C, f, "ok"),
                      bad = LLVMAppendBasicBlockInContext(R->C, f, "bad");
    LLVMPositionBuilderAtEnd(R->B, e);
    LLVMValueRef a = LLVMBuildPtrToInt(R->B, LLVMGetParam(f, 1), i64, "");
    LLVMValueRef r = LLVMBuildPtrToInt(R->B, LLVMGetParam(f, 2), i64, "");
    LLVMValueRef d = LLVMBuildSub(R->B, a, r, "");
    LLVMValueRef room = LLVMBuildSub(R->B, LLVMGetParam(f, 4), LLVMGetParam(f, 3), "");
    /* d <= rootsize - sz (unsigned), and sz <= rootsize */
    LLVMValueRef c1 = LLVMBuildICmp(R->B, LLVMIntULE, LLVMGetParam(f, 3), LLVMGetParam(f, 4), "");
    LLVMValueRef c2 = LLVMBuildICmp(R->B, LLVMIntULE, d, room, "");
    LLVMBuildCondBr(R->B, LLVMBuildAnd(R->B, c1, c2, ""), ok, bad);
    LLVMPositionBuilderAtEnd(R->B, ok);
    LLVMBuildRet(R->B, LLVMGetParam(f, 1));
    LLVMPositionBuilderAtEnd(R->B, bad);
    LLVMTypeRef ft[2] = {ptr, i64};
    LLVMValueRef args[2] = {LLVMGetParam(f, 0), LLVMGetParam(f, 5)};
    LLVMValueRef x = LLVMBuildCall2(R->B, LLVMFunctionType(ptr, ft, 2, 0),
                                    fnptr_const(R, (const void *)sj_local_fault), args, 2, "");
    LLVMBuildRet(R->B, x);
  }
  /* void sj_step(ptr ctx, ptr counter, i64 w) */
  LLVMTypeRef ts[3] = {ptr, ptr, i64};
  R->t_step = LLVMFunctionType(R->vd, ts, 3, 0);
  R->f_step = LLVMAddFunction(R->M, "sj_step", R->t_step);
  LLVMSetLinkage(R->f_step, LLVMInternalLinkage);
  add_fn_attr(R, R->f_step, "alwaysinline");
  {
    LLVMValueRef f = R->f_step, ctx = LLVMGetParam(f, 0);
    LLVMBasicBlockRef e = LLVMAppendBasicBlockInContext(R->C, f, "e"),
                      ok = LLVMAppendBasicBlockInContext(R->C, f, "ok"),
                      over = LLVMAppendBasicBlockInContext(R->C, f, "over");
    LLVMPositionBuilderAtEnd(R->B, e);
    LLVMValueRef c = LLVMBuildLoad2(R->B, i64, LLVMGetParam(f, 1), "");
    LLVMValueRef c2 = LLVMBuildAdd(R->B, c, LLVMGetParam(f, 2), "");
    LLVMBuildStore(R->B, c2, LLVMGetParam(f, 1));
    LLVMValueRef mx = load_inv(R, i64, slot_ptr(R, ctx, k64(R, C_MAXSTEPS)), "max");
    LLVMBuildCondBr(R->B, LLVMBuildICmp(R->B, LLVMIntUGT, c2, mx, ""), over, ok);
    LLVMPositionBuilderAtEnd(R->B, ok);
    LLVMBuildRetVoid(R->B);
    LLVMPositionBuilderAtEnd(R->B, over);
    LLVMTypeRef ft[1] = {ptr};
    LLVMValueRef x = LLVMBuildCall2(R->B, LLVMFunctionType(R->vd, ft, 1, 0),
                                    fnptr_const(R, (const void *)sj_timeout), &ctx, 1, "");
    (void)x;
    LLVMBuildUnreachable(R->B);
  }
  LLVMTypeRef tm[5] = {ptr, i64, i64, i64, i64};
  R->t_memcpy = LLVMFunctionType(R->vd, tm, 5, 0);
  R->t_memset = R->t_memcpy;
}

/* ------------------------------------------------------- pointer classes */

/* The native root of pointer v: an alloca or a byval parameter of the
 * kernel whose pointers are host pointers; R->ctx marks a tagged pointer;
 * NULL: mixed or unknown (refused). */
#define PENDING ((LLVMValueRef)(uintptr_t)1)
static LLVMValueRef root_of1(rw *R, LLVMValueRef v, int depth);
static LLVMValueRef root_of(rw *R, LLVMValueRef v, int depth) {
  LLVMValueRef r = root_of1(R, v, depth);
  return r == PENDING ? (depth ? PENDING : R->ctx) : r;
}
static LLVMValueRef root_of1(rw *R, LLVMValueRef v, int depth) {
  LLVMValueRef r;
  if (vm_get(&R->roots, v, &r)) return r;
  if (depth > 200) return NULL;
  LLVMValueRef TAG = R->ctx;
  if (LLVMIsAAllocaInst(v)) {
    r = v;
  } else if (LLVMIsAArgument(v)) {
    r = TAG;
    if (LLVMGetParamParent(v) == R->kern) {
      unsigned idx = 0, n = LLVMCountParams(R->kern);
      while (idx < n && LLVMGetParam(R->kern, idx) != v) idx++;
      unsigned bv = LLVMGetEnumAttributeKindForName("byval", 5);
      if (LLVMGetEnumAttributeAtIndex(R->kern, idx + 1, bv)) r = v;
    }
  } else if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) ||
             LLVMIsAAddrSpaceCastInst(v)) {
    r = root_of(R, LLVMGetOperand(v, 0), depth + 1);
  } else if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
    vm_put(&R->roots, v, PENDING); /* a cycle through phis: no constraint */
    r = PENDING;
    unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef in = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, 1 + i);
      LLVMValueRef ri = root_of(R, in, depth + 1);
      if (!ri) { r = NULL; break; }
      if (ri == PENDING) continue;
      if (r == PENDING) r = ri;
      else if (ri != r) { r = NULL; break; }
    }
    if (r == PENDING && depth == 0) r = TAG;
    if (r == PENDING) { /* undecided inside a cycle: decided again later */
      vm_put(&R->roots, v, UNSET);
      return PENDING;
    }
  } else if (LLVMIsAConstantExpr(v)) {
    LLVMOpcode op = LLVMGetConstOpcode(v);
    if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
      r = root_of(R, LLVMGetOperand(v, 0), depth + 1);
    else r = TAG;
  } else {
    r = TAG; /* loads, calls, inttoptr, globals, null: tagged values */
  }
  vm_put(&R->roots, v, r == PENDING ? UNSET : r);
  return r;
}

/* The kernel's pointer parameter (not byval) that pointer v is derived from
 * by GEPs, casts, phis and selects, or NULL. */
static LLVMValueRef origin_of1(rw *R, LLVMValueRef v, int depth);
static LLVMValueRef origin_of(rw *R, LLVMValueRef v, int depth) {
  LLVMValueRef r = origin_of1(R, v, depth);
  return r == PENDING ? (depth ? PENDING : NULL) : r;
}
static LLVMValueRef origin_of1(rw *R, LLVMValueRef v, int depth) {
  LLVMValueRef r;
  if (vm_get(&R->origins, v, &r)) return r;
  if (depth > 200) return NULL;
  r = NULL;
  if (LLVMIsAArgument(v)) {
    if (LLVMGetParamParent(v) == R->kern &&
        LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && root_of(R, v, 0) == R->ctx)
      r = v;
  } else if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) ||
             LLVMIsAAddrSpaceCastInst(v)) {
    r = origin_of(R, LLVMGetOperand(v, 0), depth + 1);
  } else if (LLVMIsAPHINode(v) || LLVMIsASelectInst(v)) {
    vm_put(&R->origins, v, PENDING);
    r = PENDING;
    unsigned n = LLVMIsAPHINode(v) ? LLVMCountIncoming(v) : 2;
    for (unsigned i = 0; i < n; i++) {
      LLVMValueRef in = LLVMIsAPHINode(v) ? LLVMGetIncomingValue(v, i) : LLVMGetOperand(v, 1 + i);
      LLVMValueRef ri = origin_of(R, in, depth + 1);
      if (!ri) { r = NULL; break; }
      if (ri == PENDING) continue;
      if (r == PENDING) r = ri;
      else if (ri != r) { r = NULL; break; }
    }
    if (r == PENDING && depth == 0) r = NULL;
    if (r == PENDING) {
      vm_put(&R->origins, v, UNSET);
      return PENDING;
    }
  }
  vm_put(&R->origins, v, r == PENDING ? UNSET : r);
  return r;
}

/* Bytes of a native root's object. */
static uint64_t root_size(rw *R, LLVMValueRef root) {
  if (LLVMIsAAllocaInst(root)) {
    LLVMValueRef n = LLVMGetOperand(root, 0);
    if (!LLVMIsAConstantInt(n)) return 0;
    return LLVMABISizeOfType(R->td, LLVMGetAllocatedType(root)) * LLVMConstIntGetZExtValue(n);
  }
  unsigned idx = 0, np = LLVMCountParams(R->kern);
  while (idx < np && LLVMGetParam(R->kern, idx) != root) idx++;
  unsigned bv = LLVMGetEnumAttributeKindForName("byval", 5);
  LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(R->kern, idx + 1, bv);
  return a ? LLVMABISizeOfType(R->td, LLVMGetTypeAttributeValue(a)) : 0;
}

/* The arguments (bit i: argument i) of call `c` that are result pointers of
 * a math-table function (signature letters p and q, interp/math.c), or 0
 * when it is no such call. */
static unsigned math_out_args(LLVMValueRef c) {
  LLVMValueRef cf = LLVMGetCalledValue(c);
  if (!cf || !LLVMIsAFunction(cf)) return 0;
  size_t len;
  const char *n = LLVMGetValueName2(cf, &len);
  if (!n || strncmp(n, "__nv_", 5)) return 0;
  int mi = simI_math_find(n);
  if (mi < 0) return 0;
  const char *sig = simI_math_table[mi].sig;
  if (strlen(sig) < 2 || sig[1] != ':' || strlen(sig + 2) != LLVMGetNumArgOperands(c)) return 0;
  unsigned m = 0;
  for (unsigned i = 0; sig[2 + i]; i++)
    if (sig[2 + i] == 'p' || sig[2 + i] == 'q') m |= 1u << i;
    else if (!strchr("fdilu", sig[2 + i])) return 0;
  return m;
}

/* Native pointers must not escape: every use is an address, a cast, a GEP
 * base, a phi/select arm or a lifetime marker. */
static int native_uses_ok(rw *R, LLVMValueRef v, int depth) {
  if (depth > 100) return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef us = LLVMGetUser(u);
    if (LLVMIsALoadInst(us)) continue;
    if (LLVMIsAStoreInst(us)) {
      if (LLVMGetOperand(us, 0) == v) return 0; /* stored as a value */
      continue;
    }
    if (LLVMIsAAtomicRMWInst(us) || LLVMIsAAtomicCmpXchgInst(us)) {
      if (LLVMGetOperand(us, 0) != v || LLVMGetOperand(us, 1) == v) return 0;
      continue;
    }
    if (LLVMIsAGetElementPtrInst(us)) {
      if (LLVMGetOperand(us, 0) != v) return 0;
      if (!native_uses_ok(R, us, depth + 1)) return 0;
      continue;
    }
    if (LLVMIsABitCastInst(us) || LLVMIsAAddrSpaceCastInst(us)) {
      if (!native_uses_ok(R, us, depth + 1)) return 0;
      continue;
    }
    if (LLVMIsAPHINode(us) || LLVMIsASelectInst(us)) {
      if (LLVMIsASelectInst(us) && LLVMGetOperand(us, 0) == v) return 0;
      LLVMValueRef r;
      if (vm_get(&R->seen, us, &r)) continue;
      vm_put(&R->seen, us, us);
      LLVMValueRef rr = root_of(R, us, 0);
      if (!rr || rr == R->ctx) return 0;
      if (!native_uses_ok(R, us, depth + 1)) return 0;
      continue;
    }
    if (LLVMIsACallInst(us)) {
      LLVMValueRef cf = LLVMGetCalledValue(us);
      const char *n = cf && LLVMIsAFunction(cf) ? name_of(cf) : "";
      if (starts(n, "llvm.lifetime.") || starts(n, "llvm.memcpy") || starts(n, "llvm.memmove") ||
          starts(n, "llvm.memset")) {
        if (LLVMGetCalledValue(us) == v) return 0;
        continue;
      }
      /* a result pointer of a math function (sincos, modf, frexp, remquo):
       * math_call_out stores through it */
      if (math_out_args(us) && LLVMGetCalledValue(us) != v) {
        unsigned na = LLVMGetNumArgOperands(us), bad = 0;
        for (unsigned i = 0; i < na; i++)
          if (LLVMGetOperand(us, i) == v && !(math_out_args(us) & (1u << i))) bad = 1;
        if (!bad) continue;
      }
      return 0;
    }
    return 0;
  }
  return 1;
}

/* ------------------------------------------------------------- sregs */

static LLVMValueRef ctx_slot32(rw *R, LLVMValueRef ctx, unsigned slot) {
  LLVMValueRef v = load_inv(R, R->i64, slot_ptr(R, ctx, k64(R, slot)), "");
  return LLVMBuildTrunc(R->B, v, R->i32, "");
}

/* The thread's linear index in its block. */
static LLVMValueRef linear_tid(rw *R) {
  LLVMValueRef nx = ctx_slot32(R, R->ctx, C_NTID), ny = ctx_slot32(R, R->ctx, C_NTID + 1);
  return LLVMBuildAdd(
      R->B, LLVMBuildMul(R->B, LLVMBuildAdd(R->B, LLVMBuildMul(R->B, R->tid[2], ny, ""), R->tid[1], ""), nx, ""),
      R->tid[0], "");
}

/* The value of special register `s` (after "llvm.nvvm.read.ptx.sreg.", or
 * the PTX name after '%' with lanemask_ spelled lanemask.), as the
 * interpreter's OP_SREG computes it for a launch of 32-lane warps (the only
 * ones simJ_run takes); an i32, or an i64 for the clocks. */
static LLVMValueRef sreg_value(rw *R, const char *s) {
  static const char *dims[] = {"x", "y", "z"};
  for (unsigned d = 0; d < 3; d++) {
    char b[32];
    snprintf(b, sizeof b, "tid.%s", dims[d]);
    if (!strcmp(s, b)) return R->tid[d];
    snprintf(b, sizeof b, "ntid.%s", dims[d]);
    if (!strcmp(s, b)) return ctx_slot32(R, R->ctx, C_NTID + d);
    snprintf(b, sizeof b, "ctaid.%s", dims[d]);
    if (!strcmp(s, b)) return ctx_slot32(R, R->ctx, C_CTAID + d);
    snprintf(b, sizeof b, "nctaid.%s", dims[d]);
    if (!strcmp(s, b)) return ctx_slot32(R, R->ctx, C_NCTAID + d);
  }
  if (!strcmp(s, "warpsize")) return LLVMConstInt(R->i32, 32, 0);
  if (!strcmp(s, "laneid")) return LLVMBuildAnd(R->B, linear_tid(R), LLVMConstInt(R->i32, 31, 0), "");
  if (!strcmp(s, "warpid")) return LLVMBuildLShr(R->B, linear_tid(R), LLVMConstInt(R->i32, 5, 0), "");
  if (!strcmp(s, "nwarpid")) { /* warps of the block */
    LLVMValueRef n = LLVMBuildMul(R->B, LLVMBuildMul(R->B, ctx_slot32(R, R->ctx, C_NTID),
                                                     ctx_slot32(R, R->ctx, C_NTID + 1), ""),
                                  ctx_slot32(R, R->ctx, C_NTID + 2), "");
    n = LLVMBuildAdd(R->B, n, LLVMConstInt(R->i32, 31, 0), "");
    return LLVMBuildLShr(R->B, n, LLVMConstInt(R->i32, 5, 0), "");
  }
  if (starts(s, "lanemask.")) {
    /* in 64 bits, as the interpreter, then the low 32 */
    LLVMValueRef l = LLVMBuildZExt(R->B, LLVMBuildAnd(R->B, linear_tid(R), LLVMConstInt(R->i32, 31, 0), ""),
                                   R->i64, "");
    LLVMValueRef b1 = LLVMBuildShl(R->B, k64(R, 1), l, ""), b2 = LLVMBuildShl(R->B, k64(R, 2), l, "");
    LLVMValueRef v;
    const char *m = s + 9;
    if (!strcmp(m, "eq")) v = b1;
    else if (!strcmp(m, "le")) v = LLVMBuildSub(R->B, b2, k64(R, 1), "");
    else if (!strcmp(m, "lt")) v = LLVMBuildSub(R->B, b1, k64(R, 1), "");
    else if (!strcmp(m, "ge")) v = LLVMBuildNot(R->B, LLVMBuildSub(R->B, b1, k64(R, 1), ""), "");
    else if (!strcmp(m, "gt")) v = LLVMBuildNot(R->B, LLVMBuildSub(R->B, b2, k64(R, 1), ""), "");
    else return NULL;
    return LLVMBuildTrunc(R->B, v, R->i32, "");
  }
  if (!strcmp(s, "clock") || !strcmp(s, "clock64") || !strcmp(s, "globaltimer")) {
    /* the thread's counter, one tick on per read (interp/sreg.h): a spin
     * for N cycles is a loop O2 often counts out in closed form */
    LLVMValueRef c = LLVMBuildAdd(R->B, LLVMBuildLoad2(R->B, R->i64, R->clkctr, ""),
                                  k64(R, SIMI_CLOCK_TICK), "clock");
    LLVMBuildStore(R->B, c, R->clkctr);
    return c;
  }
  return NULL;
}

/* sreg_value's v as a value of type t (an integer type), or NULL. */
static LLVMValueRef sreg_as(rw *R, LLVMValueRef v, LLVMTypeRef t) {
  if (!v || LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return NULL;
  unsigned w = LLVMGetIntTypeWidth(t), vw = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  if (w == vw) return v;
  return w < vw ? LLVMBuildTrunc(R->B, v, t, "") : LLVMBuildZExt(R->B, v, t, "");
}

/* Inline assembly that only reads a special register ("mov.u64 $0,
 * %globaltimer;", nvcc's spelling that tests/apps/ptx_sregs.cu and
 * instrumented kernels use): its value, or NULL. */
static LLVMValueRef asm_sreg(rw *R, LLVMValueRef inst, LLVMValueRef ia) {
  size_t len = 0;
  const char *s = LLVMGetInlineAsmAsmString(ia, &len);
  char n[96];
  size_t o = 0;
  for (size_t i = 0; s && i < len; i++) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n') continue;
    if (o + 1 >= sizeof n) return NULL;
    n[o++] = s[i];
  }
  n[o] = 0;
  static const char *movs[] = {"mov.u32$0,%", "mov.u64$0,%", "mov.b32$0,%", "mov.b64$0,%",
                               "mov.s32$0,%", "mov.s64$0,%", NULL};
  const char *r = NULL;
  for (unsigned i = 0; movs[i] && !r; i++)
    if (starts(n, movs[i])) r = n + strlen(movs[i]);
  if (!r || LLVMGetNumArgOperands(inst) != 0) return NULL;
  char nm[64];
  size_t rl = strlen(r);
  if (rl < 2 || r[rl - 1] != ';' || rl > sizeof nm) return NULL;
  memcpy(nm, r, rl - 1);
  nm[rl - 1] = 0;
  if (starts(nm, "lanemask_")) nm[8] = '.';
  unsigned bits = (unsigned)(n[5] - '0') * 10 + (unsigned)(n[6] - '0');
  LLVMTypeRef t = LLVMTypeOf(inst);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != bits) return NULL;
  LLVMPositionBuilderBefore(R->B, inst);
  return sreg_as(R, sreg_value(R, nm), t);
}

/* ------------------------------------------------------------- checks */

static int type_ok(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t) <= 64;
  case LLVMFloatTypeKind: case LLVMDoubleTypeKind: case LLVMPointerTypeKind:
  case LLVMVoidTypeKind: case LLVMLabelTypeKind: case LLVMMetadataTypeKind:
    return 1;
  case LLVMVectorTypeKind: case LLVMArrayTypeKind:
    return type_ok(LLVMGetElementType(t));
  case LLVMStructTypeKind: {
    unsigned n = LLVMCountStructElementTypes(t);
    for (unsigned i = 0; i < n; i++)
      if (!type_ok(LLVMStructGetTypeAtIndex(t, i))) return 0;
    return 1;
  }
  default: return 0; /* half, bfloat, fp128, x86_fp80, token, ... */
  }
}

/* Intrinsics the host computes exactly as the interpreter does. */
static int native_intrinsic(const char *n) {
  static const char *ok[] = {
    "llvm.smin.", "llvm.smax.", "llvm.umin.", "llvm.umax.", "llvm.sadd.sat.", "llvm.uadd.sat.",
    "llvm.ssub.sat.", "llvm.usub.sat.", "llvm.ctpop.", "llvm.ctlz.", "llvm.cttz.", "llvm.bswap.",
    "llvm.bitreverse.", "llvm.abs.", "llvm.fshl.", "llvm.fshr.", "llvm.fma.",
    "llvm.sadd.with.overflow.", "llvm.uadd.with.overflow.", "llvm.ssub.with.overflow.",
    "llvm.usub.with.overflow.", "llvm.smul.with.overflow.", "llvm.umul.with.overflow.",
    "llvm.expect", "llvm.assume", "llvm.fptosi.sat.", "llvm.fptoui.sat.",
    "llvm.vector.reduce.add.", "llvm.vector.reduce.mul.", "llvm.vector.reduce.and.",
    "llvm.vector.reduce.or.", "llvm.vector.reduce.xor.", "llvm.vector.reduce.smin.",
    "llvm.vector.reduce.smax.", "llvm.vector.reduce.umin.", "llvm.vector.reduce.umax.",
    "llvm.vector.reduce.fadd.", "llvm.vector.reduce.fmul.", NULL};
  for (unsigned i = 0; ok[i]; i++)
    if (starts(n, ok[i])) return 1;
  return 0;
}

/* The math-table name the interpreter uses for a generic llvm.<fn>.<type>
 * intrinsic (calls.inc), or NULL. */
static int llvm_math_name(const char *n, LLVMTypeRef rt, char *out, size_t len) {
  static const char *fns[] = {"minnum", "maxnum", "minimum", "maximum", "roundeven",
    "canonicalize", "sqrt", "fabs", "floor", "ceil", "trunc", "rint", "nearbyint", "round",
    "sin", "cos", "exp", "exp2", "exp10", "log", "log2", "log10", "pow", "copysign", "powi",
    "ldexp", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", NULL};
  if (!starts(n, "llvm.")) return 0;
  const char *s = n + 5;
  size_t bl = strcspn(s, ".");
  LLVMTypeKind k = LLVMGetTypeKind(rt);
  if (k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) return 0;
  for (unsigned i = 0; fns[i]; i++)
    if (strlen(fns[i]) == bl && !strncmp(s, fns[i], bl)) {
      snprintf(out, len, "%s%s", fns[i], k == LLVMDoubleTypeKind ? "" : "f");
      return 1;
    }
  return 0;
}

/* The LLVM type of a math signature letter, or NULL (not supported here). */
static LLVMTypeRef sig_type(rw *R, char c) {
  switch (c) {
  case 'f': return LLVMFloatTypeInContext(R->C);
  case 'd': return LLVMDoubleTypeInContext(R->C);
  case 'i': case 'u': return R->i32;
  case 'l': return R->i64;
  default: return NULL;
  }
}

/* A call to math-table function mi with the call's operands, or NULL when
 * the signature is not one the native path calls. */
static LLVMValueRef math_call(rw *R, LLVMValueRef inst, int mi) {
  const char *sig = simI_math_table[mi].sig;
  if (strlen(sig) < 2 || sig[1] != ':') return NULL;
  LLVMTypeRef rt = sig_type(R, sig[0]);
  unsigned na = (unsigned)strlen(sig + 2);
  if (!rt || na > 4 || LLVMGetNumArgOperands(inst) != na) return NULL;
  if (LLVMTypeOf(inst) != rt) return NULL;
  LLVMTypeRef at[4];
  LLVMValueRef av[4];
  for (unsigned i = 0; i < na; i++) {
    at[i] = sig_type(R, sig[2 + i]);
    av[i] = LLVMGetOperand(inst, i);
    if (!at[i] || LLVMTypeOf(av[i]) != at[i]) return NULL;
  }
  LLVMPositionBuilderBefore(R->B, inst);
  return LLVMBuildCall2(R->B, LLVMFunctionType(rt, at, na, 0),
                        fnptr_const(R, simI_math_table[mi].fn), av, na, "");
}

/* A PTX SIMD video instruction in inline assembly (clang's __vabsdiffu4,
 * __vadd2, ..., a program's own vabsdiff4.add): the interpreter's function
 * (ptx.video) with the code it decodes from the same text, or NULL. */
static LLVMValueRef video_asm(rw *R, LLVMValueRef inst, LLVMValueRef ia) {
  size_t len = 0;
  const char *s = LLVMGetInlineAsmAsmString(ia, &len);
  char n[256];
  size_t o = 0;
  for (size_t i = 0; s && i < len && o + 1 < sizeof n; i++)
    if (s[i] != ' ' && s[i] != '\t' && s[i] != '\n') n[o++] = s[i] == '%' ? '$' : s[i];
  n[o] = 0;
  if ((n[0] != 'v' && n[0] != 'd') || LLVMGetNumArgOperands(inst) != 3 || LLVMTypeOf(inst) != R->i32)
    return NULL;
  int code = simI_math_video_code(n), mi = simI_math_find("ptx.video");
  if (code < 0 || mi < 0 || strcmp(simI_math_table[mi].sig, "u:uuuu")) return NULL;
  LLVMTypeRef at[4] = {R->i32, R->i32, R->i32, R->i32};
  LLVMValueRef av[4];
  for (unsigned i = 0; i < 3; i++) {
    av[i] = LLVMGetOperand(inst, i);
    if (LLVMTypeOf(av[i]) != R->i32) return NULL;
  }
  av[3] = LLVMConstInt(R->i32, (unsigned)code, 0);
  LLVMPositionBuilderBefore(R->B, inst);
  return LLVMBuildCall2(R->B, LLVMFunctionType(R->i32, at, 4, 0),
                        fnptr_const(R, simI_math_table[mi].fn), av, 4, "");
}

static uint32_t need_align(uint64_t sz, unsigned al) {
  uint64_t n = sz & (~sz + 1);
  if (!n || n > 16) n = 16;
  if (al && n > al) n = al;
  return (uint32_t)(n ? n : 1);
}

/* Pointer operand p of an access of sz bytes (kind SIMI_ACC_*, alignment
 * al) as a host pointer, inserted before `at`; NULL: refused. */
static int var_tag(rw *R, LLVMValueRef g, uint64_t *tag);

/* The slot triple (C_VAR) of the shared or constant variable pointer p
 * derives from through GEPs and casts: the shared variables' index, or the
 * shared count plus the constant's; -1 for anything else. */
static int var_slot(rw *R, LLVMValueRef p) {
  for (int depth = 0; p && depth < 64; depth++) {
    if (LLVMIsAGlobalVariable(p)) {
      uint64_t tag;
      if (var_tag(R, p, &tag)) return -1;
      unsigned sp = (unsigned)SIMI_PTR_SPACE(tag), al = (unsigned)SIMI_PTR_ALLOC(tag);
      unsigned j = sp == SIMI_SPACE_SHARED ? al
                   : sp == SIMI_SPACE_CONST ? simI_var_count(R->p, SIMI_SPACE_SHARED) + al
                                            : C_MAXVARS;
      return j < C_MAXVARS ? (int)j : -1;
    }
    LLVMOpcode op = LLVMIsAInstruction(p) ? LLVMGetInstructionOpcode(p)
                    : LLVMIsAConstantExpr(p) ? LLVMGetConstOpcode(p) : (LLVMOpcode)0;
    if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast) return -1;
    p = LLVMGetOperand(p, 0);
  }
  return -1;
}

static LLVMValueRef host_ptr(rw *R, LLVMValueRef at, LLVMValueRef p, uint64_t sz, unsigned kind,
                             unsigned al, int check_align) {
  LLVMValueRef root = root_of(R, p, 0);
  if (!root) {
    refuse(R, "a pointer of mixed origin (stack and memory)");
    return NULL;
  }
  LLVMPositionBuilderBefore(R->B, at);
  if (root == R->ctx) {
    uint64_t amask = check_align ? need_align(sz, al) - 1 : 0;
    LLVMValueRef org = origin_of(R, p, 0);
    unsigned j = 0, np = LLVMCountParams(R->kern);
    if (org)
      while (j < np && LLVMGetParam(R->kern, j) != org) j++;
    LLVMPositionBuilderBefore(R->B, at);
    LLVMValueRef a[5] = {R->ctx, LLVMBuildPtrToInt(R->B, p, R->i64, ""), k64(R, sz),
                         k64(R, kind | (amask << 8)), k64(R, C_ARG + 3 * j)};
    if (org && j < C_MAXARGS) return LLVMBuildCall2(R->B, R->t_trp, R->f_trp, a, 5, "");
    int v = var_slot(R, p);
    if (v >= 0) { /* a shared or constant variable: its own slots */
      a[4] = k64(R, C_VAR + 3 * (unsigned)v);
      return LLVMBuildCall2(R->B, R->t_trp, R->f_trp, a, 5, "");
    }
    return LLVMBuildCall2(R->B, R->t_tr, R->f_tr, a, 4, "");
  }
  uint64_t rs = root_size(R, root);
  if (!rs) {
    refuse(R, "a stack object of unknown size");
    return NULL;
  }
  LLVMValueRef hp = LLVMGetPointerAddressSpace(LLVMTypeOf(p))
                        ? LLVMBuildAddrSpaceCast(R->B, p, R->ptr, "") : p;
  LLVMValueRef hr = LLVMGetPointerAddressSpace(LLVMTypeOf(root))
                        ? LLVMBuildAddrSpaceCast(R->B, root, R->ptr, "") : root;
  LLVMValueRef a[6] = {R->ctx, hp, hr, k64(R, sz), k64(R, rs), k64(R, kind)};
  return LLVMBuildCall2(R->B, R->t_lc, R->f_lc, a, 6, "");
}

static uint64_t store_size(rw *R, LLVMTypeRef t) { return LLVMStoreSizeOfType(R->td, t); }

/* ------------------------------------------------------------- rewrite */

typedef struct ilist { LLVMValueRef *v; size_t n, cap; } ilist;
static int il_push(ilist *l, LLVMValueRef v) {
  if (l->n == l->cap) {
    size_t nc = l->cap ? l->cap * 2 : 256;
    LLVMValueRef *nv = realloc(l->v, nc * sizeof *nv);
    if (!nv) return -1;
    l->v = nv, l->cap = nc;
  }
  l->v[l->n++] = v;
  return 0;
}

static void replace_erase(LLVMValueRef old, LLVMValueRef nv) {
  if (nv) LLVMReplaceAllUsesWith(old, nv);
  LLVMInstructionEraseFromParent(old);
}

static int rewrite_inst(rw *R, LLVMValueRef in);

/* A call of math-table function mi with result pointers (sincos: v:fpp,
 * modf: f:fp, frexp: f:fq, remquo: f:ffq, and the double forms): the
 * function writes the results to temporaries of the thread, then each is
 * stored through its pointer (in argument order, as the interpreter's
 * OP_STOREs: checked, faulting like any store). 0, or -1 (refused). */
static int math_call_out(rw *R, LLVMValueRef inst, int mi) {
  const char *sig = simI_math_table[mi].sig;
  unsigned out = math_out_args(inst), na = (unsigned)strlen(sig + 2);
  if (!out || na > 4) return refuse(R, "call of %s with a signature the native path does not take", sig);
  /* p: a result of the return type (of the first argument's for v:fpp) */
  LLVMTypeRef rt = sig[0] == 'v' ? R->vd : sig_type(R, sig[0]);
  LLVMTypeRef pt = sig[0] == 'v' ? sig_type(R, sig[2]) : rt;
  if (!rt || !pt || (sig[0] != 'v' && LLVMTypeOf(inst) != rt))
    return refuse(R, "call of %s with a signature the native path does not take", sig);
  LLVMTypeRef at[4], et[4];
  LLVMValueRef av[4], tmp[4] = {0};
  for (unsigned i = 0; i < na; i++) {
    av[i] = LLVMGetOperand(inst, i);
    if (out & (1u << i)) {
      et[i] = sig[2 + i] == 'p' ? pt : R->i32;
      at[i] = R->ptr;
      if (LLVMGetTypeKind(LLVMTypeOf(av[i])) != LLVMPointerTypeKind)
        return refuse(R, "call of %s with a signature the native path does not take", sig);
      LLVMPositionBuilderBefore(R->B, R->stepctr); /* the thread's entry */
      tmp[i] = LLVMBuildAlloca(R->B, et[i], "mout");
    } else {
      at[i] = sig_type(R, sig[2 + i]);
      if (!at[i] || LLVMTypeOf(av[i]) != at[i])
        return refuse(R, "call of %s with a signature the native path does not take", sig);
    }
  }
  LLVMValueRef cv[4];
  for (unsigned i = 0; i < na; i++) cv[i] = tmp[i] ? tmp[i] : av[i];
  LLVMPositionBuilderBefore(R->B, inst);
  LLVMValueRef c = LLVMBuildCall2(R->B, LLVMFunctionType(rt, at, na, 0),
                                  fnptr_const(R, simI_math_table[mi].fn), cv, na, "");
  ilist st = {0};
  for (unsigned i = 0; i < na; i++) {
    if (!tmp[i]) continue;
    LLVMPositionBuilderBefore(R->B, inst);
    LLVMValueRef v = LLVMBuildLoad2(R->B, et[i], tmp[i], "");
    LLVMValueRef s = LLVMBuildStore(R->B, v, av[i]);
    LLVMSetAlignment(s, (unsigned)LLVMABISizeOfType(R->td, et[i]));
    if (il_push(&st, s)) {
      free(st.v);
      return refuse(R, "out of memory");
    }
  }
  replace_erase(inst, sig[0] == 'v' ? NULL : c);
  int r = 0;
  for (size_t i = 0; i < st.n && !r; i++) r = rewrite_inst(R, st.v[i]);
  free(st.v);
  return r;
}

static LLVMValueRef intrinsic(rw *R, const char *name, LLVMTypeRef *tys, unsigned nt,
                              LLVMTypeRef *fty) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  if (!id) return NULL;
  *fty = LLVMIntrinsicGetType(R->C, id, tys, nt);
  return LLVMGetIntrinsicDeclaration(R->M, id, tys, nt);
}

/* A suspension point at the builder (make_coroutine makes it one), the
 * thread marked as waiting for `kind` first (c->fwait[c->fcur] = kind):
 *  FW_BLOCK  __syncthreads(): resumed once every thread of the block waits
 *            at a barrier or has ended;
 *  FW_WARP   __syncwarp(mask) (cooperative groups' tile sync): resumed once
 *            every thread of the block waits (here or at a barrier) or has
 *            ended, before the block's barrier opens: the lanes of a warp
 *            pass it together, as the interpreter runs them in lock step;
 *  FW_LOCK   before a volatile access of shared memory (a kernel not
 *            checked clean): resumed once every thread of the block waits,
 *            before __syncwarp and barriers open, so that the threads make
 *            their k-th volatile accesses in one round, as warp-synchronous
 *            code expects of a warp in lock step.
 * The kernel's threads become coroutines (jit_run.c's run_threads). */
static void suspend_marker(rw *R, unsigned kind) {
  LLVMValueRef fo = k64(R, offsetof(wctx, fwait)), co = k64(R, offsetof(wctx, fcur));
  LLVMValueRef fw = load_inv(R, R->ptr, LLVMBuildGEP2(R->B, R->i8, R->ctx, &fo, 1, ""), "fwait");
  LLVMValueRef cur = LLVMBuildLoad2(R->B, R->i32, LLVMBuildGEP2(R->B, R->i8, R->ctx, &co, 1, ""), "fcur");
  cur = LLVMBuildZExt(R->B, cur, R->i64, "");
  LLVMBuildStore(R->B, LLVMConstInt(R->i8, kind, 0), LLVMBuildGEP2(R->B, R->i8, fw, &cur, 1, ""));
  LLVMTypeRef st = LLVMFunctionType(R->vd, NULL, 0, 0);
  LLVMValueRef sf = LLVMGetNamedFunction(R->M, "sj.suspend");
  if (!sf) sf = LLVMAddFunction(R->M, "sj.suspend", st);
  LLVMBuildCall2(R->B, st, sf, NULL, 0, "");
  R->barriers++;
}

/* Whether pointer v is derived from a shared-memory pointer (address space
 * 3), through GEPs, casts and address-space casts. */
static int shared_ptr(LLVMValueRef v, int depth) {
  while (v && depth++ < 64) {
    LLVMTypeRef t = LLVMTypeOf(v);
    if (LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 3) return 1;
    LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
                    : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : (LLVMOpcode)0;
    if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast) return 0;
    v = LLVMGetOperand(v, 0);
  }
  return 0;
}

/* One instruction of the thread function. 0 ok, -1 refused. */
static int rewrite_inst(rw *R, LLVMValueRef in) {
  LLVMOpcode op = LLVMGetInstructionOpcode(in);
  if (!type_ok(LLVMTypeOf(in))) return refuse(R, "a value of a type the native path does not take");
  unsigned nops = (unsigned)LLVMGetNumOperands(in);
  for (unsigned i = 0; i < nops; i++) {
    LLVMValueRef o = LLVMGetOperand(in, i);
    if (o && !LLVMIsABasicBlock(o) && !type_ok(LLVMTypeOf(o)))
      return refuse(R, "an operand of a type the native path does not take");
  }
  /* fast-math flags (clang's CUDA default -ffp-contract=fast marks every
   * operation contract): the interpreter computes each operation exactly, so
   * the operation is rebuilt without them (LLVMSetFastMathFlags only adds) */
  if (LLVMCanValueUseFastMathFlags(in) && LLVMGetFastMathFlags(in)) {
    LLVMValueRef nv = NULL;
    LLVMPositionBuilderBefore(R->B, in);
    switch (op) {
    case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem:
      nv = LLVMBuildBinOp(R->B, op, LLVMGetOperand(in, 0), LLVMGetOperand(in, 1), "");
      break;
    case LLVMFNeg: nv = LLVMBuildFNeg(R->B, LLVMGetOperand(in, 0), ""); break;
    case LLVMFCmp:
      nv = LLVMBuildFCmp(R->B, LLVMGetFCmpPredicate(in), LLVMGetOperand(in, 0),
                         LLVMGetOperand(in, 1), "");
      break;
    case LLVMCall: {
      LLVMValueRef cf = LLVMGetCalledValue(in);
      const char *n = cf && LLVMIsAFunction(cf) ? name_of(cf) : "";
      if (starts(n, "llvm.vector.reduce.f")) return refuse(R, "a reassociated reduction");
      break;
    }
    default: break;
    }
    if (nv) {
      replace_erase(in, nv);
      return 0;
    }
  }
  switch (op) {
  case LLVMRet: case LLVMBr: case LLVMSwitch: case LLVMUnreachable:
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFNeg:
  case LLVMICmp: case LLVMFCmp: case LLVMPHI: case LLVMSelect:
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMFPTrunc: case LLVMFPExt:
  case LLVMSIToFP: case LLVMUIToFP: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMBitCast:
  case LLVMAddrSpaceCast: case LLVMGetElementPtr: case LLVMExtractValue: case LLVMInsertValue:
  case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector: case LLVMFreeze:
  case LLVMAlloca:
    if (op == LLVMPtrToInt || op == LLVMIntToPtr) {
      LLVMValueRef r = root_of(R, op == LLVMPtrToInt ? LLVMGetOperand(in, 0) : in, 0);
      if (r != R->ctx) return refuse(R, "a stack address as an integer");
    }
    if (op == LLVMICmp && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) == LLVMPointerTypeKind) {
      if (root_of(R, LLVMGetOperand(in, 0), 0) != R->ctx ||
          root_of(R, LLVMGetOperand(in, 1), 0) != R->ctx)
        return refuse(R, "a comparison of stack addresses");
    }
    if (op == LLVMAlloca) {
      if (!native_uses_ok(R, in, 0)) return refuse(R, "a stack address that escapes");
      /* the interpreter's per-thread stack starts zeroed */
      LLVMValueRef n = LLVMGetOperand(in, 0);
      if (!LLVMIsAConstantInt(n)) return refuse(R, "an alloca of variable size");
      /* the interpreter's per-thread stack is 8 KiB: a kernel near it (where
       * its frames' layout decides what faults) stays interpreted, and the
       * native frames stay far below a fiber's stack */
      R->local_bytes += root_size(R, in);
      if (R->local_bytes > SJ_MAX_LOCAL)
        return refuse(R, "more than %u bytes of local memory per thread", SJ_MAX_LOCAL);
      LLVMValueRef nx = LLVMGetNextInstruction(in);
      while (nx && LLVMIsAAllocaInst(nx)) nx = LLVMGetNextInstruction(nx);
      LLVMPositionBuilderBefore(R->B, nx);
      LLVMBuildMemSet(R->B, in, LLVMConstInt(R->i8, 0, 0), k64(R, root_size(R, in)),
                      LLVMGetAlignment(in));
    }
    return 0;
  case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem: {
    LLVMTypeRef t = LLVMTypeOf(in);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return refuse(R, "a vector division");
    LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
    int sg = op == LLVMSDiv || op == LLVMSRem;
    if (LLVMIsAConstantInt(b)) {
      int64_t bv = LLVMConstIntGetSExtValue(b);
      if (bv != 0 && !(sg && bv == -1)) return 0;
    }
    LLVMPositionBuilderBefore(R->B, in);
    LLVMValueRef zero = LLVMConstInt(t, 0, 0), one = LLVMConstInt(t, 1, 0),
                 m1 = LLVMConstAllOnes(t);
    LLVMValueRef bz = LLVMBuildICmp(R->B, LLVMIntEQ, b, zero, "");
    LLVMValueRef bm = sg ? LLVMBuildICmp(R->B, LLVMIntEQ, b, m1, "") : LLVMConstInt(R->i1, 0, 0);
    LLVMValueRef bad = LLVMBuildOr(R->B, bz, bm, "");
    LLVMValueRef bs = LLVMBuildSelect(R->B, bad, one, b, "");
    LLVMValueRef q;
    switch (op) {
    case LLVMUDiv: q = LLVMBuildUDiv(R->B, a, bs, ""); q = LLVMBuildSelect(R->B, bz, m1, q, ""); break;
    case LLVMURem: q = LLVMBuildURem(R->B, a, bs, ""); q = LLVMBuildSelect(R->B, bz, a, q, ""); break;
    case LLVMSDiv:
      q = LLVMBuildSDiv(R->B, a, bs, "");
      q = LLVMBuildSelect(R->B, bm, LLVMBuildSub(R->B, zero, a, ""), q, "");
      q = LLVMBuildSelect(R->B, bz, m1, q, "");
      break;
    default:
      q = LLVMBuildSRem(R->B, a, bs, "");
      q = LLVMBuildSelect(R->B, bm, zero, q, "");
      q = LLVMBuildSelect(R->B, bz, a, q, "");
      break;
    }
    replace_erase(in, q);
    return 0;
  }
  case LLVMShl: case LLVMLShr: case LLVMAShr: {
    LLVMTypeRef t = LLVMTypeOf(in);
    LLVMValueRef a = LLVMGetOperand(in, 0), b = LLVMGetOperand(in, 1);
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) {
      /* a vector shift by constants below the width */
      if (!LLVMIsConstant(b)) return refuse(R, "a vector shift by a variable amount");
      unsigned n = LLVMGetVectorSize(t), w = LLVMGetIntTypeWidth(LLVMGetElementType(t));
      for (unsigned i = 0; i < n; i++) {
        LLVMValueRef e = LLVMGetAggregateElement(b, i);
        if (!e || !LLVMIsAConstantInt(e) || LLVMConstIntGetZExtValue(e) >= w)
          return refuse(R, "a vector shift by a variable amount");
      }
      return 0;
    }
    unsigned w = LLVMGetIntTypeWidth(t);
    if (LLVMIsAConstantInt(b) && LLVMConstIntGetZExtValue(b) < w) return 0;
    LLVMPositionBuilderBefore(R->B, in);
    LLVMValueRef W = LLVMConstInt(t, w, 0);
    LLVMValueRef big = LLVMBuildICmp(R->B, LLVMIntUGE, b, W, "");
    LLVMValueRef q;
    if (op == LLVMAShr) {
      LLVMValueRef b2 = LLVMBuildSelect(R->B, big, LLVMConstInt(t, w - 1, 0), b, "");
      q = LLVMBuildAShr(R->B, a, b2, "");
    } else {
      LLVMValueRef b2 = LLVMBuildSelect(R->B, big, LLVMConstInt(t, 0, 0), b, "");
      q = op == LLVMShl ? LLVMBuildShl(R->B, a, b2, "") : LLVMBuildLShr(R->B, a, b2, "");
      q = LLVMBuildSelect(R->B, big, LLVMConstInt(t, 0, 0), q, "");
    }
    replace_erase(in, q);
    return 0;
  }
  case LLVMFPToSI: case LLVMFPToUI: {
    LLVMTypeRef t = LLVMTypeOf(in), st = LLVMTypeOf(LLVMGetOperand(in, 0));
    if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return refuse(R, "a vector conversion");
    LLVMTypeRef tys[2] = {t, st}, fty;
    LLVMValueRef f = intrinsic(R, op == LLVMFPToSI ? "llvm.fptosi.sat" : "llvm.fptoui.sat", tys, 2, &fty);
    if (!f) return refuse(R, "no saturating conversion");
    LLVMPositionBuilderBefore(R->B, in);
    LLVMValueRef a = LLVMGetOperand(in, 0);
    replace_erase(in, LLVMBuildCall2(R->B, fty, f, &a, 1, ""));
    return 0;
  }
  case LLVMLoad: case LLVMStore: {
    int st = op == LLVMStore;
    if (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic) return refuse(R, "an atomic load or store");
    LLVMValueRef p = LLVMGetOperand(in, st ? 1 : 0);
    LLVMTypeRef vt = st ? LLVMTypeOf(LLVMGetOperand(in, 0)) : LLVMTypeOf(in);
    uint64_t sz = store_size(R, vt);
    if (sz > sizeof zeros) return refuse(R, "an access of more than 512 bytes");
    LLVMValueRef root = root_of(R, p, 0);
    /* warp-synchronous code (volatile shared memory without barriers)
     * relies on the lock step of a warp's lanes, which the native run does
     * not have: a volatile access of device memory is taken only when the
     * kernel's checked launches found no race (barriers order its volatile
     * accesses, as in a scan that stages through a volatile pointer) */
    if (root == R->ctx && LLVMGetVolatile(in) && !R->vol_ok) {
      if (!shared_ptr(p, 0)) {
        R->vol_refused = !R->why[0];
        return refuse(R, "a volatile access of global memory (taken once the kernel's checked "
                      "launches find no race)");
      }
      /* shared memory: a lock-step point (the threads of the block make
       * their k-th volatile accesses in one round, in thread order, as a
       * warp's lanes in lock step do) */
      LLVMPositionBuilderBefore(R->B, in);
      suspend_marker(R, FW_LOCK);
    }
    LLVMValueRef h = host_ptr(R, in, p, sz, st ? SIMI_ACC_WRITE : SIMI_ACC_READ,
                              LLVMGetAlignment(in), 1);
    if (!h) return -1;
    LLVMSetOperand(in, st ? 1 : 0, h);
    return 0;
  }
  case LLVMAtomicRMW: {
    LLVMAtomicRMWBinOp bo = LLVMGetAtomicRMWBinOp(in);
    int comm = bo == LLVMAtomicRMWBinOpAdd || bo == LLVMAtomicRMWBinOpSub ||
               bo == LLVMAtomicRMWBinOpAnd || bo == LLVMAtomicRMWBinOpOr ||
               bo == LLVMAtomicRMWBinOpXor || bo == LLVMAtomicRMWBinOpMax ||
               bo == LLVMAtomicRMWBinOpMin || bo == LLVMAtomicRMWBinOpUMax ||
               bo == LLVMAtomicRMWBinOpUMin;
    if (!comm || LLVMGetFirstUse(in)) return refuse(R, "an atomic whose result depends on the order of threads");
    LLVMValueRef p = LLVMGetOperand(in, 0), v = LLVMGetOperand(in, 1);
    uint64_t sz = store_size(R, LLVMTypeOf(v));
    LLVMValueRef h = host_ptr(R, in, p, sz, SIMI_ACC_READ | SIMI_ACC_WRITE | SIMI_ACC_ATOMIC, 0, 1);
    if (!h) return -1;
    LLVMPositionBuilderBefore(R->B, in);
    LLVMValueRef n = LLVMBuildAtomicRMW(R->B, bo, h, v, LLVMAtomicOrderingMonotonic, 0);
    (void)n;
    LLVMInstructionEraseFromParent(in);
    return 0;
  }
  case LLVMCall: {
    LLVMValueRef cf = LLVMGetCalledValue(in);
    if (cf && LLVMIsAInlineAsm(cf)) {
      LLVMValueRef c = video_asm(R, in, cf);
      if (!c) c = asm_sreg(R, in, cf);
      if (!c) return refuse(R, "inline assembly");
      replace_erase(in, c);
      return 0;
    }
    if (!cf || !LLVMIsAFunction(cf)) return refuse(R, "an indirect call");
    const char *n = name_of(cf);
    if (starts(n, "llvm.nvvm.read.ptx.sreg.")) {
      LLVMPositionBuilderBefore(R->B, in);
      LLVMValueRef v = sreg_as(R, sreg_value(R, n + strlen("llvm.nvvm.read.ptx.sreg.")), LLVMTypeOf(in));
      if (!v) return refuse(R, "special register %s", n + strlen("llvm.nvvm.read.ptx.sreg."));
      replace_erase(in, v);
      return 0;
    }
    if (!strcmp(n, "llvm.nvvm.barrier0") || !strcmp(n, "llvm.nvvm.bar.warp.sync")) {
      /* the thread's mark (block or warp), then the suspension point
       * (make_coroutine makes each sj.suspend a coro.suspend) */
      LLVMPositionBuilderBefore(R->B, in);
      suspend_marker(R, !strcmp(n, "llvm.nvvm.barrier0") ? FW_BLOCK : FW_WARP);
      LLVMInstructionEraseFromParent(in);
      return 0;
    }
    if (!strcmp(n, "__simulee_texobj") && LLVMGetNumArgOperands(in) == 2 &&
        LLVMTypeOf(in) == R->i64 && LLVMTypeOf(LLVMGetOperand(in, 0)) == R->i64) {
      /* the texture-handle marker: the handle itself */
      replace_erase(in, LLVMGetOperand(in, 0));
      return 0;
    }
    if (starts(n, "llvm.lifetime.")) {
      LLVMValueRef p = LLVMGetOperand(in, 1);
      LLVMValueRef r = root_of(R, p, 0);
      if (r == R->ctx || !r) LLVMInstructionEraseFromParent(in);
      return 0;
    }
    if (starts(n, "llvm.dbg.") || starts(n, "llvm.donothing") || starts(n, "llvm.experimental.noalias") ||
        starts(n, "llvm.var.annotation") || starts(n, "llvm.sideeffect") || starts(n, "llvm.prefetch")) {
      LLVMInstructionEraseFromParent(in);
      return 0;
    }
    if (starts(n, "llvm.fmuladd.")) {
      LLVMTypeRef t = LLVMTypeOf(in), fty;
      LLVMValueRef f = intrinsic(R, "llvm.fma", &t, 1, &fty);
      if (!f) return refuse(R, "no fma");
      LLVMValueRef a[3] = {LLVMGetOperand(in, 0), LLVMGetOperand(in, 1), LLVMGetOperand(in, 2)};
      LLVMPositionBuilderBefore(R->B, in);
      replace_erase(in, LLVMBuildCall2(R->B, fty, f, a, 3, ""));
      return 0;
    }
    if (starts(n, "llvm.memcpy") || starts(n, "llvm.memmove") || starts(n, "llvm.memset")) {
      int set = starts(n, "llvm.memset");
      LLVMValueRef d = LLVMGetOperand(in, 0), s = LLVMGetOperand(in, 1), len = LLVMGetOperand(in, 2);
      LLVMValueRef rd = root_of(R, d, 0), rs = set ? R->ctx : root_of(R, s, 0);
      if (!rd || !rs) return refuse(R, "a copy through a pointer of mixed origin");
      uint64_t cl = LLVMIsAConstantInt(len) ? LLVMConstIntGetZExtValue(len) : 0;
      if ((rd != R->ctx || rs != R->ctx) && !LLVMIsAConstantInt(len))
        return refuse(R, "a copy of variable length on the stack");
      uint64_t flags = 0;
      LLVMValueRef dv, sv;
      if (rd != R->ctx) {
        LLVMValueRef h = host_ptr(R, in, d, cl, SIMI_ACC_WRITE, 0, 0);
        if (!h) return -1;
        LLVMPositionBuilderBefore(R->B, in);
        dv = LLVMBuildPtrToInt(R->B, h, R->i64, "");
        flags |= 1;
      } else {
        LLVMPositionBuilderBefore(R->B, in);
        dv = LLVMBuildPtrToInt(R->B, d, R->i64, "");
      }
      if (set) {
        sv = LLVMBuildZExt(R->B, s, R->i64, "");
      } else if (rs != R->ctx) {
        LLVMValueRef h = host_ptr(R, in, s, cl, SIMI_ACC_READ, 0, 0);
        if (!h) return -1;
        LLVMPositionBuilderBefore(R->B, in);
        sv = LLVMBuildPtrToInt(R->B, h, R->i64, "");
        flags |= 2;
      } else {
        sv = LLVMBuildPtrToInt(R->B, s, R->i64, "");
      }
      LLVMPositionBuilderBefore(R->B, in);
      LLVMValueRef a[5] = {R->ctx, dv, sv, LLVMBuildZExt(R->B, len, R->i64, ""), k64(R, flags)};
      LLVMBuildCall2(R->B, R->t_memcpy,
                     fnptr_const(R, set ? (const void *)sj_memset : (const void *)sj_memcpy), a, 5, "");
      LLVMInstructionEraseFromParent(in);
      return 0;
    }
    if (native_intrinsic(n)) return 0;
    char mname[80];
    int mi = -1;
    if (starts(n, "__nv_")) mi = simI_math_find(n);
    else if (llvm_math_name(n, LLVMTypeOf(in), mname, sizeof mname)) mi = simI_math_find(mname);
    if (mi >= 0 && math_out_args(in)) return math_call_out(R, in, mi);
    if (mi >= 0 && (!strcmp(simI_math_table[mi].sig, "d:n") || !strcmp(simI_math_table[mi].sig, "f:n"))) {
      /* nan("tag"): the tag read through its (tagged) pointer */
      int isd = simI_math_table[mi].sig[0] == 'd';
      LLVMTypeRef rt = isd ? LLVMDoubleTypeInContext(R->C) : LLVMFloatTypeInContext(R->C);
      LLVMValueRef sp = LLVMGetOperand(in, 0);
      if (LLVMGetNumArgOperands(in) != 1 || LLVMTypeOf(in) != rt ||
          LLVMGetTypeKind(LLVMTypeOf(sp)) != LLVMPointerTypeKind || root_of(R, sp, 0) != R->ctx)
        return refuse(R, "call of %s with a signature the native path does not take", n);
      LLVMPositionBuilderBefore(R->B, in);
      LLVMTypeRef at[3] = {R->ptr, R->i64, R->i64};
      LLVMValueRef av[3] = {R->ctx, LLVMBuildPtrToInt(R->B, sp, R->i64, ""),
                            k64(R, ((uint64_t)mi << 1) | (uint64_t)isd)};
      LLVMValueRef v = LLVMBuildCall2(R->B, LLVMFunctionType(R->i64, at, 3, 0),
                                      fnptr_const(R, (const void *)sj_mathstr), av, 3, "");
      if (!isd) v = LLVMBuildTrunc(R->B, v, R->i32, "");
      replace_erase(in, LLVMBuildBitCast(R->B, v, rt, ""));
      return 0;
    }
    if (mi >= 0) {
      LLVMValueRef c = math_call(R, in, mi);
      if (!c) return refuse(R, "call of %s with a signature the native path does not take", n);
      replace_erase(in, c);
      return 0;
    }
    return refuse(R, "call of %s", n);
  }
  default:
    return refuse(R, "instruction opcode %d", (int)op);
  }
}

/* Loops: each back-edge (a branch to a block at or before its own block in
 * layout order) adds the instructions from the target to the source block
 * to the thread's step count. */
static void count_steps(rw *R, LLVMValueRef fn) {
  unsigned nb = LLVMCountBasicBlocks(fn);
  LLVMBasicBlockRef *bbs = calloc(nb ? nb : 1, sizeof *bbs);
  uint64_t *ninst = calloc(nb ? nb : 1, sizeof *ninst);
  if (!bbs || !ninst) {
    free(bbs), free(ninst);
    return;
  }
  LLVMGetBasicBlocks(fn, bbs);
  for (unsigned i = 0; i < nb; i++)
    for (LLVMValueRef x = LLVMGetFirstInstruction(bbs[i]); x; x = LLVMGetNextInstruction(x))
      ninst[i]++;
  for (unsigned i = 0; i < nb; i++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[i]);
    if (!t) continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    uint64_t w = 0;
    for (unsigned s = 0; s < ns; s++) {
      LLVMBasicBlockRef sb = LLVMGetSuccessor(t, s);
      for (unsigned j = 0; j <= i; j++)
        if (bbs[j] == sb) {
          uint64_t ww = 0;
          for (unsigned q = j; q <= i; q++) ww += ninst[q];
          if (ww > w) w = ww;
        }
    }
    if (!w) continue;
    LLVMPositionBuilderBefore(R->B, t);
    LLVMValueRef a[3] = {R->ctx, R->stepctr, k64(R, w)};
    LLVMBuildCall2(R->B, R->t_step, R->f_step, a, 3, "");
  }
  free(bbs), free(ninst);
}

/* The tagged value of module variable g (the interpreter's allocation). */
static int var_tag(rw *R, LLVMValueRef g, uint64_t *tag) {
  const char *n = name_of(g);
  if (!*n) return -1;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(g));
  unsigned space = as == 3 ? SIMI_SPACE_SHARED : as == 4 ? SIMI_SPACE_CONST : SIMI_SPACE_GLOBAL;
  unsigned cnt = simI_var_count(R->p, space);
  for (unsigned i = 0; i < cnt; i++) {
    unsigned al = space == SIMI_SPACE_GLOBAL ? SIMI_GLOBALVAR_FIRST + i : i;
    const char *vn = simI_var_name(R->p, space, al);
    if (vn && !strcmp(vn, n)) {
      *tag = SIMI_PTR_MAKE(space, al, 0);
      return 0;
    }
  }
  return -1;
}

static unsigned jit_serial;

/* The coroutine's start, at the builder (the block function's entry): its
 * frame from sj_frame (coro.size is its size once split), its handle; and
 * the return block every suspension and the end branch to. 0, or -1. */
static int coro_begin(rw *R, LLVMValueRef ctx) {
  LLVMTypeRef fty, tys[1] = {R->i64};
  LLVMValueRef fid = intrinsic(R, "llvm.coro.id", NULL, 0, &fty);
  if (!fid) return refuse(R, "no coroutine intrinsics");
  LLVMValueRef nul = LLVMConstNull(R->ptr);
  LLVMValueRef a[4] = {LLVMConstInt(R->i32, 16, 0), nul, nul, nul};
  R->coro_id = LLVMBuildCall2(R->B, fty, fid, a, 4, "id");
  LLVMValueRef fsz = intrinsic(R, "llvm.coro.size", tys, 1, &fty);
  if (!fsz) return refuse(R, "no coroutine intrinsics");
  LLVMValueRef size = LLVMBuildCall2(R->B, fty, fsz, NULL, 0, "size");
  LLVMTypeRef at[2] = {R->ptr, R->i64};
  LLVMTypeRef mft = LLVMFunctionType(R->ptr, at, 2, 0);
  LLVMValueRef ma[2] = {ctx, size};
  LLVMValueRef mem = LLVMBuildCall2(R->B, mft, fnptr_const(R, (const void *)sj_frame), ma, 2, "mem");
  LLVMValueRef fb = intrinsic(R, "llvm.coro.begin", NULL, 0, &fty);
  if (!fb) return refuse(R, "no coroutine intrinsics");
  LLVMValueRef ba[2] = {R->coro_id, mem};
  R->coro_hdl = LLVMBuildCall2(R->B, fty, fb, ba, 2, "hdl");
  LLVMBasicBlockRef here = LLVMGetInsertBlock(R->B);
  R->coro_ret = LLVMAppendBasicBlockInContext(R->C, LLVMGetBasicBlockParent(here), "ret");
  LLVMPositionBuilderAtEnd(R->B, R->coro_ret);
  LLVMValueRef fe = intrinsic(R, "llvm.coro.end", NULL, 0, &fty);
  if (!fe) return refuse(R, "no coroutine intrinsics");
  LLVMValueRef ea[3] = {R->coro_hdl, LLVMConstInt(R->i1, 0, 0),
                        LLVMConstNull(LLVMTokenTypeInContext(R->C))};
  LLVMBuildCall2(R->B, fty, fe, ea, 3, "");
  LLVMBuildRet(R->B, R->coro_hdl);
  LLVMPositionBuilderAtEnd(R->B, here);
  return 0;
}

/* Split x's block after x: the instructions after it move to a new block
 * (the successors' phis follow them), which is returned. */
static LLVMBasicBlockRef split_after(rw *R, LLVMValueRef x) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(x);
  LLVMBasicBlockRef nb = LLVMAppendBasicBlockInContext(R->C, LLVMGetBasicBlockParent(bb), "r");
  LLVMPositionBuilderAtEnd(R->B, nb);
  for (LLVMValueRef y = LLVMGetNextInstruction(x), ny; y; y = ny) {
    ny = LLVMGetNextInstruction(y);
    LLVMInstructionRemoveFromParent(y);
    LLVMInsertIntoBuilder(R->B, y);
  }
  LLVMValueRef term = LLVMGetBasicBlockTerminator(nb);
  unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
  for (unsigned i = 0; i < ns; i++) {
    LLVMBasicBlockRef s = LLVMGetSuccessor(term, i);
    for (LLVMValueRef ph = LLVMGetFirstInstruction(s), nph; ph && LLVMIsAPHINode(ph); ph = nph) {
      nph = LLVMGetNextInstruction(ph);
      unsigned n = LLVMCountIncoming(ph), from_bb = 0;
      for (unsigned j = 0; j < n; j++) from_bb += LLVMGetIncomingBlock(ph, j) == bb;
      if (!from_bb) continue; /* (a successor seen before) */
      /* the C API cannot retarget an incoming block: a new phi */
      LLVMPositionBuilderBefore(R->B, ph);
      LLVMValueRef q = LLVMBuildPhi(R->B, LLVMTypeOf(ph), "");
      for (unsigned j = 0; j < n; j++) {
        LLVMValueRef v = LLVMGetIncomingValue(ph, j);
        LLVMBasicBlockRef b = LLVMGetIncomingBlock(ph, j);
        if (b == bb) b = nb;
        LLVMAddIncoming(q, &v, &b, 1);
      }
      LLVMReplaceAllUsesWith(ph, q);
      LLVMInstructionEraseFromParent(ph);
    }
  }
  return nb;
}

/* The block function bf of a kernel with barriers as a coroutine: the
 * thread function inlined, each sj.suspend marker a coro.suspend whose
 * resumption goes on after it (destruction, never asked for, and the
 * suspension itself return the handle); LLVM's coroutine passes in
 * default<O2> split it into the start (bf) and its resume function. */
static int make_coroutine(rw *R, LLVMValueRef bf) {
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  LLVMErrorRef e = LLVMRunPasses(R->M, "always-inline", NULL, po);
  LLVMDisposePassBuilderOptions(po);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    refuse(R, "passes: %s", m);
    LLVMDisposeErrorMessage(m);
    return -1;
  }
  LLVMValueRef sf = LLVMGetNamedFunction(R->M, "sj.suspend");
  ilist calls = {0};
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(bf); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef x = LLVMGetFirstInstruction(b); x; x = LLVMGetNextInstruction(x))
      if (LLVMIsACallInst(x) && LLVMGetCalledValue(x) == sf && il_push(&calls, x)) {
        free(calls.v);
        return refuse(R, "out of memory");
      }
  LLVMTypeRef fty;
  LLVMValueRef fs = intrinsic(R, "llvm.coro.suspend", NULL, 0, &fty);
  for (size_t i = 0; fs && i < calls.n; i++) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(calls.v[i]);
    LLVMBasicBlockRef go = split_after(R, calls.v[i]);
    LLVMInstructionEraseFromParent(calls.v[i]);
    LLVMPositionBuilderAtEnd(R->B, bb);
    LLVMValueRef a[2] = {LLVMConstNull(LLVMTokenTypeInContext(R->C)), LLVMConstInt(R->i1, 0, 0)};
    LLVMValueRef st = LLVMBuildCall2(R->B, fty, fs, a, 2, "");
    LLVMValueRef sw = LLVMBuildSwitch(R->B, st, R->coro_ret, 2);
    LLVMAddCase(sw, LLVMConstInt(R->i8, 0, 0), go);
    LLVMAddCase(sw, LLVMConstInt(R->i8, 1, 0), R->coro_ret);
  }
  free(calls.v);
  if (!fs) return refuse(R, "no coroutine intrinsics");
  if (sf && LLVMGetFirstUse(sf)) return refuse(R, "a barrier outside the kernel's body");
  if (sf) LLVMDeleteFunction(sf);
  add_fn_attr(R, bf, "presplitcoroutine");
  return 0;
}

/* Compile kernel k of bc: the block function, or NULL with why. */
block_fn sj_compile(const uint8_t *bc, uint64_t bclen, const simI_program *p, unsigned k,
                    char *why, size_t whylen, int *fibers, int vol_ok, int *vol_refused,
                    const simI_launch *spec, int *want_spec) {
  *vol_refused = 0;
  *want_spec = 0;
  const simI_kernel_info *ki = simI_kernel(p, k);
  if (ki->device_launch || ki->grid_sync || ki->uses_cluster || ki->ntexrefs) {
    snprintf(why, whylen, "dynamic parallelism, grid sync, clusters or texture references");
    return NULL;
  }
  /* texture and surface objects are device code (cuda/texture_types.h): a
   * handle is the address of its texture buffer, read through like any
   * pointer (legacy references, bound per launch, stay interpreted) */
  for (unsigned i = 0; i < ki->nparams; i++)
    if (ki->params[i].tensor_map ||
        (ki->params[i].kind == SIMI_PARAM_FLOAT && ki->params[i].bits == 16)) {
      snprintf(why, whylen, "a tensor-map or half parameter");
      return NULL;
    }
  rw R;
  memset(&R, 0, sizeof R);
  R.vol_ok = vol_ok;
  R.p = p;
  R.k = k;
  R.C = LLVMOrcThreadSafeContextGetContext(simJ_g.tsc);
  /* the pipeline's remarks ("loop not unrolled" of a kernel's #pragma
   * unroll the device compile had kept) are not the program's output */
  LLVMContextSetDiagnosticHandler(R.C, quiet_diag, NULL);
  LLVMMemoryBufferRef mb = LLVMCreateMemoryBufferWithMemoryRangeCopy((const char *)bc, bclen, "m");
  if (!mb || LLVMParseBitcodeInContext2(R.C, mb, &R.M)) {
    if (mb) LLVMDisposeMemoryBuffer(mb);
    snprintf(why, whylen, "bitcode");
    return NULL;
  }
  LLVMDisposeMemoryBuffer(mb);
  LLVMStripModuleDebugInfo(R.M);
  R.B = LLVMCreateBuilderInContext(R.C);
  R.i1 = LLVMInt1TypeInContext(R.C);
  R.i8 = LLVMInt8TypeInContext(R.C);
  R.i32 = LLVMInt32TypeInContext(R.C);
  R.i64 = LLVMInt64TypeInContext(R.C);
  R.ptr = LLVMPointerTypeInContext(R.C, 0);
  R.vd = LLVMVoidTypeInContext(R.C);
  R.inv_kind = LLVMGetMDKindIDInContext(R.C, "invariant.load", 14);
  R.inv_md = LLVMMetadataAsValue(R.C, LLVMMDNodeInContext2(R.C, NULL, 0));
  R.td = LLVMGetModuleDataLayout(R.M);
  block_fn fn = NULL;
  LLVMErrorRef e;
  LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
  R.kern = LLVMGetNamedFunction(R.M, ki->name);
  if (!R.kern || LLVMIsDeclaration(R.kern)) {
    snprintf(R.why, sizeof R.why, "kernel not found");
    goto out;
  }
  /* a specialisation: the kernel's integer parameters are the launch's
   * values (the passes below then drop the paths those values rule out) */
  unsigned nspec = 0;
  for (unsigned i = 0; i < ki->nparams && i < LLVMCountParams(R.kern); i++) {
    LLVMValueRef a = LLVMGetParam(R.kern, i);
    LLVMTypeRef at = LLVMTypeOf(a);
    if (ki->params[i].kind != SIMI_PARAM_INT || LLVMGetTypeKind(at) != LLVMIntegerTypeKind) continue;
    nspec++;
    if (!spec) continue;
    unsigned w = LLVMGetIntTypeWidth(at);
    uint64_t v = spec->args[i].bits & (w >= 64 ? ~0ull : (1ull << w) - 1);
    LLVMReplaceAllUsesWith(a, LLVMConstInt(at, v, 0));
  }
  /* 1. inline everything into the kernel */
  unsigned ni = LLVMGetEnumAttributeKindForName("noinline", 8);
  unsigned on = LLVMGetEnumAttributeKindForName("optnone", 7);
  for (LLVMValueRef f = LLVMGetFirstFunction(R.M); f; f = LLVMGetNextFunction(f)) {
    if (LLVMIsDeclaration(f)) continue;
    /* -O0 bitcode: optimised here all the same (sroa makes its stack
     * slots registers; the results do not depend on it) */
    LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, on);
    if (f == R.kern) continue;
    LLVMRemoveEnumAttributeAtIndex(f, LLVMAttributeFunctionIndex, ni);
    add_fn_attr(&R, f, "alwaysinline");
  }
  e = LLVMRunPasses(R.M, "always-inline,function(sroa,instcombine<no-verify-fixpoint>,simplifycfg)",
                    NULL, po);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    snprintf(R.why, sizeof R.why, "passes: %s", m);
    LLVMDisposeErrorMessage(m);
    goto out;
  }
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(R.kern); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef x = LLVMGetFirstInstruction(b); x; x = LLVMGetNextInstruction(x))
      if (LLVMIsACallInst(x)) {
        LLVMValueRef cf = LLVMGetCalledValue(x);
        if (cf && LLVMIsAFunction(cf) && !LLVMIsDeclaration(cf)) {
          /* (with integer parameters: compiled again for the launch's
           * values, as a mode switch may rule the recursion out) */
          *want_spec = !spec && nspec;
          snprintf(R.why, sizeof R.why, "a call that cannot be inlined (recursion)%s",
                   spec ? ", also with the launch's integer arguments as constants" : "");
          goto out;
        }
      }
  /* 2. the thread function: (ctx, tx, ty, tz, the kernel's parameters) */
  make_helpers(&R);
  unsigned np = LLVMCountParams(R.kern);
  LLVMTypeRef *pt = calloc(np + 4, sizeof *pt);
  if (!pt) goto out;
  pt[0] = R.ptr, pt[1] = pt[2] = pt[3] = R.i32;
  for (unsigned i = 0; i < np; i++) pt[4 + i] = LLVMTypeOf(LLVMGetParam(R.kern, i));
  LLVMTypeRef tft = LLVMFunctionType(R.vd, pt, np + 4, 0);
  R.thread = LLVMAddFunction(R.M, "sj_thread", tft);
  LLVMSetLinkage(R.thread, LLVMInternalLinkage);
  add_fn_attr(&R, R.thread, "alwaysinline");
  R.ctx = LLVMGetParam(R.thread, 0);
  for (unsigned d = 0; d < 3; d++) R.tid[d] = LLVMGetParam(R.thread, 1 + d);
  LLVMBasicBlockRef kb = LLVMGetFirstBasicBlock(R.kern);
  /* classify pointers while the kernel's arguments are still its own */
  ilist insts = {0};
  for (LLVMBasicBlockRef b = kb; b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef x = LLVMGetFirstInstruction(b); x; x = LLVMGetNextInstruction(x))
      if (il_push(&insts, x)) goto out_free;
  /* the thread's step count: an alloca of the entry block (promoted) */
  LLVMPositionBuilderBefore(R.B, LLVMGetFirstInstruction(kb));
  R.stepctr = LLVMBuildAlloca(R.B, R.i64, "steps");
  R.clkctr = LLVMBuildAlloca(R.B, R.i64, "clock");
  LLVMBuildStore(R.B, k64(&R, 0), R.stepctr);
  LLVMBuildStore(R.B, k64(&R, 0), R.clkctr);
  for (size_t i = 0; i < insts.n && !R.why[0]; i++) rewrite_inst(&R, insts.v[i]);
  *vol_refused = R.vol_refused;
  if (R.why[0]) goto out_free;
  /* move the blocks */
  while ((kb = LLVMGetFirstBasicBlock(R.kern))) {
    LLVMRemoveBasicBlockFromParent(kb);
    LLVMAppendExistingBasicBlock(R.thread, kb);
  }
  for (unsigned i = 0; i < np; i++)
    LLVMReplaceAllUsesWith(LLVMGetParam(R.kern, i), LLVMGetParam(R.thread, 4 + i));
  count_steps(&R, R.thread);
  /* 3. the block function: sj_block(ctx, args) runs every thread; with
   * barriers, sj_block(ctx, args, x, y, z) runs thread (x, y, z), on a fiber */
  char bname[48];
  snprintf(bname, sizeof bname, "sj_block_%u", ++jit_serial);
  LLVMTypeRef bt[5] = {R.ptr, R.ptr, R.i32, R.i32, R.i32};
  LLVMValueRef bf = LLVMAddFunction(
      R.M, bname, LLVMFunctionType(R.barriers ? R.ptr : R.vd, bt, R.barriers ? 5 : 2, 0));
  *fibers = R.barriers > 0;
  {
    unsigned na = LLVMGetEnumAttributeKindForName("noalias", 7);
    if (!R.barriers) { /* (fibers share the context while suspended) */
      LLVMAddAttributeAtIndex(bf, 1, LLVMCreateEnumAttribute(R.C, na, 0));
      LLVMAddAttributeAtIndex(bf, 2, LLVMCreateEnumAttribute(R.C, na, 0));
    }
    unsigned dk = LLVMGetEnumAttributeKindForName("dereferenceable", 15);
    LLVMAddAttributeAtIndex(bf, 1, LLVMCreateEnumAttribute(R.C, dk, C_NSLOTS * 8));
    unsigned ak = LLVMGetEnumAttributeKindForName("align", 5);
    LLVMAddAttributeAtIndex(bf, 1, LLVMCreateEnumAttribute(R.C, ak, 8));
    LLVMValueRef ctx = LLVMGetParam(bf, 0), args = LLVMGetParam(bf, 1);
    LLVMBasicBlockRef be = LLVMAppendBasicBlockInContext(R.C, bf, "e");
    LLVMPositionBuilderAtEnd(R.B, be);
    LLVMValueRef *pv = calloc(np + 4, sizeof *pv);
    LLVMValueRef *raw = calloc(np + 1, sizeof *raw);
    uint64_t *rawsz = calloc(np + 1, sizeof *rawsz);
    if (!pv || !raw || !rawsz) {
      free(pv), free(raw), free(rawsz), free(pt);
      goto out_free;
    }
    unsigned bv = LLVMGetEnumAttributeKindForName("byval", 5);
    for (unsigned i = 0; i < np; i++) {
      LLVMValueRef ix = k64(&R, i);
      LLVMValueRef slot = LLVMBuildGEP2(R.B, R.i64, args, &ix, 1, "");
      LLVMAttributeRef a = LLVMGetEnumAttributeAtIndex(R.kern, i + 1, bv);
      if (a) { /* a byval struct: each thread gets its own copy */
        LLVMTypeRef st = LLVMGetTypeAttributeValue(a);
        raw[i] = load_inv(&R, R.ptr, slot, "raw");
        rawsz[i] = LLVMABISizeOfType(R.td, st);
        pv[4 + i] = LLVMBuildAlloca(R.B, st, "byval");
      } else if (LLVMGetTypeKind(pt[4 + i]) == LLVMStructTypeKind ||
                 LLVMGetTypeKind(pt[4 + i]) == LLVMArrayTypeKind) {
        LLVMValueRef rp = load_inv(&R, R.ptr, slot, "raw");
        pv[4 + i] = load_inv(&R, pt[4 + i], rp, "agg");
      } else {
        pv[4 + i] = load_inv(&R, pt[4 + i], slot, "arg");
      }
    }
    LLVMValueRef nt[3];
    for (unsigned d = 0; d < 3; d++) nt[d] = ctx_slot32(&R, ctx, C_NTID + d);
    pv[0] = ctx;
    if (R.barriers) { /* one thread, a coroutine: its frame, its body, its end */
      for (unsigned d = 0; d < 3; d++) pv[1 + d] = LLVMGetParam(bf, 2 + d);
      if (coro_begin(&R, ctx)) {
        free(pv), free(raw), free(rawsz), free(pt);
        goto out_free;
      }
      for (unsigned i = 0; i < np; i++)
        if (raw[i]) LLVMBuildMemCpy(R.B, pv[4 + i], 1, raw[i], 1, k64(&R, rawsz[i]));
      LLVMBuildCall2(R.B, tft, R.thread, pv, np + 4, "");
      LLVMTypeRef ft = LLVMFunctionType(R.vd, &R.ptr, 1, 0);
      LLVMBuildCall2(R.B, ft, fnptr_const(&R, (const void *)sj_end), &ctx, 1, "");
      LLVMBuildBr(R.B, R.coro_ret);
      free(pv), free(raw), free(rawsz);
      goto built;
    }
    /* for z, for y, for x */
    LLVMBasicBlockRef hdr[3], exit = LLVMAppendBasicBlockInContext(R.C, bf, "x");
    LLVMValueRef iv[3];
    LLVMBasicBlockRef cur = be;
    for (int d = 2; d >= 0; d--) {
      hdr[d] = LLVMAppendBasicBlockInContext(R.C, bf, "h");
      LLVMPositionBuilderAtEnd(R.B, cur);
      LLVMBuildBr(R.B, hdr[d]);
      LLVMPositionBuilderAtEnd(R.B, hdr[d]);
      iv[d] = LLVMBuildPhi(R.B, R.i32, "t");
      LLVMValueRef z = LLVMConstInt(R.i32, 0, 0);
      LLVMAddIncoming(iv[d], &z, &cur, 1);
      cur = hdr[d];
    }
    /* innermost header: the call */
    LLVMPositionBuilderAtEnd(R.B, hdr[0]);
    for (unsigned d = 0; d < 3; d++) pv[1 + d] = iv[d];
    for (unsigned i = 0; i < np; i++)
      if (raw[i]) LLVMBuildMemCpy(R.B, pv[4 + i], 1, raw[i], 1, k64(&R, rawsz[i]));
    LLVMBuildCall2(R.B, tft, R.thread, pv, np + 4, "");
    /* latches, innermost first */
    LLVMBasicBlockRef from = hdr[0];
    for (unsigned d = 0; d < 3; d++) {
      LLVMPositionBuilderAtEnd(R.B, from);
      LLVMValueRef nx = LLVMBuildAdd(R.B, iv[d], LLVMConstInt(R.i32, 1, 0), "");
      LLVMValueRef more = LLVMBuildICmp(R.B, LLVMIntULT, nx, nt[d], "");
      LLVMBasicBlockRef after = d < 2 ? LLVMAppendBasicBlockInContext(R.C, bf, "l") : exit;
      LLVMBuildCondBr(R.B, more, hdr[d], after);
      LLVMAddIncoming(iv[d], &nx, &from, 1);
      from = after;
    }
    LLVMPositionBuilderAtEnd(R.B, exit);
    LLVMBuildRetVoid(R.B);
    free(pv), free(raw), free(rawsz);
  }
built:
  free(pt);
  /* 4. drop the rest of the module: other functions (globaldce), then the
   * variables (their uses become the interpreter's tagged addresses) */
  LLVMDeleteFunction(R.kern);
  R.kern = NULL;
  {
    static const char *drop[] = {"llvm.used", "llvm.compiler.used", "llvm.global_ctors",
                                 "llvm.global_dtors", NULL};
    for (unsigned i = 0; drop[i]; i++) {
      LLVMValueRef g = LLVMGetNamedGlobal(R.M, drop[i]);
      if (g) LLVMDeleteGlobal(g);
    }
  }
  for (LLVMValueRef f = LLVMGetFirstFunction(R.M); f; f = LLVMGetNextFunction(f))
    if (f != bf && !LLVMIsDeclaration(f)) LLVMSetLinkage(f, LLVMInternalLinkage);
  for (LLVMValueRef g = LLVMGetFirstGlobal(R.M); g; g = LLVMGetNextGlobal(g)) {
    LLVMSetInitializer(g, NULL);
    LLVMSetLinkage(g, LLVMExternalLinkage);
  }
  e = LLVMRunPasses(R.M, "globaldce", NULL, po);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    snprintf(R.why, sizeof R.why, "passes: %s", m);
    LLVMDisposeErrorMessage(m);
    goto out_free;
  }
  for (LLVMValueRef g = LLVMGetFirstGlobal(R.M), ng; g; g = ng) {
    ng = LLVMGetNextGlobal(g);
    if (LLVMGetFirstUse(g)) {
      uint64_t tag;
      if (var_tag(&R, g, &tag)) {
        snprintf(R.why, sizeof R.why, "module variable '%s' unknown to the interpreter", name_of(g));
        goto out_free;
      }
      LLVMReplaceAllUsesWith(g, LLVMConstIntToPtr(k64(&R, tag), LLVMTypeOf(g)));
    }
    LLVMDeleteGlobal(g);
  }
  if (R.barriers && make_coroutine(&R, bf)) goto out_free;
  /* 5. for the host */
  {
    char *triple = LLVMGetTargetMachineTriple(simJ_g.tm);
    LLVMSetTarget(R.M, triple);
    LLVMDisposeMessage(triple);
    LLVMTargetDataRef htd = LLVMCreateTargetDataLayout(simJ_g.tm);
    LLVMSetModuleDataLayout(R.M, htd);
    LLVMDisposeTargetData(htd);
  }
  char *verr = NULL;
  if (LLVMVerifyModule(R.M, LLVMReturnStatusAction, &verr)) {
    snprintf(R.why, sizeof R.why, "rewrite: %.150s", verr ? verr : "invalid module");
    if (simJ_g.debug) fprintf(stderr, "simulee: jit: %s\n", verr ? verr : "");
    LLVMDisposeMessage(verr);
    goto out_free;
  }
  LLVMDisposeMessage(verr);
  e = LLVMRunPasses(R.M, "default<O2>", simJ_g.tm, po);
  if (e) {
    char *m = LLVMGetErrorMessage(e);
    snprintf(R.why, sizeof R.why, "passes: %s", m);
    LLVMDisposeErrorMessage(m);
    goto out_free;
  }
  if (simJ_g.debug > 0 && getenv("SIMULEE_JIT_DUMP")) LLVMDumpModule(R.M);
  for (LLVMValueRef f = LLVMGetFirstFunction(R.M); f; f = LLVMGetNextFunction(f))
    if (starts(name_of(f), "llvm.coro.") && LLVMGetFirstUse(f)) {
      snprintf(R.why, sizeof R.why, "the barriers' coroutine was not lowered (%s)", name_of(f));
      goto out_free;
    }
  {
    LLVMOrcThreadSafeModuleRef tsm = LLVMOrcCreateNewThreadSafeModule(R.M, simJ_g.tsc);
    R.M = NULL;
    e = LLVMOrcLLJITAddLLVMIRModule(simJ_g.jit, LLVMOrcLLJITGetMainJITDylib(simJ_g.jit), tsm);
    if (e) {
      char *m = LLVMGetErrorMessage(e);
      snprintf(R.why, sizeof R.why, "jit: %s", m);
      LLVMDisposeErrorMessage(m);
      goto out_free;
    }
    LLVMOrcExecutorAddress addr = 0;
    e = LLVMOrcLLJITLookup(simJ_g.jit, &addr, bname);
    if (e) {
      char *m = LLVMGetErrorMessage(e);
      snprintf(R.why, sizeof R.why, "jit lookup: %s", m);
      LLVMDisposeErrorMessage(m);
      goto out_free;
    }
    fn = (block_fn)(uintptr_t)addr;
  }
out_free:
  free(insts.v);
out:
  vm_free(&R.roots);
  vm_free(&R.seen);
  vm_free(&R.origins);
  LLVMDisposePassBuilderOptions(po);
  if (R.B) LLVMDisposeBuilder(R.B);
  if (R.M) LLVMDisposeModule(R.M);
  if (!fn) snprintf(why, whylen, "%s", R.why[0] ? R.why : "not compiled");
  return fn;
}
