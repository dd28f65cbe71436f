import { BOUNTY_CATEGORIES, BOUNTY_LIMITS, BOUNTY_SUBMIT_KINDS } from '@polaris/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useTradePasswordStatus } from '@/api/wallet.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Button } from '@/components/Button.tsx';
import { control, Field, FieldGroup, InputField } from '@/components/Field.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import ui from '@/components/ui.module.css';
import { toLocalInput } from '@/lib/bounty.ts';
import { useSettings } from '@/lib/settings.ts';
import { amountFigure, shown } from '@/lib/wallet.ts';
import styles from '../bounty.module.css';
import { BountyConfirm } from './BountyConfirm.tsx';
import type { BountyFormState } from './useBountyForm.ts';

/**
 * The create form: title, description, category, token and pool, per-winner or number of winners (the other shown
 * computed), deadline, what to submit, audience; "Next" confirms, then the transaction password.
 */
export function BountyForm({ form, notice }: { form: BountyFormState; notice?: ReactNode }) {
  const { t } = useTranslation();
  const tradeStatus = useTradePasswordStatus();

  if (form.assets.isPending) return <Loading testId="bounty-form-loading" />;
  if (form.assets.isError) {
    return <LoadFailed onRetry={() => void form.assets.refetch()} message={form.assets.error.message} />;
  }

  return (
    <>
      {tradeStatus.data?.blank && <NoTradePassword />}
      <form
        className={ui.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          form.next();
        }}
        data-testid="bounty-form"
      >
        {notice}
        <WhatSection form={form} />
        <RewardSection form={form} />
        <RulesSection form={form} />
        <p className={ui.hint}>{t('bounty.form.escrowHint', { hours: BOUNTY_LIMITS.reviewWindowHours })}</p>
        <NoBalance form={form} />
        <Button variant="primary" type="submit" size="large" block data-testid="bounty-next">
          {t('common.next')}
        </Button>
      </form>
      <BountyConfirm form={form} />
    </>
  );
}

function NoTradePassword() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <p className={styles.notice} role="note" data-testid="bounty-no-trade-password">
      {t('bounty.form.noTradePassword')}{' '}
      <button type="button" className={ui.link} onClick={() => navigate(PATHS.traderPassword)}>
        {t('tradePassword.goSet')}
      </button>
    </p>
  );
}

