import type { TFunction } from 'i18next';
import { showActionSheet } from '@/app/overlays.ts';

export type EditScope = 'one' | 'following';

/**
 * Saving an edit of an occurrence of a series asks which dates it is for: this one, or this one and all following
 * (docs/activities.md "Recurring series"). Answers null when the person cancels.
 */
export function askEditScope(t: TFunction): Promise<EditScope | null> {
  return new Promise((resolve) => {
    void showActionSheet({
      extra: t('series.scope.title'),
      testId: 'series-scope',
      cancelText: t('common.cancel'),
      actions: [
        { key: 'one', text: t('series.scope.one') },
        { key: 'following', text: t('series.scope.following'), description: t('series.scope.followingHint') },
      ],
      onAction: (action) => resolve(action.key as EditScope),
      // Also called after a choice; the promise has settled by then.
      onClose: () => resolve(null),
    });
  });
}
