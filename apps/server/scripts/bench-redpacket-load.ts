// The claimers of bench-redpacket.ts, in a process of their own so that firing and timing requests does not
// share a core's event loop with the server being measured. Reads a job on stdin, writes the answers on stdout.
import { runInChild, serveChildJob } from './child-job.ts';

export interface BurstJob {
  url: string;
  /** A cheap GET each connection makes first. */
  warmUrl: string;
  requests: { token: string; body: unknown }[];
  /** `burst`: all at once; `sequence`: one after another, each after the previous answered. */
  mode: 'burst' | 'sequence';
}

export interface BurstAnswer {
  ms: number;
  status: number;
  amount: string | null;
}

async function runBurst(job: BurstJob): Promise<BurstAnswer[]> {
  // Open the connections first: what is measured is the claim, not the TCP handshake of a thousand sockets.
  await Promise.all(job.requests.map(() => fetch(job.warmUrl).catch(() => null)));
  const one = async ({ token, body }: BurstJob['requests'][number]): Promise<BurstAnswer> => {
    const started = performance.now();
    const response = await fetch(job.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as { status: number; attachment?: { amount?: string } | null };
    return { ms: performance.now() - started, status: json.status, amount: json.attachment?.amount ?? null };
  };
  if (job.mode === 'burst') return Promise.all(job.requests.map(one));
  const answers: BurstAnswer[] = [];
  for (const request of job.requests) answers.push(await one(request));
  return answers;
}

export function runBurstInProcess(job: BurstJob): Promise<BurstAnswer[]> {
  return runInChild(import.meta.url, job, 'burst');
}

await serveChildJob(import.meta.url, runBurst);
