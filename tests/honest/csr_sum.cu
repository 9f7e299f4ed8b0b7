// tests/honest/csr_sum.cu: the sum of each vertex's neighbours in a CSR
// graph, every edge read inside its vertex's range (e < nidx[v + 1]).
//
// Bug pattern: none (the guarded twin of csr_degree.cu): the graph-sized
// detection run of the automatic search must not report it.

__global__ void sum_neighbours(const int *nidx, const int *nlist, int *sum, int numv) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < numv) {
    int s = 0;
    for (int e = nidx[v]; e < nidx[v + 1]; e++) s += nlist[e];
    sum[v] = s;
  }
}
