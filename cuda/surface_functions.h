/* simulee CUDA headers: <surface_functions.h>, kept for compatibility; the texture
 * and surface API is in texture_types.h. */
#include "cuda_runtime.h"
