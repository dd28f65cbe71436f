import {
  documentsNeeded,
  ID_TYPES,
  KYC_DOCUMENT_MAX_BYTES,
  type KycDocument,
  type KycLevel,
  type KycStatus,
  TOAST_DURATION_MS,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { CheckCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveKycDetails, useSelectLevel, useSubmitKyc, useUploadKycDocument } from '@/api/identity.ts';
import { SubmitButton } from '@/components/auth/fields.tsx';
import { Button } from '@/components/Button.tsx';
import { reportFormError, toastUnreported } from '@/components/form-errors.ts';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import type { FieldErrors } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';

/** Countries offered first (the product's region); their names come from the browser in the interface language. */
const COUNTRIES = ['TW', 'HK', 'MO', 'CN', 'SG', 'MY', 'JP', 'KR', 'VN', 'PH', 'TH', 'ID', 'US', 'CA', 'GB', 'AU'];
const DISPLAY_LOCALE = { en: 'en', 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW' } as const;

/**
 * Identity verification in one sheet: choose a level, give the details, (level 2) upload the document photos,
 * submit. A submitted check is shown as waiting; a rejected one shows the reviewer's reason and can be corrected.
 */
export function KycSheet({ visible, onClose, kyc }: { visible: boolean; onClose(): void; kyc: KycStatus }) {
  const { t } = useTranslation();
  const submit = useSubmitKyc();
  const waiting = kyc.state === 'pending';
  const done = kyc.state === 'approved' && kyc.approvedLevel >= 2;
  return (
    <Sheet
      labelledBy="kyc-sheet-title"
      visible={visible}
      onClose={onClose}
      bodyStyle={{ maxHeight: '90vh', overflowY: 'auto' }}
    >
      <div className={ui.sheet} data-testid="kyc-sheet">
        <h2 className={ui.sheetTitle} id="kyc-sheet-title">
          {t('identity.kyc.title')}
        </h2>
        {kyc.state === 'rejected' && (
          <p className={ui.error} role="alert" data-testid="kyc-rejected">
            {t('identity.kyc.rejected', { reason: kyc.rejectReason ?? '' })}
          </p>
        )}
        {waiting ? (
          <p className={ui.hint} data-testid="kyc-waiting">
            {t('identity.kyc.waiting')}
          </p>
        ) : done ? (
          <p className={ui.hint} data-testid="kyc-done">
            {t('identity.kyc.doneAll')}
          </p>
        ) : (
          <>
            <LevelStep kyc={kyc} />
            {kyc.selectedLevel !== null && kyc.selectedLevel > kyc.approvedLevel && (
              <>
                <DetailsStep kyc={kyc} />
                {kyc.selectedLevel === 2 && <DocumentsStep kyc={kyc} />}
                <Button
                  variant="primary"
                  block
                  size="large"
                  style={{ marginTop: 16 }}
                  loading={submit.isPending}
                  onClick={() =>
                    submit.mutate(undefined, {
                      onSuccess: () =>
                        Toast.show({ content: t('identity.kyc.submitted'), duration: TOAST_DURATION_MS }),
                      onError: (error) => toastUnreported(error),
                    })
                  }
                  data-testid="kyc-submit"
                >
                  {t('identity.kyc.submit')}
                </Button>
              </>
            )}
          </>
        )}
      </div>
    </Sheet>
  );
}

function LevelStep({ kyc }: { kyc: KycStatus }) {
  const { t } = useTranslation();
  const select = useSelectLevel();
  const choose = (level: KycLevel) => select.mutate(level, { onError: (error) => toastUnreported(error) });
  return (
    <section aria-labelledby="kyc-level-title">
      <h3 className={ui.sectionTitle} id="kyc-level-title">
        {t('identity.kyc.levelTitle')}
      </h3>
      <div className={ui.chips}>
        {([1, 2] as const).map((level) => (
          <button
            key={level}
            type="button"
            className={ui.chip}
            aria-pressed={kyc.selectedLevel === level}
            disabled={level <= kyc.approvedLevel || select.isPending}
            onClick={() => choose(level)}
            data-testid={`kyc-level-${level}`}
          >
            {t(`identity.kyc.level${level}`)}
          </button>
        ))}
      </div>
      <p className={ui.hint}>{t('identity.kyc.levelsExplain')}</p>
    </section>
  );
}

function DetailsStep({ kyc }: { kyc: KycStatus }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const save = useSaveKycDetails();
  const [values, setValues] = useState({
    legalName: kyc.legalName ?? '',
    country: kyc.country ?? 'TW',
    idType: kyc.idType ?? 'national_id',
    idNumber: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const names = new Intl.DisplayNames([DISPLAY_LOCALE[language]], { type: 'region' });
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(values, {
      onSuccess: () => Toast.show({ content: t('identity.kyc.saved'), duration: TOAST_DURATION_MS }),
      onError: (error) => reportFormError(error, Object.keys(values), setErrors),
    });
  };
  return (
    <form className={ui.form} noValidate onSubmit={submit} aria-labelledby="kyc-details-title">
      <h3 className={ui.sectionTitle} id="kyc-details-title">
        {t('identity.kyc.detailsTitle')}
        {kyc.idNumberMasked && <CheckCircleOutline aria-label={t('identity.kyc.saved')} style={{ marginLeft: 6 }} />}
      </h3>
      <TextField
        id="kyc-name"
        testId="kyc-name"
        label={t('contract:fields.legalName')}
        autoComplete="name"
        maxLength={100}
        value={values.legalName}
        error={errors.legalName}
        onChange={set('legalName')}
      />
      <label className={ui.hint} htmlFor="kyc-country">
        {t('contract:fields.country')}
      </label>
      <select
        id="kyc-country"
        className={ui.select}
        value={values.country}
        onChange={(event) => set('country')(event.target.value)}
        data-testid="kyc-country"
      >
        {COUNTRIES.map((code) => (
          <option key={code} value={code}>
            {names.of(code) ?? code}
          </option>
        ))}
      </select>
      <label className={ui.hint} htmlFor="kyc-id-type">
        {t('contract:fields.idType')}
      </label>
      <select
        id="kyc-id-type"
        className={ui.select}
        value={values.idType}
        onChange={(event) => set('idType')(event.target.value)}
        data-testid="kyc-id-type"
      >
        {ID_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`identity.kyc.idType.${type}`)}
          </option>
        ))}
      </select>
      <TextField
        id="kyc-id-number"
        testId="kyc-id-number"
        label={t('contract:fields.idNumber')}
        placeholder={kyc.idNumberMasked ?? undefined}
        maxLength={30}
        value={values.idNumber}
        error={errors.idNumber}
        onChange={set('idNumber')}
      />
      <SubmitButton testId="kyc-save" pending={save.isPending}>
        {t('identity.kyc.save')}
      </SubmitButton>
    </form>
  );
}

