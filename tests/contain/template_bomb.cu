// Exponential template expansion: every level instantiates two distinct
// children, 2^40 classes in all; clang would run until it runs out of memory.
template <int N, long M> struct Tree {
  static constexpr long value = Tree<N - 1, 2 * M>::value + Tree<N - 1, 2 * M + 1>::value;
};
template <long M> struct Tree<0, M> { static constexpr long value = M & 1; };
__global__ void leaves(long *out) { out[threadIdx.x] = Tree<40, 0>::value; }
