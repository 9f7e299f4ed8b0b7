/* simulee CUDA headers: <cuda_device_runtime_api.h>, kept for compatibility;
 * what it declares in CUDA is part of cuda_runtime.h. */
#include "cuda_runtime.h"
