import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Benches that need more than one process of load (sockets, bursts of requests) run a job in a child Node process:
 * the job goes in as JSON on its stdin, the result comes back as JSON on its stdout.
 */
export function runInChild<Result>(moduleUrl: string, job: unknown, name: string): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(moduleUrl)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(JSON.parse(out) as Result);
      else reject(new Error(`${name} process exited with ${code}`));
    });
    child.stdin.end(JSON.stringify(job));
  });
}

/** The child's side, where the module at `moduleUrl` is the one Node started: reads the job, writes the result, exits. */
export async function serveChildJob<Job>(moduleUrl: string, run: (job: Job) => Promise<unknown>): Promise<void> {
  if (process.argv[1] !== fileURLToPath(moduleUrl)) return;
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  process.stdout.write(JSON.stringify(await run(JSON.parse(input) as Job)));
  process.exit(0);
}
