/* simulee CUDA headers: the asynchronous-copy and mbarrier primitives that
 * <cuda_pipeline.h>, <cuda/barrier>, <cuda/pipeline> and
 * <cooperative_groups/memcpy_async.h> are built on. Each is one inline PTX
 * statement that simulee executes as the hardware does (interp/load_asm.c,
 * "lower_ptx_async"): a cp.async lands when the thread waits for its group
 * (or arrives on an mbarrier that tracks it), an mbarrier counts arrivals
 * and phases. Pointers are passed as generic addresses. Not NVIDIA's. */
#ifndef SIMULEE_ASYNC_H
#define SIMULEE_ASYNC_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
#include "cuda_runtime.h"

#define __SIM_ASYNC static __device__ __forceinline__ __attribute__((nodebug))

/* one cp.async of 4, 8 or 16 bytes; `src_bytes` of them are read, the rest
 * of dst zeroed */
template <unsigned _Bytes>
__SIM_ASYNC void __sim_cp_async(void *dst, const void *src, unsigned src_bytes) {
  static_assert(_Bytes == 4 || _Bytes == 8 || _Bytes == 16, "cp.async copies 4, 8 or 16 bytes");
  if (_Bytes == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"l"(dst), "l"(src), "r"(src_bytes)
                 : "memory");
  else if (_Bytes == 8)
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8, %2;" ::"l"(dst), "l"(src), "r"(src_bytes)
                 : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"l"(dst), "l"(src), "r"(src_bytes)
                 : "memory");
}
__SIM_ASYNC void __sim_cp_async_commit(void) { asm volatile("cp.async.commit_group;" ::: "memory"); }
__SIM_ASYNC void __sim_cp_async_wait_group(unsigned n) {
  asm volatile("cp.async.wait_group %0;" ::"r"(n) : "memory");
}
__SIM_ASYNC void __sim_cp_async_wait_all(void) { asm volatile("cp.async.wait_all;" ::: "memory"); }
/* the mbarrier at `bar` tracks the thread's copies issued so far (the
 * arrival does not count against the expected count) */
__SIM_ASYNC void __sim_cp_async_arrive(unsigned long long *bar) {
  asm volatile("cp.async.mbarrier.arrive.shared.b64 [%0];" ::"l"(bar) : "memory");
}
__SIM_ASYNC void __sim_cp_async_arrive_noinc(unsigned long long *bar) {
  asm volatile("cp.async.mbarrier.arrive.noinc.shared.b64 [%0];" ::"l"(bar) : "memory");
}

__SIM_ASYNC void __sim_mbarrier_init(unsigned long long *bar, unsigned count) {
  asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"l"(bar), "r"(count) : "memory");
}
__SIM_ASYNC void __sim_mbarrier_inval(unsigned long long *bar) {
  asm volatile("mbarrier.inval.shared.b64 [%0];" ::"l"(bar) : "memory");
}
__SIM_ASYNC unsigned long long __sim_mbarrier_arrive(unsigned long long *bar, unsigned count) {
  unsigned long long t;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1], %2;" : "=l"(t) : "l"(bar), "r"(count) : "memory");
  return t;
}
__SIM_ASYNC unsigned long long __sim_mbarrier_arrive_drop(unsigned long long *bar) {
  unsigned long long t;
  asm volatile("mbarrier.arrive_drop.shared.b64 %0, [%1];" : "=l"(t) : "l"(bar) : "memory");
  return t;
}
__SIM_ASYNC bool __sim_mbarrier_test_wait(unsigned long long *bar, unsigned long long token) {
  unsigned ok;
  asm volatile("{ .reg .pred P1; mbarrier.test_wait.shared.b64 P1, [%1], %2; selp.b32 %0, 1, 0, P1; }"
               : "=r"(ok) : "l"(bar), "l"(token) : "memory");
  return ok != 0;
}
__SIM_ASYNC bool __sim_mbarrier_test_wait_parity(unsigned long long *bar, unsigned parity) {
  unsigned ok;
  asm volatile(
      "{ .reg .pred P1; mbarrier.test_wait.parity.shared.b64 P1, [%1], %2; selp.b32 %0, 1, 0, P1; }"
      : "=r"(ok) : "l"(bar), "r"(parity) : "memory");
  return ok != 0;
}
/* waits until the phase of `token` completed */
__SIM_ASYNC void __sim_mbarrier_wait(unsigned long long *bar, unsigned long long token) {
  while (!__sim_mbarrier_test_wait(bar, token)) {
  }
}
__SIM_ASYNC void __sim_mbarrier_wait_parity(unsigned long long *bar, unsigned parity) {
  while (!__sim_mbarrier_test_wait_parity(bar, parity)) {
  }
}

/* copies `bytes` from src to dst as the thread's asynchronous copies: in
 * cp.async pieces of 16 or 4 bytes when dst is shared memory, src global
 * memory and both (and bytes) are aligned to the piece; otherwise at once,
 * as plain loads and stores (a valid schedule of such a copy) */
__SIM_ASYNC void __sim_copy_async(void *dst, const void *src, size_t bytes) {
  unsigned char *d = (unsigned char *)dst;
  const unsigned char *s = (const unsigned char *)src;
  unsigned long long a = (unsigned long long)d | (unsigned long long)s | bytes;
  if (__isShared(dst) && __isGlobal(src) && (a & 3) == 0) {
    size_t i = 0;
    if ((a & 15) == 0)
      for (; i < bytes; i += 16) __sim_cp_async<16>(d + i, s + i, 16);
    else
      for (; i < bytes; i += 4) __sim_cp_async<4>(d + i, s + i, 4);
    return;
  }
  for (size_t i = 0; i < bytes; i++) d[i] = s[i];
}
#endif /* !__SIMULEE_HOST_COMPILER */
#endif
