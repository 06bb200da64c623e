// SPDX-License-Identifier: GPL-2.0
/*
 * jbuf.c - JSON text into a growable buffer (see jbuf.h).
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jbuf.h"

static bool jb_grow(struct jbuf *jb, size_t more)
{
	size_t cap = jb->cap ? jb->cap : 256;
	char *p;

	if (jb->oom)
		return false;
	while (cap < jb->len + more + 1)
		cap *= 2;
	if (cap == jb->cap)
		return true;
	p = realloc(jb->buf, cap);
	if (!p) {
		jb->oom = true;
		return false;
	}
	jb->buf = p;
	jb->cap = cap;
	return true;
}

void jb_reset(struct jbuf *jb)
{
	jb->len = 0;
	jb->comma = false;
	jb->oom = false;
	if (jb_grow(jb, 1))
		jb->buf[0] = '\0';
}

void jb_free(struct jbuf *jb)
{
	free(jb->buf);
	memset(jb, 0, sizeof(*jb));
}

const char *jb_str(struct jbuf *jb)
{
	if (jb->oom)
		return "{\"error\":\"out of memory writing JSON\"}";
	return jb->buf ? jb->buf : "";
}

void jb_raw(struct jbuf *jb, const char *s)
{
	size_t n = strlen(s);

	if (!jb_grow(jb, n))
		return;
	memcpy(jb->buf + jb->len, s, n + 1);
	jb->len += n;
}

void jb_printf(struct jbuf *jb, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !jb_grow(jb, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(jb->buf + jb->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	jb->len += (size_t)n;
}

static void jb_sep(struct jbuf *jb)
{
	if (jb->comma)
		jb_raw(jb, ",");
	jb->comma = true;
}

void jb_obj_open(struct jbuf *jb)
{
	jb_sep(jb);
	jb_raw(jb, "{");
	jb->comma = false;
}

void jb_obj_close(struct jbuf *jb)
{
	jb_raw(jb, "}");
	jb->comma = true;
}

void jb_arr_open(struct jbuf *jb)
{
	jb_sep(jb);
	jb_raw(jb, "[");
	jb->comma = false;
}

void jb_arr_close(struct jbuf *jb)
{
	jb_raw(jb, "]");
	jb->comma = true;
}

static void jb_quoted(struct jbuf *jb, const char *s)
{
	jb_raw(jb, "\"");
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			jb_printf(jb, "\\%c", c);
		else if (c < 0x20)
			jb_printf(jb, "\\u%04x", c);
		else
			jb_printf(jb, "%c", c);
	}
	jb_raw(jb, "\"");
}

void jb_key(struct jbuf *jb, const char *key)
{
	jb_sep(jb);
	jb_quoted(jb, key);
	jb_raw(jb, ":");
	jb->comma = false;
}

void jb_str_val(struct jbuf *jb, const char *s)
{
	jb_sep(jb);
	jb_quoted(jb, s);
}

void jb_int(struct jbuf *jb, long long v)
{
	jb_sep(jb);
	jb_printf(jb, "%lld", v);
}

void jb_uint(struct jbuf *jb, unsigned long long v)
{
	jb_sep(jb);
	jb_printf(jb, "%llu", v);
}

void jb_num(struct jbuf *jb, double v)
{
	jb_sep(jb);
	if (!isfinite(v))
		jb_raw(jb, "null");
	else if (v == (double)(long long)v && fabs(v) < 9e15)
		jb_printf(jb, "%lld", (long long)v);
	else
		jb_printf(jb, "%.10g", v);
}

void jb_bool(struct jbuf *jb, bool v)
{
	jb_sep(jb);
	jb_raw(jb, v ? "true" : "false");
}

void jb_null(struct jbuf *jb)
{
	jb_sep(jb);
	jb_raw(jb, "null");
}

void jb_kv_str(struct jbuf *jb, const char *key, const char *v)
{
	jb_key(jb, key);
	jb_str_val(jb, v);
}

void jb_kv_int(struct jbuf *jb, const char *key, long long v)
{
	jb_key(jb, key);
	jb_int(jb, v);
}

void jb_kv_uint(struct jbuf *jb, const char *key, unsigned long long v)
{
	jb_key(jb, key);
	jb_uint(jb, v);
}

void jb_kv_num(struct jbuf *jb, const char *key, double v)
{
	jb_key(jb, key);
	jb_num(jb, v);
}

void jb_kv_bool(struct jbuf *jb, const char *key, bool v)
{
	jb_key(jb, key);
	jb_bool(jb, v);
}
