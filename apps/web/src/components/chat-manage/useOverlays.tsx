import { ActionSheet, Dialog } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

type Handle = { close(): void };
type SheetProps = Parameters<typeof ActionSheet.show>[0];

export interface ConfirmProps {
  title: string;
  content: string;
  confirmText: string;
  /** A removal (kick, ban, leave, reset): the confirm button is red. */
  danger?: boolean;
}

/**
 * antd-mobile's imperative sheets and dialogs live outside the page, so leaving the page (the back button, a
 * hardware back) would leave them open over the next one. These are closed when the component that opened them
 * unmounts. A confirm that closes any other way answers false.
 */
export function useOverlays() {
  const { t } = useTranslation();
  const open = useRef(new Set<Handle>());
  useEffect(() => {
    const handles = open.current;
    return () => {
      for (const handle of handles) handle.close();
      handles.clear();
    };
  }, []);

  const keep = (handle: Handle) => {
    open.current.add(handle);
    return handle;
  };

  const sheet = (props: SheetProps) => {
    const handle: Handle = keep(
      ActionSheet.show({
        cancelText: t('common.cancel'),
        closeOnAction: true,
        ...props,
        afterClose: () => {
          open.current.delete(handle);
          props.afterClose?.();
        },
      }),
    );
  };

  const confirm = ({ title, content, confirmText, danger }: ConfirmProps) =>
    new Promise<boolean>((resolve) => {
      const handle: Handle = keep(
        Dialog.show({
          title,
          content,
          closeOnAction: true,
          actions: [
            [
              { key: 'cancel', text: t('common.cancel'), onClick: () => resolve(false) },
              { key: 'confirm', text: confirmText, bold: true, danger, onClick: () => resolve(true) },
            ],
          ],
          afterClose: () => {
            open.current.delete(handle);
            resolve(false);
          },
        }),
      );
    });

  return { sheet, confirm };
}
