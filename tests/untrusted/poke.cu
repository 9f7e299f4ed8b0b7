// Bug pattern: none; a kernel that touches 4 bytes of a huge buffer, for the
// memory a launch costs: it must follow the bytes touched, not the 16 GiB
// declared with --arg i8[17179869184].
__global__ void poke(char *big, unsigned long long at) {
  if (threadIdx.x < 4) big[at + threadIdx.x] = (char)(threadIdx.x + 1);
}
