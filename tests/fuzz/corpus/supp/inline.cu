__global__ void k(int *p) {
  p[0] = threadIdx.x; // simulee: ignore data-race
  // simulee: ignore all
  p[1] = 1;
}
