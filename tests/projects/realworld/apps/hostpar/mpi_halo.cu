// One rank's halo exchange: a kernel packs the boundary rows of a 2-D
// field into a send buffer, MPI moves it. Bug pattern: the pack kernel
// reads a row its neighbour thread writes in the same launch (the top halo
// row is both packed and cleared, no barrier): a data race.
#include <mpi.h>
#include <cstdio>

__global__ void pack_and_clear(float *field, float *sendbuf, int nx) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= nx) return;
  sendbuf[x] = field[nx + (x + 1) % nx]; // first interior row, shifted
  field[nx + x] = 0.0f;                  // cleared by another thread
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const int nx = 512, ny = 64;
  float *field, *sendbuf, *recvbuf;
  cudaMalloc(&field, nx * ny * sizeof(float));
  cudaMalloc(&sendbuf, nx * sizeof(float));
  cudaMalloc(&recvbuf, nx * sizeof(float));
  pack_and_clear<<<(nx + 127) / 128, 128>>>(field, sendbuf, nx);
  cudaDeviceSynchronize();
  int up = (rank + 1) % size, down = (rank + size - 1) % size;
  MPI_Sendrecv(sendbuf, nx, MPI_FLOAT, up, 0, recvbuf, nx, MPI_FLOAT, down, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  cudaFree(field);
  cudaFree(sendbuf);
  cudaFree(recvbuf);
  MPI_Finalize();
  return 0;
}
