// tests/honest/csr_degree.cu: the out-degree of every vertex of a CSR graph
// and the first neighbour of each (a BFS frontier's seed step).
//
// Bug pattern: a read past the end guarded only by the vertex count. The
// vertex guard `v < numv` holds, but the first neighbour nlist[beg] is read
// without `beg < end`: a vertex with no edges at the end of the graph reads
// nlist[nedges], one past the neighbour list.

__global__ void first_neighbour(const int *nidx, const int *nlist, int *deg, int *first,
                                int numv) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v < numv) {
    int beg = nidx[v], end = nidx[v + 1];
    deg[v] = end - beg;
    first[v] = nlist[beg];
  }
}
