// nvcc's spaced launch chevrons (thundersvm and Rodinia's particlefilter
// write them): `k<< <grid, block>> >(...)`. clang rejects them; simulee
// joins them before clang reads the file, keeping lines and columns.
// Bug pattern (rotate_racy): the rotation reads a neighbour's slot in the
// same step that neighbour writes it (no barrier between).
__global__ void rotate_racy(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = a[threadIdx.x];
  a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
__global__ void rotate(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = a[threadIdx.x]; __syncthreads(); a[threadIdx.x] = s[(threadIdx.x + 1) % 64];
}
void host(int *a) { rotate << < 1, 64 >> > (a); rotate_racy<< <1, 64>> >(a); }
