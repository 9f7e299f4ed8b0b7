/* simulee CUDA headers: atomic functions.
 *
 * Every atomic CUDA defines for sm_70, on every type it defines it for, in
 * three scopes: device (atomicAdd), block (atomicAdd_block) and system
 * (atomicAdd_system). They use clang's NVVM builtins, which become
 *   - device scope: plain LLVM `atomicrmw` / `cmpxchg` (seq_cst), except
 *     atomicInc/atomicDec -> llvm.nvvm.atomic.load.{inc,dec}.32.p0;
 *   - block/system scope: llvm.nvvm.atomic.<op>.gen.<i|f>.{cta,sys}.<ty>.p0,
 *     so the scope survives into the bitcode.
 * The 16-bit atomicCAS has no NVVM builtin: it is a plain 16-bit `cmpxchg`
 * in every scope (the block/system variants lose their scope). */
#ifndef SIMULEE_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
#define SIMULEE_CUDA_DEVICE_ATOMIC_FUNCTIONS_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
/* NVIDIA's include guards for this header's contents (code tests them) */
#ifndef __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#endif
#ifndef __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#endif
#ifndef __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#endif
#ifndef __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#endif

#include "host_defines.h"

/* SFX is the CUDA name suffix ("", "_block", "_system"), SC the NVVM scope
 * infix of the builtin ("", "cta_", "sys_"). */
