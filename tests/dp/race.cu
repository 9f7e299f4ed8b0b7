// Parent/child ordering under dynamic parallelism. histo_ok launches a
// child that fills a table, waits for it with cudaDeviceSynchronize() and
// then reads it (clean). histo_nosync forgets the wait: the parent reads
// the child's output while the child may still run (the parent sees the
// child's writes only after it synchronised with the child). reuse_early
// launches a child over a staging buffer and then overwrites the staging
// buffer for the next round before the child has read it.
__global__ void square(int *t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) t[i] = i * i;
}

__global__ void histo_ok(int *t, int *out, int n) {
  if (threadIdx.x == 0) {
    square<<<(n + 31) / 32, 32>>>(t, n);
    cudaDeviceSynchronize();
    out[0] = t[n - 1];
  }
}

__global__ void histo_nosync(int *t, int *out, int n) {
  if (threadIdx.x == 0) {
    square<<<(n + 31) / 32, 32>>>(t, n);
    out[0] = t[n - 1];
  }
}

__global__ void copy(const int *src, int *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) dst[i] = src[i];
}

__global__ void reuse_early(int *stage, int *dst, int n) {
  if (threadIdx.x == 0) {
    for (int i = 0; i < n; i++) stage[i] = i;
    copy<<<1, 32>>>(stage, dst, n);
    for (int i = 0; i < n; i++) stage[i] = -i;
  }
}
