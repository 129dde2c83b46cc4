# cold.s: testdata/asm/cold.c as gcc 12.2 compiles it with -O2
# -freorder-blocks-and-partition -fno-asynchronous-unwind-tables
# -fcf-protection=none -S: hot's branch that calls the cold function
# fail is put apart, as hot.cold in .text.unlikely.  One line is added by
# hand, the .zero after hot.cold, which sets hot.cold 128 KiB away from
# hot (python3.11's cold parts lie 1 MB from their functions).
# tests/scripts/asm.sh assembles it (as -g: the lines are this file's), links it
# at 0x401000 and runs it under callgrind.
	.file	"cold.c"
	.text
	.section	.text.unlikely,"ax",@progbits
	.type	fail, @function
fail:
	negl	%edi
	movl	%edi, sink(%rip)
	ret
	.size	fail, .-fail
.LCOLDB0:
	.text
.LHOTB0:
	.p2align 4
	.globl	hot
	.type	hot, @function
hot:
	movl	%edi, %r8d
	xorl	%ecx, %ecx
	testl	%edi, %edi
	jle	.L2
	xorl	%edx, %edx
	.p2align 4,,10
	.p2align 3
.L5:
	movl	%edx, %eax
	movl	%edx, %esi
	imulq	$1374389535, %rax, %rax
	shrq	$37, %rax
	imull	$100, %eax, %eax
	subl	%eax, %esi
	cmpl	$99, %esi
	je	.L8
.L4:
	addl	%edx, %ecx
	addl	$1, %edx
	cmpl	%edx, %r8d
	jne	.L5
.L2:
	movl	%ecx, %eax
	ret
	.section	.text.unlikely
	.type	hot.cold, @function
hot.cold:
.L8:
	movl	%edx, %edi
	call	fail
	movl	sink(%rip), %eax
	subl	%eax, %ecx
	jmp	.L4
	.text
	.size	hot, .-hot
	.section	.text.unlikely
	.size	hot.cold, .-hot.cold
	.zero	0x20000
.LCOLDE0:
	.text
.LHOTE0:
	.p2align 4
	.globl	_start
	.type	_start, @function
_start:
	movl	$1000, %edi
	call	hot
	movl	%eax, sink(%rip)
#APP
# 35 "cold.c" 1
	mov $60, %eax
	xor %edi, %edi
	syscall
# 0 "" 2
#NO_APP
	ret
	.size	_start, .-_start
	.local	sink
	.comm	sink,4,4
	.ident	"GCC: (Debian 12.2.0-14+deb12u1) 12.2.0"
	.section	.note.GNU-stack,"",@progbits
