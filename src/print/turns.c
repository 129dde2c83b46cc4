/*
 * turns.c: a document's items made by two threads in turn.  Each makes
 * a run of items into memory of its own, waits until the runs before it
 * are written, writes its own, and makes its next run but one: the
 * output is byte for byte one thread's, made in about half the time
 * where a second processor is free (the JSON document's functions and
 * files: 4.8 s of the 512 MB profile's 9 s, one thread).
 */
#include <sys/types.h>

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/out.h"
#include "print/turns.h"

/*
 * Items of a run at most: a file's lines take 43 KB of JSON at most on
 * the 128 MB profile, and its copies of a file sort side by side (runs
 * of 512 took 31 MB more at the peak; of 32, 3 MB).
 */
#define RUN_MAX		32

struct shared {
	const struct cga_turns *t;
	size_t		 run;		/* items a run */
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
	size_t		 next;		/* the run written next */
	int		 stop;		/* out failed: make nothing more */
};

struct side {
	struct shared	*sh;
	int		 me;		/* 0, the caller, or 1 */
};

/* Waits for run r's turn: whether to make and write it. */
static int
turn_wait(struct shared *sh, size_t r)
{
	int	 go;

	pthread_mutex_lock(&sh->mu);
	while (sh->next != r)
		pthread_cond_wait(&sh->cv, &sh->mu);
	go = !sh->stop;
	pthread_mutex_unlock(&sh->mu);
	return go;
}

/* Run r is written (or not, past an error): the next one's turn. */
static void
turn_end(struct shared *sh, size_t r, int failed)
{
	pthread_mutex_lock(&sh->mu);
	sh->stop |= failed;
	sh->next = r + 1;
	pthread_cond_broadcast(&sh->cv);
	pthread_mutex_unlock(&sh->mu);
}

static int
stopped(struct shared *sh)
{
	int	 stop;

	pthread_mutex_lock(&sh->mu);
	stop = sh->stop;
	pthread_mutex_unlock(&sh->mu);
	return stop;
}

/* The runs of one side: every other one, from its own. */
static void *
side_run(void *arg)
{
	struct side		*sd = arg;
	struct shared		*sh = sd->sh;
	const struct cga_turns	*t = sh->t;
	struct cga_w		 w;
	FILE			*m;
	char			*buf = NULL;
	size_t			 len = 0, r, i, end;
	off_t			 at = 0;
	int			 make, failed;

	if ((m = open_memstream(&buf, &len)) == NULL)
		cga_oom();
	for (r = (size_t)sd->me; r * sh->run < t->n; r += 2) {
		if ((make = !stopped(sh))) {
			if (fseeko(m, 0, SEEK_SET) != 0)
				cga_oom();
			cga_w_init(&w, m);
			end = (r + 1) * sh->run < t->n ? (r + 1) * sh->run :
			    t->n;
			for (i = r * sh->run; i < end; i++)
				t->item(&w, i, t->ctx[sd->me]);
			cga_w_flush(&w);
			if (fflush(m) != 0 || (at = ftello(m)) < 0)
				cga_oom();
		}
		failed = 0;
		if (turn_wait(sh, r) && make) {
			if (t->script)
				cga_out_script(t->out, buf, (size_t)at);
			else
				fwrite(buf, 1, (size_t)at, t->out);
			failed = ferror(t->out) != 0;
		}
		turn_end(sh, r, failed);
	}
	if (fclose(m) != 0)
		cga_oom();
	free(buf);
	return NULL;
}

/* One thread: the items straight to out (a script's item by item). */
static void
alone(const struct cga_turns *t)
{
	struct cga_w	 w;
	FILE		*m = NULL;
	char		*buf = NULL;
	size_t		 len = 0, i;
	off_t		 at;

	if (!t->script) {
		cga_w_init(&w, t->out);
		for (i = 0; i < t->n && !ferror(t->out); i++) {
			t->item(&w, i, t->ctx[0]);
			if (w.n > sizeof(w.b) / 2)
				cga_w_flush(&w);
		}
		cga_w_flush(&w);
		return;
	}
	if ((m = open_memstream(&buf, &len)) == NULL)
		cga_oom();
	for (i = 0; i < t->n && !ferror(t->out); i++) {
		if (fseeko(m, 0, SEEK_SET) != 0)
			cga_oom();
		cga_w_init(&w, m);
		t->item(&w, i, t->ctx[0]);
		cga_w_flush(&w);
		if (fflush(m) != 0 || (at = ftello(m)) < 0)
			cga_oom();
		cga_out_script(t->out, buf, (size_t)at);
	}
	if (fclose(m) != 0)
		cga_oom();
	free(buf);
}

void
cga_turns_write(const struct cga_turns *t)
{
	struct shared	 sh;
	struct side	 sd[2];
	pthread_t	 th;

	/* Runs enough for both sides on a few items, as on many. */
	if (t->alone || t->n < 32 || sysconf(_SC_NPROCESSORS_ONLN) < 2) {
		alone(t);
		return;
	}
	sh.t = t;
	sh.run = t->n / 32 < RUN_MAX ? t->n / 32 : RUN_MAX;
	sh.next = 0;
	sh.stop = 0;
	pthread_mutex_init(&sh.mu, NULL);
	pthread_cond_init(&sh.cv, NULL);
	sd[0].sh = sd[1].sh = &sh;
	sd[0].me = 0;
	sd[1].me = 1;
	if (pthread_create(&th, NULL, side_run, &sd[1]) != 0) {
		pthread_mutex_destroy(&sh.mu);
		pthread_cond_destroy(&sh.cv);
		alone(t);
		return;
	}
	side_run(&sd[0]);
	pthread_join(th, NULL);
	pthread_mutex_destroy(&sh.mu);
	pthread_cond_destroy(&sh.cv);
}
