/*
 * objdump.c: an object's symbols and machine code, as binutils' objdump
 * (or $OBJDUMP) prints them, for --asm.  objdump runs with an argv, never
 * through a shell: an object's path comes from the profile.
 */
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "print/objdump.h"

extern char **environ;

const char *
cga_objdump_program(void)
{
	const char	*s = getenv("OBJDUMP");

	return s != NULL && *s != '\0' ? s : "objdump";
}

/* Why a run failed: its last line of output, or its status. */
static void
last_line(const char *buf, size_t len, char *why, size_t whylen,
    const char *prog, int status)
{
	size_t	 end = len, start;

	while (end > 0 && (buf[end - 1] == '\n' || buf[end - 1] == '\r'))
		end--;
	for (start = end; start > 0 && buf[start - 1] != '\n'; start--)
		;
	if (end > start)
		snprintf(why, whylen, "%.*s", (int)(end - start > 200 ? 200 :
		    end - start), buf + start);
	else if (WIFEXITED(status))
		snprintf(why, whylen, "%s exited with status %d", prog,
		    WEXITSTATUS(status));
	else
		snprintf(why, whylen, "%s was killed by signal %d", prog,
		    WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/*
 * Whether prog can be run: a path, or a name found in PATH.  Asked
 * before running it, so that the answer does not depend on how a failed
 * exec is reported (under valgrind, by the child's exit status).
 */
static int
runnable(const char *prog)
{
	const char	*path = getenv("PATH"), *end;
	char		*full;
	size_t		 len;
	int		 ok = 0;

	if (strchr(prog, '/') != NULL)
		return access(prog, X_OK) == 0 ? 0 : errno;
	for (path = path != NULL ? path : "/usr/bin:/bin"; !ok;
	    path = end + 1) {
		end = strchr(path, ':');
		len = end != NULL ? (size_t)(end - path) : strlen(path);
		full = xmalloc(len + strlen(prog) + 3);
		snprintf(full, len + strlen(prog) + 3, "%.*s/%s",
		    (int)(len > 0 ? len : 1), len > 0 ? path : ".", prog);
		ok = access(full, X_OK) == 0;
		free(full);
		if (end == NULL)
			break;
	}
	return ok ? 0 : ENOENT;
}

/*
 * Runs argv (argv[0] looked for in PATH), its standard output and error
 * into *buf (NUL-terminated), standard input /dev/null.  0 when it ran
 * and exited 0; else -1 with why (the message of a failure to start, or
 * its last line of output) into why.
 */
static int
run(char *const *argv, char **buf, size_t *len, char *why, size_t whylen)
{
	posix_spawn_file_actions_t fa;
	size_t		 cap = 1 << 16;
	ssize_t		 got;
	pid_t		 pid;
	int		 fd[2], err, status;

	*len = 0;
	*buf = xmalloc(cap);
	(*buf)[0] = '\0';
	if ((err = runnable(argv[0])) != 0) {
		snprintf(why, whylen, "cannot run %s: %s", argv[0],
		    strerror(err));
		return -1;
	}
	/* Nothing buffered may reach the child, should it be a fork. */
	fflush(NULL);
	if (pipe(fd) == -1) {
		snprintf(why, whylen, "pipe: %s", strerror(errno));
		return -1;
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
	posix_spawn_file_actions_adddup2(&fa, fd[1], 2);
	posix_spawn_file_actions_addclose(&fa, fd[0]);
	posix_spawn_file_actions_addclose(&fa, fd[1]);
	err = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	close(fd[1]);
	if (err != 0) {
		close(fd[0]);
		snprintf(why, whylen, "cannot run %s: %s", argv[0],
		    strerror(err));
		(*buf)[0] = '\0';
		return -1;
	}
	for (;;) {
		if (*len + 1 >= cap) {
			cap *= 2;
			*buf = xreallocarray(*buf, cap, 1);
		}
		got = read(fd[0], *buf + *len, cap - *len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	(*buf)[*len] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	last_line(*buf, *len, why, whylen, argv[0], status);
	return -1;
}

/* A hex number at *sp: 0, or -1 if there is none. */
static int
hex(char **sp, uint64_t *v)
{
	char	*s = *sp;
	int	 d;

	*v = 0;
	for (; ; s++) {
		if (*s >= '0' && *s <= '9')
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'f')
			d = *s - 'a' + 10;
		else
			break;
		if (*v >> 60)
			return -1;
		*v = *v << 4 | (uint64_t)d;
	}
	if (s == *sp)
		return -1;
	*sp = s;
	return 0;
}

/*
 * A line of objdump -t or -T: "VALUE FLAGS7 SECTION\tSIZE  REST", kept
 * when FLAGS says a function and SECTION is not *UND*.
 */
static int
sym_line(char *s, struct cga_sym *sym)
{
	char	*tab;

	if (hex(&s, &sym->value) == -1 || *s != ' ' || strlen(s) < 9 ||
	    s[7] != 'F')
		return -1;
	s += 9;
	if ((tab = strchr(s, '\t')) == NULL || strncmp(s, "*UND*", 5) == 0)
		return -1;
	s = tab + 1;
	if (hex(&s, &sym->size) == -1)
		return -1;
	while (*s == ' ')
		s++;
	sym->rest = s;
	sym->len = strlen(s);
	return *s != '\0' ? 0 : -1;
}

/*
 * Whether s, the line of objdump -f after "architecture: ..., flags
 * 0x...:", names an executable loaded where it says (an ELF ET_EXEC): its
 * flags list EXEC_P, and not DYNAMIC (a shared object or a PIE, which
 * may be loaded anywhere).
 */
static int
fixed_flags(const char *s)
{
	return (strncmp(s, "EXEC_P,", 7) == 0 || strcmp(s, "EXEC_P") == 0) &&
	    strstr(s, "DYNAMIC") == NULL;
}

/*
 * The function symbols of objdump's output (its lines cut in place), and
 * the flags of its file header (-f).
 */
static void
syms_parse(struct cga_object *o, size_t len)
{
	char		*s, *nl, *end = o->out + len;
	size_t		 cap = o->nsyms;
	struct cga_sym	 sym;
	int		 flags = 0;

	for (s = o->out; s < end; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = end;
		*nl = '\0';
		if (flags)
			o->fixed = fixed_flags(s);
		flags = strncmp(s, "architecture: ", 14) == 0 &&
		    strstr(s, ", flags 0x") != NULL;
		if (sym_line(s, &sym) == -1)
			continue;
		if (o->nsyms == cap) {
			cap = cap ? 2 * cap : 256;
			o->syms = xreallocarray(o->syms, cap, sizeof(*o->syms));
		}
		o->syms[o->nsyms++] = sym;
	}
}

int
cga_objdump_symbols(struct cga_object *o)
{
	char		*argv[8];
	const char	*tables[2] = { "-t", "-T" };
	size_t		 len, i;

	if (o->state != 0)
		return o->state == 1 ? 0 : -1;
	o->state = -1;
	if (access(o->path, R_OK) == -1) {
		snprintf(o->note, sizeof(o->note), "%s", strerror(errno));
		return -1;
	}
	for (i = 0; i < 2 && o->nsyms == 0; i++) {
		argv[0] = (char *)(uintptr_t)cga_objdump_program();
		argv[1] = (char *)(uintptr_t)"-f";
		argv[2] = (char *)(uintptr_t)tables[i];
		argv[3] = (char *)(uintptr_t)"-C";
		argv[4] = (char *)(uintptr_t)"-w";
		argv[5] = (char *)(uintptr_t)"--";
		argv[6] = (char *)(uintptr_t)o->path;
		argv[7] = NULL;
		free(o->out);
		if (run(argv, &o->out, &len, o->note, sizeof(o->note)) == -1) {
			/* No dynamic symbols is no failure: none. */
			if (i == 1)
				break;
			return -1;
		}
		syms_parse(o, len);
	}
	o->note[0] = '\0';
	o->state = 1;
	return 0;
}

void
cga_objdump_free(struct cga_object *o)
{
	free(o->out);
	free(o->syms);
}

/* Whether sym's line ends in name (len bytes), after a blank or alone. */
static int
names(const struct cga_sym *sym, const char *name, size_t len)
{
	const char	*rest = sym->rest;
	size_t		 n = sym->len;

	return n >= len && memcmp(rest + n - len, name, len) == 0 &&
	    (n == len || rest[n - len - 1] == ' ');
}

/* The symbols whose name is name's first len bytes: *n. */
static const struct cga_sym **
named_len(const struct cga_object *o, const char *name, size_t len,
    size_t *n)
{
	const struct cga_sym	**v = NULL;
	size_t			  i, cap = 0;

	*n = 0;
	for (i = 0; i < o->nsyms; i++) {
		if (!names(&o->syms[i], name, len))
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 4;
			v = xreallocarray(v, cap, sizeof(*v));
		}
		v[(*n)++] = &o->syms[i];
	}
	return v;
}

/*
 * The name as it is first, without a version @... (a demangled name may
 * hold a ', a Rust lifetime), then less each of callgrind's contexts
 * from the last: its callers 'f'g (--separate-callers), its recursion
 * level 'N (--separate-recs).
 */
const struct cga_sym **
cga_objdump_named(const struct cga_object *o, const char *name, size_t *n,
    size_t *len)
{
	const struct cga_sym	**v;

	for (*len = strcspn(name, "@");;) {
		if ((v = named_len(o, name, *len, n)) != NULL)
			return v;
		while (*len > 0 && name[*len - 1] != '\'')
			--*len;
		if (*len == 0)
			return NULL;
		--*len;		/* the ' itself */
	}
}

/* A line of objdump -d: "  ADDR:\tTEXT". */
static int
insn_line(char *s, struct cga_insn *in)
{
	while (*s == ' ')
		s++;
	if (hex(&s, &in->addr) == -1 || s[0] != ':' || s[1] != '\t')
		return -1;
	in->text = s + 2;
	return 0;
}

struct cga_insn *
cga_objdump_code(const char *path, uint64_t start, uint64_t stop, int intel,
    size_t *n, char **buf, char *why)
{
	struct cga_insn	*v = NULL, in;
	char		 from[32], to[32], *argv[10], *s, *nl;
	size_t		 len, cap = 0, k = 0;

	snprintf(from, sizeof(from), "--start-address=0x%llx",
	    (unsigned long long)start);
	snprintf(to, sizeof(to), "--stop-address=0x%llx",
	    (unsigned long long)stop);
	argv[k++] = (char *)(uintptr_t)cga_objdump_program();
	argv[k++] = (char *)(uintptr_t)"-d";
	argv[k++] = (char *)(uintptr_t)"-w";
	argv[k++] = (char *)(uintptr_t)"-C";
	if (intel)
		argv[k++] = (char *)(uintptr_t)"-Mintel";
	argv[k++] = from;
	argv[k++] = to;
	argv[k++] = (char *)(uintptr_t)"--";
	argv[k++] = (char *)(uintptr_t)path;
	argv[k] = NULL;
	*n = 0;
	if (run(argv, buf, &len, why, CGA_NOTE_MAX) == -1) {
		free(*buf);
		*buf = NULL;
		return NULL;
	}
	for (s = *buf; s < *buf + len; s = nl + 1) {
		if ((nl = strchr(s, '\n')) == NULL)
			nl = *buf + len;
		*nl = '\0';
		if (insn_line(s, &in) == -1)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			v = xreallocarray(v, cap, sizeof(*v));
		}
		v[(*n)++] = in;
	}
	if (v == NULL)
		v = xcalloc(1, sizeof(*v));
	return v;
}
