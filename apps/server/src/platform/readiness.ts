/** How long the readiness answer waits for the database before it calls it down. */
const READY_PING_TIMEOUT_MS = 2000;

export interface ReadinessAnswer {
  ready: boolean;
  /** The database answered a `select 1` within READY_PING_TIMEOUT_MS. */
  database: boolean;
  /** This process has applied (or found applied) every migration. */
  migrated: boolean;
  /** This process got SIGTERM and is on its way out (main.ts). */
  draining: boolean;
}

/**
 * Whether this node should get traffic: what `GET /rest/polarisex/ready` answers with HTTP 200 or 503 for a load
 * balancer's health check (deploy/haproxy.cfg). Liveness (`/health`) says the process runs; readiness says it can
 * serve: the database answers, migrations are done, and it is not draining. main.ts owns the state changes.
 */
export class Readiness {
  private migrated: boolean;
  private draining = false;

  constructor(options: { migrated: boolean }) {
    this.migrated = options.migrated;
  }

  markMigrated(): void {
    this.migrated = true;
  }

  /** From now on the node answers "not ready"; it keeps serving what still comes while the balancer notices. */
  startDraining(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async check(ping: () => Promise<void>): Promise<ReadinessAnswer> {
    const database = await answersWithin(ping, READY_PING_TIMEOUT_MS);
    const { migrated, draining } = this;
    return { ready: database && migrated && !draining, database, migrated, draining };
  }
}

async function answersWithin(ping: () => Promise<void>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([ping().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
