import { PullToRefresh, Tabs } from 'antd-mobile';
import { GiftOutline, LockOutline, TeamOutline, UserAddOutline } from 'antd-mobile-icons';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  type MineRole,
  type RedPacketInfo,
  redPacketKeys,
  useMyRedPackets,
  useRedPacketInfo,
} from '@/api/redpacket.ts';
import { Frame } from '@/app/Frame.tsx';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { MoreLoader } from '@/components/MoreLoader.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { Refreshable } from '@/components/Refreshable.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { PacketRow } from '@/components/redpacket/PacketRow.tsx';
import css from '@/components/redpacket/redpacket.module.css';
import { codeFromInput } from '@/components/redpacket/rules.ts';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shown } from '@/lib/wallet.ts';

/**
 * The red packet home: what I sent and received, the three ways to send one, a field that opens a packet from
 * its code or a pasted link, and my sent and received packets (the tab in the query string).
 */
export default function RedEnvelopePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role: MineRole = params.get('tab') === 'received' ? 'received' : 'sent';
  return (
    <Frame title={t('redpacket.title')} layout="frame">
      <RequireLogin>
        <Refreshable pull={PullToRefresh} refresh={[redPacketKeys.all]}>
          <Summary />
          <div className={css.body} style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
            <SendActions />
            <OpenByCode />
          </div>
          <Tabs
            activeKey={role}
            onChange={(key) => setParams(key === 'received' ? { tab: 'received' } : {}, { replace: true })}
            style={{ background: 'var(--px-surface)' }}
          >
            <Tabs.Tab key="sent" title={<span data-testid="redpacket-tab-sent">{t('redpacket.home.sent')}</span>} />
            <Tabs.Tab
              key="received"
              title={<span data-testid="redpacket-tab-received">{t('redpacket.home.received')}</span>}
            />
          </Tabs>
          <div className={css.body}>
            <MineList key={role} role={role} />
          </div>
        </Refreshable>
      </RequireLogin>
    </Frame>
  );
}

function Totals({ totals, testId }: { totals: RedPacketInfo['held']; testId: string }) {
  const showAssets = useSettings((state) => state.showAssets);
  if (totals.length === 0) return null;
  return (
    <ul className={css.summaryTotals} data-testid={testId}>
      {totals.map((item) => (
        <li key={item.asset}>
          {shown(amountFigure(item.amount, item.asset), showAssets)} {item.asset}
        </li>
      ))}
    </ul>
  );
}

function Summary() {
  const { t } = useTranslation();
  const info = useRedPacketInfo();
  const showAssets = useSettings((state) => state.showAssets);
  let content: ReactNode;
  if (info.isPending) content = <p className={css.summaryLabel}>{t('app.loading')}</p>;
  else if (info.isError) {
    content = (
      <button type="button" className={css.lightLink} onClick={() => void info.refetch()}>
        {t('redpacket.home.infoFailed')}
      </button>
    );
  } else {
    const { sent, received, held } = info.data;
    const heldText = held
      .map((item) => `${shown(amountFigure(item.amount, item.asset), showAssets)} ${item.asset}`)
      .join(' · ');
    content = (
      <>
        <div className={css.summaryGrid}>
          <div data-testid="redpacket-sent-summary">
            <p className={css.summaryLabel}>{t('redpacket.home.sent')}</p>
            <p className={css.summaryCount} data-testid="redpacket-sent-count">
              {t('redpacket.home.packets', { count: sent.count })}
            </p>
            <Totals totals={sent.totals} testId="redpacket-sent-totals" />
          </div>
          <div data-testid="redpacket-received-summary">
            <p className={css.summaryLabel}>{t('redpacket.home.received')}</p>
            <p className={css.summaryCount} data-testid="redpacket-received-count">
              {t('redpacket.home.packets', { count: received.count })}
            </p>
            <Totals totals={received.totals} testId="redpacket-received-totals" />
          </div>
        </div>
        {heldText && (
          <p className={css.held} data-testid="redpacket-held">
            {t('redpacket.home.held', { amounts: heldText })}
          </p>
        )}
      </>
    );
  }
  return (
    <section className={css.summary} aria-label={t('redpacket.home.summary')} data-testid="redpacket-summary">
      {content}
    </section>
  );
}

