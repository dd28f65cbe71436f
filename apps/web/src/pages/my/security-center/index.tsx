import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerification } from '@/api/identity.ts';
import {
  type ActiveSession,
  useAntiPhishingStatus,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
  useTotpStatus,
} from '@/api/security.ts';
import { useTradePasswordStatus } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { KycSheet } from '@/components/identity/KycSheet.tsx';
import { PhoneSheet } from '@/components/identity/PhoneSheet.tsx';
import { ListRow as Row } from '@/components/ListRow.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { FreezeAccount } from '@/components/security/FreezeAccount.tsx';
import { LinkedProviders } from '@/components/security/LinkedProviders.tsx';
import ui from '@/components/ui.module.css';
import { HoldNotice } from '@/components/wallet/HoldNotice.tsx';
import { formatDateAndTime } from '@/lib/format.ts';
import { deviceLabel } from '@/lib/security.ts';
import { useSession } from '@/lib/session.ts';
import { useSettings } from '@/lib/settings.ts';

/** Every protection of the account and its state, and the logins that are still active (docs/security-centre.md). */
export default function SecurityCenterPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('security.title')}>
      <RequireLogin>
        <HoldNotice />
        <Protections />
        <Sessions />
        <section aria-label={t('moneyGates.freeze.row')} style={{ margin: '16px 0' }}>
          <FreezeAccount />
        </section>
        <DeleteLink />
      </RequireLogin>
    </Frame>
  );
}

