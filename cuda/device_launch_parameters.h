/* simulee CUDA headers: the built-in variables threadIdx, blockIdx, blockDim,
 * gridDim and warpSize.
 *
 * threadIdx & co. are objects of empty classes whose members x, y, z are
 * properties (clang's __declspec(property) extension, enabled in CUDA mode):
 * reading threadIdx.x calls a static getter that reads the PTX special
 * register (llvm.nvvm.read.ptx.sreg.tid.x), so no memory is involved. The
 * objects convert to uint3, and dim3 has a constructor taking them. They
 * cannot be assigned, copied or have their address taken, as on a GPU.
 *
 * warpSize is an int in constant memory holding 32 (the CUDA value). It is a
 * weak, externally initialised definition, so optimisation never folds it
 * into a constant: a simulator that models another warp width may store its
 * own width into the global `warpSize` before running a kernel. */
#ifndef SIMULEE_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#define SIMULEE_CUDA_DEVICE_LAUNCH_PARAMETERS_H
#include "host_defines.h"
/* device code only: nothing for a plain host compiler, as NVIDIA's */
#ifndef __SIMULEE_HOST_COMPILER
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#endif

#include "vector_types.h"

#define __SIM_SREG_PROP(M, REG)                                             \
  __declspec(property(get = __sim_get_##M)) unsigned int M;                 \
  static __device__ __SIM_INL unsigned int __sim_get_##M(void) {     \
    return __nvvm_read_ptx_sreg_##REG##_##M();                              \
  }

#define __SIM_BUILTIN_VAR_TYPE(NAME, REG)                                   \
  struct __simulee_##NAME##_t {                                             \
    __SIM_SREG_PROP(x, REG)                                                 \
    __SIM_SREG_PROP(y, REG)                                                 \
    __SIM_SREG_PROP(z, REG)                                                 \
    __device__ __SIM_INL operator uint3() const {                     \
      return uint3{__sim_get_x(), __sim_get_y(), __sim_get_z()};            \
    }                                                                       \
    constexpr __simulee_##NAME##_t() {}                                     \
    __simulee_##NAME##_t(const __simulee_##NAME##_t &) = delete;            \
    void operator=(const __simulee_##NAME##_t &) const = delete;            \
    __simulee_##NAME##_t *operator&() const = delete;                       \
  };

__SIM_BUILTIN_VAR_TYPE(threadIdx, tid)
__SIM_BUILTIN_VAR_TYPE(blockIdx, ctaid)
__SIM_BUILTIN_VAR_TYPE(blockDim, ntid)
__SIM_BUILTIN_VAR_TYPE(gridDim, nctaid)
#undef __SIM_BUILTIN_VAR_TYPE
#undef __SIM_SREG_PROP

/* inline variables: one-byte constants, merged across translation units;
 * at -O0 an unused one may still be emitted, and the uint3/dim3 conversions
 * pass its address around, but nothing ever loads from it. */
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wc++17-extensions"
__device__ inline constexpr __simulee_threadIdx_t threadIdx;
__device__ inline constexpr __simulee_blockIdx_t blockIdx;
__device__ inline constexpr __simulee_blockDim_t blockDim;
__device__ inline constexpr __simulee_gridDim_t gridDim;
#pragma clang diagnostic pop

extern __device__ __attribute__((weak)) const int warpSize = 32;

#endif /* !__SIMULEE_HOST_COMPILER */
#endif
