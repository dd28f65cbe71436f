import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useTradePasswordStatus } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { canGoBack } from '@/app/history.ts';
import { PATHS } from '@/app/paths.ts';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import ui from '@/components/ui.module.css';
import { TradePasswordSetForm } from '@/components/wallet/TradePasswordSetForm.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';

/** Set or change the transaction password, proven by a code mailed to the account (docs/wallet.md). */
export default function TraderPasswordPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('tradePassword.title')}>
      <RequireLogin>
        <TradePasswordPanel />
      </RequireLogin>
    </Frame>
  );
}

function TradePasswordPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const email = useSession((state) => state.userInfo?.email ?? '');
  const status = useTradePasswordStatus();

  if (status.isPending) return <Loading testId="trade-status-loading" />;
  if (status.isError) return <LoadFailed onRetry={() => void status.refetch()} />;
  const { blank, lockedUntil } = status.data;

  return (
    <>
      <section className={ui.card} data-testid="trade-status" data-blank={blank}>
        <p className={ui.rowTitle} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <LockOutline aria-hidden />
          {blank ? t('tradePassword.statusBlank') : t('tradePassword.statusSet')}
        </p>
        {lockedUntil && (
          <p className={ui.error} role="status" data-testid="trade-locked">
            {t('tradePassword.lockedUntil', { time: formatDateAndTime(lockedUntil, language) })}
          </p>
        )}
        <p className={ui.hint} style={{ marginTop: 8 }}>
          {t('tradePassword.explain', { email })}
        </p>
      </section>
      <div style={{ marginTop: 16 }}>
        <TradePasswordSetForm
          blank={blank}
          onDone={() => {
            if (canGoBack()) navigate(-1);
            else navigate(PATHS.me, { replace: true });
          }}
        />
      </div>
    </>
  );
}
