/* simulee CUDA headers: <nvtx3/nvToolsExtCuda.h>, see ../nvToolsExtCuda.h. */
#include "../nvToolsExtCuda.h"
