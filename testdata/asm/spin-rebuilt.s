# spin-rebuilt.s: spin.s rebuilt with a longer first instruction of the
# loop, so that the profile of spin.s no longer matches it (tests/scripts/asm.sh).
	.text
	.globl	spin
	.type	spin, @function
spin:
	xorl	%eax, %eax		# 0x0, 2 bytes
.Lloop:
	addl	$100000, %eax		# 0x2, 5 bytes: 0x5 is no boundary
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
