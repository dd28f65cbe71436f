import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { alert } from '@/app/overlays.ts';
import { copyWithToast } from '@/components/RecordItem.tsx';
import { webOrigin } from '@/lib/api-origin.ts';
import { shareNatively } from '@/lib/native.ts';

export interface SharedLink {
  title: string;
  text?: string;
  url: string;
}

/**
 * A link as it can be shared: the server's, or, when the server has no public address (no PUBLIC_URL, so its
 * links name `http://localhost:<port>`), the same path on the address this page was opened at, which a phone on
 * the same network reaches.
 */
export function reachableLink(url: string, server: { publicLinks: boolean; publicUrl: string }, origin: string) {
  if (server.publicLinks || !url.startsWith(`${server.publicUrl}/`)) return url;
  return `${origin}${url.slice(server.publicUrl.length)}`;
}

/**
 * Shares a link the way the device does: the native shell's sheet, else the browser's (Web Share), else the link
 * is copied with a toast naming `label`. Cancelling a share sheet does nothing; a sheet that fails copies instead.
 * On a server without a public address the person is told first that the link works only on this network.
 */
export async function shareLink(
  link: SharedLink,
  label: string,
  deps: { localOnlyNotice?: { title: string; content: string; confirmText: string }; share?: Navigator['share'] } = {},
): Promise<void> {
  if (deps.localOnlyNotice) await alert({ ...deps.localOnlyNotice, testId: 'share-local-only' });
  if (await shareNatively(link)) return;
  const share = deps.share ?? (typeof navigator.share === 'function' ? navigator.share.bind(navigator) : undefined);
  if (share) {
    try {
      await share(link);
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  await copyWithToast(link.url, label);
}

/** `shareLink` with this server's settings: the link made reachable, and the notice when it is local only. */
export function useShareLink() {
  const { t } = useTranslation();
  const config = useAppConfig().data;
  return useCallback(
    (link: SharedLink, label: string) => {
      const local = config !== undefined && !config.publicLinks;
      return shareLink(
        { ...link, url: config ? reachableLink(link.url, config, webOrigin()) : link.url },
        label,
        local
          ? {
              localOnlyNotice: {
                title: t('share.localOnlyTitle'),
                content: t('share.localOnly'),
                confirmText: t('share.localOnlyShare'),
              },
            }
          : {},
      );
    },
    [config, t],
  );
}
