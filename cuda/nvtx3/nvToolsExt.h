/* simulee CUDA headers: <nvtx3/nvToolsExt.h>, see ../nvToolsExt.h. */
#include "../nvToolsExt.h"
