/*
 * check_sources.c: finding source files in the current directory and the
 * -I directories, each directory and each missing file asked about once.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_cga.h"
#include "view/sources.h"

/* A directory under /tmp holding sub/f.c; its name ends in '/'. */
static char	 top[64];

static void
make_tree(void)
{
	char	 path[128];
	FILE	*f;

	strcpy(top, "/tmp/check_sources.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(top));
	snprintf(path, sizeof(path), "%s/sub", top);
	ck_assert_int_eq(mkdir(path, 0700), 0);
	snprintf(path, sizeof(path), "%s/sub/f.c", top);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("int f;\n", f);
	fclose(f);
	strcat(top, "/");
}

static void
remove_tree(void)
{
	char	 path[128];

	snprintf(path, sizeof(path), "%ssub/f.c", top);
	unlink(path);
	snprintf(path, sizeof(path), "%ssub", top);
	rmdir(path);
	rmdir(top);
}

START_TEST(source_is_found_here_or_in_an_include_dir)
{
	struct cga_sources	*s;
	char			*dirs[1], *opened = NULL;
	const char		*why;
	FILE			*f;

	make_tree();
	dirs[0] = top;
	s = cga_sources_new(dirs, 1);
	/* Relative to the current directory, the repository's top. */
	ck_assert_int_eq(cga_sources_found(s, "testdata/src/recur.c"), 1);
	ck_assert_int_eq(cga_sources_found(s, "sub/f.c"), 1);
	f = cga_sources_open(s, "sub/f.c", &opened, &why);
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_ptr_nonnull(opened);
	ck_assert_str_eq(opened + strlen(top), "sub/f.c");
	ck_assert(strncmp(opened, top, strlen(top)) == 0);
	free(opened);
	f = cga_sources_open(s, "testdata/src/recur.c", &opened, &why);
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_str_eq(opened, "testdata/src/recur.c");
	free(opened);
	cga_sources_free(s);
	remove_tree();
}
END_TEST

/*
 * A file found missing is not looked for again, nor are the other files
 * of a directory found missing: one answer each, even if the disk changes.
 */
START_TEST(missing_files_and_directories_are_asked_once)
{
	struct cga_sources	*s;
	char			*opened = NULL, dir[128], name[160];
	const char		*why;
	FILE			*f;

	make_tree();
	s = cga_sources_new(NULL, 0);
	snprintf(dir, sizeof(dir), "%snew", top);
	snprintf(name, sizeof(name), "%s/g.c", dir);
	ck_assert_int_eq(cga_sources_found(s, name), 0);
	/* The directory and the file appear: the answer stands. */
	ck_assert_int_eq(mkdir(dir, 0700), 0);
	f = fopen(name, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(cga_sources_found(s, name), 0);
	ck_assert_ptr_null(cga_sources_open(s, name, &opened, &why));
	ck_assert_str_eq(why, "not found");
	/* Another file of that directory: its directory was asked about. */
	snprintf(name, sizeof(name), "%s/h.c", dir);
	f = fopen(name, "w");
	ck_assert_ptr_nonnull(f);
	fclose(f);
	ck_assert_int_eq(cga_sources_found(s, name), 0);
	cga_sources_free(s);
	/* A new finder looks afresh. */
	s = cga_sources_new(NULL, 0);
	ck_assert_int_eq(cga_sources_found(s, name), 1);
	cga_sources_free(s);
	unlink(name);
	snprintf(name, sizeof(name), "%s/g.c", dir);
	unlink(name);
	rmdir(dir);
	remove_tree();
}
END_TEST

START_TEST(source_not_found_anywhere)
{
	struct cga_sources	*s;
	char			*dirs[] = { (char *)"/nonexistent/" };
	char			*opened = NULL;
	const char		*why;

	s = cga_sources_new(dirs, 1);
	ck_assert_int_eq(cga_sources_found(s, "no-such-file.c"), 0);
	ck_assert_ptr_null(cga_sources_open(s, "other-missing.c", &opened,
	    &why));
	ck_assert_str_eq(why, "not found");
	ck_assert_ptr_null(opened);
	cga_sources_free(s);
	cga_sources_free(NULL);
}
END_TEST

/* A FIFO would block for ever: it is never opened; nor is a directory. */
START_TEST(fifo_and_directory_are_not_regular_files)
{
	struct cga_sources	*s;
	char			*opened = NULL, fifo[160], dir[160];
	const char		*why = NULL;

	make_tree();
	snprintf(fifo, sizeof(fifo), "%sfifo.c", top);
	ck_assert_int_eq(mkfifo(fifo, 0600), 0);
	snprintf(dir, sizeof(dir), "%ssub", top);
	s = cga_sources_new(NULL, 0);
	ck_assert_ptr_null(cga_sources_open(s, fifo, &opened, &why));
	ck_assert_str_eq(why, "not a regular file");
	ck_assert_ptr_null(cga_sources_open(s, dir, &opened, &why));
	ck_assert_str_eq(why, "not a regular file");
	ck_assert_ptr_null(opened);
	cga_sources_free(s);
	unlink(fifo);
	remove_tree();
}
END_TEST

Suite *
sources_suite(void)
{
	Suite	*s = suite_create("sources");
	TCase	*tc = tcase_create("sources");

	tcase_add_test(tc, source_is_found_here_or_in_an_include_dir);
	tcase_add_test(tc, missing_files_and_directories_are_asked_once);
	tcase_add_test(tc, source_not_found_anywhere);
	tcase_add_test(tc, fifo_and_directory_are_not_regular_files);
	suite_add_tcase(s, tc);
	return s;
}
