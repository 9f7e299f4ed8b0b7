// imgproc: host-side launch helpers.
#ifndef IMGPROC_LAUNCH_H
#define IMGPROC_LAUNCH_H

static inline unsigned imgproc_blocks(unsigned n, unsigned block) { return (n + block - 1) / block; }

#endif
