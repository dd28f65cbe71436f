import { Popup } from 'antd-mobile';
import type { CSSProperties, ReactNode } from 'react';
import { OverlayFrame, useOverlay } from '@/app/OverlayFrame.tsx';
import '@/app/reduced-motion.ts';

export interface SheetProps {
  visible: boolean;
  /** Escape, the mask and the sheet's own cancel close it. */
  onClose(): void;
  /** The mask's tap when it should differ from `onClose`; `false` for a mask that does nothing. */
  onMaskClick?: (() => void) | false;
  /** A confirmation in progress (a payment being sent): Escape and the mask do nothing until it is over. */
  blocking?: boolean;
  /** The accessible name, when the sheet has no heading of its own (its first h1–h3 names it otherwise). */
  label?: string;
  labelledBy?: string;
  destroyOnClose?: boolean;
  afterClose?(): void;
  position?: 'bottom' | 'top' | 'left' | 'right';
  bodyStyle?: CSSProperties;
  /** On the dialog element (role="dialog"), which holds the content. */
  testId?: string;
  className?: string;
  children: ReactNode;
}

const ROUNDED: CSSProperties = { borderRadius: '16px 16px 0 0' };

/**
 * Every bottom sheet of the app (docs/web-client.md "Overlays"): antd-mobile's Popup as a real dialog
 * (role="dialog", aria-modal, named by its heading, focus in on open and kept in, back to the opener on close,
 * Escape closes), on top of every overlay opened before it (app/overlay-stack.ts), and still under
 * `prefers-reduced-motion`.
 */
export function Sheet({
  visible,
  onClose,
  onMaskClick,
  blocking = false,
  label,
  labelledBy,
  destroyOnClose,
  afterClose,
  position = 'bottom',
  bodyStyle,
  testId,
  className,
  children,
}: SheetProps) {
  const overlay = useOverlay(visible, { onEscape: onClose, blocking });
  const maskClick = onMaskClick === false || blocking ? undefined : (onMaskClick ?? onClose);
  return (
    <Popup
      visible={visible}
      onMaskClick={maskClick}
      onClose={blocking ? undefined : onClose}
      afterClose={afterClose}
      destroyOnClose={destroyOnClose}
      position={position}
      style={overlay.style}
      bodyStyle={{ ...(position === 'bottom' ? ROUNDED : {}), ...bodyStyle }}
    >
      <OverlayFrame overlay={overlay} label={label} labelledBy={labelledBy} testId={testId} className={className}>
        {children}
      </OverlayFrame>
    </Popup>
  );
}
