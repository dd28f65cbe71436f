import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { CheckCircleOutline, CloseCircleOutline, GiftOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { type AirdropDetail, useAirdrop, useAirdropSignup } from '@/api/airdrop.ts';
import { Frame } from '@/app/Frame.tsx';
import { alert } from '@/app/overlays.ts';
import { PATHS } from '@/app/paths.ts';
import { AirdropFacts, PhaseBadge } from '@/components/airdrop/AirdropFacts.tsx';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';
import { amountFigure } from '@/lib/wallet.ts';

/** One airdrop: its facts, who qualifies (and whether I do), my sign-up or payout, and the sign-up button. */
export default function AirdropDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = /^\d{1,15}$/.test(params.get('id') ?? '') ? params.get('id')! : '';
  const airdrop = useAirdrop(id);
  return (
    <Frame title={t('airdrop.detail')}>
      <QueryView
        query={airdrop}
        notFound={{
          missing: id === '',
          field: 'id',
          view: <EmptyState icon={<GiftOutline />} title={t('airdrop.notFound')} body="" testId="airdrop-not-found" />,
        }}
        loadingTestId="airdrop-loading"
        failedMessage={() => undefined}
      >
        {(data) => <Detail airdrop={data} />}
      </QueryView>
    </Frame>
  );
}

function Detail({ airdrop }: { airdrop: AirdropDetail }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 16 }}>
      <section className={ui.card} aria-labelledby="airdrop-project" data-testid="airdrop-detail">
        <div className={ui.sectionHead} style={{ marginBottom: 4 }}>
          <h2 className={ui.rowTitle} id="airdrop-project" style={{ margin: 0 }}>
            {airdrop.project} · {airdrop.asset}
          </h2>
          <PhaseBadge phase={airdrop.phase} />
        </div>
        <AirdropFacts airdrop={airdrop} />
      </section>
      <Requirements airdrop={airdrop} />
      {(airdrop.description || airdrop.website) && (
        <section className={ui.card} aria-labelledby="airdrop-about">
          <h2 className={ui.rowTitle} id="airdrop-about">
            {t('airdrop.about')}
          </h2>
          {airdrop.description && <p style={{ whiteSpace: 'pre-wrap', margin: '8px 0' }}>{airdrop.description}</p>}
          {airdrop.website?.startsWith('https://') && (
            <a href={airdrop.website} target="_blank" rel="noopener noreferrer">
              {t('airdrop.website')}
            </a>
          )}
        </section>
      )}
      <div style={{ marginTop: 16 }}>
        <SignUp airdrop={airdrop} />
      </div>
    </div>
  );
}

function Requirements({ airdrop }: { airdrop: AirdropDetail }) {
  const { t } = useTranslation();
  const { holds, attended, vipTier } = airdrop.requirements;
  const rules = [
    holds && {
      key: 'holds',
      text: t('airdrop.holds', { min: amountFigure(holds.min, holds.asset), asset: holds.asset }),
    },
    attended && { key: 'attended', text: t('airdrop.attended', { title: attended.title }) },
    vipTier && { key: 'vipTier', text: t('airdrop.vip', { tier: t(`vip.tier.${vipTier}`) }) },
  ].filter((rule): rule is { key: 'holds' | 'attended' | 'vipTier'; text: string } => !!rule);
  return (
    <section className={ui.card} aria-labelledby="airdrop-who" data-testid="airdrop-requirements">
      <h2 className={ui.rowTitle} id="airdrop-who">
        {t('airdrop.who')}
      </h2>
      {rules.length === 0 ? (
        <p className={ui.hint}>{t('airdrop.everyone')}</p>
      ) : (
        <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {rules.map((rule) => {
            const met = airdrop.eligibility?.[rule.key] ?? null;
            return (
              <li key={rule.key} className={ui.kv} data-testid={`airdrop-rule-${rule.key}`} data-met={String(met)}>
                <span>{rule.text}</span>
                {met !== null && (
                  <span className={`${ui.badge} ${met ? ui.success : ui.danger}`}>
                    {met ? <CheckCircleOutline aria-hidden /> : <CloseCircleOutline aria-hidden />}{' '}
                    {met ? t('airdrop.met') : t('airdrop.notMet')}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function SignUp({ airdrop }: { airdrop: AirdropDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const signup = useAirdropSignup();
  if (airdrop.mine) {
    return (
      <p
        className={`${ui.badge} ${ui.success}`}
        style={{ fontSize: 14, padding: '8px 12px' }}
        data-testid="airdrop-mine"
      >
        {airdrop.mine.paid
          ? t('airdrop.paid', { amount: amountFigure(airdrop.mine.paid, airdrop.asset), asset: airdrop.asset })
          : t('airdrop.signedUp')}
      </p>
    );
  }
  if (!loggedIn) {
    return (
      <Button variant="primary" block onClick={() => navigate(PATHS.login)} data-testid="airdrop-login">
        {t('airdrop.loginToSignUp')}
      </Button>
    );
  }
  return (
    <Button
      variant="primary"
      block
      disabled={!airdrop.can.signUp}
      loading={signup.isPending}
      onClick={() =>
        signup.mutate(airdrop.id, {
          onSuccess: () => Toast.show({ content: t('airdrop.signUpDone'), duration: TOAST_DURATION_MS }),
          onError: (error) => {
            // The airdrop changed since it was read (ended, full): the refusal is left to the page or shown here.
            if (isApiError(error) && error.unreported) {
              void alert({ content: error.message, confirmText: t('common.confirm') });
            }
          },
        })
      }
      data-testid="airdrop-signup"
    >
      {signUpLabel(t, airdrop)}
    </Button>
  );
}

/** The button's words: "Sign up" when `can.signUp`, otherwise why not (the rules card shows which rule is missed). */
function signUpLabel(t: TFunction, airdrop: AirdropDetail): string {
  if (airdrop.can.signUp) return t('airdrop.signUp');
  if (airdrop.phase === 'upcoming') return t('airdrop.notOpenYet');
  if (airdrop.phase !== 'open') return t('airdrop.closed');
  const unmet = Object.values(airdrop.eligibility ?? {}).includes(false);
  return unmet ? t('airdrop.notEligible') : t('airdrop.full');
}
