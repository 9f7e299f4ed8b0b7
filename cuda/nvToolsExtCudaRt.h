/* simulee CUDA headers: <nvToolsExtCudaRt.h>, see nvToolsExt.h (declaration-only). */
#include "nvToolsExt.h"
#include "cuda_runtime.h"
#ifdef __cplusplus
extern "C" {
#endif
void nvtxNameCudaStreamA(cudaStream_t stream, const char *name);
void nvtxNameCudaEventA(cudaEvent_t event, const char *name);
#ifdef __cplusplus
}
#endif
