import { InviteBindInput, type InvitedInfo, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useBindInviter, useInvitedInfo } from '@/api/invite.ts';
import { Frame } from '@/app/Frame.tsx';
import { Button } from '@/components/Button.tsx';
import { InviteShare } from '@/components/invite/InviteShare.tsx';
import styles from '@/components/invite/invite.module.css';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { useForm } from '@/components/useForm.ts';
import { formatFullDate } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, assetAmount } from '@/lib/wallet.ts';

/** Invite gift: my code, link and QR to share, the rule, what I earned, my inviter, and who joined through me. */
export default function InviteGiftPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('invite.title')}>
      <RequireLogin>
        <InviteGift />
      </RequireLogin>
    </Frame>
  );
}

function InviteGift() {
  const query = useInvitedInfo();
  if (query.isPending) return <Loading testId="invite-loading" />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} message={query.error.message} />;
  const pages = query.data.pages;
  const info = pages[0]!;
  const items = pages.flatMap((page) => page.items);
  return (
    <>
      <InviteShare info={info} />
      <Totals info={info} />
      <MyInviter info={info} />
      <Rules info={info} />
      <Invitees items={items} query={query} />
    </>
  );
}

function Totals({ info }: { info: InvitedInfo }) {
  const { t } = useTranslation();
  const cells = [
    { key: 'invited', value: String(info.totals.invited) },
    { key: 'rewarded', value: String(info.totals.rewarded) },
    { key: 'earned', value: assetAmount(info.totals.earned, info.asset) },
  ];
  return (
    <section className={ui.card} aria-label={t('invite.totals.title')} data-testid="invite-totals">
      <div className={styles.totals}>
        {cells.map((cell) => (
          <div key={cell.key}>
            <p className={styles.total} data-testid={`invite-total-${cell.key}`}>
              {cell.value}
            </p>
            <p className={styles.totalLabel}>{t(`invite.totals.${cell.key}`)}</p>
          </div>
        ))}
      </div>
      {info.totals.owed !== '0' && (
        <p className={ui.hint} data-testid="invite-owed">
          {t('invite.totals.owed', { amount: amountFigure(info.totals.owed, info.asset), asset: info.asset })}
        </p>
      )}
    </section>
  );
}

/** Who invited me and my own reward; or, while I still may, a form to name an inviter. */
function MyInviter({ info }: { info: InvitedInfo }) {
  const { t } = useTranslation();
  const form = useForm({ inviteCode: '' });
  const bind = useBindInviter();
  if (!info.invitedBy && !info.canBind) return null;
  const submit = () => {
    const data = form.accept(form.validate(InviteBindInput));
    if (!data || bind.isPending) return;
    bind.mutate(data.inviteCode, {
      onSuccess: (result) => {
        form.reset();
        Toast.show({ content: t('invite.bind.done', { name: result.inviter }), duration: TOAST_DURATION_MS });
      },
      onError: form.reportTo(['inviteCode']),
    });
  };
  return (
    <section className={ui.section} aria-labelledby="invite-mine">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="invite-mine">
          {t('invite.mine.title')}
        </h2>
      </div>
      <div className={ui.card} data-testid="invite-mine">
        {info.invitedBy ? (
          <>
            <p className={ui.rowTitle}>{t('invite.mine.by', { name: info.invitedBy.name ?? t('invite.deleted') })}</p>
            <p className={ui.hint} data-testid="invite-mine-state">
              {t(`invite.mine.${info.invitedBy.state}`, {
                amount: amountFigure(
                  info.invitedBy.state === 'joined' ? info.rule.inviteeAmount : info.invitedBy.amount,
                  info.asset,
                ),
                asset: info.asset,
              })}
            </p>
          </>
        ) : (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <p className={ui.hint} style={{ marginTop: 0 }}>
              {t('invite.bind.hint', { days: info.rule.bindDays })}
            </p>
            <div className={styles.bind}>
              <TextField
                id="invite-bind-code"
                label={t('contract:fields.inviteCode')}
                testId="invite-bind-code"
                maxLength={16}
                {...form.field('inviteCode', (typed) => typed.toUpperCase())}
              />
              <Button
                variant="primary"
                type="submit"
                loading={bind.isPending}
                style={{ marginTop: 24 }}
                data-testid="invite-bind-submit"
              >
                {t('invite.bind.submit')}
              </Button>
            </div>
          </form>
        )}
      </div>
    </section>
  );
}

function Rules({ info }: { info: InvitedInfo }) {
  const { t } = useTranslation();
  const values = {
    inviter: info.rule.inviterAmount,
    invitee: info.rule.inviteeAmount,
    min: info.rule.minDeposit,
    days: info.rule.bindDays,
    asset: info.asset,
  };
  return (
    <section className={ui.section} aria-labelledby="invite-rules">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="invite-rules">
          {t('invite.rules.title')}
        </h2>
      </div>
      <div className={ui.card}>
        <ul className={styles.rules} data-testid="invite-rules">
          {(['share', 'qualify', 'once', 'fair', 'later'] as const).map((key) => (
            <li key={key}>{t(`invite.rules.${key}`, values)}</li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Invitees({ items, query }: { items: InvitedInfo['items']; query: ReturnType<typeof useInvitedInfo> }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const asset = query.data?.pages[0]?.asset ?? '';
  return (
    <section className={ui.section} aria-labelledby="invite-people">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="invite-people">
          {t('invite.people.title')}
        </h2>
      </div>
      {items.length === 0 ? (
        <div className={ui.card}>
          <p className={ui.hint} style={{ margin: 0 }} data-testid="invite-people-empty">
            {t('invite.people.empty')}
          </p>
        </div>
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="invite-people">
          {items.map((person) => (
            <li key={person.id} className={ui.row} data-testid="invite-person" data-state={person.state}>
              <div className={ui.rowMain}>
                <p className={ui.rowTitle}>{person.name ?? t('invite.deleted')}</p>
                <p className={ui.rowSub}>
                  {t('invite.people.joined', { date: formatFullDate(person.joinedAt, language) })}
                </p>
              </div>
              <span className={`${ui.rowEnd} ${person.state === 'rewarded' ? ui.up : ''}`}>
                {person.state === 'joined'
                  ? t('invite.state.joined')
                  : t(`invite.state.${person.state}`, { amount: amountFigure(person.amount, asset), asset })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <MoreLoader query={query} enabled={items.length > 0} end={t('invite.people.end')} />
    </section>
  );
}
