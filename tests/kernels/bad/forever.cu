// Bad input for simulee: a kernel that never finishes. Bug pattern: a
// deadlock on a flag nobody sets -- every thread spins until flag[0]
// becomes non-zero, but no thread (of any block) ever writes it. The run
// must end at the step budget with status "timeout" (exit status 3).
__global__ void wait_forever(int *flag, int *out) {
  while (atomicAdd(&flag[0], 0) == 0) {
  }
  out[threadIdx.x] = 1;
}
