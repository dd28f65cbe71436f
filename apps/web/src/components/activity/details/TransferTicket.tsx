import { TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTransferTicket } from '@/api/activity.ts';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import type { FieldErrors } from '@/lib/auth-forms.ts';

/** Give a confirmed ticket to a friend by uid; the old QR stops working, the refund rule follows the ticket. */
export function TransferTicket({ activityId }: { activityId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [uid, setUid] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const transfer = useTransferTicket();
  const secondFactor = useSecondFactor('/activity/ticket/transfer');

  const submit = () => {
    const toUid = uid.trim();
    if (!/^\d{8,12}$/.test(toUid)) {
      setErrors({ toUid: t('activity.transfer.uidRule') });
      return;
    }
    setErrors({});
    const code = secondFactor.take();
    if (!code) return;
    transfer.mutate(
      { activityId, toUid, ...code },
      {
        onSuccess: () => {
          setOpen(false);
          setUid('');
          secondFactor.reset();
          Toast.show({ content: t('activity.transfer.done', { uid: toUid }), duration: TOAST_DURATION_MS });
        },
        onError: (error) => {
          if (!secondFactor.handle(error)) reportFormError(error, ['toUid'], setErrors);
        },
      },
    );
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="details-transfer">
        {t('activity.transfer.button')}
      </Button>
      <Sheet visible={open} onClose={() => setOpen(false)} bodyStyle={{ padding: 16 }}>
        <h2 style={{ fontSize: 18, margin: '0 0 8px' }}>{t('activity.transfer.title')}</h2>
        <p style={{ margin: '0 0 12px', color: 'var(--adm-color-weak)' }}>{t('activity.transfer.body')}</p>
        <TextField
          id="transfer-uid"
          testId="transfer-uid"
          label={t('contract:fields.toUid')}
          value={uid}
          onChange={setUid}
          inputMode="numeric"
          maxLength={12}
          error={errors.toUid}
        />
        <SecondFactorField factor={secondFactor} id="transfer-ticket-totp" />
        <Button
          variant="primary"
          block
          loading={transfer.isPending}
          onClick={submit}
          data-testid="transfer-submit"
          style={{ marginTop: 12 }}
        >
          {t('activity.transfer.confirm')}
        </Button>
      </Sheet>
    </>
  );
}
