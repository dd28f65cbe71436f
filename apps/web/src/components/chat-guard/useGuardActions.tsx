import type { ChatMessage } from '@polaris/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ReportTarget, useBlockChange, useBlockedUids } from '@/api/chat-guard.ts';
import { confirm, showToast } from '@/app/overlays.ts';
import { displayName } from '@/components/chat/format.ts';
import { toastUnreported } from '@/components/form-errors.ts';
import { ReportSheet } from './ReportSheet.tsx';

/** Blocking someone, confirmed first; the toast names them. */
function useBlockPerson() {
  const { t } = useTranslation();
  const change = useBlockChange();
  return (uid: string, name: string | null) => {
    const shown = displayName(t, name, uid);
    void confirm({
      title: t('chatGuard.blockTitle', { name: shown }),
      content: t('chatGuard.blockBody'),
      confirmText: t('chatGuard.blockConfirm'),
      cancelText: t('chatGuard.cancel'),
      danger: true,
      testId: 'block-confirm',
    }).then((yes) => {
      if (!yes) return;
      change.mutate(
        { uid, block: true, name },
        {
          onSuccess: () => void showToast(t('chatGuard.blocked', { name: shown }), 2000),
          onError: (error) => toastUnreported(error),
        },
      );
    });
  };
}

/**
 * The message actions about someone else's message: report it, block its sender (not offered again once blocked).
 * `sheet` is the report sheet, to be rendered beside the actions.
 */
export function useGuardActions(selfUid: string | null) {
  const { t } = useTranslation();
  const blocked = useBlockedUids();
  const block = useBlockPerson();
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const othersMessage = (message: ChatMessage) =>
    message.kind !== 'system' && message.senderUid !== null && message.senderUid !== selfUid;
  return {
    blocked,
    actionsFor: (message: ChatMessage) =>
      othersMessage(message)
        ? [
            { key: 'report', text: t('chatGuard.report') },
            ...(blocked.has(message.senderUid!) ? [] : [{ key: 'block', text: t('chatGuard.block'), danger: true }]),
          ]
        : [],
    act: (key: string, message: ChatMessage) => {
      if (key === 'report') setReporting({ roomId: message.roomId, seq: message.seq });
      if (key === 'block' && message.senderUid) block(message.senderUid, message.senderName);
    },
    sheet: <ReportSheet target={reporting} onClose={() => setReporting(null)} />,
  };
}