function SendActions() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions = [
    { id: 'password', icon: <LockOutline />, label: t('redpacket.kind.password'), to: PATHS.redEnvelopePassword },
    {
      id: 'share',
      icon: <UserAddOutline />,
      label: t('redpacket.kind.share'),
      to: href(PATHS.redEnvelopePassword, { kind: 'share' }),
    },
    { id: 'social', icon: <TeamOutline />, label: t('redpacket.kind.social'), to: PATHS.redEnvelopeSocialize },
  ];
  return (
    <section aria-labelledby="redpacket-send-title">
      <div className={ui.sectionHead}>
        <h2 className={ui.sectionTitle} id="redpacket-send-title">
          {t('redpacket.home.send')}
        </h2>
      </div>
      <div className={css.actionsGrid}>
        {actions.map((action) => (
          <button
            key={action.id}
            type="button"
            className={css.action}
            onClick={() => navigate(action.to)}
            data-testid={`redpacket-send-${action.id}`}
          >
            <span className={css.actionIcon} aria-hidden>
              {action.icon}
            </span>
            {action.label}
          </button>
        ))}
      </div>
    </section>
  );
}

function OpenByCode() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = codeFromInput(text);
    if (!code) return setError(text.trim() ? t('redpacket.home.codeInvalid') : t('redpacket.home.codeEmpty'));
    navigate(href(PATHS.redEnvelopePassword, { redpacketCode: code }));
  };
  return (
    <form className={`${ui.card} ${css.openRow}`} onSubmit={submit} noValidate data-testid="redpacket-open-form">
      <TextField
        id="redpacket-open-code"
        testId="redpacket-open-code"
        label={t('redpacket.home.openLabel')}
        placeholder={t('redpacket.home.openPlaceholder')}
        autoComplete="off"
        maxLength={500}
        value={text}
        onChange={(value) => {
          setText(value);
          setError(undefined);
        }}
        error={error}
      />
      <Button
        variant="danger"
        type="submit"
        className={css.sendButton}
        style={{ marginTop: 26 }}
        data-testid="redpacket-open-submit"
      >
        {t('redpacket.home.open')}
      </Button>
    </form>
  );
}

function MineList({ role }: { role: MineRole }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mine = useMyRedPackets(role);
  if (mine.isPending) return <Loading testId="redpacket-mine-loading" />;
  if (mine.isError) return <LoadFailed onRetry={() => void mine.refetch()} message={mine.error.message} />;
  const items = mine.data.pages.flatMap((page) => page.items);
  if (items.length === 0) {
    return (
      <EmptyState
        testId={`redpacket-empty-${role}`}
        icon={<GiftOutline />}
        title={t(role === 'sent' ? 'redpacket.home.emptySent' : 'redpacket.home.emptyReceived')}
        body={t(role === 'sent' ? 'redpacket.home.emptySentBody' : 'redpacket.home.emptyReceivedBody')}
        action={
          role === 'sent' ? (
            <Button variant="danger" onClick={() => navigate(PATHS.redEnvelopePassword)}>
              {t('redpacket.home.sendFirst')}
            </Button>
          ) : undefined
        }
      />
    );
  }
  return (
    <>
      <ul className={`${ui.list} ${css.rows}`} data-testid={`redpacket-list-${role}`}>
        {items.map((item) => (
          <PacketRow key={`${item.packet.code}-${item.at}`} item={item} role={role} />
        ))}
      </ul>
      <MoreLoader query={mine} end={t('records.end')} />
    </>
  );
}
