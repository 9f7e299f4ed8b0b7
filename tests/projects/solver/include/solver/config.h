// solver: build configuration, force-included by the compile commands
// (-include solver/config.h). Without it solver_real is undefined and no
// file of the project compiles, so a scan that ignores the database's flags
// fails visibly.
#ifndef SOLVER_CONFIG_H
#define SOLVER_CONFIG_H
typedef float solver_real;
#endif
