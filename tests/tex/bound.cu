// A program that binds its legacy texture references with sizes it states
// (cudaBindTexture of 100 floats, cudaBindTexture2D of 16 x 8 texels), as
// older signal and image code does: the search uses those extents.
// Pattern: none (each thread writes its own element).
texture<float, 1, cudaReadModeElementType> gain;
texture<float, 2> img;

__global__ void weigh(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * tex1Dfetch(gain, i) + tex2D(img, i % 16 + 0.5f, i / 16 + 0.5f);
}

int main() {
  float *g, *in, *out;
  size_t off;
  cudaMalloc(&g, 128 * sizeof(float));
  cudaMalloc(&in, 100 * sizeof(float));
  cudaMalloc(&out, 100 * sizeof(float));
  cudaBindTexture(0, gain, g, 100 * sizeof(float));
  cudaChannelFormatDesc d = cudaCreateChannelDesc<float>();
  cudaBindTexture2D(&off, img, g, d, 16, 8, 16 * sizeof(float));
  weigh<<<1, 128>>>(in, out, 100);
  cudaDeviceSynchronize();
  return 0;
}
