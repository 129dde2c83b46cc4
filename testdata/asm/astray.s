# astray.s: code after data between functions, for the goldens of --asm.
# objdump, decoding on from a's symbol, takes the two bytes of data at
# 0x4 for the start of a movabs of 10 bytes and so passes over the ret at
# 0x6, which has no symbol (.Lb, as a stripped object's static functions
# have none); the profile (astray.callgrind.in) counts it in a, which
# jumps to it, as callgrind does.
	.text
	.globl	a
	.type	a, @function
a:
	xorl	%eax, %eax		# 0x0, 2 bytes
	jmp	.Lb			# 0x2, 2 bytes
	.size	a, .-a
	.byte	0x48, 0xb8		# 0x4, data
.Lb:
	ret				# 0x6
	.fill	8, 1, 0x90		# 0x7: nops, for the movabs's 10 bytes
