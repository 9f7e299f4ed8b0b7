/* simulee CUDA headers: <cufft.h>, cuFFT's host API (declaration-only,
 * written from the cuFFT documentation; nothing is callable from device
 * code). */
#ifndef SIMULEE_CUFFT_H
#define SIMULEE_CUFFT_H
#ifndef _CUFFT_H_
#define _CUFFT_H_
#endif
#include "cuda_runtime.h"
#include "cuComplex.h"
#include "library_types.h"

typedef enum cufftResult_t {
  CUFFT_SUCCESS = 0x0, CUFFT_INVALID_PLAN = 0x1, CUFFT_ALLOC_FAILED = 0x2,
  CUFFT_INVALID_TYPE = 0x3, CUFFT_INVALID_VALUE = 0x4,
  CUFFT_INTERNAL_ERROR = 0x5, CUFFT_EXEC_FAILED = 0x6,
  CUFFT_SETUP_FAILED = 0x7, CUFFT_INVALID_SIZE = 0x8,
  CUFFT_UNALIGNED_DATA = 0x9, CUFFT_INCOMPLETE_PARAMETER_LIST = 0xA,
  CUFFT_INVALID_DEVICE = 0xB, CUFFT_PARSE_ERROR = 0xC,
  CUFFT_NO_WORKSPACE = 0xD, CUFFT_NOT_IMPLEMENTED = 0xE,
  CUFFT_LICENSE_ERROR = 0x0F, CUFFT_NOT_SUPPORTED = 0x10,
  CUFFT_MISSING_DEPENDENCY = 0x11, CUFFT_NVRTC_FAILURE = 0x12,
  CUFFT_NVJITLINK_FAILURE = 0x13, CUFFT_NVSHMEM_FAILURE = 0x14
} cufftResult;
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;
typedef int cufftHandle;
typedef enum cufftType_t {
  CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29,
  CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c, CUFFT_Z2Z = 0x69
} cufftType;
#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

__SIM_BEGIN_C
__host__ cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
__host__ cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
__host__ cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
__host__ cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch);
__host__ cufftResult cufftCreate(cufftHandle *plan);
__host__ cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work);
__host__ cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *work);
__host__ cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *work);
__host__ cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride, int odist, cufftType type, int batch, size_t *work);
__host__ cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long *n, long long *inembed, long long istride, long long idist, long long *onembed, long long ostride, long long odist, cufftType type, long long batch, size_t *work);
__host__ cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *work);
__host__ cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *work);
__host__ cufftResult cufftGetSize1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work);
__host__ cufftResult cufftSetAutoAllocation(cufftHandle plan, int on);
__host__ cufftResult cufftGetProperty(libraryPropertyType type, int *value);
__host__ cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long *n, long long *inembed, long long istride, long long idist, cudaDataType itype, long long *onembed, long long ostride, long long odist, cudaDataType otype, long long batch, size_t *work, cudaDataType exectype);
__host__ cufftResult cufftXtExec(cufftHandle plan, void *in, void *out, int direction);
__host__ cufftResult cufftSetStream(cufftHandle plan, cudaStream_t s);
__host__ cufftResult cufftSetWorkArea(cufftHandle plan, void *work);
__host__ cufftResult cufftGetSize(cufftHandle plan, size_t *work);
__host__ cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *in, cufftComplex *out, int direction);
__host__ cufftResult cufftExecR2C(cufftHandle plan, cufftReal *in, cufftComplex *out);
__host__ cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *in, cufftReal *out);
__host__ cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *in, cufftDoubleComplex *out, int direction);
__host__ cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *in, cufftDoubleComplex *out);
__host__ cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *in, cufftDoubleReal *out);
__host__ cufftResult cufftDestroy(cufftHandle plan);
__host__ cufftResult cufftGetVersion(int *version);
__SIM_END_C
#endif
