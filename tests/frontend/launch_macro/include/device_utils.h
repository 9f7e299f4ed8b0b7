// A launch macro with nvcc's spaced chevrons in a project header (as
// thundersvm writes SAFE_KERNEL_LAUNCH): the header is shown to clang
// rewritten, under its own name.
#pragma once
#define BLOCK_THREADS 64
#define KERNEL_LAUNCH(kernel, ...) kernel<< <1, BLOCK_THREADS>> >(__VA_ARGS__)
