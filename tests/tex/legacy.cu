// Legacy texture and surface references (texture<> and surface<> at
// namespace scope, bound by cudaBindTexture / cudaBindSurfaceToArray on the
// host; removed in CUDA 12), as older signal and image code uses them.
texture<float, 1, cudaReadModeElementType> gain;
texture<uchar4, 2, cudaReadModeNormalizedFloat> photo;
surface<void, 2> canvas;

// Pattern: none (each thread writes its own element).
__global__ void apply_gain(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * tex1Dfetch(gain, i);
}

// Pattern: none (each thread writes its own pixel).
__global__ void sample_photo(const float *xs, const float *ys, float4 *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D(photo, xs[i], ys[i]);
}

// Pattern: write-write race through a surface reference: the column is
// halved before it becomes a byte offset, so threads x and x + 1 (x even)
// paint the same pixel.
__global__ void paint_half(int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  surf2Dwrite((float)x, canvas, (x / 2) * (int)sizeof(float), y);
}

// Pattern: none (each thread paints its own pixel).
__global__ void paint(int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  surf2Dwrite((float)(x + y), canvas, x * (int)sizeof(float), y);
}
