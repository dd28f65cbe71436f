import { airdropPurposes } from './store.ts';

/** What `airdrop:<id>` references were for, answered when the wallet writes an entry (wallet/ports.ts `PurposeSource`). */
export const airdropPurposeSources = { airdrop: airdropPurposes };
