/* simulee CUDA headers: <surface_types.h>, kept for compatibility; the texture
 * and surface API is in texture_types.h. */
#include "cuda_runtime.h"
