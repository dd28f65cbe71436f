import type { ComponentType } from 'react';

/** Activity pages for guests (discovery, details, tickets, NFTs, calendar), by SPEC §2 path. */
export const GUEST_ACTIVITY_PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {};
