; Exercises: LDS (addrspace(3)) store then load by the same lane, with no
; barrier: LDS operations of one wavefront complete in order, so the load's
; result needs an lgkmcnt (dscnt on gfx12) wait before its use.
; Written for the hazardproof project (MIT licence).

@lds = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @lds_basic(ptr addrspace(1) %out, i32 %k) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i32 %k, ptr addrspace(3) %p, align 4
  %x = add i32 %tid, 1
  %x.m = and i32 %x, 255
  %q = getelementptr inbounds [256 x i32], ptr addrspace(3) @lds, i32 0, i32 %x.m
  %v = load i32, ptr addrspace(3) %q, align 4
  %w = mul i32 %v, 7
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %w, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
