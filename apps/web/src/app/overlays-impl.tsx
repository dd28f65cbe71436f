import { AutoCenter, Button, CenterPopup, Dialog, Toast } from 'antd-mobile';
import { type ReactNode, useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@/i18n/index.ts';
import { OverlayFrame, useOverlay } from './OverlayFrame.tsx';
import './reduced-motion.ts';

// Dialog is still exported for its stylesheet (the classes below) and for code that needs antd's own.
export { Dialog, Toast };

export interface ConfirmProps {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  cancelText?: ReactNode;
  /** The confirm button in red (an action that cannot be undone). */
  danger?: boolean;
  /**
   * Runs on confirm while the dialog stays open, blocking (no Escape, no cancel) until it settles; a rejection
   * keeps the dialog open so the person can try again or cancel.
   */
  onConfirm?(): unknown;
  /** On the dialog element; the buttons are `<testId>-confirm` and `<testId>-cancel`. */
  testId?: string;
}

export interface AlertProps {
  title?: ReactNode;
  content?: ReactNode;
  confirmText?: ReactNode;
  testId?: string;
}

interface DialogViewProps {
  props: ConfirmProps;
  withCancel: boolean;
  answer(ok: boolean): void;
  visible: boolean;
  afterClose(): void;
}

/** antd-mobile's dialog look, as a real dialog in the overlay stack (app/overlay-stack.ts). */
function DialogView({ props, withCancel, answer, visible, afterClose }: DialogViewProps) {
  const [pending, setPending] = useState(false);
  const contentId = useId();
  const overlay = useOverlay(visible, { onEscape: () => answer(false), blocking: pending });
  const testId = props.testId ?? 'app-dialog';
  const confirmNow = async () => {
    if (pending) return;
    if (!props.onConfirm) return answer(true);
    setPending(true);
    try {
      await props.onConfirm();
      answer(true);
    } catch {
      // The action said why (its own toast or field); the question stays open.
    } finally {
      setPending(false);
    }
  };
  return (
    <CenterPopup visible={visible} afterClose={afterClose} className="adm-dialog" style={overlay.style} destroyOnClose>
      <OverlayFrame
        overlay={overlay}
        describedBy={props.content ? contentId : undefined}
        className="adm-dialog-body"
        testId={testId}
      >
        {props.title && (
          <div className="adm-dialog-title" data-dialog-title>
            {props.title}
          </div>
        )}
        <div className="adm-dialog-content" id={contentId}>
          {typeof props.content === 'string' ? <AutoCenter>{props.content}</AutoCenter> : props.content}
        </div>
        <div className="adm-dialog-footer">
          <div className="adm-dialog-action-row">
            {withCancel && (
              <Button
                className="adm-dialog-button"
                fill="none"
                shape="rectangular"
                block
                disabled={pending}
                onClick={() => answer(false)}
                data-testid={`${testId}-cancel`}
              >
                {props.cancelText ?? i18n.t('common.cancel')}
              </Button>
            )}
            <Button
              className="adm-dialog-button adm-dialog-button-bold"
              fill="none"
              shape="rectangular"
              block
              color={props.danger ? 'danger' : 'primary'}
              loading={pending}
              onClick={() => void confirmNow()}
              data-testid={`${testId}-confirm`}
              data-autofocus={withCancel ? undefined : true}
            >
              {props.confirmText ?? i18n.t('common.confirm')}
            </Button>
          </div>
        </div>
      </OverlayFrame>
    </CenterPopup>
  );
}

/** Shows one dialog in a root of its own and resolves with the answer; it leaves the page once it has faded. */
function showDialog(props: ConfirmProps, withCancel: boolean): Promise<boolean> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    let answered = false;
    const render = (visible: boolean) =>
      root.render(
        <DialogView
          props={props}
          withCancel={withCancel}
          visible={visible}
          answer={(ok) => {
            if (answered) return;
            answered = true;
            resolve(ok);
            render(false);
          }}
          afterClose={() => {
            if (!answered) return;
            // After this commit: a root cannot unmount itself while it renders.
            setTimeout(() => {
              root.unmount();
              host.remove();
            });
          }}
        />,
      );
    render(true);
  });
}

/** Resolves true when the person confirmed, false on cancel or Escape. */
export function confirm(props: ConfirmProps): Promise<boolean> {
  return showDialog(props, true);
}

/** One button; resolves when it is tapped (or on Escape). */
export async function alert(props: AlertProps): Promise<void> {
  await showDialog(props, false);
}
