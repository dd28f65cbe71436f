import type { ChatPin } from '@polaris/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import css from './actions.module.css';
import { messageSummary } from './format.ts';

/**
 * The room's pinned messages above the conversation: the latest pinned first; a tap shows the message in the
 * conversation (when loaded) and steps to the next pin, round to the latest again, as in Telegram.
 */
export function PinnedBar({
  pins,
  selfUid,
  onShow,
}: {
  pins: readonly ChatPin[];
  selfUid: string | null;
  onShow(seq: number): void;
}) {
  const { t } = useTranslation();
  // Where the reader is among the pins, for the list as it was then: a new pin (or one fewer) starts from the latest.
  const [place, setPlace] = useState({ index: 0, of: pins.length });
  if (pins.length === 0) return null;
  const at = place.of === pins.length ? Math.min(place.index, pins.length - 1) : 0;
  const pin = pins[at]!;
  const label =
    pins.length > 1 ? t('chatActions.pinnedCount', { index: at + 1, total: pins.length }) : t('chatActions.pinned');
  return (
    <button
      type="button"
      className={css.pinBar}
      onClick={() => {
        onShow(pin.message.seq);
        setPlace({ index: (at + 1) % pins.length, of: pins.length });
      }}
      aria-label={`${label}: ${messageSummary(pin.message, t, selfUid)}${pins.length > 1 ? `. ${t('chatActions.pinnedNext')}` : ''}`}
      data-testid="pinned-bar"
      data-seq={pin.message.seq}
    >
      {pins.length > 1 && (
        <span className={css.pinMarks} aria-hidden>
          {pins.map((item, i) => (
            <span key={item.message.seq} className={`${css.pinMark} ${i === at ? css.pinMarkOn : ''}`} />
          ))}
        </span>
      )}
      <span className={css.pinText} aria-hidden>
        <span className={css.pinLabel}>{label}</span>
        <span className={css.pinBody} data-testid="pinned-text">
          {pin.message.deleted ? t('chatActions.messageDeleted') : messageSummary(pin.message, t, selfUid)}
        </span>
      </span>
    </button>
  );
}
