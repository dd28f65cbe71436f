import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Links } from '../../platform/links.ts';
import type { ChatService } from '../chat/service.ts';
import type { Notifier } from '../notifications/events.ts';
import type { TradePasswordService } from '../security/service.ts';
import type { Catalog } from '../wallet/service.ts';

/** What the bounty services are built with (app.ts); shared by BountyService and SubmissionService. */
export interface BountyDeps {
  db: Database;
  now: () => Date;
  links: Links;
  trade: TradePasswordService;
  /** Rooms: may the creator post there (asked before money moves), and the bounty's message after commit. */
  chat: { messages: Pick<ChatService['messages'], 'assertCanPost' | 'send'> };
  /** An activity's row id by its public code (the activity module). */
  activityIdOf(code: string): Promise<number | undefined>;
  /** Whether an uploaded image belongs to the user (the activity module's images). */
  imageOwnedBy(imageId: string, userId: number): Promise<boolean>;
  /** The wallet's catalogue (assets and their decimals). */
  catalog: () => Promise<Catalog>;
  log: FastifyBaseLogger;
  /** Notices and live screens, told after each commit (docs/notifications.md). */
  notifier?: Notifier;
}
