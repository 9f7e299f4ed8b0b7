// A 1-D three-point smoothing stencil built into a static library by
// cuda_add_library; main.cu checks it against an OpenMP host loop.
#pragma once
void smooth_on_device(const float *in, float *out, int n);
