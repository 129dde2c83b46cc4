/*
 * check_tui.c: the text --tui's filter searches for before it tries a
 * regex (tui_filter_literal): worked out by hand for a set of regexes,
 * then, for every regex of a small alphabet that compiles and every name
 * of another, checked against regexec itself: a name the regex matches
 * holds the text, and where the regex is that text alone, every name
 * that holds it is matched; in the C locale and in UTF-8.
 */
#include <locale.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"
#include "tui/pane.h"

struct want {
	const char	*re;
	const char	*lit;
	int		 whole;
};

static const struct want wants[] = {
	{ "qsort", "qsort", 1 },
	{ "recur\\.c:f", "recur.c:f", 1 },
	{ "^main$", "main", 0 },
	{ "ab*c", "a", 0 },		/* b may be absent: "a", "c" */
	{ "foo+bar", "obar", 0 },	/* the last o begins the next run */
	{ "x{2,}yz", "xyz", 0 },
	{ "a{0,3}bcd", "bcd", 0 },
	{ "ab?", "a", 0 },
	{ "[a-z]+_init$", "_init", 0 },
	{ "[]x]yz", "yz", 0 },
	{ "[^]x]yz", "yz", 0 },
	{ "[[:alpha:]]ab", "ab", 0 },
	{ "a.b.cde", "cde", 0 },
	{ "\xc3\xa9t\xc3\xa9", "\xc3\xa9t\xc3\xa9", 0 },	/* not ASCII */
	{ "x\xc3\xa9*", "", 0 },	/* a wide character repeated */
	{ "\xc3\xa9?y", "", 0 },
	{ "a\xc3\xa9{0,2}", "", 0 },
	{ "a\xc3\xa9+b", "", 0 },
	{ "(foo|bar)", "", 0 },
	{ "foo|bar", "", 0 },
	{ "\\w+init", "", 0 },
	{ "*a", "", 0 },
	{ "a**", "", 0 },
	{ "^*a", "", 0 },
	{ "a{x}", "", 0 },
	{ "", "", 0 },
	{ ".", "", 0 },
};

START_TEST(literal_worked_out_by_hand)
{
	const struct want	*w = &wants[_i];
	char			*lit;
	int			 whole = -1;

	lit = tui_filter_literal(w->re, &whole);
	ck_assert_msg(strcmp(lit, w->lit) == 0, "%s: \"%s\", not \"%s\"",
	    w->re, lit, w->lit);
	ck_assert_msg(whole == w->whole, "%s: whole %d", w->re, whole);
	free(lit);
}
END_TEST

/* The regexes: every string of up to 4 of these that compiles. */
static const char re_chars[] = "ab.*+?^$[]{}1,\\(|";
/* The names: every string of up to 3 of these. */
static const char *const name_chars[] = {
	"a", "b", "{", "]", "\xc3\xa9", "\xff", "ba"
};

#define NNAMES	512

static char	**names;
static size_t	  nnames;

static void
make_names(void)
{
	size_t	 nc = sizeof(name_chars) / sizeof(name_chars[0]);
	size_t	 i, k, len, x;
	char	 buf[64];

	names = calloc(NNAMES, sizeof(*names));
	ck_assert_ptr_nonnull(names);
	/* All of up to 3 pieces, in order of length. */
	for (len = 0, nnames = 0; len <= 3; len++) {
		size_t	 combos = 1;

		for (k = 0; k < len; k++)
			combos *= nc;
		for (i = 0; i < combos && nnames < NNAMES; i++) {
			buf[0] = '\0';
			for (x = i, k = 0; k < len; k++, x /= nc)
				strcat(buf, name_chars[x % nc]);
			names[nnames] = strdup(buf);
			ck_assert_ptr_nonnull(names[nnames]);
			nnames++;
		}
	}
}

static void
free_names(void)
{
	size_t	 i;

	for (i = 0; i < nnames; i++)
		free(names[i]);
	free(names);
}