function DocumentsStep({ kyc }: { kyc: KycStatus }) {
  const { t } = useTranslation();
  const upload = useUploadKycDocument();
  const [busy, setBusy] = useState<KycDocument | null>(null);
  const choose = (kind: KycDocument, file: File | undefined) => {
    if (!file) return;
    if (file.size > KYC_DOCUMENT_MAX_BYTES) {
      Toast.show({
        content: t('contract:identity.documentTooLarge', { max: KYC_DOCUMENT_MAX_BYTES / 1_048_576 }),
        duration: TOAST_DURATION_MS,
      });
      return;
    }
    setBusy(kind);
    upload.mutate({ kind, file }, { onError: (error) => toastUnreported(error), onSettled: () => setBusy(null) });
  };
  return (
    <section aria-labelledby="kyc-docs-title" style={{ marginTop: 16 }}>
      <h3 className={ui.sectionTitle} id="kyc-docs-title">
        {t('identity.kyc.documentsTitle')}
      </h3>
      <p className={ui.hint}>{t('identity.kyc.documentsExplain')}</p>
      <div className={ui.list}>
        {documentsNeeded(kyc.idType).map((kind) => (
          <label key={kind} className={ui.row} data-testid={`kyc-doc-${kind}`}>
            <span className={ui.rowMain}>
              <span className={ui.rowTitle}>{t(`identity.kyc.document.${kind}`)}</span>
            </span>
            <span className={`${ui.rowEnd} ${ui.rowSub}`}>
              {busy === kind
                ? t('app.loading')
                : kyc.documents.includes(kind)
                  ? t('identity.kyc.uploaded')
                  : t('identity.kyc.choosePhoto')}
            </span>
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="px-visually-hidden"
              onChange={(event) => {
                choose(kind, event.target.files?.[0]);
                event.target.value = '';
              }}
              data-testid={`kyc-file-${kind}`}
            />
          </label>
        ))}
      </div>
    </section>
  );
}
