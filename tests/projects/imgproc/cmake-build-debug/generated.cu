// A file in a build folder: simulee scan skips build*/ and cmake-build*/
// folders, so this racy kernel must not appear in the report. Bug pattern:
// every thread stores to out[0] (write-write race), never analysed.
__global__ void generated_copy(int *out) { out[0] = threadIdx.x; }
