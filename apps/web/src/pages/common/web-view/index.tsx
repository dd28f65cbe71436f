import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { LinkOutline } from 'antd-mobile-icons';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppConfig } from '@/api/app.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { allowedWebViewUrl } from '@/lib/web-view.ts';

/**
 * A page of another site inside the app (`?url=`, optional `?title=`), e.g. a game's shell. Only origins on
 * the server's allow-list open; anything else says "cannot open link" (SPEC §8) and loads nothing.
 */
export default function WebViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const config = useAppConfig();
  const raw = params.get('url');
  const title = (params.get('title') ?? '').slice(0, 60) || t('webView.title');
  const url = config.data ? allowedWebViewUrl(raw, config.data.webViewAllowList) : null;
  const refused = config.isSuccess && url === null;
  useEffect(() => {
    if (!refused) return;
    Toast.show({ content: t('webView.cannotOpen'), duration: TOAST_DURATION_MS });
    // The toast belongs to this page: it goes when the visitor leaves it.
    return () => Toast.clear();
  }, [refused, t]);
  if (config.isPending) {
    return (
      <Frame title={title}>
        <Loading testId="web-view-loading" />
      </Frame>
    );
  }
  if (!url) {
    return (
      <Frame title={t('webView.title')}>
        <div className={ui.center} role="alert" data-testid="web-view-refused">
          <LinkOutline style={{ fontSize: 40 }} aria-hidden />
          <h2 style={{ margin: '8px 0 0' }}>{t('webView.cannotOpen')}</h2>
          <p className={ui.muted}>{t('webView.cannotOpenBody')}</p>
          <Button onClick={() => (canGoBack() ? navigate(-1) : navigate(PATHS.activityHome, { replace: true }))}>
            {t('webView.back')}
          </Button>
        </div>
      </Frame>
    );
  }
  return (
    <Frame title={title} layout="frame">
      <iframe
        src={url.href}
        title={title}
        data-testid="web-view-frame"
        // Scripts and its own storage, not our top window: a framed page cannot navigate the app away.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-pointer-lock"
        allow="fullscreen; autoplay; gamepad"
        referrerPolicy="strict-origin-when-cross-origin"
        style={{
          display: 'block',
          width: '100%',
          height: 'calc(100dvh - 48px - env(safe-area-inset-top))',
          border: 0,
          background: 'var(--px-surface)',
        }}
      />
    </Frame>
  );
}
