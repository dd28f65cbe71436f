import { DEPOSIT_FORFEITS, type DepositForfeit, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeposit, useSetDeposit } from '@/api/deposit.ts';
import { Button } from '@/components/Button.tsx';
import { toastUnreported } from '@/components/form-errors.ts';
import styles from '@/components/host/host.module.css';
import { Segmented } from '@/components/Segmented.tsx';
import { TextField } from '@/components/TextField.tsx';
import { DepositNotice } from './DepositNotice.tsx';

const HOUR_MS = 3_600_000;

/**
 * The organizer's no-show deposit on the manage page: asked in USDT, refundable on a cancellation until a number
 * of hours before the start, and the no-shows' deposits split among those who came or kept. Editable only until
 * someone signs up; after that the terms are shown as attendees see them.
 */
export function DepositPanel({ activity }: { activity: { id: string; startsAt: string; timezone: string } }) {
  const { t } = useTranslation();
  const deposit = useDeposit(activity.id);
  const save = useSetDeposit(activity.id);
  const [amount, setAmount] = useState('');
  const [hours, setHours] = useState('24');
  const [forfeit, setForfeit] = useState<DepositForfeit>('split');
  const [error, setError] = useState<string>();
  if (!deposit.data) return null;
  const { deposit: terms, editable } = deposit.data;
  if (!terms && !editable) return null;

  const submit = () => {
    const before = Number(hours);
    if (!/^\d+(\.\d+)?$/.test(amount.trim()) || Number(amount) <= 0) return setError(t('noShowDeposit.amountInvalid'));
    if (!Number.isFinite(before) || before < 0) return setError(t('noShowDeposit.hoursInvalid'));
    setError(undefined);
    const cancelBy = new Date(new Date(activity.startsAt).getTime() - before * HOUR_MS).toISOString();
    save.mutate(
      { asset: 'USDT', amount: amount.trim(), cancelBy, forfeit },
      {
        onSuccess: () => Toast.show({ content: t('noShowDeposit.saved'), duration: TOAST_DURATION_MS }),
        onError: (failure) => toastUnreported(failure),
      },
    );
  };

  return (
    <section className={styles.section} aria-labelledby="manage-deposit-title" data-testid="manage-deposit">
      <h2 className={styles.sectionTitle} id="manage-deposit-title">
        {t('noShowDeposit.title')}
      </h2>
      {terms ? (
        <>
          <DepositNotice terms={terms} timezone={activity.timezone} testId="manage-deposit-rule" />
          {editable && (
            <Button onClick={() => save.mutate(null)} loading={save.isPending} data-testid="manage-deposit-remove">
              {t('noShowDeposit.remove')}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className={styles.hint}>{t('noShowDeposit.intro')}</p>
          <TextField
            id="deposit-amount"
            testId="manage-deposit-amount"
            label={t('noShowDeposit.amount')}
            value={amount}
            onChange={setAmount}
            inputMode="decimal"
            maxLength={20}
            error={error}
          />
          <TextField
            id="deposit-hours"
            testId="manage-deposit-hours"
            label={t('noShowDeposit.hoursBefore')}
            value={hours}
            onChange={setHours}
            inputMode="numeric"
            maxLength={4}
          />
          <p className={styles.label} id="deposit-forfeit-label">
            {t('noShowDeposit.forfeitLabel')}
          </p>
          <Segmented<DepositForfeit>
            label={t('noShowDeposit.forfeitLabel')}
            value={forfeit}
            onChange={setForfeit}
            options={DEPOSIT_FORFEITS.map((value) => ({ value, label: t(`noShowDeposit.forfeit.${value}`) }))}
            testId="manage-deposit-forfeit"
          />
          <Button variant="primary" onClick={submit} loading={save.isPending} data-testid="manage-deposit-save">
            {t('noShowDeposit.save')}
          </Button>
        </>
      )}
    </section>
  );
}