/* Every regex of up to 4 characters against every name, in one locale. */
static void
check_all(const char *locale)
{
	size_t	 nrc = sizeof(re_chars) - 1, len, i, k, x, combos, tried = 0;
	size_t	 proved = 0;
	char	 re[8], *lit;
	regex_t	 rx;
	int	 whole, m, holds;

	ck_assert_ptr_nonnull(setlocale(LC_ALL, locale));
	make_names();
	for (len = 1; len <= 4; len++) {
		for (combos = 1, k = 0; k < len; k++)
			combos *= nrc;
		for (i = 0; i < combos; i++) {
			for (x = i, k = 0; k < len; k++, x /= nrc)
				re[k] = re_chars[x % nrc];
			re[len] = '\0';
			if (regcomp(&rx, re, REG_EXTENDED | REG_NOSUB) != 0)
				continue;
			tried++;
			lit = tui_filter_literal(re, &whole);
			if (*lit != '\0')
				proved++;
			for (k = 0; k < nnames; k++) {
				m = regexec(&rx, names[k], 0, NULL, 0) == 0;
				holds = strstr(names[k], lit) != NULL;
				/* check writes a record at each assertion. */
				if (m && !holds)
					ck_abort_msg("%s: /%s/ matches \"%s\", "
					    "which lacks \"%s\"", locale, re,
					    names[k], lit);
				if (whole && m != holds)
					ck_abort_msg("%s: /%s/ is \"%s\" alone, "
					    "but \"%s\" %s", locale, re, lit,
					    names[k], m ? "matches" :
					    "does not match");
			}
			free(lit);
			regfree(&rx);
		}
	}
	free_names();
	setlocale(LC_ALL, "C");
	/* The alphabet must reach the cases that matter. */
	ck_assert_uint_gt(tried, 10000);
	ck_assert_uint_gt(proved, 1000);
}

/* Regexes of a wide character, each against every name, in UTF-8. */
static const char *const wide_res[] = {
	"x\xc3\xa9*", "\xc3\xa9?b", "a\xc3\xa9{0,2}", "\xc3\xa9+a",
	"b\xc3\xa9", "[\xc3\xa9]a", "\xc3\xa9.", "a\xff*",
};

START_TEST(a_match_holds_the_literal_wide)
{
	regex_t	 rx;
	char	*lit;
	size_t	 i, k;
	int	 whole, m;

	ck_assert_ptr_nonnull(setlocale(LC_ALL, "C.UTF-8"));
	make_names();
	for (i = 0; i < sizeof(wide_res) / sizeof(wide_res[0]); i++) {
		if (regcomp(&rx, wide_res[i], REG_EXTENDED | REG_NOSUB) != 0)
			continue;
		lit = tui_filter_literal(wide_res[i], &whole);
		for (k = 0; k < nnames; k++) {
			m = regexec(&rx, names[k], 0, NULL, 0) == 0;
			if (m && strstr(names[k], lit) == NULL)
				ck_abort_msg("/%s/ matches \"%s\", which lacks "
				    "\"%s\"", wide_res[i], names[k], lit);
			if (whole && m != (strstr(names[k], lit) != NULL))
				ck_abort_msg("/%s/ is \"%s\" alone", wide_res[i],
				    lit);
		}
		free(lit);
		regfree(&rx);
	}
	free_names();
	setlocale(LC_ALL, "C");
}
END_TEST

START_TEST(a_match_holds_the_literal_c_locale)
{
	check_all("C");
}
END_TEST

START_TEST(a_match_holds_the_literal_utf8)
{
	check_all("C.UTF-8");
}
END_TEST

Suite *
tui_suite(void)
{
	Suite	*s = suite_create("tui");
	TCase	*tc = tcase_create("filter");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, literal_worked_out_by_hand, 0,
	    (int)(sizeof(wants) / sizeof(wants[0])));
	tcase_add_test(tc, a_match_holds_the_literal_c_locale);
	tcase_add_test(tc, a_match_holds_the_literal_utf8);
	tcase_add_test(tc, a_match_holds_the_literal_wide);
	suite_add_tcase(s, tc);
	return s;
}
