import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionSheetProps, type OverlayHandle, openConfirm, showActionSheet } from '@/app/overlays.ts';

export interface ConfirmProps {
  title: string;
  content: string;
  confirmText: string;
  /** A removal (kick, ban, leave, reset): the confirm button is red. */
  danger?: boolean;
}

/**
 * The app's imperative sheets and dialogs (app/overlays.ts) live outside the page, so leaving the page (the back
 * button, a hardware back) would leave them open over the next one. These are closed when the component that
 * opened them unmounts. A confirm that closes any other way answers false.
 */
export function useOverlays() {
  const { t } = useTranslation();
  const open = useRef(new Set<OverlayHandle>());
  const gone = useRef(false);
  useEffect(() => {
    const handles = open.current;
    gone.current = false;
    return () => {
      gone.current = true;
      for (const handle of handles) handle.close();
      handles.clear();
    };
  }, []);

  /** Tracks a handle until it closes; one that arrives after the page has gone is closed at once. */
  const keep = (handle: OverlayHandle) => {
    if (gone.current) handle.close();
    else open.current.add(handle);
    return handle;
  };

  const sheet = (props: ActionSheetProps) => {
    let handle: OverlayHandle | undefined;
    void showActionSheet({
      cancelText: t('common.cancel'),
      ...props,
      afterClose: () => {
        if (handle) open.current.delete(handle);
        props.afterClose?.();
      },
    }).then((shown) => {
      handle = keep(shown);
    });
  };

  const confirm = async ({ title, content, confirmText, danger }: ConfirmProps) => {
    const dialog = keep(await openConfirm({ title, content, confirmText, danger, cancelText: t('common.cancel') }));
    const answer = await (dialog as OverlayHandle & { answer: Promise<boolean> }).answer;
    open.current.delete(dialog);
    return answer;
  };

  return { sheet, confirm };
}
