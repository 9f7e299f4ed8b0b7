/* simulee CUDA headers: <cuda.h>, the CUDA driver API.
 *
 * Files include it mostly out of habit; it provides the version macro, the
 * result type and the handful of driver calls host code uses most, and the
 * runtime API with it. */
#ifndef SIMULEE_CUDA_H
#define SIMULEE_CUDA_H
/* NVIDIA's include guard for this header's contents (code tests them) */
#ifndef __cuda_cuda_h__
#define __cuda_cuda_h__
#endif

#include "cuda_runtime_api.h"
#include "simulee_tensormap.h"

enum cudaError_enum {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
};
typedef enum cudaError_enum CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

extern "C" {
__host__ CUresult cuInit(unsigned int flags);
__host__ CUresult cuDriverGetVersion(int *version);
__host__ CUresult cuDeviceGet(CUdevice *device, int ordinal);
__host__ CUresult cuDeviceGetCount(int *count);
__host__ CUresult cuDeviceGetName(char *name, int len, CUdevice device);
__host__ CUresult cuCtxCreate(CUcontext *ctx, unsigned int flags,
                              CUdevice device);
__host__ CUresult cuCtxDestroy(CUcontext ctx);
__host__ CUresult cuCtxSynchronize(void);
__host__ CUresult cuMemAlloc(CUdeviceptr *ptr, size_t size);
__host__ CUresult cuMemFree(CUdeviceptr ptr);
__host__ CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t n);
__host__ CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t n);
__host__ CUresult cuGetErrorString(CUresult error, const char **str);
__host__ CUresult cuGetErrorName(CUresult error, const char **str);
/* declared for host code that builds tensor maps; a launch's map comes from
 * --arg tmap:... (simulee_tensormap.h) */
__host__ CUresult cuTensorMapEncodeTiled(
    CUtensorMap *tensorMap, CUtensorMapDataType tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *elementStrides, CUtensorMapInterleave interleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion l2Promotion,
    CUtensorMapFloatOOBfill oobFill);
}

#endif
