/*
 * hash.h: the hash function of every table keyed by what a profile holds;
 * used by profile.h (which includes it before uthash.h, so all tables hash
 * alike), sources.c, ids.c and main.c (which draws the key).  A
 * profile may come from anyone, and names or ids built to share a hash
 * value would make every lookup walk them all: the hash is keyed with a
 * random key drawn once a run (SipHash-1-3), so that no profile can know
 * which names collide.
 */
#ifndef CGA_HASH_H
#define CGA_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The key, drawn by cga_hash_seed; 0 (still a good hash) until then. */
extern uint64_t	cga_hash_k0, cga_hash_k1;

/* Draws the key from the system's random source (main.c, once). */
void	cga_hash_seed(void);

static inline uint64_t
cga_rotl(uint64_t v, unsigned b)
{
	return v << b | v >> (64 - b);
}

#define CGA_SIPROUND(v0, v1, v2, v3) do {				\
	v0 += v1; v1 = cga_rotl(v1, 13); v1 ^= v0; v0 = cga_rotl(v0, 32); \
	v2 += v3; v3 = cga_rotl(v3, 16); v3 ^= v2;			\
	v0 += v3; v3 = cga_rotl(v3, 21); v3 ^= v0;			\
	v2 += v1; v1 = cga_rotl(v1, 17); v1 ^= v2; v2 = cga_rotl(v2, 32); \
} while (0)

/* SipHash-1-3 of len bytes at key, under the run's key. */
static inline uint64_t
cga_siphash(const void *key, size_t len)
{
	const unsigned char	*p = key;
	uint64_t		 v0 = cga_hash_k0 ^ 0x736f6d6570736575ULL;
	uint64_t		 v1 = cga_hash_k1 ^ 0x646f72616e646f6dULL;
	uint64_t		 v2 = cga_hash_k0 ^ 0x6c7967656e657261ULL;
	uint64_t		 v3 = cga_hash_k1 ^ 0x7465646279746573ULL;
	uint64_t		 m, b = (uint64_t)len << 56;
	size_t			 left = len;

	for (; left >= 8; p += 8, left -= 8) {
		memcpy(&m, p, 8);	/* little-endian machines: as SipHash */
		v3 ^= m;
		CGA_SIPROUND(v0, v1, v2, v3);
		v0 ^= m;
	}
	m = 0;
	memcpy(&m, p, left);
	b |= m;
	v3 ^= b;
	CGA_SIPROUND(v0, v1, v2, v3);
	v0 ^= b;
	v2 ^= 0xff;
	CGA_SIPROUND(v0, v1, v2, v3);
	CGA_SIPROUND(v0, v1, v2, v3);
	CGA_SIPROUND(v0, v1, v2, v3);
	return v0 ^ v1 ^ v2 ^ v3;
}

static inline unsigned
cga_hash(const void *key, size_t len)
{
	return (unsigned)cga_siphash(key, len);
}

/* A number's hash, for tables keyed by ids and line pages. */
static inline uint64_t
cga_hash_u64(uint64_t v)
{
	return cga_siphash(&v, sizeof(v));
}

#define HASH_FUNCTION(keyptr, keylen, hashv)				\
	((hashv) = cga_hash((keyptr), (size_t)(keylen)))

#endif
