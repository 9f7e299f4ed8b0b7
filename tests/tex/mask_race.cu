// Edge marking through a mask texture, as segmentation post-passes do: each
// thread clears its own flag and, where its mask texel is set, also flags
// the next pixel. Pattern: a data-dependent write-write race: thread x
// writes flags[x + 1] exactly when mask[x] > 0.5, while thread x + 1
// writes flags[x + 1] itself; with an all-zero mask (no texture) it never
// shows.
__global__ void mark_edges(cudaTextureObject_t mask, int *flags, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  flags[x] = 0;
  if (tex1Dfetch<float>(mask, x) > 0.5f) flags[x + 1] = 1;
}
