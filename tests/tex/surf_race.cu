// Splatting points into an image through a surface object: each thread
// writes the pixel of its point, and two points fall on the same pixel.
// Pattern: write-write race on a surface (the colliding points are not
// merged with an atomic or by ownership).
__global__ void splat(cudaSurfaceObject_t img, const int *px, const int *py, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) surf2Dwrite((float)i, img, px[i] * (int)sizeof(float), py[i]);
}
// The same with every point owning its pixel (distinct coordinates): clean.
__global__ void splat_own(cudaSurfaceObject_t img, int w) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = surf2Dread<float>(img, (i % w) * 4, i / w);
  surf2Dwrite(v + 1.0f, img, (i % w) * 4, i / w);
}
