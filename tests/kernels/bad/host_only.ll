; Bad input for simulee: a valid LLVM module that is not CUDA device code (an
; x86-64 host function, no nvvm.annotations, no PTX kernel).
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

define dso_local i32 @add_one(i32 noundef %x) {
entry:
  %r = add nsw i32 %x, 1
  ret i32 %r
}
