// Pattern: a floating-point parameter that selects a code path. The
// smoothing kernel blends each element with its right neighbour through a
// shared tile; for weights above 1 (an "extrapolation" path added later) it
// reads the neighbour's slot without waiting at the barrier: a read-write
// race on the tile. The program always passes the literal 0.25f, under
// which the kernel is race-free, so the search keeps that weight
// (launch_source "args") and reports nothing; with --no-host-launch the
// weight is searched and the race appears.
#define BLOCK 128

__global__ void smooth(float *out, const float *in, float w, int n) {
  __shared__ float tile[BLOCK];
  int t = threadIdx.x, i = blockIdx.x * BLOCK + t;
  tile[t] = i < n ? in[i] : 0.0f;
  if (w > 1.0f) {
    if (i < n) out[i] = w * tile[(t + 1) % BLOCK];
    return;
  }
  __syncthreads();
  if (i < n) out[i] = (1.0f - w) * tile[t] + w * tile[(t + 1) % BLOCK];
}

void smooth_all(float *out, const float *in, int n) {
  smooth<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 0.25f, n);
}
