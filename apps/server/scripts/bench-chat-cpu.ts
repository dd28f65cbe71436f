// What bench-chat.ts measures a chat server's cost with: the CPU its processes (and its database's backends) spend,
// sampled from /proc, and a CPU profile of this process limited to the load's windows (`--profile`).
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import pg from 'pg';

/** The processes whose CPU is the server's: its own, and its database's backends (asked every sample). */
export interface ServerPids {
  list(): Promise<{ server: number[]; database: number[] }>;
  close(): Promise<void>;
}

/** CPU time of a process so far in ms (Linux: utime + stime from /proc, in ticks of 10 ms); 0 once it is gone. */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/**
 * The CPU a server spends, sampled every 200 ms over its processes (`pids` is asked each time, so database
 * backends that come and go are followed): on a machine shared with other work, latency says how busy the
 * machine is, CPU per delivered frame says what the server costs.
 */
export class CpuMeter {
  private readonly samples: { at: number; ms: number; database: number }[] = [];
  private readonly last = new Map<number, number>();
  private total = 0;
  private database = 0;
  private busy = false;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly pids: ServerPids) {
    this.timer = setInterval(() => void this.sample(), 200);
  }

  private async sample() {
    if (this.busy) return;
    this.busy = true;
    try {
      const { server, database } = await this.pids.list();
      for (const pid of [...server, ...database]) {
        const ms = cpuMsOf(pid);
        const before = this.last.get(pid);
        this.last.set(pid, ms);
        if (before === undefined || ms < before) continue;
        this.total += ms - before;
        if (database.includes(pid)) this.database += ms - before;
      }
      this.samples.push({ at: Date.now(), ms: this.total, database: this.database });
    } finally {
      this.busy = false;
    }
  }

  /** CPU ms between two instants (to the nearest samples around them), in all and of the database's. */
  between([from, to]: [number, number]) {
    const before = this.samples.filter((sample) => sample.at <= from).at(-1) ?? this.samples[0];
    const after = this.samples.find((sample) => sample.at >= to) ?? this.samples.at(-1);
    return {
      all: (after?.ms ?? 0) - (before?.ms ?? 0),
      database: (after?.database ?? 0) - (before?.database ?? 0),
    };
  }

  async stop() {
    clearInterval(this.timer);
    while (this.busy) await new Promise((resolve) => setTimeout(resolve, 10));
    await this.pids.close();
  }
}

/**
 * A CPU profile of this process from now until `stopInto` writes it, keeping only the samples taken within the
 * steps' windows (epoch ms): connecting and subscribing 1,000 sockets is not what is measured.
 */
export async function startProfile() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stopInto(file: string, windows: [number, number][]) {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      // The profile's clock is the monotonic one (µs), as `process.hrtime` reads it.
      const epochToProfile = Number(process.hrtime.bigint() / 1000n) - Date.now() * 1000;
      const inWindow = (at: number) =>
        windows.some(([from, to]) => at >= from * 1000 + epochToProfile && at <= to * 1000 + epochToProfile);
      const samples: number[] = [];
      const timeDeltas: number[] = [];
      let at = profile.startTime;
      let last = profile.startTime;
      for (const [i, node] of profile.samples!.entries()) {
        at += profile.timeDeltas![i]!;
        if (!inWindow(at)) continue;
        samples.push(node);
        timeDeltas.push(samples.length === 1 ? 0 : at - last);
        last = at;
      }
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ ...profile, samples, timeDeltas }));
    },
  };
}

/** This process, and the PostgreSQL backends serving the database at `url` (none for PGlite). */
export function serverPids(url: string | undefined, processIds: () => number[]): ServerPids {
  if (!url) return { list: async () => ({ server: processIds(), database: [] }), close: async () => {} };
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // One connection for the whole step, opened on first use: a connection per sample cost the measured process (this
  // one, for a chat server in process) a connect and a close five times a second.
  let client: Promise<pg.Client> | undefined;
  return {
    async list() {
      client ??= (async () => {
        const opened = new pg.Client({ connectionString: admin.toString() });
        await opened.connect();
        return opened;
      })();
      const { rows } = await (await client).query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = $1',
        [name],
      );
      return { server: processIds(), database: rows.map((row) => row.pid) };
    },
    async close() {
      if (client) await (await client).end();
    },
  };
}
