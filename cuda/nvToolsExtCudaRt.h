/* simulee CUDA headers: <nvToolsExtCudaRt.h>, NVTX names of CUDA runtime
 * objects (declaration-only, see nvToolsExt.h). */
#ifndef SIMULEE_NVTOOLSEXTCUDART_H
#define SIMULEE_NVTOOLSEXTCUDART_H
#include "nvToolsExt.h"
#include "cuda_runtime.h"
#ifdef __cplusplus
extern "C" {
#endif
void nvtxNameCudaDeviceA(int device, const char *name);
void nvtxNameCudaDeviceW(int device, const wchar_t *name);
void nvtxNameCudaStreamA(cudaStream_t stream, const char *name);
void nvtxNameCudaStreamW(cudaStream_t stream, const wchar_t *name);
void nvtxNameCudaEventA(cudaEvent_t event, const char *name);
void nvtxNameCudaEventW(cudaEvent_t event, const wchar_t *name);
#ifdef __cplusplus
}
#endif
#define nvtxNameCudaDevice nvtxNameCudaDeviceA
#define nvtxNameCudaStream nvtxNameCudaStreamA
#define nvtxNameCudaEvent nvtxNameCudaEventA
#endif
