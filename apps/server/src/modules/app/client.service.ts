import { type ClientDevice, type ClientRelease, Status } from '@polaris/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { upsertDevice } from './client.store.ts';
import { BUILT_IN_RELEASE, ReleaseFile } from './release.ts';

/** The app's latest release (from configuration) and the devices' reports (SPEC §7, docs/app-platform.md). */
export class ClientService {
  private readonly releaseFile: ReleaseFile | null;
  /** The last problem logged, so a broken file is reported once per change rather than once per request. */
  private lastProblem = '';

  constructor(
    private readonly deps: {
      db: Database;
      clientReleaseFile: string | undefined;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {
    this.releaseFile = deps.clientReleaseFile ? new ReleaseFile(deps.clientReleaseFile) : null;
  }

  /**
   * Every platform gets the same release today; `deviceType` is validated so a platform of its own can be added
   * without changing the call. A broken release file answers 580 with a message saying so (the client shows
   * "check update failed") and is logged for the operator: an update check must never become a 500.
   */
  async latest(_deviceType: number): Promise<ClientRelease> {
    if (!this.releaseFile) return BUILT_IN_RELEASE;
    const read = await this.releaseFile.read();
    if (read.ok) {
      this.lastProblem = '';
      return read.release;
    }
    if (read.problem !== this.lastProblem) {
      this.lastProblem = read.problem;
      this.deps.log.error({ problem: read.problem }, 'CLIENT_RELEASE_FILE is malformed; /client/lastest fails');
    }
    throw new AppError(Status.unavailable, 'client.releaseMalformed');
  }

  async reportDevice(device: ClientDevice, userId: number | null): Promise<Record<string, never>> {
    await upsertDevice(this.deps.db, device, userId, this.deps.now());
    return {};
  }
}
