import { Popup } from 'antd-mobile';
import 'antd-mobile/es/components/action-sheet/action-sheet.css';
import { type ReactNode, useId } from 'react';
import { OverlayFrame, useOverlay } from './OverlayFrame.tsx';
import './reduced-motion.ts';

export interface SheetAction {
  key: string | number;
  text: ReactNode;
  description?: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  bold?: boolean;
}

export interface ActionSheetViewProps {
  visible: boolean;
  /** The line above the choices; it names the sheet. */
  extra?: ReactNode;
  /** The sheet's name when it has no `extra`. */
  label?: string;
  actions: readonly SheetAction[];
  cancelText?: ReactNode;
  onAction?(action: SheetAction, index: number): void;
  /** Escape, the mask, the cancel row, and any action (the sheet closes on a choice). */
  onClose(): void;
  afterClose?(): void;
  testId?: string;
}

const BUTTON = { width: '100%', border: 0, font: 'inherit', cursor: 'pointer' } as const;

/**
 * antd-mobile's action sheet look as a real dialog in the overlay stack: the choices are buttons (Tab reaches
 * them), Escape and the mask cancel, focus returns to what opened it. Used by `components/ActionSheet.tsx` and by
 * `showActionSheet` (app/overlays.ts).
 */
export function ActionSheetView(props: ActionSheetViewProps) {
  const overlay = useOverlay(props.visible, { onEscape: props.onClose });
  const extraId = useId();
  const itemClass = (action: SheetAction) =>
    [
      'adm-action-sheet-button-item',
      action.danger && 'adm-action-sheet-button-item-danger',
      action.disabled && 'adm-action-sheet-button-item-disabled',
      action.bold && 'adm-action-sheet-button-item-bold',
    ]
      .filter(Boolean)
      .join(' ');
  return (
    <Popup
      visible={props.visible}
      className="adm-action-sheet-popup"
      style={overlay.style}
      onMaskClick={props.onClose}
      afterClose={props.afterClose}
      destroyOnClose
    >
      <OverlayFrame
        overlay={overlay}
        labelledBy={props.extra ? extraId : undefined}
        label={props.extra ? undefined : props.label}
        testId={props.testId}
      >
        <div className="adm-action-sheet">
          {props.extra && (
            <div className="adm-action-sheet-extra" id={extraId}>
              {props.extra}
            </div>
          )}
          <div className="adm-action-sheet-button-list">
            {props.actions.map((action, index) => (
              <div className="adm-action-sheet-button-item-wrapper" key={action.key}>
                <button
                  type="button"
                  className={itemClass(action)}
                  style={BUTTON}
                  disabled={action.disabled}
                  onClick={() => {
                    props.onAction?.(action, index);
                    props.onClose();
                  }}
                >
                  <div className="adm-action-sheet-button-item-name">{action.text}</div>
                  {action.description && (
                    <div className="adm-action-sheet-button-item-description">{action.description}</div>
                  )}
                </button>
              </div>
            ))}
          </div>
          {props.cancelText && (
            <div className="adm-action-sheet-cancel">
              <div className="adm-action-sheet-button-item-wrapper">
                <button type="button" className="adm-action-sheet-button-item" style={BUTTON} onClick={props.onClose}>
                  <div className="adm-action-sheet-button-item-name">{props.cancelText}</div>
                </button>
              </div>
            </div>
          )}
        </div>
      </OverlayFrame>
    </Popup>
  );
}
