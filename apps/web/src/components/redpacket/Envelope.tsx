import { RED_PACKET_LIMITS, Status } from '@polaris/contract';
import { useQueryClient } from '@tanstack/react-query';
import { GiftOutline } from 'antd-mobile-icons';
import type { TFunction } from 'i18next';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type RedPacket,
  type RedPacketClaimResult,
  redPacketKeys,
  useClaimRedPacket,
  useRedPacket,
} from '@/api/redpacket.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { CaptchaWidget } from '@/components/captcha/CaptchaWidget.tsx';
import { useCaptcha } from '@/components/captcha/useCaptcha.ts';
import { RoomAvatar } from '@/components/chat/RoomAvatar.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { QueryView } from '@/components/QueryState.tsx';
import { TextField } from '@/components/TextField.tsx';
import { isApiError } from '@/lib/api-error.ts';
import { useSession } from '@/lib/session.ts';
import { amountFigure } from '@/lib/wallet.ts';
import { nameOf } from './names.ts';
import css from './redpacket.module.css';
import { type EnvelopeView, envelopeView } from './rules.ts';

/** Who may open the packet, when it is not anyone with the link. */
export function audienceNote(packet: RedPacket, t: TFunction) {
  if (packet.audience === 'followers') return t('redpacket.audience.followersNote');
  if (packet.audience === 'room') return t('redpacket.audience.roomNote');
  if (packet.audience === 'attendees') {
    return t('redpacket.audience.attendeesNote', { title: packet.activity?.title ?? '' });
  }
  return '';
}

/**
 * A red packet to open (SPEC §2 red envelope): who sent it, the greeting, and what can be done with it: open it
 * (typing its password when it has one), log in first, or what became of it (my share, all claimed, activity
 * ended). A refusal the server leaves to the caller (409, 403: SPEC §7 "no toast") is written on the envelope.
 */
