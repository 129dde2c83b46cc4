/*
 * hash.h: the hash function of every uthash table; profile.h includes it
 * before uthash.h, so all tables hash alike.  Keys are interned pointers
 * and line numbers, mostly 8 to 32 bytes: a word at a time, then a strong
 * final mix, is several times faster than uthash's default byte loop and
 * spreads pointer bits well.
 */
#ifndef CGA_HASH_H
#define CGA_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

static inline unsigned
cga_hash(const void *key, size_t len)
{
	const unsigned char	*p = key;
	uint64_t		 h = 0x9e3779b97f4a7c15ULL ^ len, w;

	for (; len >= 8; p += 8, len -= 8) {
		memcpy(&w, p, 8);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	if (len > 0) {
		w = 0;
		memcpy(&w, p, len);
		h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
		h ^= h >> 31;
	}
	h ^= h >> 29;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 32;
	return (unsigned)h;
}

#define HASH_FUNCTION(keyptr, keylen, hashv)				\
	((hashv) = cga_hash((keyptr), (size_t)(keylen)))

#endif
