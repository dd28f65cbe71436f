import type { Notice } from '@polaris/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useMarkRead } from '@/api/notice.ts';
import { chatSocket } from '@/app/chat-connection.ts';
import { startLiveUpdates } from '@/app/live-updates.ts';
import styles from './LiveUpdates.module.css';

/** How long the banner for a new notice stays. */
const BANNER_MS = 6000;

/**
 * Mounted by the shell while signed in, in a chunk of its own (the chat socket is not first-screen code): keeps the
 * socket open on every page, applies its user frames (app/live-updates.ts), and shows a new notice as a small
 * banner at the top that opens the notice's page (and marks it read) when tapped.
 */
export default function LiveUpdates() {
  const client = useQueryClient();
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef('');
  here.current = location.pathname + location.search;
  const [shown, setShown] = useState<Notice | null>(null);

  useEffect(
    () =>
      startLiveUpdates(chatSocket(), {
        client,
        here: () => here.current,
        banner: setShown,
      }),
    [client],
  );

  useEffect(() => {
    if (!shown) return undefined;
    const timer = setTimeout(() => setShown(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return shown ? (
    <Banner
      notice={shown}
      close={() => setShown(null)}
      open={(link) => {
        setShown(null);
        navigate(link);
      }}
    />
  ) : null;
}

function Banner({ notice, open, close }: { notice: Notice; open(link: string): void; close(): void }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  const { link } = notice;
  return (
    <div className={styles.banner} role="status" aria-live="polite" data-testid="notice-banner">
      <button
        type="button"
        className={styles.bannerBody}
        onClick={() => {
          markRead.mutate({ ids: [notice.id] });
          if (link) open(link);
          else close();
        }}
        data-testid="notice-banner-open"
      >
        <strong className={styles.bannerTitle}>{notice.title}</strong>
        {notice.body && <span className={styles.bannerText}>{notice.body}</span>}
      </button>
      <button
        type="button"
        className={styles.bannerClose}
        onClick={close}
        aria-label={t('notices.dismiss')}
        data-testid="notice-banner-close"
      >
        ×
      </button>
    </div>
  );
}
