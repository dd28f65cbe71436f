import { type Dirent, promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * PGlite runs PostgreSQL with `fsync = off` (it cannot be turned on) and never calls fsync: what it writes sits
 * in the operating system's cache, which survives the process being killed but not a power cut. This puts back
 * what fsync would have done, from outside:
 *
 * - after a write commits and before its caller is answered, the write-ahead log files written since the last
 *   pass are fsynced (callers arriving during a pass share the next one: group commit), so an acknowledged
 *   write is on disk and recovery can replay it;
 * - every few seconds, and when the database closes, every other file of the data directory changed since the
 *   last sweep is fsynced, which is what PostgreSQL's checkpoints would do.
 *
 * What remains: a power cut in the seconds between a checkpoint and the next sweep can leave data pages older
 * than the log that was recycled for them. PostgreSQL (DATABASE_URL) has none of this; production runs there.
 */
export class DurableFiles {
  private walPass: Promise<void> | null = null;
  private nextWalPass: Promise<void> | null = null;
  private walSyncedFrom = 0;
  private walNames = '';
  private sweptFrom = 0;
  private sweeping: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** fsyncs done so far, by kind (for tests and the benchmark). */
  readonly synced = { wal: 0, data: 0 };

  constructor(
    private readonly dataDir: string,
    private readonly options: { sweepEveryMs?: number; onSync?: (file: string) => void } = {},
  ) {}

  start() {
    const every = this.options.sweepEveryMs ?? 10_000;
    this.timer = setInterval(() => void this.sweep().catch(reportSyncError), every);
    this.timer.unref();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.walPass;
    await this.sweep();
  }

  /** Resolves once every write committed before the call is in the log on disk. */
  flushWal(): Promise<void> {
    if (!this.walPass) {
      this.walPass = this.syncWal().finally(() => {
        this.walPass = null;
      });
      return this.walPass;
    }
    // The pass under way may have read the files before this caller's commit: wait for the one after it.
    this.nextWalPass ??= this.walPass.then(() => {
      this.nextWalPass = null;
      return this.flushWal();
    });
    return this.nextWalPass;
  }

  private async syncWal() {
    const started = Date.now();
    const directory = path.join(this.dataDir, 'pg_wal');
    const names = (await fs.readdir(directory)).filter((name) => /^[0-9A-F]{24}$/.test(name)).sort();
    for (const name of names) {
      const file = path.join(directory, name);
      // Recycled segments wait under future names with old times: only what was written lately needs it.
      if ((await fs.stat(file)).mtimeMs >= this.walSyncedFrom) await this.fsync(file, 'wal', true);
    }
    const listing = names.join(',');
    if (listing !== this.walNames) {
      await this.fsync(directory, 'wal', false);
      this.walNames = listing;
    }
    // A little slack for file systems with coarse timestamps.
    this.walSyncedFrom = started - 2_000;
  }

  /** fsyncs every file of the data directory changed since the last sweep (one sweep at a time). */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce().finally(() => {
      this.sweeping = null;
    });
    return this.sweeping;
  }

  private async sweepOnce() {
    const started = Date.now();
    const walk = async (directory: string): Promise<boolean> => {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(directory, { withFileTypes: true });
      } catch {
        return false; // removed under us (a temporary directory)
      }
      let changed = false;
      for (const entry of entries) {
        const file = path.join(directory, entry.name);
        if (entry.isDirectory()) {
          if (await walk(file)) changed = true;
          continue;
        }
        if (!entry.isFile()) continue;
        try {
          if ((await fs.stat(file)).mtimeMs < this.sweptFrom) continue;
          await this.fsync(file, 'data', true);
          changed = true;
        } catch {
          // A file PostgreSQL removed between the listing and now needs nothing.
        }
      }
      if (changed) await this.fsync(directory, 'data', false);
      return changed;
    };
    await walk(this.dataDir);
    this.sweptFrom = started - 2_000;
  }

  private async fsync(file: string, kind: 'wal' | 'data', isFile: boolean) {
    const handle = await fs.open(file, 'r');
    try {
      await (isFile ? handle.datasync() : handle.sync());
    } finally {
      await handle.close();
    }
    this.synced[kind]++;
    this.options.onSync?.(file);
  }
}

function reportSyncError(error: unknown) {
  console.warn(`pglite: could not fsync the data directory (${(error as Error).message})`);
}
