/* simulee CUDA headers: <nvToolsExtCuda.h>, NVTX names of CUDA driver
 * objects (declaration-only, see nvToolsExt.h). */
#ifndef SIMULEE_NVTOOLSEXTCUDA_H
#define SIMULEE_NVTOOLSEXTCUDA_H
#include "nvToolsExt.h"
#include "cuda.h"
#ifdef __cplusplus
extern "C" {
#endif
void nvtxNameCuDeviceA(CUdevice device, const char *name);
void nvtxNameCuContextA(CUcontext context, const char *name);
void nvtxNameCuStreamA(CUstream stream, const char *name);
void nvtxNameCuEventA(CUevent event, const char *name);
#ifdef __cplusplus
}
#endif
#define nvtxNameCuDevice nvtxNameCuDeviceA
#define nvtxNameCuContext nvtxNameCuContextA
#define nvtxNameCuStream nvtxNameCuStreamA
#define nvtxNameCuEvent nvtxNameCuEventA
#endif
