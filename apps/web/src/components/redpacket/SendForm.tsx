import { type ChatRoom, type RedPacket, VALIDITY_UNITS, type ValidityUnit } from '@polaris/contract';
import { Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useMyRooms } from '@/api/chat.ts';
import { type RedPacketAudience, type RedPacketKind, useHostedActivities } from '@/api/redpacket.ts';
import { useAssets, useTradePasswordStatus } from '@/api/wallet.ts';
import { PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shown } from '@/lib/wallet.ts';
import { Chips } from './Chips.tsx';
import css from './redpacket.module.css';
import { canSendRedPacket } from './rules.ts';
import { SendConfirm } from './SendConfirm.tsx';
import { type SendFormState, useSendForm } from './useSendForm.ts';

interface SendFormProps {
  kind: RedPacketKind;
  /** The room a `chat` packet goes into. */
  room?: ChatRoom;
  onSent(packet: RedPacket, password: string | undefined): void;
}

/** The send form of a red packet of any kind, once the wallet's tokens are in. */
export function SendForm(props: SendFormProps) {
  const assets = useAssets();
  if (assets.isPending) return <Loading testId="send-loading" />;
  if (assets.isError) return <LoadFailed onRetry={() => void assets.refetch()} message={assets.error.message} />;
  // Tokens that may go into a red packet first; the others stay listed, so choosing one says why not.
  const items = [...assets.data.items].sort((a, b) => Number(canSendRedPacket(b)) - Number(canSendRedPacket(a)));
  return <SendFormBody {...props} assets={items} />;
}

