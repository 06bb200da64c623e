// SPDX-License-Identifier: GPL-2.0-only
/*
 * statwalk: the inode-hash lab's parallel stat walker.
 *
 * --create builds one tree per thread, ROOT/t<n>/d<d>/f<f>, with empty
 * files; --walk has every thread read the directories of its own tree and
 * stat(2) each entry, so that on a cold cache every lookup misses the inode
 * hash and goes through iget_locked(). This is the shape of the benchmark in
 * the inode-hash mail (N threads, each with its own dirs x files tree); the
 * code is our own.
 *
 * The threads start together at a barrier. The result is one JSON object on
 * stdout: the shape, the number of stats (or files created), the wall time
 * from the first thread's start to the last thread's end, the process's user
 * and system time from the barrier on (getrusage), and each thread's own time.
 *
 * Exit status: 0 done, 1 a system call failed or the tree is not the one
 * asked for, 2 bad arguments.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#define STATWALK_MAX_THREADS	1024
#define STATWALK_MAX_DIRS	1000000
#define STATWALK_MAX_FILES	1000000

#define EXIT_USAGE	2

enum statwalk_mode {
	MODE_NONE,
	MODE_CREATE,
	MODE_WALK,
};

struct statwalk_opts {
	const char *root;
	long threads;
	long dirs;
	long files;
	enum statwalk_mode mode;
	int drop_caches;
};

/* One per thread: its tree, and what it did. */
struct walker {
	pthread_t tid;
	int index;
	int rootfd;
	const struct statwalk_opts *opts;
	pthread_barrier_t *start;
	unsigned long long count;
	/* CLOCK_MONOTONIC at its start and end */
	double start_s;
	double end_s;
	/* the first failure, for the main thread to print */
	char error[PATH_MAX + 128];
};

static const char *prog = "statwalk";

static void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr,
		"\nusage: %s --root DIR --threads N --dirs D --files F (--create | --walk) [--drop-caches]\n",
		prog);
	exit(EXIT_USAGE);
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static double timeval_s(const struct timeval *tv)
{
	return tv->tv_sec + tv->tv_usec / 1e6;
}

/* A whole decimal number in [min, max], or a usage error naming the option. */
static long parse_count(const char *name, const char *text, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(text, &end, 10);
	if (errno || end == text || *end != '\0' || v < min || v > max)
		usage_error("--%s must be a whole number from %ld to %ld, got '%s'",
			    name, min, max, text);
	return v;
}

