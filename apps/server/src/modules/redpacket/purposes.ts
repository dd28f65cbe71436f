import { packetPurposes } from './store.ts';

/** What `redpacket:<id>` references were for, answered when the wallet writes an entry (wallet/ports.ts `PurposeSource`). */
export const packetPurposeSources = { redpacket: packetPurposes };
