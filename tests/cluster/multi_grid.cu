// multi_grid_group (a cooperative launch over several devices) is gone from
// CUDA 13's headers and simulee runs one device: using it is a compile error
// that names it (tests/cluster/cluster.sh).
#include <cooperative_groups.h>

// Pattern: the pre-CUDA-13 multi-device barrier between two phases.
__global__ void two_devices(int *a) {
  a[threadIdx.x] = 1;
  cooperative_groups::this_multi_grid().sync();
  a[threadIdx.x + 32] = a[(threadIdx.x + 1) % 32];
}
