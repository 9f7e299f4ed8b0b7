// Device functions and variables of physics.cu that main.cu's kernels use:
// relocatable device code (simulee run -rdc, nvcc -rdc=true / -dc).
#pragma once

struct Particle {
  float x, v;
};

// the acceleration at position x (a spring towards 0 with damping)
extern __device__ float accel(float x, float v);
// steps taken by all threads (atomically counted)
extern __device__ unsigned long long steps_taken;
// adds e into *total without an atomic (bug pattern: a non-atomic
// read-modify-write of one global from every thread)
extern __device__ void add_energy(float *total, float e);
// the spring constant, set by the host
extern __constant__ float stiffness;

// host side of physics.cu: sets the constant, reads the step count (the
// variables' host shadows belong to physics.cu)
void set_stiffness(float k);
unsigned long long get_steps();
