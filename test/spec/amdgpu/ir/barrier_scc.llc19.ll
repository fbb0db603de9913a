; The gfx12 barrier instructions that write SCC on kmcnt, in LLVM 19's intrinsic forms (gfx1200):
; s_barrier_signal_isfirst and s_barrier_leave, whose SCC result s_cselect reads.
define amdgpu_kernel void @isfirst(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  %isfirst = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  %p = select i1 %isfirst, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @leave(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  %left = call i1 @llvm.amdgcn.s.barrier.leave()
  %p = select i1 %left, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32)
declare i1 @llvm.amdgcn.s.barrier.leave()