function SendFormBody({
  kind,
  room,
  onSent,
  assets,
}: SendFormProps & { assets: Parameters<typeof useSendForm>[0]['assets'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const showAssets = useSettings((state) => state.showAssets);
  const tradeStatus = useTradePasswordStatus();
  const form = useSendForm({ kind, assets, room, onSent });
  const { asset } = form;
  const code = asset?.code ?? '';

  return (
    <>
      {tradeStatus.data?.blank && (
        <div className={`${ui.card} ${css.switchRow}`} role="note" data-testid="send-no-trade-password">
          <span>{t('redpacket.form.noTradePassword')}</span>
          <Button variant="primary" size="small" onClick={() => navigate(PATHS.traderPassword)}>
            {t('tradePassword.goSet')}
          </Button>
        </div>
      )}
      <form
        className={ui.form}
        style={{ marginTop: tradeStatus.data?.blank ? 16 : 0 }}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.next();
        }}
        data-testid="send-form"
        data-kind={kind}
      >
        <TokenChoice form={form} />
        <SplitChoice form={form} />
        <div>
          <TextField
            id="send-amount"
            testId="send-amount"
            label={form.split === 'fixed' ? t('redpacket.form.amountEach') : t('redpacket.form.amountTotal')}
            placeholder={t('redpacket.form.amountPlaceholder')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.amount}
            onChange={form.setAmount}
            error={form.errors.amount}
            suffix={<span className={css.suffix}>{code}</span>}
          />
          {asset && (
            <p className={ui.hint} style={{ marginTop: 6 }} data-testid="send-available">
              {t('transfer.available', { amount: shown(amountFigure(asset.available, code), showAssets), asset: code })}
            </p>
          )}
        </div>
        <TextField
          id="send-count"
          testId="send-count"
          label={t('redpacket.form.count')}
          placeholder={t('redpacket.form.countPlaceholder')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={form.count}
          onChange={form.setCount}
          error={form.errors.count}
        />
        <div className={css.total} aria-live="polite" data-testid="send-total" data-total={form.total ?? ''}>
          <span>
            {form.split === 'fixed' && form.total
              ? t('redpacket.form.totalFixed', { each: form.amount.trim(), count: Number(form.count) })
              : t('redpacket.form.total')}
          </span>
          <strong>
            {form.total ? amountFigure(form.total, code, { exact: true }) : '0'} {code}
          </strong>
        </div>
        <ValidityField form={form} />
        {form.needsPassword && (
          <TextField
            id="send-password"
            testId="send-password"
            label={t('redpacket.form.password')}
            placeholder={t('redpacket.form.passwordPlaceholder', { min: 4 })}
            autoComplete="off"
            value={form.password}
            onChange={form.setPassword}
            error={form.errors.password}
          />
        )}
        <TextField
          id="send-greeting"
          testId="send-greeting"
          label={t('common.optionalField', { label: t('redpacket.form.greeting') })}
          placeholder={t('redpacket.defaultGreeting')}
          autoComplete="off"
          value={form.greeting}
          onChange={form.setGreeting}
          error={form.errors.greeting}
        />
        <AudienceChoice form={form} />
        <Button variant="danger" type="submit" size="large" block className={css.sendButton} data-testid="send-next">
          {t('redpacket.form.prepare')}
        </Button>
      </form>
      <SendConfirm form={form} />
    </>
  );
}

function TokenChoice({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  return (
    <div>
      <p className={css.fieldLabel} id="send-token-label">
        {t('redpacket.form.token')}
      </p>
      <fieldset className={ui.chips} aria-labelledby="send-token-label">
        {form.assets.map((item) => {
          const allowed = canSendRedPacket(item);
          return (
            <button
              key={item.code}
              type="button"
              className={ui.chip}
              aria-pressed={item.code === form.assetCode}
              style={allowed ? undefined : { color: 'var(--adm-color-light)', borderStyle: 'dashed' }}
              onClick={() => form.chooseAsset(item.code)}
              data-testid={`send-token-${item.code}`}
              data-allowed={allowed}
            >
              {item.code}
            </button>
          );
        })}
      </fieldset>
      {form.errors.asset && (
        <p className={ui.error} style={{ marginTop: 6 }} role="alert" data-testid="send-token-error">
          {form.errors.asset}
        </p>
      )}
    </div>
  );
}

function SplitChoice({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  return (
    <div>
      <Chips
        id="send-split"
        label={t('redpacket.form.split')}
        options={(['random', 'fixed'] as const).map((split) => ({
          value: split,
          label: t(`redpacket.split.${split}`),
        }))}
        value={form.split}
        onChange={form.setSplit}
      />
      <p className={ui.hint} style={{ marginTop: 6 }}>
        {t(`redpacket.split.${form.split}Hint`)}
      </p>
    </div>
  );
}

function ValidityField({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  return (
    <div className={css.validity}>
      <TextField
        id="send-validity"
        testId="send-validity"
        label={t('redpacket.form.validity')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={5}
        value={form.validity}
        onChange={form.setValidity}
        error={form.errors.validity}
      />
      <select
        className={ui.select}
        value={form.validityUnit}
        onChange={(event) => form.setValidityUnit(event.target.value as ValidityUnit)}
        aria-label={t('redpacket.form.validityUnit')}
        data-testid="send-validity-unit"
        style={{ marginBottom: form.errors.validity ? 26 : 0 }}
      >
        {VALIDITY_UNITS.map((unit) => (
          <option key={unit} value={unit}>
            {t(`redpacket.unitName.${unit}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who may open it: anyone with the link (or only an activity's checked-in attendees), followers, a room. */
function AudienceChoice({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  if (form.kind === 'social') return <SocialAudience form={form} />;
  if (form.kind === 'chat') {
    const room = form.room;
    if (!room?.activityId) {
      return <p className={ui.hint}>{t('redpacket.audience.roomHint', { name: room?.name ?? '' })}</p>;
    }
    return (
      <div>
        <AudienceChips
          form={form}
          options={[
            { value: 'room', label: t('redpacket.audience.room') },
            { value: 'attendees', label: t('redpacket.audience.roomAttendees') },
          ]}
        />
      </div>
    );
  }
  return <AttendeesOnly form={form} />;
}

/** The audiences a packet of this kind may have, as chips; none is pressed while the form holds another. */
function AudienceChips({
  form,
  options,
}: {
  form: SendFormState;
  options: readonly { value: RedPacketAudience; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <Chips
      id="send-audience"
      label={t('redpacket.form.audience')}
      options={options}
      value={options.some((option) => option.value === form.audience) ? form.audience : null}
      onChange={form.setAudience}
    />
  );
}

function SocialAudience({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  const rooms = useMyRooms();
  const choices = (rooms.data?.items ?? []).filter((entry) => entry.room.kind !== 'direct' && !entry.room.closedAt);
  return (
    <div>
      <AudienceChips
        form={form}
        options={[
          { value: 'followers', label: t('redpacket.audience.followers') },
          { value: 'room', label: t('redpacket.audience.aRoom') },
        ]}
      />
      {form.audience === 'room' && (
        <div style={{ marginTop: 10 }}>
          <select
            className={ui.select}
            style={{ width: '100%' }}
            value={form.roomId}
            onChange={(event) => form.setRoomId(event.target.value)}
            aria-label={t('redpacket.form.room')}
            aria-invalid={form.errors.roomId ? true : undefined}
            data-testid="send-room"
          >
            <option value="">{rooms.isPending ? t('app.loading') : t('redpacket.form.roomPlaceholder')}</option>
            {choices.map((entry) => (
              <option key={entry.room.id} value={entry.room.id}>
                {entry.room.name}
              </option>
            ))}
          </select>
          {form.errors.roomId && (
            <p className={ui.error} style={{ marginTop: 6 }} role="alert" data-testid="send-room-error">
              {form.errors.roomId}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function AttendeesOnly({ form }: { form: SendFormState }) {
  const { t } = useTranslation();
  const on = form.audience === 'attendees';
  const hosted = useHostedActivities(on);
  const activities = hosted.data?.items ?? [];
  const chosen = activities.some((item) => item.id === form.activityId) ? form.activityId : '';
  return (
    <div className={ui.card} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <div className={css.switchRow}>
        <span id="send-attendees-label">{t('redpacket.audience.attendeesOnly')}</span>
        <Switch
          checked={on}
          onChange={(checked) => form.setAudience(checked ? 'attendees' : 'anyone')}
          aria-labelledby="send-attendees-label"
          data-testid="send-attendees"
        />
      </div>
      {on && (
        <>
          {activities.length > 0 && (
            <select
              className={ui.select}
              value={chosen}
              onChange={(event) => form.setActivityInput(event.target.value)}
              aria-label={t('redpacket.form.activity')}
              data-testid="send-activity"
            >
              <option value="">{t('redpacket.form.activityPlaceholder')}</option>
              {activities.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.title}
                </option>
              ))}
            </select>
          )}
          <TextField
            id="send-activity-code"
            testId="send-activity-code"
            label={t('redpacket.form.activityCode')}
            placeholder={t('redpacket.form.activityCodePlaceholder')}
            autoComplete="off"
            maxLength={300}
            value={form.activityInput}
            onChange={form.setActivityInput}
            error={form.errors.activityId}
          />
        </>
      )}
    </div>
  );
}
