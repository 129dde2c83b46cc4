# spin.s: a loop of 1,000 trips and a call, assembled by tests/scripts/asm.sh for
# the goldens of --asm, whose profiles (spin.callgrind.in) are written by
# hand from the addresses in the comments.
	.text
	.globl	spin
	.type	spin, @function
spin:
	xorl	%eax, %eax		# 0x0, 2 bytes
.Lloop:
	addl	$1, %eax		# 0x2, 3 bytes
	cmpl	$1000, %eax		# 0x5, 5 bytes
	jne	.Lloop			# 0xa, 2 bytes
	call	done			# 0xc, 5 bytes
	ret				# 0x11
	.size	spin, .-spin
	.globl	done
	.type	done, @function
done:
	ret				# 0x12
	.size	done, .-done
