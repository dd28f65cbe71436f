import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import css from './chat-guard.module.css';

/**
 * A message from someone the reader blocked, folded: one line saying so and a button that shows it. Folding is the
 * reader's own (their block list); the room's frames are the same for everyone.
 */
export function FoldedMessage({ children, tail }: { children: ReactNode; tail?: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open) return children;
  return (
    <p className={css.folded} data-testid="chat-folded">
      <span>{t('chatGuard.folded')}</span>
      <button type="button" className={css.foldedShow} onClick={() => setOpen(true)}>
        {t('chatGuard.show')}
      </button>
      {tail}
    </p>
  );
}
