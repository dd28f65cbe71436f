import type { ComponentType } from 'react';

/** Activity pages for organizers (create, edit, manage, check-in, location), by SPEC §2 path. */
export const HOST_ACTIVITY_PAGES: Record<string, () => Promise<{ default: ComponentType }>> = {};
