; Exercises: scalar (SMEM) loads and LDS loads in flight together. Before
; gfx12 both count in lgkmcnt, and SMEM returns out of order, so LLVM must wait
; for lgkmcnt(0) when the pending events are mixed; on gfx12 they count in
; separate counters (kmcnt and dscnt).
; Written for the hazardproof project (MIT licence).

@buf = internal addrspace(3) global [512 x i32] undef, align 4

define amdgpu_kernel void @mixed_smem_lds(ptr addrspace(1) %out, ptr addrspace(4) %consts, i32 %j) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %l0 = getelementptr inbounds [512 x i32], ptr addrspace(3) @buf, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %l0, align 4
  call void @llvm.amdgcn.s.barrier()
  %t1 = add i32 %tid, 256
  %l1 = getelementptr inbounds [512 x i32], ptr addrspace(3) @buf, i32 0, i32 %t1
  %d0 = load i32, ptr addrspace(3) %l1, align 4
  %c0p = getelementptr inbounds i32, ptr addrspace(4) %consts, i32 %j
  %c0 = load i32, ptr addrspace(4) %c0p, align 4
  %t2 = xor i32 %tid, 3
  %l2 = getelementptr inbounds [512 x i32], ptr addrspace(3) @buf, i32 0, i32 %t2
  %d1 = load i32, ptr addrspace(3) %l2, align 4
  %c1p = getelementptr inbounds i32, ptr addrspace(4) %consts, i32 100
  %c1 = load i32, ptr addrspace(4) %c1p, align 4
  %x0 = mul i32 %d0, %c0
  %x1 = mul i32 %d1, %c1
  %r = add i32 %x0, %x1
  %idx = zext i32 %tid to i64
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %r, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
