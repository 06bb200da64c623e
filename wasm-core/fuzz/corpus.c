// SPDX-License-Identifier: GPL-2.0
/*
 * corpus - write the fuzz targets' seed corpus from every lab's paper rows:
 *
 *   corpus DIR      DIR/fuzz_params/, DIR/fuzz_run/, DIR/fuzz_readers/
 *
 * Each row gives one input per target (and per variant for the runs), in
 * the byte layout the target's header describes, so the fuzzers start from
 * the configurations the mails measured. `make -C wasm-core fuzz-corpus`
 * rewrites fuzz/corpus/ with it; the result is kept in the repository.
 */
#include <errno.h>
#include <sys/stat.h>

#include "fuzz.h"

static void put(const char *dir, const char *target, const char *name,
		const void *data, size_t len)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, target);
	if (mkdir(path, 0755) && errno != EEXIST) {
		perror(path);
		exit(1);
	}
	snprintf(path, sizeof(path), "%s/%s/%s", dir, target, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
		perror(path);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	static char params[16][1024];
	unsigned char buf[2048];
	char name[64];
	int l, r, n, v;

	if (argc != 2) {
		fprintf(stderr, "usage: corpus DIR\n");
		return 2;
	}
	if (mkdir(argv[1], 0755) && errno != EEXIST) {
		perror(argv[1]);
		return 1;
	}
	fuzz_init_labs();
	for (l = 0; l < fuzz_nr_labs; l++) {
		for (n = 0; n < 16 && fuzz_row_params(fuzz_labs[l], n, params[n], sizeof(params[n])); n++)
			;
		for (r = 0; r < n; r++) {
			size_t len = strlen(params[r]);

			buf[0] = (unsigned char)l;
			memcpy(buf + 1, params[r], len);
			snprintf(name, sizeof(name), "%s-row%d", fuzz_labs[l], r + 1);
			put(argv[1], "fuzz_params", name, buf, len + 1);

			for (v = 0; v < 2; v++) {
				const char *opts = "stop_step=20000;trace_max=64;marks_max=128";
				size_t ol = strlen(opts);

				buf[0] = (unsigned char)l;
				buf[1] = (unsigned char)v;
				buf[2] = 1, buf[3] = buf[4] = buf[5] = 0;
				buf[6] = 255;
				memcpy(buf + 7, params[r], len);
				buf[7 + len] = '\0';
				memcpy(buf + 8 + len, opts, ol);
				snprintf(name, sizeof(name), "%s-row%d-%s", fuzz_labs[l],
					 r + 1, v ? "after" : "before");
				put(argv[1], "fuzz_run", name, buf, 8 + len + ol);
			}
			if (r < 8) {
				const char *lines = "stop_step=5000;trace_from=4900;trace_max=200\n"
						    "stop_step=9000;trace_max=16\n"
						    "trace_from=12000;trace_max=100\n";

				buf[0] = (unsigned char)l;
				buf[1] = (unsigned char)(r % 2);
				buf[2] = (unsigned char)r;
				memcpy(buf + 3, lines, strlen(lines));
				snprintf(name, sizeof(name), "%s-row%d", fuzz_labs[l], r + 1);
				put(argv[1], "fuzz_readers", name, buf, 3 + strlen(lines));
			}
		}
		/* refusals the parser must name */
		buf[0] = (unsigned char)l;
		memcpy(buf + 1, "nosuch=1;x", 10);
		snprintf(name, sizeof(name), "%s-unknown", fuzz_labs[l]);
		put(argv[1], "fuzz_params", name, buf, 11);
	}
	memcpy(buf, "\xff" "ext9\nfiles=3", 12);
	put(argv[1], "fuzz_params", "unknown-lab", buf, 12);
	return 0;
}
