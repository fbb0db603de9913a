; Exercises: eight independent global loads in flight, consumed in reverse
; issue order through a dependency chain (the last load is needed first). With
; in-order completion the first use needs vmcnt(0) (loadcnt 0 on gfx12) and
; later uses need no further wait; consuming in issue order would instead
; allow vmcnt(7), vmcnt(6), ... (at -O2 llc's scheduler reverses the issue
; order to match, so -O0 shows the reverse case and -O2 the counted one).
; Written for the hazardproof project (MIT licence).

define amdgpu_kernel void @loads_reverse_consume(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %idx = zext i32 %tid to i64
  %p0 = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %idx
  %p1 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 1024
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 2048
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 3072
  %p4 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 4096
  %p5 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 5120
  %p6 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 6144
  %p7 = getelementptr inbounds i32, ptr addrspace(1) %p0, i64 7168
  %v0 = load i32, ptr addrspace(1) %p0, align 4
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %v4 = load i32, ptr addrspace(1) %p4, align 4
  %v5 = load i32, ptr addrspace(1) %p5, align 4
  %v6 = load i32, ptr addrspace(1) %p6, align 4
  %v7 = load i32, ptr addrspace(1) %p7, align 4
  %h7 = mul i32 %v7, 31
  %m6 = xor i32 %h7, %v6
  %h6 = mul i32 %m6, 31
  %m5 = xor i32 %h6, %v5
  %h5 = mul i32 %m5, 31
  %m4 = xor i32 %h5, %v4
  %h4 = mul i32 %m4, 31
  %m3 = xor i32 %h4, %v3
  %h3 = mul i32 %m3, 31
  %m2 = xor i32 %h3, %v2
  %h2 = mul i32 %m2, 31
  %m1 = xor i32 %h2, %v1
  %h1 = mul i32 %m1, 31
  %m0 = xor i32 %h1, %v0
  %h0 = mul i32 %m0, 31
  %dst = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %h0, ptr addrspace(1) %dst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
