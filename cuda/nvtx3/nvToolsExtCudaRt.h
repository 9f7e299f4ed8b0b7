/* simulee CUDA headers: <nvtx3/nvToolsExtCudaRt.h>, see ../nvToolsExtCudaRt.h. */
#include "../nvToolsExtCudaRt.h"
