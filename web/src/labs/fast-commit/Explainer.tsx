/** The fast-commit mail, told in this project's own words, with links to the sources. */
import { memo } from 'react';
import { MAILS, mailLinks } from '../../../../lib/mails';
import type { LabData } from '../../app/simHooks';
import { Sources } from '../../app/Sources';

/** The series' two postings (the first is the one cited) and the links mails/fast-commit.json keeps. */
export const LINKS = {
  mailV1: MAILS['fast-commit'].cite.url,
  ...mailLinks('fast-commit', ['mailV2', 'commit', 'source', 'ident', 'lwn']),
} as const;


/** Static text: memoized so that the page's re-renders while playing skip it. */
export const Explainer = memo(function Explainer({ data }: { data: LabData }) {
  return (
    <section className="panel explainer" aria-labelledby="mail-heading">
      <h2 id="mail-heading">The mail in short</h2>
      <div className="explainer-cols">
        <div>
          <h3>Fast commit</h3>
          <p>
            An fsync on ext4 normally makes jbd2 commit a whole transaction: every changed metadata block goes
            to the journal. A file system made with <span className="mono">mkfs -O fast_commit</span> can do
            less: it logs a short description of what changed (“create name <i>x</i> in directory <i>d</i>”,
            “inode <i>i</i> now has these blocks”) in a small area after the journal and only falls back to a
            full commit when it must (<a href={LINKS.lwn} target="_blank" rel="noreferrer">LWN on fast commits</a>).
          </p>
          <p>
            To know what to log, ext4 keeps two lists in its superblock info, both guarded by the spinlock{' '}
            <span className="mono">s_fc_lock</span>: <span className="mono">s_fc_q</span>, the inodes changed
            since the last commit, and <span className="mono">s_fc_dentry_q</span>, the directory operations
            (create, link, unlink) in the order they happened.
          </p>
        </div>
        <div>
          <h3>The loop that went quadratic</h3>
          <p>
            <a href={LINKS.ident} target="_blank" rel="noreferrer" className="mono">
              ext4_fc_commit_dentry_updates()
            </a>{' '}
            writes the directory records. A create record must be preceded in the log by its new inode (data
            and inode first, then the name), but the record only remembered an inode <i>number</i>. So for
            every create record the commit searched <span className="mono">s_fc_q</span> from its head until
            it met that number, holding <span className="mono">s_fc_lock</span> all along. <i>N</i> records
            times a search through <i>N</i> inodes: <i>O</i>(<i>N</i>²) comparisons. Meanwhile every other thread
            sleeps: a fast commit locks the journal's updates, so a create waits in{' '}
            <span className="mono">start_this_handle()</span> and an fsync waits for the commit to end.
          </p>
          <p>
            fs_mark with <span className="mono">-S5</span> (post-fsync) makes <i>N</i> large: each thread
            first creates all files of a loop, then fsyncs them one by one. Before the first commit runs, the
            queues already hold <i>ways</i> × <i>files</i> entries: 64 × 1024 = 65,536 at row 7 of the
            mail's table, where creates per second fall from about 88K to under 1K. Each loop fs_mark forks
            one child per directory way and waits for all of them; it reports the loop's files per second as
            the sum of each child's files over its own loop time, and the mail's figure averages the loops.
            The simulator measures <span className="mono">creates_per_s</span> the same way.
          </p>
        </div>
        <div>
          <h3>The fix</h3>
          <p>
            The patch (upstream{' '}
            <a href={LINKS.commit} target="_blank" rel="noreferrer" className="mono">
              b3998b3bc658
            </a>
            , Linux 5.18) links each create record to its inode's entry when the record is queued. The commit
            follows that link instead of searching, so writing <i>N</i> records costs <i>O</i>(<i>N</i>) and
            the lock is held briefly. In the animation, <b>before</b> shows the scan (the compared inode
            entry and a trail of the ones already passed); <b>after</b> shows one arrow from the record to
            its inode.
          </p>
          <p>
            With the walk gone, the creates meet on the same lock: a create takes{' '}
            <span className="mono">s_fc_lock</span> four times in 5.17, once for each of the new inode's three{' '}
            <span className="mono">ext4_mark_inode_dirty()</span> calls and once for its record, so 64 threads
            spin on it between fast commits.
          </p>
          <p>
            The fast-commit area is finite: a commit that does not fit falls back to a full jbd2 commit, which
            logs everything queued and ends the walk early. The mail names neither its disk nor its journal.
            The simulator takes what <span className="mono">mke2fs</span> gives a file system of 128 GiB or
            more, a 1 GiB journal with a 4,096-block area (1/64 of it); a smaller disk gets a smaller area
            (256 blocks from 2 to 16 GiB), and the <span className="mono">fc_blocks</span> parameter shows what
            that changes. Rows 7 and 8 fall back once in both variants.
          </p>
          <Sources
            read={
              <>
                Read the mail:{' '}
                <a href={LINKS.mailV2} target="_blank" rel="noreferrer">
                  v2 cover letter
                </a>{' '}
                (and the{' '}
                <a href={LINKS.mailV1} target="_blank" rel="noreferrer">
                  v1
                </a>
                )
              </>
            }
            code={[{ file: 'fs/ext4/fast_commit.c', href: LINKS.source }]}
            citation={data.rows.citation}
          />
        </div>
      </div>
    </section>
  );
});
