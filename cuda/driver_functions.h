/* simulee CUDA headers: <driver_functions.h>: make_cudaExtent,
 * make_cudaPitchedPtr and make_cudaPos, which cuda_runtime.h defines (host
 * functions, as NVIDIA's). */
#include "cuda_runtime.h"
