import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';
import { REPO_ROOT } from '../paths.ts';

interface InProcessResult {
  code: number;
  out: string;
}

/** What the command's `process.exit(code)` throws here instead of ending the test's process. */
class CommandExit extends Error {
  constructor(readonly code: number) {
    super(`process.exit(${code})`);
  }
}

let runs = 0;
let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs an operator command (`apps/server/scripts/<script>`) in this process, as `npx tsx` would run it in its own:
 * its argv and environment (DATA_DIR, no PORT, no DATABASE_URL or REDIS_URL), everything it prints (stdout and
 * stderr together) and its exit code (0 when it ends by itself, `process.exit`'s code, 1 on an uncaught error).
 * Each run evaluates the script afresh (a new module URL); the server modules it imports are the ones this
 * process has already loaded, which spares the five seconds of CPU a `tsx` process spends importing them. The
 * command's own wiring (tsx, a real exit code and output) is proven by the spawned runs its tests keep
 * (scripts/command-runner.ts). Runs one at a time: argv, the environment and the console are the process's own.
 */
export function runCommandInProcess(
  script: string,
  args: string[],
  options: { dataDir: string },
): Promise<InProcessResult> {
  const run = queue.then(() => runNow(script, args, options));
  queue = run.catch(() => undefined);
  return run;
}

async function runNow(script: string, args: string[], options: { dataDir: string }): Promise<InProcessResult> {
  const file = path.join(REPO_ROOT, 'apps/server/scripts', script);
  const saved = { argv: process.argv, exit: process.exit, log: console.log, error: console.error, warn: console.warn };
  const env = { DATA_DIR: options.dataDir, DATABASE_URL: '', REDIS_URL: '', PORT: undefined };
  const savedEnv = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  let out = '';
  const print = (...values: unknown[]) => {
    out += `${format(...values)}\n`;
  };
  process.argv = [process.execPath, file, ...args];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  process.exit = ((code?: number | string | null) => {
    throw new CommandExit(Number(code ?? 0));
  }) as typeof process.exit;
  console.log = print;
  console.error = print;
  console.warn = print;
  try {
    await import(`${pathToFileURL(file).href}?run=${++runs}`);
    return { code: 0, out };
  } catch (error) {
    if (error instanceof CommandExit) return { code: error.code, out };
    print(error);
    return { code: 1, out };
  } finally {
    process.argv = saved.argv;
    process.exit = saved.exit;
    console.log = saved.log;
    console.error = saved.error;
    console.warn = saved.warn;
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}
