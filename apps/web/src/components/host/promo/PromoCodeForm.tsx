import { type Activity, PROMO_KINDS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePromo, useCreateSeriesPromo } from '@/api/activity-promo.ts';
import { useSeriesOf } from '@/api/activity-series.ts';
import { Button } from '@/components/Button.tsx';
import { control, Field, FieldGroup, InputField } from '@/components/Field.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { fromZoned } from '@/components/host/form-model.ts';
import styles from '@/components/host/host.module.css';
import type { FieldErrors } from '@/lib/auth-forms.ts';

type Kind = (typeof PROMO_KINDS)[number];

const FIELDS = [
  'code',
  'kind',
  'percentOff',
  'amountOff',
  'asset',
  'ticketTypeIds',
  'maxUses',
  'validFrom',
  'validUntil',
];

/** What the form sends: blank optional fields left out, times read in the activity's time zone. */
export function promoPayload(
  form: {
    code: string;
    kind: Kind;
    percentOff: string;
    amountOff: string;
    asset: string;
    ticketTypeIds: string[];
    maxUses: string;
    validFrom: string;
    validUntil: string;
  },
  timeZone: string,
) {
  const at = (local: string) => (local ? fromZoned(local, timeZone) || local : null);
  return {
    code: form.code.trim(),
    kind: form.kind,
    ...(form.kind === 'percent' && form.percentOff.trim() ? { percentOff: Number(form.percentOff) } : {}),
    ...(form.kind === 'amount' ? { amountOff: form.amountOff.trim(), asset: form.asset } : {}),
    ticketTypeIds: form.ticketTypeIds,
    maxUses: Number(form.maxUses),
    validFrom: at(form.validFrom),
    validUntil: at(form.validUntil),
  };
}

