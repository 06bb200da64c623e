/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jbuf.h - a growable string buffer that writes JSON.
 *
 * The API layer owns a few of these and hands their text to JavaScript.
 * Numbers are written with enough digits to round-trip, and the output
 * is the same natively and in WASM (both use IEEE doubles and correctly
 * rounded printf).
 */
#ifndef JC_JBUF_H
#define JC_JBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct jbuf {
	char *buf;
	size_t len, cap;
	bool comma;		/* the next value needs a separating comma */
	bool oom;
};

void jb_reset(struct jbuf *jb);
void jb_free(struct jbuf *jb);
const char *jb_str(struct jbuf *jb);
void jb_raw(struct jbuf *jb, const char *s);
void jb_printf(struct jbuf *jb, const char *fmt, ...);

void jb_obj_open(struct jbuf *jb);
void jb_obj_close(struct jbuf *jb);
void jb_arr_open(struct jbuf *jb);
void jb_arr_close(struct jbuf *jb);
/* jb_key - write "key": ; the value call that follows writes no comma */
void jb_key(struct jbuf *jb, const char *key);
void jb_str_val(struct jbuf *jb, const char *s);
void jb_int(struct jbuf *jb, long long v);
void jb_uint(struct jbuf *jb, unsigned long long v);
void jb_num(struct jbuf *jb, double v);
void jb_bool(struct jbuf *jb, bool v);
void jb_null(struct jbuf *jb);

/* key and value in one call, inside an object */
void jb_kv_str(struct jbuf *jb, const char *key, const char *v);
void jb_kv_int(struct jbuf *jb, const char *key, long long v);
void jb_kv_uint(struct jbuf *jb, const char *key, unsigned long long v);
void jb_kv_num(struct jbuf *jb, const char *key, double v);
void jb_kv_bool(struct jbuf *jb, const char *key, bool v);

#endif /* JC_JBUF_H */
