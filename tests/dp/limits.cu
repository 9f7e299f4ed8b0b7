// Dynamic parallelism beyond the device runtime's limits. dive: a recursion
// with no base case (each level launches the next and waits), which CUDA
// stops at its nesting depth of 24. flood: a child grid sized from an
// unchecked count (the classic "launch one block per element" of a huge
// n), far above any grid the device could run.
__global__ void dive(int *depth, int level) {
  if (threadIdx.x == 0) {
    depth[0] = level;
    dive<<<1, 1>>>(depth, level + 1);
    cudaDeviceSynchronize();
  }
}

__global__ void touch(int *out) { out[blockIdx.x] = 1; }

__global__ void flood(int *out, int n) {
  if (threadIdx.x == 0) touch<<<n, 1024>>>(out);
}
