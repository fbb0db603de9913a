; s_barrier_leave returns its answer in SCC (counted on kmcnt, like s_barrier_signal_isfirst); LLVM 19
; reads SCC right after it with no s_wait_kmcnt (fixed in LLVM by PR #157843, "Track SCC. Insert KM_CNT
; waits for SCC writes", which names both instructions). LLVM 19's intrinsic returns i1; LLVM 22's is void(i16).
define amdgpu_kernel void @leave(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  %left = call i1 @llvm.amdgcn.s.barrier.leave()
  %p = select i1 %left, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
declare i1 @llvm.amdgcn.s.barrier.leave()
