import { readFile, stat } from 'node:fs/promises';
import { APP_VERSION, type ClientRelease, ClientReleaseOutput } from '@polaris/contract';

/** What `/client/lastest` answers when no release file is configured: the version this server was built with. */
export const BUILT_IN_RELEASE: ClientRelease = Object.freeze({
  nowVersion: APP_VERSION,
  msgContent: '',
  codePush: false,
  bundleUrl: '',
  androidUrl: '',
  appUrl: '',
});

export type ReleaseRead = { ok: true; release: ClientRelease } | { ok: false; problem: string };

/**
 * Reads the release a deployment published (CLIENT_RELEASE_FILE, docs/app-platform.md). The file is read again
 * only when its modification time or size changed, so a release takes effect without a restart and a request
 * costs one `stat`. A file that is missing, not JSON or not the release's shape is reported as a problem (the
 * route answers a clear error and logs it), never thrown.
 */
export class ReleaseFile {
  private cached: { key: string; read: ReleaseRead } | null = null;

  constructor(private readonly path: string) {}

  async read(): Promise<ReleaseRead> {
    let key: string;
    try {
      const info = await stat(this.path);
      key = `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      return { ok: false, problem: `cannot read ${this.path}: ${(error as Error).message}` };
    }
    if (this.cached?.key === key) return this.cached.read;
    const read = parseRelease(await readFile(this.path, 'utf8').catch((error: Error) => error), this.path);
    this.cached = { key, read };
    return read;
  }
}

function parseRelease(content: string | Error, source: string): ReleaseRead {
  if (content instanceof Error) return { ok: false, problem: `cannot read ${source}: ${content.message}` };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, problem: `${source} is not JSON: ${(error as Error).message}` };
  }
  const parsed = ClientReleaseOutput.safeParse(json);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    return { ok: false, problem: `${source} is not a release (${fields.join('; ')})` };
  }
  return { ok: true, release: Object.freeze(parsed.data) };
}
