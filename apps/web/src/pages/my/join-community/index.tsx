import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/app.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { copyText } from '@/lib/clipboard.ts';

type Channel = { id: string; name: string; url: string };

/** The official channels the server is configured with (COMMUNITY_CHANNELS), each with a QR code and a copy button. */
export default function JoinCommunityPage() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const channels = config.data?.communityChannels ?? [];
  return (
    <Frame title={t('joinCommunity.title')}>
      <p className={ui.muted} style={{ margin: '0 4px 12px' }}>
        {t('joinCommunity.intro')}
      </p>
      {config.isPending ? (
        <Loading testId="community-loading" />
      ) : config.isError ? (
        <LoadFailed onRetry={() => void config.refetch()} testId="community-error" />
      ) : channels.length === 0 ? (
        <p className={ui.center} data-testid="community-empty">
          {t('joinCommunity.none')}
        </p>
      ) : (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="community-channels">
          {channels.map((channel) => (
            <ChannelCard key={channel.id} channel={channel} />
          ))}
        </ul>
      )}
    </Frame>
  );
}

function ChannelCard({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toDataURL(channel.url, { margin: 1, width: 320, errorCorrectionLevel: 'M' })
      .then((url) => live && setQr(url))
      .catch(() => live && setQr(''));
    return () => {
      live = false;
    };
  }, [channel.url]);
  const copy = async () => {
    const label = t('joinCommunity.link', { name: channel.name });
    const ok = await copyText(channel.url);
    Toast.show({
      content: ok ? t('common.copied', { label }) : t('common.copyFailed', { label }),
      duration: TOAST_DURATION_MS,
    });
  };
  return (
    <li
      className={ui.card}
      style={{ display: 'flex', gap: 16, alignItems: 'center' }}
      data-testid={`community-${channel.id}`}
    >
      {qr ? (
        <img
          src={qr}
          alt={t('joinCommunity.qr', { name: channel.name })}
          width={112}
          height={112}
          style={{ flex: 'none' }}
        />
      ) : (
        <div style={{ width: 112, height: 112, flex: 'none' }} aria-hidden />
      )}
      <div style={{ minWidth: 0, flex: 1 }}>
        <h2 style={{ margin: '0 0 4px', fontSize: 17 }}>{channel.name}</h2>
        <p className={ui.muted} style={{ margin: '0 0 12px', fontSize: 13, overflowWrap: 'anywhere' }}>
          {channel.url}
        </p>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => void copy()} data-testid={`community-copy-${channel.id}`}>
            {t('joinCommunity.copy')}
          </Button>
          <Button
            variant="text"
            size="small"
            onClick={() => {
              window.open(channel.url, '_blank', 'noopener,noreferrer');
            }}
          >
            {t('joinCommunity.open')}
          </Button>
        </div>
      </div>
    </li>
  );
}
