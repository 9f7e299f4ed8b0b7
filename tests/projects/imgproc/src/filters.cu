// imgproc filters: a clean 3-point blur and an in-place sharpen with a race.
#include <cuda_runtime.h>
#include <imgproc/image.cuh>
#include <imgproc/launch.h>

// Clean: reads `in`, writes `out`; no thread writes what another reads.
__global__ void blur_rows(const float *in, float *out, unsigned n) {
  unsigned i = global_index();
  if (i >= n || i >= global_size()) return;
  float l = i > 0 ? in[i - 1] : in[i];
  float r = i + 1 < n && i + 1 < global_size() ? in[i + 1] : in[i];
  out[i] = (l + in[i] + r) / 3.0f;
}

// Bug pattern: in-place stencil. Thread i reads its neighbours img[i - 1]
// and img[i + 1] while they overwrite them: a read-write data race on
// global memory between neighbouring threads of different warps or blocks
// (any launch with more than one warp).
__global__ void sharpen_inplace(float *img, unsigned n) {
  unsigned i = global_index();
  if (i == 0 || i + 1 >= global_size() || i + 1 >= n) return;
  float v = 2.0f * img[i] - 0.5f * (img[i - 1] + img[i + 1]);
  img[i] = v;
}

void filter_image(float *host, unsigned n) {
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, host, n * sizeof(float), cudaMemcpyHostToDevice);
  blur_rows<<<imgproc_blocks(n, 256), 256>>>(a, b, n);
  sharpen_inplace<<<imgproc_blocks(n, 256), 256>>>(b, n);
  cudaMemcpy(host, b, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}
