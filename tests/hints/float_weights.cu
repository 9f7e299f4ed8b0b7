// Pattern: a floating-point parameter that selects a code path. The
// blending kernels read their right neighbour's tile slot; for weights above
// 1 (an "extrapolation" path added later) they skip the barrier first: a
// read-write race on the tile.
// blend_one's only site passes the literal 0.25f: the search keeps that
// weight (launch_source "args") and reports nothing; with --no-host-launch
// the weight is searched and the race appears.
// blend_ok's sites pass 0.25f and 0.75f (race-free: the race needs a weight
// the program never passes, a note outside the program's launches);
// blend_bad's pass 0.5f and 1.5f (the program's 1.5f hits the race: an
// error whose witness is that value).
#define BLOCK 128

__device__ void blend(float *out, const float *in, float w, int n) {
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

__global__ void blend_one(float *out, const float *in, float w, int n) { blend(out, in, w, n); }
__global__ void blend_ok(float *out, const float *in, float w, int n) { blend(out, in, w, n); }
__global__ void blend_bad(float *out, const float *in, float w, int n) { blend(out, in, w, n); }

void smooth_all(float *out, const float *in, int n) {
  blend_one<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 0.25f, n);
}
void soften(float *out, const float *in, int n) {
  blend_ok<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 0.25f, n);
}
void sharpen(float *out, const float *in, int n) {
  blend_ok<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 0.75f, n);
}
void smooth_then_boost(float *out, const float *in, int n) {
  blend_bad<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 0.5f, n);
  blend_bad<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(out, in, 1.5f, n);
}
