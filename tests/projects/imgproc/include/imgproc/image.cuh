// imgproc: a small image-processing library (a test project of simulee scan).
// Shared helpers of the kernels; included as <imgproc/image.cuh> through the
// include/ folder simulee scan adds by itself.
#ifndef IMGPROC_IMAGE_CUH
#define IMGPROC_IMAGE_CUH

#define IMGPROC_BINS 16
#define IMGPROC_MAX_BLOCK 1024

// The global index of the calling thread in a 1-D launch.
__device__ inline unsigned global_index() { return blockIdx.x * blockDim.x + threadIdx.x; }

// The number of threads of a 1-D launch.
__device__ inline unsigned global_size() { return gridDim.x * blockDim.x; }

#endif
