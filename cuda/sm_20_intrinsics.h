/* simulee CUDA headers: <sm_20_intrinsics.h>, kept for compatibility;
 * what it declares in CUDA is part of cuda_runtime.h. */
#include "cuda_runtime.h"
