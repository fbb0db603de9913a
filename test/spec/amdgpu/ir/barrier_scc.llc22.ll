; The gfx12 barrier instructions that write SCC on kmcnt, in LLVM 22's intrinsic forms (gfx1200):
; s.barrier.leave takes an i16 barrier and returns nothing (its SCC is still written: the MIR says so).
define amdgpu_kernel void @isfirst(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  %isfirst = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  %p = select i1 %isfirst, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @leave(ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  call void @llvm.amdgcn.s.barrier.leave(i16 1)
  ret void
}

declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32)
declare void @llvm.amdgcn.s.barrier.leave(i16)