#define __SIM_ATOMICS_SCOPE(SFX, SC)                                          \
  /* add */                                                                   \
  __SIM_DEV int atomicAdd##SFX(int *p, int v) {                               \
    return __nvvm_atom_##SC##add_gen_i(p, v);                                 \
  }                                                                           \
  __SIM_DEV unsigned int atomicAdd##SFX(unsigned int *p, unsigned int v) {    \
    return (unsigned int)__nvvm_atom_##SC##add_gen_i((int *)p, (int)v);       \
  }                                                                           \
  __SIM_DEV unsigned long long atomicAdd##SFX(unsigned long long *p,          \
                                              unsigned long long v) {         \
    return (unsigned long long)__nvvm_atom_##SC##add_gen_ll(                  \
        (long long *)p, (long long)v);                                        \
  }                                                                           \
  __SIM_DEV float atomicAdd##SFX(float *p, float v) {                         \
    return __nvvm_atom_##SC##add_gen_f(p, v);                                 \
  }                                                                           \
  __SIM_DEV double atomicAdd##SFX(double *p, double v) {                      \
    return __nvvm_atom_##SC##add_gen_d(p, v);                                 \
  }                                                                           \
  /* sub: an add of the negated operand, as on the GPU */                     \
  __SIM_DEV int atomicSub##SFX(int *p, int v) {                               \
    return __nvvm_atom_##SC##add_gen_i(p, (int)(0u - (unsigned int)v));       \
  }                                                                           \
  __SIM_DEV unsigned int atomicSub##SFX(unsigned int *p, unsigned int v) {    \
    return (unsigned int)__nvvm_atom_##SC##add_gen_i((int *)p,                \
                                                     (int)(0u - v));          \
  }                                                                           \
  /* exchange */                                                              \
  __SIM_DEV int atomicExch##SFX(int *p, int v) {                              \
    return __nvvm_atom_##SC##xchg_gen_i(p, v);                                \
  }                                                                           \
  __SIM_DEV unsigned int atomicExch##SFX(unsigned int *p, unsigned int v) {   \
    return (unsigned int)__nvvm_atom_##SC##xchg_gen_i((int *)p, (int)v);      \
  }                                                                           \
  __SIM_DEV unsigned long long atomicExch##SFX(unsigned long long *p,         \
                                               unsigned long long v) {        \
    return (unsigned long long)__nvvm_atom_##SC##xchg_gen_ll(                 \
        (long long *)p, (long long)v);                                        \
  }                                                                           \
  __SIM_DEV float atomicExch##SFX(float *p, float v) {                        \
    return __builtin_bit_cast(                                                \
        float, __nvvm_atom_##SC##xchg_gen_i(                                  \
                   (int *)p, __builtin_bit_cast(int, v)));                    \
  }                                                                           \
  /* min / max */                                                             \
  __SIM_DEV int atomicMin##SFX(int *p, int v) {                               \
    return __nvvm_atom_##SC##min_gen_i(p, v);                                 \
  }                                                                           \
  __SIM_DEV unsigned int atomicMin##SFX(unsigned int *p, unsigned int v) {    \
    return __nvvm_atom_##SC##min_gen_ui(p, v);                                \
  }                                                                           \
  __SIM_DEV long long atomicMin##SFX(long long *p, long long v) {             \
    return __nvvm_atom_##SC##min_gen_ll(p, v);                                \
  }                                                                           \
  __SIM_DEV unsigned long long atomicMin##SFX(unsigned long long *p,          \
                                              unsigned long long v) {         \
    return __nvvm_atom_##SC##min_gen_ull(p, v);                               \
  }                                                                           \
  __SIM_DEV int atomicMax##SFX(int *p, int v) {                               \
    return __nvvm_atom_##SC##max_gen_i(p, v);                                 \
  }                                                                           \
  __SIM_DEV unsigned int atomicMax##SFX(unsigned int *p, unsigned int v) {    \
    return __nvvm_atom_##SC##max_gen_ui(p, v);                                \
  }                                                                           \
  __SIM_DEV long long atomicMax##SFX(long long *p, long long v) {             \
    return __nvvm_atom_##SC##max_gen_ll(p, v);                                \
  }                                                                           \
  __SIM_DEV unsigned long long atomicMax##SFX(unsigned long long *p,          \
                                              unsigned long long v) {         \
    return __nvvm_atom_##SC##max_gen_ull(p, v);                               \
  }                                                                           \
  /* wrapping increment / decrement */                                        \
  __SIM_DEV unsigned int atomicInc##SFX(unsigned int *p, unsigned int v) {    \
    return __nvvm_atom_##SC##inc_gen_ui(p, v);                                \
  }                                                                           \
  __SIM_DEV unsigned int atomicDec##SFX(unsigned int *p, unsigned int v) {    \
    return __nvvm_atom_##SC##dec_gen_ui(p, v);                                \
  }                                                                           \
  /* compare and swap */                                                      \
  __SIM_DEV int atomicCAS##SFX(int *p, int cmp, int v) {                      \
    return __nvvm_atom_##SC##cas_gen_i(p, cmp, v);                            \
  }                                                                           \
  __SIM_DEV unsigned int atomicCAS##SFX(unsigned int *p, unsigned int cmp,    \
                                        unsigned int v) {                     \
    return (unsigned int)__nvvm_atom_##SC##cas_gen_i((int *)p, (int)cmp,      \
                                                     (int)v);                 \
  }                                                                           \
  __SIM_DEV unsigned long long atomicCAS##SFX(                                \
      unsigned long long *p, unsigned long long cmp, unsigned long long v) {  \
    return (unsigned long long)__nvvm_atom_##SC##cas_gen_ll(                  \
        (long long *)p, (long long)cmp, (long long)v);                        \
  }                                                                           \
  __SIM_DEV unsigned short atomicCAS##SFX(unsigned short *p,                  \
                                          unsigned short cmp,                 \
                                          unsigned short v) {                 \
    __atomic_compare_exchange_n(p, &cmp, v, false, __ATOMIC_SEQ_CST,          \
                                __ATOMIC_SEQ_CST);                            \
    return cmp;                                                               \
  }                                                                           \
  /* bitwise */                                                               \
  __SIM_ATOMIC_BITWISE(And, and, SFX, SC)                                     \
  __SIM_ATOMIC_BITWISE(Or, or, SFX, SC)                                       \
  __SIM_ATOMIC_BITWISE(Xor, xor, SFX, SC)

#define __SIM_ATOMIC_BITWISE(OP, op, SFX, SC)                                 \
  __SIM_DEV int atomic##OP##SFX(int *p, int v) {                              \
    return __nvvm_atom_##SC##op##_gen_i(p, v);                                \
  }                                                                           \
  __SIM_DEV unsigned int atomic##OP##SFX(unsigned int *p, unsigned int v) {   \
    return (unsigned int)__nvvm_atom_##SC##op##_gen_i((int *)p, (int)v);      \
  }                                                                           \
  __SIM_DEV unsigned long long atomic##OP##SFX(unsigned long long *p,         \
                                               unsigned long long v) {        \
    return (unsigned long long)__nvvm_atom_##SC##op##_gen_ll(                 \
        (long long *)p, (long long)v);                                        \
  }

__SIM_ATOMICS_SCOPE(, )
__SIM_ATOMICS_SCOPE(_block, cta_)
__SIM_ATOMICS_SCOPE(_system, sys_)

#undef __SIM_ATOMICS_SCOPE
#undef __SIM_ATOMIC_BITWISE

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
