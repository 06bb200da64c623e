// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_readers - the readers of a run's outputs at fuzzed offsets: a run
 * halted at a fuzzed step with a fuzzed trace window, then taken further by
 * a fuzzed sequence of jc_advance() calls, every output read after each.
 *
 * Input: lab byte, variant byte, row byte (the lab's paper row whose
 * parameters the run takes, or its defaults), then lines of options, the
 * first for jc_run(), each later one for a jc_advance(). The paper rows are
 * large, so the event budget (30,000 events) ends most of them early:
 * that path, a run stopped by its budget and then asked for its outputs
 * and to go on, is one of the things read here.
 */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const variants[] = { "before", "after" };
	char params[1024], *text, *line, *next, opts[512];
	const char *lab;
	int ret, calls = 0;

	fuzz_init_labs();
	if (size < 3)
		return 0;
	lab = fuzz_labs[data[0] % fuzz_nr_labs];
	if (data[2] < 128)
		fuzz_row_params(lab, data[2] % 8, params, sizeof(params));
	else
		params[0] = '\0';
	text = fuzz_text(data + 3, size - 3);

	for (line = text; line && calls < 16; line = next, calls++) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		if (strlen(line) > 400)
			line[400] = '\0';
		if (!calls) {
			snprintf(opts, sizeof(opts), "%s%smax_events=30000;max_mem_mb=64",
				 line, *line ? ";" : "");
			ret = jc_run(lab, variants[data[1] % 2], params, 1, opts);
		} else {
			ret = jc_advance(line);
		}
		if (ret == JC_EINTERNAL) {
			fprintf(stderr, "fuzz: %s returned JC_EINTERNAL: %s\n",
				calls ? "jc_advance" : "jc_run", jc_last_error());
			abort();
		}
		if (ret != JC_OK)
			fuzz_error(calls ? "jc_advance" : "jc_run");
		if (ret == JC_EINVAL && !calls)
			break;
		fuzz_outputs();
	}
	free(text);
	return 0;
}