function Envelope({
  packet,
  onClaimed,
  tall = false,
}: {
  packet: RedPacket;
  onClaimed(result: RedPacketClaimResult): void;
  /** On a page of its own the envelope stands tall; in a sheet it keeps to its content. */
  tall?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useSession((state) => state.loginStatus);
  const opening = useOpenPacket(packet, onClaimed);
  const { claim, password, passwordError, refusal, needsCaptcha, captcha } = opening;
  const view = envelopeView(packet, loggedIn);
  const details = () => navigate(href(PATHS.redEnvelopeReceive, { redpacketCode: packet.code }));
  const note = audienceNote(packet, t);

  return (
    <section
      className={`${css.envelope} ${tall ? css.tall : ''}`}
      data-testid="envelope"
      data-view={view}
      aria-labelledby="envelope-from"
    >
      <div className={css.from} id="envelope-from">
        <RoomAvatar
          seed={packet.sender.uid}
          name={nameOf(t, packet.sender)}
          avatar={packet.sender.avatar}
          size="small"
        />
        <span data-testid="envelope-sender">{t('redpacket.envelope.from', { name: nameOf(t, packet.sender) })}</span>
      </div>
      <p className={css.greeting} data-testid="envelope-greeting">
        {packet.greeting || t('redpacket.defaultGreeting')}
      </p>
      {note && <p className={css.note}>{note}</p>}

      <EnvelopeState view={view} packet={packet} />

      {view === 'open' && (
        <form className={css.openForm} onSubmit={(event) => void opening.open(event)} noValidate>
          {packet.needsPassword && (
            <div className={css.envelopeField}>
              <TextField
                id={`envelope-password-${packet.code}`}
                testId="envelope-password"
                label={t('redpacket.envelope.password')}
                placeholder={t('redpacket.envelope.passwordPlaceholder')}
                autoComplete="off"
                maxLength={RED_PACKET_LIMITS.passwordMax}
                value={password}
                onChange={opening.setPassword}
                error={passwordError}
              />
            </div>
          )}
          {needsCaptcha && <CaptchaWidget captcha={captcha} testId="envelope-captcha" />}
          <button
            type="submit"
            className={css.seal}
            disabled={claim.isPending}
            aria-label={t('redpacket.envelope.openLabel')}
            data-testid="envelope-open"
          >
            {claim.isPending ? '…' : t('redpacket.envelope.open')}
          </button>
        </form>
      )}
      {view === 'login' && (
        <Button
          onClick={() => navigate(PATHS.login)}
          style={{ '--text-color': 'var(--px-packet-red)' } as React.CSSProperties}
          data-testid="envelope-login"
        >
          {t('redpacket.envelope.login')}
        </Button>
      )}
      {refusal && (view === 'open' || view === 'login') && (
        <p className={css.envelopeError} role="alert" data-testid="envelope-refusal">
          {refusal}
        </p>
      )}
      {view !== 'open' && view !== 'login' && (
        <div className={css.lightButtons}>
          {view === 'sender' && packet.state === 'active' && (
            <button
              type="button"
              className={css.lightLink}
              onClick={() => navigate(href(PATHS.redEnvelopePasswordShare, { redpacketCode: packet.code }))}
              data-testid="envelope-share"
            >
              {t('redpacket.share.title')}
            </button>
          )}
          <button type="button" className={css.lightLink} onClick={details} data-testid="envelope-details">
            {t('redpacket.envelope.details')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Opening a packet: its password checked first, the server's refusals said on the envelope, a captcha when the
 * server asks for one, and the packet's state reloaded when it changed under us.
 */
function useOpenPacket(packet: RedPacket, onClaimed: (result: RedPacketClaimResult) => void) {
  const { t } = useTranslation();
  const claim = useClaimRedPacket();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  // Asked for by the server only when this person opens packets faster than a person would (docs/captcha.md).
  const [needsCaptcha, setNeedsCaptcha] = useState(false);
  const captcha = useCaptcha();

  const open = async (event?: FormEvent) => {
    event?.preventDefault();
    if (claim.isPending) return;
    setRefusal(undefined);
    if (packet.needsPassword && password.length < RED_PACKET_LIMITS.passwordMin) {
      return setPasswordError(
        password === ''
          ? t('redpacket.envelope.passwordEmpty')
          : t('contract:redpacket.passwordShort', { min: RED_PACKET_LIMITS.passwordMin }),
      );
    }
    setPasswordError(undefined);
    claim.mutate(
      {
        code: packet.code,
        password: packet.needsPassword ? password : undefined,
        captcha: needsCaptcha ? await captcha.take() : undefined,
      },
      {
        onSuccess: onClaimed,
        onError: (error) => {
          if (!isApiError(error)) return;
          const wrong = error.kind === 'invalid' ? error.fields.find((field) => field.field === 'password') : undefined;
          if (wrong) return setPasswordError(wrong.message);
          const captchaAsked = error.kind === 'invalid' && error.fields.some((field) => field.field === 'captcha');
          if (captchaAsked && !needsCaptcha) {
            setNeedsCaptcha(true);
            return setRefusal(t('captcha.prompt'));
          }
          // Quiet statuses (ended, all claimed, already claimed, own packet) and refusals (not for you) alike.
          if (error.kind === 'quiet' || error.kind === 'invalid' || error.status === Status.noPermission) {
            setRefusal(error.fields[0]?.message ?? error.message);
          }
          // The packet may have changed under us (taken, expired, opened elsewhere): its state then says why.
          if (error.kind === 'quiet')
            void queryClient.invalidateQueries({ queryKey: redPacketKeys.detail(packet.code) });
        },
      },
    );
  };
  return {
    claim,
    password,
    passwordError,
    refusal,
    needsCaptcha,
    captcha,
    open,
    setPassword(value: string) {
      setPassword(value);
      setPasswordError(undefined);
    },
  };
}

/** What the envelope says of itself when it cannot be opened: my share, all taken, ended, or mine to share. */
function EnvelopeState({ view, packet }: { view: EnvelopeView; packet: RedPacket }) {
  const { t } = useTranslation();
  return (
    <>
      {view === 'mine' && packet.mine && (
        <>
          <p className={css.note}>{t('redpacket.envelope.youGot')}</p>
          <p className={css.bigAmount} data-testid="envelope-amount">
            {amountFigure(packet.mine.amount, packet.asset)}
            <small>{packet.asset}</small>
          </p>
        </>
      )}
      {view === 'claimed' && (
        <p className={css.stateText} role="status" data-testid="envelope-state">
          {t('contract:redpacket.allClaimed')}
        </p>
      )}
      {view === 'ended' && (
        <p className={css.stateText} role="status" data-testid="envelope-state">
          {t('contract:redpacket.ended')}
        </p>
      )}
      {view === 'sender' && <p className={css.note}>{t('redpacket.envelope.yours')}</p>}
    </>
  );
}

/** The packet of `code`, loaded, as an envelope; its not-found and failure states in its place. */
export function EnvelopeLoader({
  code,
  onClaimed,
  tall,
}: {
  code: string;
  onClaimed(result: RedPacketClaimResult): void;
  tall?: boolean;
}) {
  return (
    <PacketView code={code} loadingTestId="envelope-loading">
      {(packet) => <Envelope key={packet.code} packet={packet} onClaimed={onClaimed} tall={tall} />}
    </PacketView>
  );
}

/** A red packet by its code: "not found" for an unknown one, loading, a failure with a retry, then the packet. */
export function PacketView({
  code,
  loadingTestId,
  children,
}: {
  code: string;
  loadingTestId: string;
  children(packet: RedPacket): ReactNode;
}) {
  const packet = useRedPacket(code);
  return (
    <QueryView
      query={packet}
      notFound={{ field: 'redpacketCode', view: <PacketNotFound /> }}
      loadingTestId={loadingTestId}
    >
      {children}
    </QueryView>
  );
}

export function PacketNotFound() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={<GiftOutline />}
      title={t('contract:redpacket.notFound')}
      body={t('redpacket.notFoundBody')}
      testId="packet-not-found"
    />
  );
}
