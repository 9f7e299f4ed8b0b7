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

// A child grid with a race of its own: a block-wide reversal through shared
// memory without the barrier between the store and the load.
__global__ void reverse_nosync(int *d, int n) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = d[t];
  d[t] = s[n - 1 - t];
}

__global__ void reverse_launcher(int *d, int n) {
  if (threadIdx.x == 0) {
    reverse_nosync<<<1, n>>>(d, n);
    cudaDeviceSynchronize();
  }
}

// Grandchildren: a grid completes only when its own child grids have, so
// the top thread's wait covers the grid its child launched and left
// running (tree_ok, clean); without the wait the top thread's read races
// with the grandchild's write (tree_nosync).
__global__ void leaf(int *out) { out[threadIdx.x] = 7 + threadIdx.x; }

__global__ void branch(int *out) {
  if (threadIdx.x == 0) leaf<<<1, 32>>>(out);
}

__global__ void tree_ok(int *out, int *res) {
  if (threadIdx.x == 0) {
    branch<<<1, 32>>>(out);
    cudaDeviceSynchronize();
    res[0] = out[5];
  }
}

__global__ void tree_nosync(int *out, int *res) {
  if (threadIdx.x == 0) {
    branch<<<1, 32>>>(out);
    res[0] = out[5];
  }
}
