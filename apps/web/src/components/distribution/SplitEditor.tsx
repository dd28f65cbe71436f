import { SplitInput } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActivitySplit, useSaveSplit } from '@/api/split.ts';
import { confirm } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { fieldErrorsOf, isApiError } from '@/lib/api-error.ts';
import { type FieldErrors, toRecord, validate } from '@/lib/auth-forms.ts';
import { organizerKeeps, parsePercent } from '@/lib/distribution.ts';
import { useSettings } from '@/lib/settings.ts';

const TOAST_MS = 3000;

/**
 * The organizer edits one activity's shares: the referral share and one per co-host. Checked here with the
 * contract's schema (the server checks again, including the "only raise after a paid sign-up" rule), then
 * confirmed in a dialog that spells out the rule before anything is saved.
 */
export function SplitEditor({ split, onClose }: { split: ActivitySplit; onClose(): void }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const save = useSaveSplit();
  const [referral, setReferral] = useState(String(split.referralPercent));
  const [shares, setShares] = useState(() => split.cohosts.map((c) => String(c.percent)));
  const [errors, setErrors] = useState<FieldErrors>({});

  const request = () => ({
    activityId: split.activity.id,
    referralPercent: parsePercent(referral),
    cohosts: split.cohosts.map((c, i) => ({ uid: c.uid, percent: parsePercent(shares[i] ?? '') })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(SplitInput, request(), language);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const input = checked.data;
    const ok = await confirm({
      title: t('distribution.confirmTitle'),
      content: (
        <div data-testid="split-confirm">
          <p style={{ margin: 0 }}>{t('distribution.ruleReferral', { percent: input.referralPercent })}</p>
          {split.cohosts.map((c, i) => (
            <p key={c.uid} style={{ margin: 0 }}>
              {t('distribution.confirmCohost', { name: c.name, percent: input.cohosts[i]!.percent })}
            </p>
          ))}
          <p style={{ margin: 0 }}>{t('distribution.confirmOrganizer', { percent: organizerKeeps(input) })}</p>
          <p className={ui.muted}>{t(split.sold ? 'distribution.onlyRaise' : 'distribution.lowerUntilSale')}</p>
        </div>
      ),
      confirmText: t('distribution.save'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    save.mutate(input, {
      onSuccess: () => {
        Toast.show({ content: t('distribution.saved'), duration: TOAST_MS });
        onClose();
      },
      onError: (error) => {
        if (!isApiError(error) || !error.unreported) return;
        const fields = error.kind === 'invalid' ? error.fields : fieldErrorsOf(error.attachment);
        if (fields.length > 0) return setErrors(toRecord(fields));
        Toast.show({ content: error.message, duration: TOAST_MS });
      },
    });
  };

  return (
    <Sheet visible onClose={onClose}>
      <form className={ui.sheet} onSubmit={submit} noValidate data-testid="split-editor">
        <h2 className={ui.sheetTitle}>{t('distribution.editTitle', { title: split.activity.title })}</h2>
        <div className={ui.form}>
          <TextField
            id="split-referral"
            testId="split-referral"
            label={t('distribution.referralLabel')}
            inputMode="decimal"
            value={referral}
            onChange={(value) => {
              setReferral(value);
              setErrors({});
            }}
            error={errors.referralPercent}
            suffix="%"
          />
          {split.cohosts.map((cohost, index) => (
            <TextField
              key={cohost.uid}
              id={`split-cohost-${index}`}
              testId="split-cohost"
              label={
                cohost.current
                  ? t('distribution.cohostLabel', { name: cohost.name })
                  : t('distribution.formerCohostLabel', { name: cohost.name })
              }
              inputMode="decimal"
              value={shares[index] ?? ''}
              onChange={(value) => {
                setShares((current) => current.map((share, i) => (i === index ? value : share)));
                setErrors({});
              }}
              error={errors[`cohosts.${index}.percent`] ?? errors[`cohosts.${index}.uid`]}
              suffix="%"
            />
          ))}
          {errors.cohosts && <p className={ui.error}>{errors.cohosts}</p>}
        </div>
        <p className={ui.hint} style={{ marginTop: 12 }}>
          {t('distribution.editHint')} {t(split.sold ? 'distribution.onlyRaise' : 'distribution.lowerUntilSale')}
        </p>
        <div className={ui.actions}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="primary" type="submit" loading={save.isPending} data-testid="split-save">
            {t('distribution.save')}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
