; s_barrier_signal_isfirst returns its answer in SCC (counted on kmcnt); LLVM 19 reads SCC right
; after it with no s_wait_kmcnt (fixed in LLVM by PR #157843, "Track SCC. Insert KM_CNT waits for SCC writes").
define amdgpu_kernel void @isfirst(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  store i32 0, ptr addrspace(1) %out
  %isfirst = call i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32 -1)
  %p = select i1 %isfirst, ptr addrspace(1) %a, ptr addrspace(1) %b
  %v = load i32, ptr addrspace(1) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
declare i1 @llvm.amdgcn.s.barrier.signal.isfirst(i32)
