// Two .cu files that include each other (guarded): the first in path order
// is compiled, the other is checked through it.
#ifndef PART_A_CU
#define PART_A_CU
#include "part_b.cu"
__global__ void scale_a(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] *= 2.0f; }
#endif
