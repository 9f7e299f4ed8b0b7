/*
 * The monotonic clock every module may use (util/ is below all of them:
 * header-only helpers that depend on nothing of simulee).
 */
#ifndef SIMULEE_UTIL_CLOCK_H
#define SIMULEE_UTIL_CLOCK_H

#include <time.h>

/* Seconds on the monotonic clock (deadlines, durations). */
static inline double simU_now_s(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#endif
