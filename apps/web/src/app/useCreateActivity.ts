import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '@/lib/session.ts';
import { createActivityGate } from './gate.ts';
import { confirm } from './overlays.ts';
import { PATHS } from './paths.ts';
import { useJump } from './useJump.ts';

/** The create-activity entry, behind the SPEC §4 gate, for every button that offers it. */
export function useCreateActivity(): () => void {
  const { t } = useTranslation();
  const go = useJump();
  return useCallback(() => {
    const decision = createActivityGate(sessionStore.getState());
    if (decision === 'create') {
      go(PATHS.createActivity);
      return;
    }
    const prompt =
      decision === 'login'
        ? {
            title: t('gate.loginTitle'),
            content: t('gate.loginContent'),
            confirmText: t('gate.login'),
            to: PATHS.login,
          }
        : {
            title: t('gate.profileTitle'),
            content: t('gate.profileContent'),
            confirmText: t('gate.profile'),
            to: PATHS.personalCenter,
          };
    void confirm({
      title: prompt.title,
      content: prompt.content,
      confirmText: prompt.confirmText,
      cancelText: t('common.cancel'),
    }).then((confirmed) => {
      if (confirmed) go(prompt.to);
    });
  }, [go, t]);
}