/** Title, description and category. */
function WhatSection({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const { errors } = form;
  return (
    <section className={`${ui.card} ${ui.form}`}>
      <InputField
        id="bounty-title"
        label={t('bounty.fields.title')}
        error={errors.title}
        value={form.title}
        maxLength={BOUNTY_LIMITS.titleMax}
        placeholder={t('bounty.form.titlePlaceholder')}
        onChange={(event) => form.setTitle(event.target.value)}
      />
      <Field id="bounty-description" label={t('bounty.fields.description')} error={errors.description}>
        <textarea
          {...control('bounty-description', errors.description, 'textarea')}
          value={form.description}
          maxLength={BOUNTY_LIMITS.descriptionMax}
          placeholder={t('bounty.form.descriptionPlaceholder')}
          onChange={(event) => form.setDescription(event.target.value)}
        />
      </Field>
      <Field id="bounty-category" label={t('bounty.fields.category')}>
        <select
          {...control('bounty-category', undefined, 'select')}
          value={form.category}
          onChange={(event) => form.setCategory(event.target.value as typeof form.category)}
        >
          {BOUNTY_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`bounty.category.${category}`)}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
}

/** The pool in a token, then the number of winners or the amount each (the other computed). */
function RewardSection({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const showAssets = useSettings((state) => state.showAssets);
  const { errors, computed, asset } = form;
  return (
    <section className={`${ui.card} ${ui.form}`} aria-labelledby="bounty-reward-title">
      <h2 className={styles.panelTitle} id="bounty-reward-title" style={{ margin: 0 }}>
        {t('bounty.form.rewardTitle')}
      </h2>
      <Field
        id="bounty-total"
        label={t('bounty.fields.total')}
        error={errors.total ?? errors.asset}
        hint={
          asset && (
            <p className={ui.hint} data-testid="bounty-available">
              {t('bounty.form.available', {
                amount: shown(amountFigure(asset.available, asset.code), showAssets),
                asset: asset.code,
              })}
            </p>
          )
        }
      >
        <div className={styles.amountRow}>
          <input
            {...control('bounty-total', errors.total, 'input')}
            inputMode="decimal"
            autoComplete="off"
            maxLength={40}
            value={form.total}
            placeholder="0.00"
            onChange={(event) => form.setTotal(event.target.value)}
          />
          <select
            {...control('bounty-asset', errors.asset, 'select')}
            aria-label={t('bounty.fields.asset')}
            value={asset?.code ?? ''}
            onChange={(event) => form.chooseAsset(event.target.value)}
          >
            {form.owned.map((item) => (
              <option key={item.code} value={item.code}>
                {item.code}
              </option>
            ))}
          </select>
        </div>
      </Field>

      <div className={styles.segment} role="radiogroup" aria-label={t('bounty.form.splitBy')}>
        {(['winners', 'perWinner'] as const).map((mode) => (
          // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons
          <button
            key={mode}
            type="button"
            role="radio"
            aria-checked={form.mode === mode}
            className={styles.segmentItem}
            onClick={() => form.setMode(mode)}
            data-testid={`bounty-mode-${mode}`}
          >
            {t(`bounty.form.mode.${mode}`)}
          </button>
        ))}
      </div>
      <InputField
        id="bounty-split"
        label={form.mode === 'winners' ? t('bounty.fields.winners') : t('bounty.fields.perWinner')}
        error={errors.split}
        hint={
          !('problem' in computed) && (
            <p className={styles.computed} data-testid="bounty-computed" aria-live="polite">
              {form.mode === 'winners'
                ? t('bounty.form.computedPerWinner', {
                    amount: amountFigure(computed.perWinner, asset?.code ?? ''),
                    asset: asset?.code ?? '',
                  })
                : t('bounty.form.computedWinners', { count: computed.winners })}
            </p>
          )
        }
        inputMode={form.mode === 'winners' ? 'numeric' : 'decimal'}
        autoComplete="off"
        maxLength={40}
        value={form.split}
        onChange={(event) => form.setSplit(event.target.value)}
      />
    </section>
  );
}

/** The deadline, what a submission holds, and who may take part. */
function RulesSection({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const { errors } = form;
  return (
    <section className={`${ui.card} ${ui.form}`}>
      <InputField
        id="bounty-deadline"
        label={t('bounty.fields.deadline')}
        error={errors.deadline}
        hint={<p className={ui.hint}>{t('bounty.form.deadlineHint', { hours: BOUNTY_LIMITS.reviewWindowHours })}</p>}
        type="datetime-local"
        min={toLocalInput(new Date(Date.now() + BOUNTY_LIMITS.minDurationMinutes * 60_000))}
        value={form.deadline}
        onChange={(event) => form.setDeadline(event.target.value)}
      />
      <FieldGroup id="bounty-kinds" legend={t('bounty.fields.submitKinds')} error={errors.submitKinds}>
        <div className={ui.chips}>
          {BOUNTY_SUBMIT_KINDS.map((kind) => (
            <button
              key={kind}
              type="button"
              aria-pressed={form.submitKinds.includes(kind)}
              className={ui.chip}
              onClick={() => form.toggleKind(kind)}
              data-testid={`bounty-kind-${kind}`}
            >
              {t(`bounty.kind.${kind}`)}
            </button>
          ))}
        </div>
      </FieldGroup>
      {form.audiences.length > 1 && (
        <FieldGroup legend={t('bounty.fields.audience')}>
          <div className={ui.chips} role="radiogroup">
            {form.audiences.map((audience) => (
              // biome-ignore lint/a11y/useSemanticElements: a choice of two or three chips
              <button
                key={audience}
                type="button"
                role="radio"
                aria-checked={form.audience === audience}
                className={ui.chip}
                onClick={() => form.setAudience(audience)}
                data-testid={`bounty-audience-${audience}`}
              >
                {t(`bounty.audience.${audience}`)}
              </button>
            ))}
          </div>
        </FieldGroup>
      )}
    </section>
  );
}

/** The chosen token has nothing available: a way to deposit some. */
function NoBalance({ form }: { form: BountyFormState }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { asset } = form;
  if (form.owned.length === 0 || asset?.available !== '0') return null;
  return (
    <p className={styles.notice}>
      {t('bounty.form.noBalance', { asset: asset.code })}{' '}
      <button type="button" className={ui.link} onClick={() => navigate(href(PATHS.chooseAsset, { next: 'deposit' }))}>
        {t('wallet.deposit')}
      </button>
    </p>
  );
}
