import type { Database } from '../../db/client.ts';
import { FieldsError } from '../../platform/errors.ts';
import { deleteDraft, findDraft, saveDraft } from './activities.store.ts';
import { canEdit } from './policy.ts';
import { managedActivity } from './service.ts';

/** The kept form of a new activity, per user. */
export const NEW_DRAFT_KEY = 'new';
const DRAFT_MAX_BYTES = 20_000;

/**
 * The create/edit form as the user last left it, one per user and activity (`new` for one not yet created),
 * free-form and checked only when the activity is created or saved for real.
 */
export class DraftService {
  constructor(private readonly deps: { db: Database; now: () => Date }) {}

  /** The draft's key; editing an existing activity's form needs the right to edit it. */
  private async draftKey(userId: number, code: string | undefined): Promise<string> {
    if (!code) return NEW_DRAFT_KEY;
    await managedActivity(this.deps.db, code, userId, canEdit);
    return code;
  }

  async draft(userId: number, code: string | undefined) {
    const row = await findDraft(this.deps.db, userId, await this.draftKey(userId, code));
    return { draft: row ? { data: row.data, updatedAt: row.updatedAt.toISOString() } : null };
  }

  async saveDraft(userId: number, code: string | undefined, data: Record<string, unknown>) {
    const key = await this.draftKey(userId, code);
    if (JSON.stringify(data).length > DRAFT_MAX_BYTES) {
      throw new FieldsError([{ field: 'data', messageKey: 'activity.draftTooLarge' }]);
    }
    const now = this.deps.now();
    await saveDraft(this.deps.db, userId, key, data, now);
    return { draft: { data, updatedAt: now.toISOString() } };
  }

  async deleteDraft(userId: number, code: string | undefined) {
    await deleteDraft(this.deps.db, userId, await this.draftKey(userId, code));
    return {};
  }
}
