import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/paths.ts';

const run = promisify(execFile);

export interface CommandResult {
  code: number;
  out: string;
}

/**
 * Runs an operator command the way a person would (`npx tsx apps/server/scripts/<script>`), on the embedded data
 * in `dataDir`, and answers its exit code and everything it printed. `port` names a running server the command
 * should call (docs: operator.ts); without one it opens the data itself.
 */
export async function runCommand(
  script: string,
  args: string[],
  options: { dataDir: string; port?: number },
): Promise<CommandResult> {
  try {
    const { stdout, stderr } = await run('npx', ['tsx', path.join('apps/server/scripts', script), ...args], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        DATA_DIR: options.dataDir,
        PORT: String(options.port ?? 1),
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    });
    return { code: 0, out: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout + failed.stderr };
  }
}
