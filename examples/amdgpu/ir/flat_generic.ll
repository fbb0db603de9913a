; Exercises: loads and stores through generic (flat, addrspace(0)) pointers
; that may point to LDS or global memory: flat_load/flat_store count in both
; vmcnt and lgkmcnt before gfx12 (loadcnt/storecnt and dscnt on gfx12), and
; on gfx9 a pending flat operation forces waits to 0.
; Written for the hazardproof project (MIT licence).

@lds = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @flat_generic(ptr addrspace(1) %out, ptr addrspace(1) %g, i32 %useLds) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %lp = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %lp, align 4
  %idx = zext i32 %tid to i64
  %gp = getelementptr inbounds i32, ptr addrspace(1) %g, i64 %idx
  %flat.l = addrspacecast ptr addrspace(3) %lp to ptr
  %flat.g = addrspacecast ptr addrspace(1) %gp to ptr
  %c = icmp ne i32 %useLds, 0
  %p = select i1 %c, ptr %flat.l, ptr %flat.g
  %v = load i32, ptr %p, align 4
  %w = add i32 %v, 1
  store i32 %w, ptr %p, align 4
  %v2 = load i32, ptr %flat.g, align 4
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v2, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
