/* simulee CUDA headers: function and variable qualifiers.
 *
 * Written for simulee (not derived from NVIDIA's or clang's headers). These
 * headers only target clang's CUDA mode (clang-19, device-side compilation
 * with -nocudainc) and map every CUDA qualifier to the clang attribute that
 * implements it. */
#ifndef SIMULEE_CUDA_HOST_DEFINES_H
#define SIMULEE_CUDA_HOST_DEFINES_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __HOST_DEFINES_H__
#define __HOST_DEFINES_H__
#endif

/* Two ways in: clang in CUDA mode (the device and host passes of a .cu
 * file), and a plain host C or C++ compiler (clang, gcc: a host .cpp or .c
 * file of a CUDA program, as nvcc hands such files to the host compiler).
 * For the latter, __SIMULEE_HOST_COMPILER is defined, the CUDA qualifiers
 * are empty, and the headers keep only what NVIDIA's keep for a host file:
 * the runtime API, the vector types, __host__ __device__ functions. */
#if !defined(__clang__) || !defined(__CUDA__)
#define __SIMULEE_HOST_COMPILER 1
#endif

#ifndef __SIMULEE_HOST_COMPILER
/* clang defines __CUDA__ and __CUDA_ARCH__ itself; nvcc-style code also
 * looks at these, and at nvcc's own __NVCC__ and version macros (in every
 * pass, as nvcc defines them). */
#ifndef __CUDACC__
#define __CUDACC__ 1
#endif
#ifndef __NVCC__
#define __NVCC__ 1
#endif
#ifndef __CUDACC_VER_MAJOR__
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 140
#endif
#ifndef __NVCC_DIAG_PRAGMA_SUPPORT__
#define __NVCC_DIAG_PRAGMA_SUPPORT__ 1
#endif
#ifndef __CUDACC_EXTENDED_LAMBDA__
#define __CUDACC_EXTENDED_LAMBDA__ 1
#endif
#ifndef __CUDACC_RELAXED_CONSTEXPR__
#define __CUDACC_RELAXED_CONSTEXPR__ 1
#endif
#endif
#ifndef CUDART_VERSION
#define CUDART_VERSION 12000
#endif
#ifndef CUDA_VERSION
#define CUDA_VERSION 12000
#endif
#ifndef __CUDART_API_VERSION
#define __CUDART_API_VERSION CUDART_VERSION
#endif

/* libcu++ (<cuda/atomic>, <cuda/std/atomic>, ...) routes device-side atomics
 * through its CUDA layer (PTX ld/st/atom/fence snippets) only for nvcc; clang
 * in CUDA mode needs the same layer, or cuda::std::atomic_thread_fence and
 * every device atomic are missing. */
#if !defined(_LIBCUDACXX_HAS_CUDA_ATOMIC_IMPL) && !defined(__SIMULEE_HOST_COMPILER)
#define _LIBCUDACXX_HAS_CUDA_ATOMIC_IMPL
#endif

/* the declarations of the host API in C and C++: C linkage, default
 * arguments only for C++ */
#ifdef __cplusplus
#define __SIM_EXTERN_C extern "C"
#define __SIM_BEGIN_C extern "C" {
#define __SIM_END_C }
#define __SIM_DFLT(v) = v
#else
#define __SIM_EXTERN_C
#define __SIM_BEGIN_C
#define __SIM_END_C
#define __SIM_DFLT(v)
#endif

#ifdef __SIMULEE_HOST_COMPILER
/* ---- a plain host compiler: the qualifiers say nothing to it */
#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __grid_constant__
#define __forceinline__ __inline__ __attribute__((always_inline))
/* empty: the standard library spells __attribute__((__noinline__)) (g++'s
 * libstdc++), which the attribute spelled out would break; an empty
 * attribute list is valid, and a host function keeps its inlining */
#define __noinline__
#define __launch_bounds__(...)
#define __cluster_dims__(...)
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
#define CUDARTAPI
#define CUDART_CB
#define __SIM_INL __forceinline__
#define __SIM_DEV static __SIM_INL
#define __SIM_HD static __SIM_INL
#else
/* ---- execution space and memory space qualifiers */
#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
/* a managed variable is a device global that host code may also touch
 * (clang implements the managed attribute for HIP only) */
#define __managed__ __attribute__((device))
/* a const kernel parameter kept in parameter space: nothing to do here */
#define __grid_constant__

/* ---- inlining and other function attributes */
#define __forceinline__ __inline__ __attribute__((always_inline))
/* clang >= 15 treats __noinline__ as a keyword in CUDA mode, so that
 * __attribute__((__noinline__)) in system headers keeps working; define the
 * macro only for a clang that lacks the keyword. */
#if !(defined(__has_feature) && __has_feature(cuda_noinline_keyword))
#define __noinline__ __attribute__((noinline))
#endif
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
/* thread block clusters (sm_90): clang-19 ignores CUDA's cluster_dims
 * attribute, so the dimensions go to an annotation simulee reads from the
 * bitcode (the arguments are constant expressions: macros and constexpr
 * values work); __cluster_dims__() without dimensions leaves the cluster to
 * the launch (--cluster) */
#define __cluster_dims__(...) __attribute__((annotate("simulee.cluster_dims", ##__VA_ARGS__)))
#define __restrict__ __restrict
#define __align__(n) __attribute__((aligned(n)))
/* calling-convention markers of host API declarations and callbacks */
#define CUDARTAPI
#define CUDART_CB

/* The definition style of every function in these headers: inlined even at
 * -O0, internal linkage so that a header used by several translation units
 * never defines a symbol twice, and no debug information of its own: once
 * inlined, its instructions carry the source location of the call in the
 * user's file (the line a finding must point at), not a header line.
 * __SIM_INL is the same for class members. */
#define __SIM_INL __forceinline__ __attribute__((nodebug))
#define __SIM_DEV static __device__ __SIM_INL
#define __SIM_HD static __host__ __device__ __SIM_INL
#endif

#endif
