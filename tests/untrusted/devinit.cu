// Bug pattern: none; a large initialised __device__ table (64 MiB) of which a
// launch touches two elements. Every launch must start from the initial
// values (its writes stay its own), and must not pay for a private copy of
// the whole table.
__device__ int table[16 << 20] = {5, 6, 7};

__global__ void bump(int *out) {
  if (threadIdx.x == 0) {
    table[1] += 10;
    out[0] = table[1];
    out[1] = table[(16 << 20) - 1];
  }
}
