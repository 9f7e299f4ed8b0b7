// Benchmark kernel for Oclgrind (no bug): the OpenCL C twin of
// bench/reduce.cu, statement for statement. Each work-item accumulates ITEMS
// strided elements into a register, then the work-group reduces through
// local memory with a barrier between tree steps; work-item 0 writes the
// group's sum.
#ifndef ITEMS
#define ITEMS 4
#endif
#define BLOCK 256

__kernel void reduce(__global const float *in, __global float *out)
{
    __local float part[BLOCK];
    uint t = get_local_id(0);
    uint stride = get_num_groups(0) * get_local_size(0);
    uint i = get_group_id(0) * get_local_size(0) + t;
    float acc = 0.0f;
    for (int k = 0; k < ITEMS; k++) {
        acc += in[i];
        i += stride;
    }
    part[t] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (t < s)
            part[t] += part[t + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (t == 0)
        out[get_group_id(0)] = part[0];
}
