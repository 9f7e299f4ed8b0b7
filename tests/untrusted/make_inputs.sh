#!/bin/sh
# Build the hostile inputs of the untrusted-input tests (tests/untrusted.cmake):
#   make_inputs.sh OUTDIR
# fifo.bc, fifo.json      named pipes (reading one would block for ever)
# folder.bc, folder.json  folders with an input's name
# shard_overflow.json     a report claiming shard 1 of 4294967295 (2^32 - 1)
# shard_2p32.json         shard 1 of 2^32 (must not read as "unsharded")
# shard_zero.json         shard 0 of 4
# wrong_type.json         a kernel record whose "line" is a string
# wrong_dims.json         a launch whose grid is [0, 1, 1]
# huge.json               a sparse 300 MiB file (larger than a report may be)
# source_device.json      a finding located in /dev/zero and in fifo.bc
# trailing.json           a valid report followed by garbage
# deep/                   a race-free top.cu, and a racy .cu file 70 folders down
#                         (deeper than the scan goes)
# empty_db/compile_commands.json  an empty compilation database
# fifo_db/                a database whose stuck.cu is a FIFO, and copy.cu
# noinclude/              a tree with one .cu file and no include/ folder
set -e
out=$1
rm -rf "$out"
mkdir -p "$out"
cd "$out"
mkfifo fifo.bc fifo.json
mkdir folder.bc folder.json
printf '{"tool":{"name":"simulee"},"kernels":[],"shard":{"index":1,"count":4294967295}}\n' \
  >shard_overflow.json
printf '{"tool":{"name":"simulee"},"kernels":[],"shard":{"index":1,"count":4294967296}}\n' \
  >shard_2p32.json
printf '{"tool":{"name":"simulee"},"kernels":[],"shard":{"index":0,"count":4}}\n' \
  >shard_zero.json
printf '{"tool":{"name":"simulee"},"kernels":[{"file":"a.cu","kernel":"k","name":"k","line":"12","status":"checked"}]}\n' \
  >wrong_type.json
printf '{"tool":{"name":"simulee"},"kernels":[{"file":"a.cu","kernel":"k","name":"k","status":"checked","launch":{"grid":[0,1,1],"block":[1,1,1]}}]}\n' \
  >wrong_dims.json
printf '{"tool":{"name":"simulee"},"kernels":[]} trailing\n' >trailing.json
truncate -s 300M huge.json
# a finding whose source lines are /dev/zero and a FIFO: the text report
# quotes source lines, and must not read a device for ever or block
printf '{"tool":{"name":"simulee"},"kernels":[{"file":"a.cu","kernel":"k","name":"k","status":"checked","findings":[{"kind":"data-race","message":"m","locations":[{"file":"/dev/zero","line":2},{"file":"fifo.bc","line":1}]}]}]}\n' \
  >source_device.json
d=deep
for i in $(seq 1 70); do d=$d/d$i; done
mkdir -p "$d"
# a kernel with a data race, so a scan that reached it would report it
printf '__global__ void deep_race(int *p) { p[0] = threadIdx.x; }\n' >"$d/deep.cu"
printf '__global__ void top_copy(int *o, const int *i) { o[threadIdx.x] = i[threadIdx.x]; }\n' \
  >deep/top.cu
mkdir -p empty_db noinclude
printf '[]\n' >empty_db/compile_commands.json
# a database naming a FIFO as a .cu file, next to a real one
mkdir -p fifo_db
mkfifo fifo_db/stuck.cu
printf '__global__ void copy_one(int *o, const int *i) { o[threadIdx.x] = i[threadIdx.x]; }\n' \
  >fifo_db/copy.cu
printf '[{"directory": ".", "file": "stuck.cu", "arguments": ["nvcc", "-c", "stuck.cu"]},\n {"directory": ".", "file": "copy.cu", "arguments": ["nvcc", "-c", "copy.cu"]}]\n' \
  >fifo_db/compile_commands.json
# a race-free kernel in a tree without an include/ folder
printf '__global__ void copy_one(int *o, const int *i) { o[threadIdx.x] = i[threadIdx.x]; }\n' \
  >noinclude/copy.cu
