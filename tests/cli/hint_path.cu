// A kernel launched with one constant shape; the launch-site note must name
// this file by a path that works from the folder simulee runs in.
__global__ void reverse64(int *a) {
  __shared__ int s[64];
  s[threadIdx.x] = a[threadIdx.x];
  __syncthreads();
  a[threadIdx.x] = s[63 - threadIdx.x];
}
void reverse_on_device(int *a) { reverse64<<<1, 64>>>(a); }
