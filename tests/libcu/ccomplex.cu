// <cuda/std/ccomplex>: the same complex numbers as <cuda/std/complex> (the
// kernel of complex.cu, its dumped values compared with complex.expected).
// Pattern: none.
#include <cuda/std/ccomplex>
#include "complex.cu"
