import { AutoCenter, Button, CenterPopup, Dialog, Toast } from 'antd-mobile';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { i18n } from '@/i18n/index.ts';
import { ActionSheetView, type ActionSheetViewProps } from './ActionSheetView.tsx';
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

export interface OverlayHandle {
  /** Closes it (as a cancel) if it is still open. */
  close(): void;
}

/**
 * Shows an overlay in a root of its own, outside the page: `view(visible, leave)` renders it; `leave()` starts
 * its closing, and the root goes once it has faded (`afterClose`).
 */
function mountOverlay(
  view: (state: { visible: boolean; leave(): void; afterClose(): void }) => ReactElement,
  onLeave: () => void,
): OverlayHandle {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  let left = false;
  const leave = () => {
    if (left) return;
    left = true;
    onLeave();
    render(false);
  };
  const afterClose = () => {
    if (!left) return;
    // After this commit: a root cannot unmount itself while it renders.
    setTimeout(() => {
      root.unmount();
      host.remove();
    });
  };
  const render = (visible: boolean) => root.render(view({ visible, leave, afterClose }));
  render(true);
  return { close: leave };
}

/** A dialog and its answer; `close()` answers false. */
export function openConfirm(props: ConfirmProps, withCancel = true): OverlayHandle & { answer: Promise<boolean> } {
  let settle: (ok: boolean) => void = () => {};
  let result = false;
  const answer = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const handle = mountOverlay(
    ({ visible, leave, afterClose }) => (
      <DialogView
        props={props}
        withCancel={withCancel}
        visible={visible}
        answer={(ok) => {
          result = ok;
          leave();
        }}
        afterClose={afterClose}
      />
    ),
    () => settle(result),
  );
  return { ...handle, answer };
}

/** Resolves true when the person confirmed, false on cancel or Escape. */
export function confirm(props: ConfirmProps): Promise<boolean> {
  return openConfirm(props).answer;
}

/** One button; resolves when it is tapped (or on Escape). */
export async function alert(props: AlertProps): Promise<void> {
  await openConfirm(props, false).answer;
}

export type ActionSheetProps = Omit<ActionSheetViewProps, 'visible' | 'onClose' | 'afterClose'> & {
  onClose?(): void;
  afterClose?(): void;
};

/** A list of choices from the bottom, outside the page; it closes on a choice, Escape, the mask or cancel. */
export function showActionSheet(props: ActionSheetProps): OverlayHandle {
  return mountOverlay(
    ({ visible, leave, afterClose }) => (
      <ActionSheetView
        {...props}
        visible={visible}
        onClose={leave}
        afterClose={() => {
          props.afterClose?.();
          afterClose();
        }}
      />
    ),
    () => props.onClose?.(),
  );
}
