// Launches of the header's kernel with the shapes it was written for.
#include "flip.cuh"

void flip_a(const float *src, float *dst) {
  flip_tiles<8><<<dim3(2, 2), dim3(TILE, 8)>>>(src, dst);
  flip_tiles<4><<<dim3(2, 2), dim3(TILE, 4)>>>(src, dst);
}
