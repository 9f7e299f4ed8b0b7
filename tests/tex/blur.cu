// A 3x3 box blur that reads its image through a texture object with clamp
// addressing, as image filters do (the texture unit handles the edges).
// Pattern: none (each thread writes its own pixel).
__global__ void blur3x3(cudaTextureObject_t img, float *out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= w || y >= h) return;
  float s = 0.0f;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++)
      s += tex2D<float>(img, x + dx + 0.5f, y + dy + 0.5f);
  out[y * w + x] = s / 9.0f;
}