/** The organizer's new code: its text, what it gives, the ticket types, the uses and the window. */
export function PromoCodeForm({ activity }: { activity: Activity }) {
  const { t } = useTranslation();
  const createOne = useCreatePromo(activity.id);
  const createForSeries = useCreateSeriesPromo(activity.id);
  // The series' organizer may make the code for this date and every later one.
  const series = useSeriesOf(activity.id).data?.series;
  const [forSeries, setForSeries] = useState(false);
  const everyDate = forSeries && series?.canManage === true;
  const create = everyDate ? createForSeries : createOne;
  const assets = [...new Set(activity.ticketTypes.flatMap((type) => (type.asset ? [type.asset] : [])))];
  const [form, setForm] = useState({
    code: '',
    kind: 'percent' as Kind,
    percentOff: '',
    amountOff: '',
    asset: assets[0] ?? 'USDT',
    ticketTypeIds: [] as string[],
    maxUses: '10',
    validFrom: '',
    validUntil: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const done = (id: string, content: string) => {
      Toast.show({ content });
      setForm((current) => ({ ...current, code: '', percentOff: '', amountOff: '', ticketTypeIds: [] }));
      // Each code's reach is chosen again: the next one is for this date unless ticked.
      setForSeries(false);
      document.getElementById(`promo-${id}`)?.focus();
    };
    const onError = (error: unknown) => reportFormError(error, FIELDS, setErrors);
    const payload = promoPayload(form, activity.timezone);
    if (everyDate) {
      createForSeries.mutate(payload, {
        onSuccess: ({ promo, dates, skipped }) =>
          done(
            promo.id,
            skipped.length > 0
              ? t('promo.createdSeriesSkipped', { count: dates, skipped: skipped.length })
              : t('promo.createdSeries', { count: dates }),
          ),
        onError,
      });
    } else {
      createOne.mutate(payload, { onSuccess: (made) => done(made.id, t('promo.created')), onError });
    }
  };
  const toggleType = (id: string, on: boolean) =>
    set({ ticketTypeIds: on ? [...form.ticketTypeIds, id] : form.ticketTypeIds.filter((item) => item !== id) });
  return (
    <form className={styles.section} onSubmit={submit} noValidate aria-labelledby="promo-create-title">
      <h2 className={styles.sectionTitle} id="promo-create-title">
        {t('promo.create')}
      </h2>
      <InputField
        id="promo-new-code"
        label={t('promo.code')}
        hint={t('promo.codeHint')}
        error={errors.code}
        value={form.code}
        maxLength={32}
        autoComplete="off"
        onChange={(event) => set({ code: event.target.value })}
      />
      <FieldGroup id="promo-new-kind" legend={t('promo.kind')} error={errors.kind}>
        <div className={styles.segmented}>
          {PROMO_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={form.kind === kind}
              className={`${styles.segment} ${form.kind === kind ? styles.segmentOn : ''}`}
              onClick={() => set({ kind })}
              data-testid={`promo-kind-${kind}`}
            >
              {t(`promo.kinds.${kind}`)}
            </button>
          ))}
        </div>
      </FieldGroup>
      {form.kind === 'percent' && (
        <InputField
          id="promo-new-percent"
          label={t('promo.percentOff')}
          error={errors.percentOff}
          inputMode="numeric"
          value={form.percentOff}
          onChange={(event) => set({ percentOff: event.target.value.replace(/[^\d]/g, '') })}
        />
      )}
      {form.kind === 'amount' && (
        <div className={styles.row}>
          <InputField
            id="promo-new-amount"
            label={t('promo.amountOff')}
            error={errors.amountOff}
            inputMode="decimal"
            value={form.amountOff}
            onChange={(event) => set({ amountOff: event.target.value })}
          />
          <Field id="promo-new-asset" label={t('promo.asset')} error={errors.asset}>
            <select
              {...control('promo-new-asset', errors.asset, 'select')}
              value={form.asset}
              onChange={(event) => set({ asset: event.target.value })}
            >
              {[...new Set([form.asset, ...assets])].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <FieldGroup id="promo-new-types" legend={t('promo.ticketTypes')} error={errors.ticketTypeIds}>
        <p className={styles.hint}>{t('promo.ticketTypesHint')}</p>
        {activity.ticketTypes.map((type) => (
          <label key={type.id} className={styles.check}>
            <input
              type="checkbox"
              checked={form.ticketTypeIds.includes(type.id)}
              onChange={(event) => toggleType(type.id, event.target.checked)}
              data-testid={`promo-type-${type.name}`}
            />
            {type.name}
            {type.hidden ? ` (${t('promo.hiddenShort')})` : ''}
          </label>
        ))}
      </FieldGroup>
      <InputField
        id="promo-new-max"
        label={t('promo.maxUses')}
        error={errors.maxUses}
        inputMode="numeric"
        value={form.maxUses}
        onChange={(event) => set({ maxUses: event.target.value.replace(/[^\d]/g, '') })}
      />
      <InputField
        id="promo-new-from"
        label={t('promo.validFrom')}
        error={errors.validFrom}
        type="datetime-local"
        value={form.validFrom}
        onChange={(event) => set({ validFrom: event.target.value })}
      />
      <InputField
        id="promo-new-until"
        label={t('promo.validUntil')}
        error={errors.validUntil}
        type="datetime-local"
        value={form.validUntil}
        onChange={(event) => set({ validUntil: event.target.value })}
      />
      {series?.canManage && (
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={forSeries}
            onChange={(event) => setForSeries(event.target.checked)}
            aria-describedby="promo-new-series-hint"
            data-testid="promo-for-series"
          />
          {t('promo.forSeries')}
        </label>
      )}
      {series?.canManage && (
        <p className={styles.hint} id="promo-new-series-hint">
          {t('promo.forSeriesHint')}
        </p>
      )}
      <Button variant="primary" type="submit" block loading={create.isPending} data-testid="promo-create">
        {t('promo.save')}
      </Button>
    </form>
  );
}