static void parse_args(int argc, char **argv, struct statwalk_opts *o)
{
	enum { OPT_ROOT = 1, OPT_THREADS, OPT_DIRS, OPT_FILES, OPT_CREATE,
	       OPT_WALK, OPT_DROP };
	static const struct option longopts[] = {
		{ "root", required_argument, NULL, OPT_ROOT },
		{ "threads", required_argument, NULL, OPT_THREADS },
		{ "dirs", required_argument, NULL, OPT_DIRS },
		{ "files", required_argument, NULL, OPT_FILES },
		{ "create", no_argument, NULL, OPT_CREATE },
		{ "walk", no_argument, NULL, OPT_WALK },
		{ "drop-caches", no_argument, NULL, OPT_DROP },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_ROOT:
			if (optarg[0] == '\0')
				usage_error("--root must name a directory, got ''");
			o->root = optarg;
			break;
		case OPT_THREADS:
			o->threads = parse_count("threads", optarg, 1, STATWALK_MAX_THREADS);
			break;
		case OPT_DIRS:
			o->dirs = parse_count("dirs", optarg, 1, STATWALK_MAX_DIRS);
			break;
		case OPT_FILES:
			o->files = parse_count("files", optarg, 1, STATWALK_MAX_FILES);
			break;
		case OPT_CREATE:
		case OPT_WALK:
			if (o->mode != MODE_NONE)
				usage_error("give one of --create and --walk, not both");
			o->mode = c == OPT_CREATE ? MODE_CREATE : MODE_WALK;
			break;
		case OPT_DROP:
			o->drop_caches = 1;
			break;
		case ':':
			usage_error("%s needs a value", argv[optind - 1]);
			break;
		default:
			usage_error("unknown option '%s' (options: --root, --threads, --dirs, --files, --create, --walk, --drop-caches)",
				    argv[optind - 1]);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (!o->root)
		usage_error("--root DIR is required");
	if (!o->threads)
		usage_error("--threads N is required (1 to %d)", STATWALK_MAX_THREADS);
	if (!o->dirs)
		usage_error("--dirs D is required (1 to %d)", STATWALK_MAX_DIRS);
	if (!o->files)
		usage_error("--files F is required (1 to %d)", STATWALK_MAX_FILES);
	if (o->mode == MODE_NONE)
		usage_error("give one of --create and --walk");
	if (o->drop_caches && o->mode != MODE_WALK)
		usage_error("--drop-caches goes with --walk");
}

static int walker_fail(struct walker *w, const char *what, const char *name, int err)
{
	snprintf(w->error, sizeof(w->error), "thread %d: %s %s/t%d/%s: %s",
		 w->index, what, w->opts->root, w->index, name, strerror(err));
	return -1;
}

/* mkdirat that accepts a directory left by an earlier --create */
static int mkdir_once(int dirfd, const char *name)
{
	if (mkdirat(dirfd, name, 0755) && errno != EEXIST)
		return -1;
	return 0;
}

static int create_tree(struct walker *w, int rootfd)
{
	const struct statwalk_opts *o = w->opts;
	char tname[32], dname[32], fname[32], where[64];
	int tfd, dfd, fd, ret = 0;
	long d, f;

	snprintf(tname, sizeof(tname), "t%d", w->index);
	if (mkdir_once(rootfd, tname))
		return walker_fail(w, "cannot create", "", errno);
	tfd = openat(rootfd, tname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (tfd < 0)
		return walker_fail(w, "cannot open", "", errno);

	for (d = 0; d < o->dirs && !ret; d++) {
		snprintf(dname, sizeof(dname), "d%ld", d);
		if (mkdir_once(tfd, dname)) {
			ret = walker_fail(w, "cannot create", dname, errno);
			break;
		}
		dfd = openat(tfd, dname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd < 0) {
			ret = walker_fail(w, "cannot open", dname, errno);
			break;
		}
		for (f = 0; f < o->files; f++) {
			snprintf(fname, sizeof(fname), "f%ld", f);
			fd = openat(dfd, fname, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (fd < 0) {
				snprintf(where, sizeof(where), "%s/%s", dname, fname);
				ret = walker_fail(w, "cannot create", where, errno);
				break;
			}
			close(fd);
			w->count++;
		}
		close(dfd);
	}
	close(tfd);
	return ret;
}

/* Stat every entry of t<n>/d<d>; the directory must hold exactly --files entries. */
static int walk_dir(struct walker *w, int tfd, const char *dname)
{
	unsigned long long found = 0;
	struct dirent *de;
	struct stat st;
	char where[PATH_MAX];
	DIR *dir;
	int dfd;

	dfd = openat(tfd, dname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return walker_fail(w, "cannot open", dname, errno);
	dir = fdopendir(dfd);
	if (!dir) {
		close(dfd);
		return walker_fail(w, "cannot read", dname, errno);
	}
	for (;;) {
		errno = 0;
		de = readdir(dir);
		if (!de) {
			if (errno) {
				closedir(dir);
				return walker_fail(w, "cannot read", dname, errno);
			}
			break;
		}
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		if (fstatat(dfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW)) {
			snprintf(where, sizeof(where), "%s/%s", dname, de->d_name);
			closedir(dir);
			return walker_fail(w, "cannot stat", where, errno);
		}
		found++;
	}
	closedir(dir);
	w->count += found;
	if (found != (unsigned long long)w->opts->files) {
		snprintf(w->error, sizeof(w->error),
			 "thread %d: %s/t%d/%s holds %llu entries, not --files %ld: was the tree made by --create with the same --dirs and --files?",
			 w->index, w->opts->root, w->index, dname, found, w->opts->files);
		return -1;
	}
	return 0;
}

static int walk_tree(struct walker *w, int rootfd)
{
	char tname[32], dname[32];
	int tfd, ret = 0;
	long d;

	snprintf(tname, sizeof(tname), "t%d", w->index);
	tfd = openat(rootfd, tname, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (tfd < 0)
		return walker_fail(w, "cannot open", "", errno);
	for (d = 0; d < w->opts->dirs && !ret; d++) {
		snprintf(dname, sizeof(dname), "d%ld", d);
		ret = walk_dir(w, tfd, dname);
	}
	close(tfd);
	return ret;
}

static void *walker_main(void *arg)
{
	struct walker *w = arg;

	pthread_barrier_wait(w->start);
	w->start_s = now_s();
	if (w->opts->mode == MODE_CREATE)
		create_tree(w, w->rootfd);
	else
		walk_tree(w, w->rootfd);
	w->end_s = now_s();
	return NULL;
}

/* Write back and drop the page, dentry and inode caches: the walk starts cold. */
static int drop_caches(void)
{
	const char *path = "/proc/sys/vm/drop_caches";
	int fd;

	sync();
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, "3\n", 2) != 2) {
		fprintf(stderr, "%s: --drop-caches: cannot write 3 to %s: %s (it needs root)\n",
			prog, path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static void print_json(const struct statwalk_opts *o, const struct walker *w,
		       double user_s, double sys_s)
{
	unsigned long long total = 0;
	double first = w[0].start_s, last = w[0].end_s;
	long i;

	for (i = 0; i < o->threads; i++) {
		total += w[i].count;
		if (w[i].start_s < first)
			first = w[i].start_s;
		if (w[i].end_s > last)
			last = w[i].end_s;
	}
	printf("{\"mode\":\"%s\",\"threads\":%ld,\"dirs\":%ld,\"files\":%ld,\"%s\":%llu,"
	       "\"elapsed_s\":%.6f,\"user_s\":%.6f,\"sys_s\":%.6f,\"per_thread_s\":[",
	       o->mode == MODE_CREATE ? "create" : "walk", o->threads, o->dirs, o->files,
	       o->mode == MODE_CREATE ? "created" : "stats", total, last - first, user_s, sys_s);
	for (i = 0; i < o->threads; i++)
		printf("%s%.6f", i ? "," : "", w[i].end_s - w[i].start_s);
	printf("]}\n");
}

int main(int argc, char **argv)
{
	struct statwalk_opts o;
	struct rusage ru0, ru1;
	pthread_barrier_t start;
	struct walker *w;
	int rootfd, err, failed = 0;
	long i;

	parse_args(argc, argv, &o);
	rootfd = open(o.root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (rootfd < 0) {
		fprintf(stderr, "%s: --root %s: %s (it must be a directory)\n", prog, o.root,
			strerror(errno));
		return 1;
	}
	if (o.drop_caches && drop_caches())
		return 1;

	w = calloc(o.threads, sizeof(*w));
	if (!w) {
		fprintf(stderr, "%s: out of memory for %ld threads\n", prog, o.threads);
		return 1;
	}
	/* the threads wait at the barrier until all of them exist and main joins */
	pthread_barrier_init(&start, NULL, o.threads + 1);
	for (i = 0; i < o.threads; i++) {
		w[i].index = i;
		w[i].rootfd = rootfd;
		w[i].opts = &o;
		w[i].start = &start;
		err = pthread_create(&w[i].tid, NULL, walker_main, &w[i]);
		if (err) {
			fprintf(stderr, "%s: cannot start thread %ld: %s\n", prog, i, strerror(err));
			return 1;
		}
	}
	getrusage(RUSAGE_SELF, &ru0);
	pthread_barrier_wait(&start);
	for (i = 0; i < o.threads; i++)
		pthread_join(w[i].tid, NULL);
	getrusage(RUSAGE_SELF, &ru1);
	pthread_barrier_destroy(&start);

	for (i = 0; i < o.threads; i++) {
		if (w[i].error[0]) {
			fprintf(stderr, "%s: %s\n", prog, w[i].error);
			failed = 1;
		}
	}
	if (!failed)
		print_json(&o, w, timeval_s(&ru1.ru_utime) - timeval_s(&ru0.ru_utime),
			   timeval_s(&ru1.ru_stime) - timeval_s(&ru0.ru_stime));
	free(w);
	close(rootfd);
	return failed;
}
