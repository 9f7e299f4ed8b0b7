// Jacobi relaxation of Laplace's equation on a 128 x 128 plate (top edge
// held at 1, the other edges at 0), 64 blocks of 16 x 16 threads per sweep:
// launches big enough for their blocks to run on several threads (simulee
// run -j). Mode (argv[1]):
//   sweep    double-buffered sweeps (each point becomes the mean of its
//            four neighbours in the previous iterate): clean, checked
//            against a host reference
//   inplace  the same sweep updating the plate in place through a
//            shared-memory tile (bug pattern: in-place stencil across
//            blocks): inside a block every read comes before the barrier
//            and every write after it, but a block's halo is the edge of
//            its neighbour blocks, which they rewrite in the same launch:
//            an inter-block race only
//   streams  two sweeps on two non-blocking streams, the second reading
//            what the first writes with nothing ordering them (bug pattern:
//            missing cross-stream dependency): a race between launches
//   event    the same with the second stream waiting for an event
//            recorded after the first sweep: clean
// The program prints how many points differ from the host reference.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#define TILE 16

__global__ void jacobi_step(const float *in, float *out, int nx, int ny) {
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  if (x >= nx || y >= ny) return;
  int i = y * nx + x;
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) {
    out[i] = in[i]; // the fixed edge
    return;
  }
  out[i] = 0.25f * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]);
}

__global__ void jacobi_in_place(float *u, int nx, int ny) {
  __shared__ float tile[TILE + 2][TILE + 2];
  int tx = threadIdx.x, ty = threadIdx.y;
  int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  int i = y * nx + x;
  tile[ty + 1][tx + 1] = u[i];
  if (tx == 0 && x > 0) tile[ty + 1][0] = u[i - 1];
  if (tx == TILE - 1 && x < nx - 1) tile[ty + 1][TILE + 1] = u[i + 1];
  if (ty == 0 && y > 0) tile[0][tx + 1] = u[i - nx];
  if (ty == TILE - 1 && y < ny - 1) tile[TILE + 1][tx + 1] = u[i + nx];
  __syncthreads();
  if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) return;
  u[i] = 0.25f * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                  tile[ty + 1][tx + 2]);
}

static void host_step(const std::vector<float> &in, std::vector<float> &out, int nx, int ny) {
  for (int y = 0; y < ny; y++)
    for (int x = 0; x < nx; x++) {
      int i = y * nx + x;
      if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) out[i] = in[i];
      else out[i] = 0.25f * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]);
    }
}

static int differ(const std::vector<float> &a, const std::vector<float> &b) {
  int n = 0;
  for (size_t i = 0; i < a.size(); i++) n += std::fabs(a[i] - b[i]) > 1e-6f;
  return n;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "sweep";
  const int nx = 128, ny = 128, n = nx * ny;
  const int sweeps = !strcmp(mode, "streams") || !strcmp(mode, "event") ? 2 : 12;
  std::vector<float> h(n, 0.0f), ref, tmp(n);
  for (int x = 0; x < nx; x++) h[x] = 1.0f; // the hot edge
  ref = h;
  for (int s = 0; s < sweeps; s++) {
    host_step(ref, tmp, nx, ny);
    ref.swap(tmp);
  }
  float *a, *b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(b, h.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  dim3 block(TILE, TILE), grid(nx / TILE, ny / TILE);
  std::vector<float> out(n);
  if (!strcmp(mode, "inplace")) {
    for (int s = 0; s < sweeps; s++) jacobi_in_place<<<grid, block>>>(a, nx, ny);
    cudaMemcpy(out.data(), a, n * sizeof(float), cudaMemcpyDeviceToHost);
    // the in-place sweep is not the Jacobi iteration: how far it is from it
    // depends on the order the blocks run in
    printf("inplace: %d of %d points differ from the double-buffered sweep\n",
           differ(out, ref), n);
    return 0;
  }
  if (!strcmp(mode, "streams") || !strcmp(mode, "event")) {
    cudaStream_t s1, s2;
    cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
    cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
    cudaEvent_t done;
    cudaEventCreate(&done);
    jacobi_step<<<grid, block, 0, s1>>>(a, b, nx, ny);
    cudaEventRecord(done, s1);
    if (!strcmp(mode, "event")) cudaStreamWaitEvent(s2, done, 0);
    jacobi_step<<<grid, block, 0, s2>>>(b, a, nx, ny);
    cudaDeviceSynchronize();
  } else {
    for (int s = 0; s < sweeps; s++) {
      jacobi_step<<<grid, block>>>(a, b, nx, ny);
      float *t = a;
      a = b;
      b = t;
    }
  }
  cudaMemcpy(out.data(), a, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = differ(out, ref);
  printf("%s: %d sweeps of %dx%d, %d wrong\n", mode, sweeps, nx, ny, wrong);
  cudaFree(a);
  cudaFree(b);
  return wrong != 0;
}
