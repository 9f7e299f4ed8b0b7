/* simulee CUDA headers: device-side kernel launches (dynamic parallelism).
 *
 * clang rejects `kernel<<<grid, block, shmem, stream>>>(args)` in device
 * code. simulee compiles such a file a second time with every device-side
 * launch rewritten (cli/compile.c) to
 *   __sim_dp_launch<&kernel>(grid, block, shmem, stream)(args)
 * which converts the arguments to the kernel's parameter types, packs them
 * into a parameter buffer (each at its alignment) and calls
 * __sim_device_launch, which the interpreter implements: it queues the child
 * grid (interp/exec.c). The kernel's address is taken at namespace scope (a
 * variable template), where clang's host/device check does not look. */
#ifndef SIMULEE_DP_H
#define SIMULEE_DP_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER

#if defined(__cplusplus) && __cplusplus >= 201703L

/* cfg: grid x,y,z, block x,y,z, dynamic shared bytes, number of parameters,
 * parameter bytes, then the byte offset of each parameter in params. */
extern "C" __device__ int __sim_device_launch(const void *fn, const unsigned *cfg,
                                              const void *params);

template <auto F> __device__ const void *const __sim_kaddr = (const void *)F;

template <typename P>
__device__ __attribute__((always_inline, nodebug)) inline unsigned __sim_dp_put(unsigned char *buf, unsigned off, unsigned *offs,
                                        unsigned i, const P &v) {
  off = (off + (unsigned)alignof(P) - 1) & ~((unsigned)alignof(P) - 1);
  __builtin_memcpy(buf + off, &v, sizeof(P));
  offs[i] = off;
  return off + (unsigned)sizeof(P);
}

template <typename K> struct __sim_dp_sig;
template <typename... P> struct __sim_dp_sig<void (*)(P...)> {
  template <typename... A>
  static __device__ __attribute__((always_inline, nodebug)) cudaError_t go(const void *fn, dim3 g, dim3 b, unsigned s, A &&...a) {
    static_assert(sizeof...(P) == sizeof...(A),
                  "device-side launch: the number of arguments differs from the kernel's");
    constexpr unsigned n = sizeof...(P);
    unsigned cfg[9 + n + 1];
    alignas(16) unsigned char buf[(0 + ... + (sizeof(P) + alignof(P))) + 1];
    unsigned off = 0, i = 0;
    (void)i;
    ((off = __sim_dp_put<P>(buf, off, cfg + 9, i++, a)), ...);
    cfg[0] = g.x; cfg[1] = g.y; cfg[2] = g.z;
    cfg[3] = b.x; cfg[4] = b.y; cfg[5] = b.z;
    cfg[6] = s;
    cfg[7] = n;
    cfg[8] = off;
    return (cudaError_t)__sim_device_launch(fn, cfg, buf);
  }
};
template <typename... P>
struct __sim_dp_sig<void (*)(P...) noexcept> : __sim_dp_sig<void (*)(P...)> {};

template <auto F> struct __sim_dp_launcher {
  dim3 g, b;
  unsigned s;
  template <typename... A>
  __device__ __attribute__((always_inline, nodebug)) cudaError_t operator()(A &&...a) const {
    return __sim_dp_sig<decltype(F)>::go(__sim_kaddr<F>, g, b, s, static_cast<A &&>(a)...);
  }
};

template <auto F>
__device__ __attribute__((always_inline, nodebug)) inline __sim_dp_launcher<F> __sim_dp_launch(dim3 g, dim3 b, size_t s = 0,
                                                       cudaStream_t t = 0) {
  (void)t;
  return __sim_dp_launcher<F>{g, b, (unsigned)s};
}

#endif
#endif /* !__SIMULEE_HOST_COMPILER */
#endif
