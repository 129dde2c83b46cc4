/* hash.c: the key of the run's hash tables, drawn once. */
#include <fcntl.h>
#include <stdint.h>
#include <time.h>
#include <unistd.h>

#include "base/hash.h"

uint64_t	cga_hash_k0, cga_hash_k1;

void
cga_hash_seed(void)
{
	uint64_t	 k[2] = { 0, 0 };
	struct timespec	 t;
	ssize_t		 n = -1;
	int		 fd;

	if ((fd = open("/dev/urandom", O_RDONLY)) != -1) {
		n = read(fd, k, sizeof(k));
		close(fd);
	}
	if (n != (ssize_t)sizeof(k)) {
		/* No random source: what varies from run to run. */
		clock_gettime(CLOCK_REALTIME, &t);
		k[0] ^= (uint64_t)t.tv_nsec << 32 ^ (uint64_t)t.tv_sec;
		k[1] ^= (uint64_t)getpid() << 16 ^ (uint64_t)(uintptr_t)&t;
	}
	cga_hash_k0 = k[0];
	cga_hash_k1 = k[1];
}
