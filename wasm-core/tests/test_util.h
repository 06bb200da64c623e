/* SPDX-License-Identifier: GPL-2.0 */
/*
 * test_util.h - what the engine, lab and API tests share: just enough JSON
 * reading to check the ABI's outputs without a JSON library. The outputs are
 * compact (no spaces) and written by jbuf.c, which is all these rely on.
 */
#ifndef JC_TEST_UTIL_H
#define JC_TEST_UTIL_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * json_num - the number after the first "@key": at or after @from.
 * Returns false when the key is missing or not followed by a number.
 */
static inline bool json_num(const char *from, const char *key, double *out)
{
	char pat[96];
	const char *p;
	char *end;

	if (!from)
		return false;
	snprintf(pat, sizeof(pat), "\"%s\":", key);
	p = strstr(from, pat);
	if (!p)
		return false;
	p += strlen(pat);
	*out = strtod(p, &end);
	return end != p;
}

/*
 * json_metric - metric @key of a jc_result_json() text, looked up inside
 * its "metrics" object so that a same-named key elsewhere cannot match.
 * Returns -1 when it is missing (every metric is >= 0).
 */
static inline double json_metric(const char *result, const char *key)
{
	double v;

	if (!result || !json_num(strstr(result, "\"metrics\":{"), key, &v))
		return -1;
	return v;
}

/* json_has_key - whether "@key": occurs in @json */
static inline bool json_has_key(const char *json, const char *key)
{
	char pat[96];

	snprintf(pat, sizeof(pat), "\"%s\":", key);
	return json && strstr(json, pat);
}

/*
 * json_count - occurrences of @needle in @json. Not strstr(): the
 * sanitizers' strstr measures the whole rest of the string on every call,
 * and a trace of many steps is megabytes long.
 */
static inline int json_count(const char *json, const char *needle)
{
	size_t len = strlen(needle);
	int n = 0;

	if (!json || !len)
		return 0;
	while (*json) {
		if (*json == *needle && !strncmp(json, needle, len)) {
			n++;
			json += len;
		} else {
			json++;
		}
	}
	return n;
}

/*
 * json_balanced - whether @json is one object or array whose braces and
 * brackets nest properly outside strings, with nothing after its end.
 */
static inline bool json_balanced(const char *json)
{
	char stack[64];
	int depth = 0;
	bool in_str = false;
	const char *p;

	if (!json || (json[0] != '{' && json[0] != '['))
		return false;
	for (p = json; *p; p++) {
		if (in_str) {
			if (*p == '\\' && p[1])
				p++;
			else if (*p == '"')
				in_str = false;
			continue;
		}
		switch (*p) {
		case '"':
			in_str = true;
			break;
		case '{':
		case '[':
			if (depth == (int)sizeof(stack))
				return false;
			stack[depth++] = *p == '{' ? '}' : ']';
			break;
		case '}':
		case ']':
			if (!depth || stack[--depth] != *p)
				return false;
			if (!depth && p[1])
				return false;
			break;
		}
	}
	return !depth && !in_str;
}

/*
 * json_array_len - number of values in the flat array of numbers that
 * follows "@key":[ ; -1 when the key is missing.
 */
static inline int json_array_len(const char *json, const char *key)
{
	char pat[96];
	const char *p;
	int n = 0;

	snprintf(pat, sizeof(pat), "\"%s\":[", key);
	p = json ? strstr(json, pat) : NULL;
	if (!p)
		return -1;
	p += strlen(pat);
	if (*p == ']')
		return 0;
	for (n = 1; *p && *p != ']'; p++)
		if (*p == ',')
			n++;
	return n;
}

/*
 * struct mail_row - a row of jc_rows_json(): its number and label, its
 * parameters turned back into "name=value;..." and the mail's two figures.
 */
struct mail_row {
	int row;
	char label[16];
	char params[256];
	double paper_before, paper_after;
};

/*
 * json_mail_rows - the rows of a jc_rows_json() text into @rows, at most
 * @max; returns how many. Include after cmocka.h (it asserts the shape).
 */
static inline int json_mail_rows(const char *json, struct mail_row *rows, int max)
{
	const char *p = strstr(json, "\"rows\":[");
	int n = 0;

	while (p && n < max && (p = strstr(p, "{\"row\":"))) {
		struct mail_row *r = &rows[n++];
		const char *q, *end;
		size_t len = 0;

		memset(r, 0, sizeof(*r));
		r->row = (int)strtol(p + strlen("{\"row\":"), NULL, 10);
		q = strstr(p, "\"label\":\"");
		assert_non_null(q);
		q += strlen("\"label\":\"");
		snprintf(r->label, sizeof(r->label), "%.*s", (int)(strchr(q, '"') - q), q);
		q = strstr(p, "\"params\":{");
		assert_non_null(q);
		q += strlen("\"params\":{");
		end = strchr(q, '}');
		assert_non_null(end);
		while (q < end) {
			const char *name = q + 1, *colon = strchr(name, '"');
			char *num_end;
			long long v;

			assert_true(*q == '"' && colon && colon[1] == ':');
			v = strtoll(colon + 2, &num_end, 10);
			len += (size_t)snprintf(r->params + len, sizeof(r->params) - len,
						"%s%.*s=%lld", len ? ";" : "",
						(int)(colon - name), name, v);
			assert_true(len < sizeof(r->params));
			q = *num_end == ',' ? num_end + 1 : num_end;
		}
		assert_true(json_num(end, "before", &r->paper_before));
		assert_true(json_num(end, "after", &r->paper_after));
		p = end;
	}
	return n;
}

#endif /* JC_TEST_UTIL_H */
