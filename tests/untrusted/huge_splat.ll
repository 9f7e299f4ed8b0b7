; Bug pattern: none; a hostile module: one global of 2^30 splatted i32s
; (a 70-byte line) makes LLVM's reader build its 4 GiB of elements, then a
; 4 GiB copy. The isolated reader runs with an address-space bound: its
; allocation fails, LLVM aborts, and simulee reports an error of this input.
target triple = "nvptx64-nvidia-cuda"

@table = addrspace(1) global <1073741824 x i32> splat (i32 1)

define void @touch() {
  ret void
}
