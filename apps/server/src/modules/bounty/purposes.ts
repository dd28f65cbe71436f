import { bountyPurposes } from './store.ts';

/**
 * What `bounty:<id>` references were for, answered when the wallet writes an entry (wallet/ports.ts
 * `PurposeSource`, registered in app-modules.ts). The funding entry is written before its bounty's row, so
 * `create` hands its purpose over itself.
 */
export const bountyPurposeSources = { bounty: bountyPurposes };