function Protections() {
  const { t } = useTranslation();
  const email = useSession((state) => state.userInfo?.email ?? '');
  const trade = useTradePasswordStatus();
  const totp = useTotpStatus();
  const antiPhishing = useAntiPhishingStatus();
  const stateOf = (query: { isPending: boolean; isError: boolean }, ready: () => string) =>
    query.isPending ? '…' : query.isError ? t('security.loadFailed') : ready();
  return (
    <section aria-label={t('security.title')}>
      <p className={ui.hint} style={{ margin: '0 4px 8px' }}>
        {t('security.intro')}
      </p>
      <div className={ui.list}>
        <Row title={t('security.email')} detail={email} value={t('security.emailBound')} testId="security-email" />
        <Verification />
        <Row
          title={t('security.loginPassword')}
          value={t('security.tradeSet')}
          to={PATHS.loginPassword}
          testId="security-login-password"
        />
        <Row
          title={t('security.tradePassword')}
          value={stateOf(trade, () => (trade.data?.blank ? t('security.tradeBlank') : t('security.tradeSet')))}
          to={PATHS.traderPassword}
          testId="security-trade-password"
        />
        <Row
          title={t('security.gauthTitle')}
          value={stateOf(totp, () => (totp.data?.enabled ? t('security.on') : t('security.off')))}
          to={PATHS.googleAuth}
          testId="security-gauth"
        />
        <Row
          title={t('security.antiPhishing.row')}
          value={stateOf(antiPhishing, () => antiPhishing.data?.masked ?? t('security.antiPhishing.notSet'))}
          to={PATHS.antiPhishing}
          testId="security-anti-phishing"
        />
        <Row title={t('addressBook.row')} to={PATHS.addressBook} testId="security-address-book" />
        <LinkedProviders />
      </div>
    </section>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  /** Signing other logins out is in the second-factor table: with Google Authenticator on, a sheet asks for it. */
  const [asking, setAsking] = useState<{ session: ActiveSession | null } | null>(null);
  const secondFactor = useSecondFactor(
    asking?.session === null ? '/user/identity/sessions/revokeOthers' : '/user/identity/sessions/revoke',
  );

  const finish = (session: ActiveSession | null, code: { totp?: string }) => {
    const done = (message: string) => () => {
      setAsking(null);
      secondFactor.reset();
      Toast.show({ content: message, duration: TOAST_DURATION_MS });
    };
    // A 468 keeps (or opens) the sheet with the message under the field.
    const onError = (error: unknown) => {
      if (secondFactor.handle(error)) setAsking({ session });
    };
    if (session)
      revoke.mutate({ id: session.id, ...code }, { onSuccess: done(t('security.sessions.revoked')), onError });
    else revokeOthers.mutate(code, { onSuccess: done(t('security.sessions.othersDone')), onError });
  };
  const confirmed = async (session: ActiveSession | null) => {
    if (secondFactor.asked) return setAsking({ session });
    const content = t(session ? 'security.sessions.revokeConfirm' : 'security.sessions.othersConfirm');
    if (await confirm({ content, cancelText: t('common.cancel') })) finish(session, {});
  };
  const endOne = (session: ActiveSession) => confirmed(session);
  const endOthers = () => confirmed(null);

  let body: ReactNode;
  if (sessions.isPending) body = <Loading testId="sessions-loading" />;
  else if (sessions.isError) body = <LoadFailed onRetry={() => void sessions.refetch()} />;
  else {
    const items = sessions.data.items;
    const others = items.filter((item) => !item.current);
    body = (
      <>
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="sessions-list">
          {items.map((session) => (
            <li key={session.id} className={ui.row} data-testid="session-row" data-current={session.current}>
              <span className={ui.rowMain}>
                <span className={ui.rowTitle}>
                  {deviceLabel(session.userAgent) ?? t('security.sessions.unknownDevice')}
                  {session.current && (
                    <span className={`${ui.badge} ${ui.success}`} style={{ marginLeft: 8 }}>
                      {t('security.sessions.current')}
                    </span>
                  )}
                </span>
                <span className={ui.rowSub} style={{ display: 'block' }}>
                  {t('security.sessions.since', { time: formatDateAndTime(session.createdAt, language) })}
                </span>
              </span>
              {!session.current && (
                <Button size="small" onClick={() => void endOne(session)} data-testid={`session-revoke-${session.id}`}>
                  {t('security.sessions.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length === 0 ? (
          <p className={ui.hint} style={{ margin: '8px 4px' }}>
            {t('security.sessions.none')}
          </p>
        ) : (
          <Button
            variant="danger"
            block
            style={{ marginTop: 12 }}
            loading={revokeOthers.isPending}
            onClick={() => void endOthers()}
            data-testid="sessions-revoke-others"
          >
            {t('security.sessions.others')}
          </Button>
        )}
      </>
    );
  }
  return (
    <section className={ui.section} aria-labelledby="sessions-title">
      <div className={ui.sectionHead}>
        <h2 id="sessions-title" className={ui.sectionTitle}>
          {t('security.sessions.title')}
        </h2>
      </div>
      {body}
      <Sheet visible={asking !== null} onClose={() => setAsking(null)}>
        <form
          className={ui.sheet}
          noValidate
          data-testid="sessions-second-factor"
          onSubmit={(event) => {
            event.preventDefault();
            const code = secondFactor.take();
            if (asking && code) finish(asking.session, code);
          }}
        >
          <p className={ui.hint}>
            {t(asking?.session === null ? 'security.sessions.othersConfirm' : 'security.sessions.revokeConfirm')}
          </p>
          <div className={ui.form} style={{ marginTop: 12 }}>
            <SecondFactorField factor={secondFactor} id="sessions-totp" />
          </div>
          <div className={ui.actions}>
            <Button onClick={() => setAsking(null)}>{t('common.cancel')}</Button>
            <Button
              variant="danger"
              type="submit"
              loading={revoke.isPending || revokeOthers.isPending}
              data-testid="sessions-second-factor-submit"
            >
              {t('common.confirm')}
            </Button>
          </div>
        </form>
      </Sheet>
    </section>
  );
}

function DeleteLink() {
  const { t } = useTranslation();
  return (
    <div className={`${ui.list} ${ui.section}`}>
      <Row
        title={t('security.deleteAccount')}
        to={PATHS.deleteAccount}
        tone="danger"
        testId="security-delete-account"
      />
    </div>
  );
}

/** The phone and identity rows; each opens its sheet (docs/identity-and-phone.md). */
function Verification() {
  const { t } = useTranslation();
  const verification = useVerification();
  const [open, setOpen] = useState<'phone' | 'kyc' | null>(null);
  const state = (ready: () => string) =>
    verification.isPending ? '…' : verification.isError ? t('security.loadFailed') : ready();
  const phone = verification.data?.phone;
  const kyc = verification.data?.kyc;
  const kycState = () => {
    if (!kyc || kyc.state === 'not_started') return t('identity.kyc.state.not_started');
    if (kyc.state === 'approved') return t('identity.kyc.verifiedLevel', { level: kyc.approvedLevel });
    return t(`identity.kyc.state.${kyc.state}`);
  };
  return (
    <>
      <Row
        title={t('identity.phone.row')}
        detail={phone ? `+${phone.areaCode} ${phone.masked}` : undefined}
        value={state(() => (phone ? t('identity.phone.boundState') : t('identity.phone.unbound')))}
        onClick={verification.isSuccess ? () => setOpen('phone') : undefined}
        testId="security-phone"
      />
      <Row
        title={t('identity.kyc.row')}
        value={state(kycState)}
        onClick={verification.isSuccess ? () => setOpen('kyc') : undefined}
        testId="security-kyc"
      />
      <PhoneSheet visible={open === 'phone'} onClose={() => setOpen(null)} />
      {kyc && <KycSheet visible={open === 'kyc'} onClose={() => setOpen(null)} kyc={kyc} />}
    </>
  );
}
