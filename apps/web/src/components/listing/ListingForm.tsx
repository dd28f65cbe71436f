import { ListingApplyInput, TOAST_DURATION_MS } from '@polaris/contract';
import { Selector, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadLogo, useApplyListing } from '@/api/airdrop.ts';
import { useChains } from '@/api/wallet.ts';
import { Button } from '@/components/Button.tsx';
import { reportFormError } from '@/components/form-errors.ts';
import fieldStyles from '@/components/TextField.module.css';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { type Form, useForm } from '@/components/useForm.ts';
import { apiAsset } from '@/lib/api-origin.ts';

/** The server checks the address for the chain; the hint says what each chain's address looks like. */
const CHAIN_FAMILY: Record<number, 'evm' | 'solana' | 'ton'> = {
  201: 'evm',
  311: 'evm',
  3: 'evm',
  314: 'evm',
  320: 'solana',
  322: 'ton',
};
const FIELDS = [
  'name',
  'symbol',
  'chainId',
  'contract',
  'logoImageId',
  'website',
  'whitepaper',
  'contact',
  'description',
];
const EMPTY = {
  name: '',
  symbol: '',
  chainId: '',
  contract: '',
  logoImageId: '',
  website: '',
  whitepaper: '',
  contact: '',
  description: '',
};

/** The token listing application: every field checked against the contract first, then by the server. */
export function ListingForm() {
  const { t } = useTranslation();
  const form = useForm(EMPTY);
  const apply = useApplyListing();
  const logo = useLogoUpload(form);
  const { values, errors } = form;
  const family = CHAIN_FAMILY[Number(values.chainId)] ?? 'other';

  const submit = () => {
    const data = form.accept(form.validate(ListingApplyInput));
    if (!data) return;
    apply.mutate(data, {
      onSuccess: () => {
        form.reset();
        logo.clear();
        Toast.show({ content: t('listing.submitted'), duration: TOAST_DURATION_MS });
      },
      onError: form.reportTo(FIELDS),
    });
  };

  return (
    <form
      className={ui.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      noValidate
      data-testid="listing-form"
    >
      <TextField
        id="listing-name"
        label={t('listing.name')}
        testId="listing-name"
        maxLength={40}
        {...form.field('name')}
      />
      <TextField
        id="listing-symbol"
        label={t('listing.symbol')}
        testId="listing-symbol"
        maxLength={12}
        {...form.field('symbol', (typed) => typed.toUpperCase())}
      />
      <ChainField form={form} />
      <TextField
        id="listing-contract"
        label={t('listing.contract')}
        testId="listing-contract"
        placeholder={t(`listing.contractHint.${family}`)}
        maxLength={100}
        {...form.field('contract', (typed) => typed.trim())}
      />
      <LogoField logo={logo} error={errors.logoImageId} />
      <TextField
        id="listing-website"
        label={t('listing.website')}
        testId="listing-website"
        placeholder="https://"
        inputMode="url"
        {...form.field('website')}
      />
      <TextField
        id="listing-whitepaper"
        label={t('listing.whitepaper')}
        testId="listing-whitepaper"
        placeholder="https://"
        inputMode="url"
        {...form.field('whitepaper')}
      />
      <TextField
        id="listing-contact"
        label={t('listing.contact')}
        testId="listing-contact"
        {...form.field('contact')}
      />
      <DescriptionField form={form} />
      <Button variant="primary" block type="submit" loading={apply.isPending} data-testid="listing-submit">
        {t('listing.submit')}
      </Button>
    </form>
  );
}

type ListingFields = Form<typeof EMPTY>;

/** The logo is uploaded as soon as it is chosen; the form keeps its image id, this its preview. */
function useLogoUpload(form: ListingFields) {
  const [preview, setPreview] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  return {
    preview,
    uploading,
    fileInput,
    clear: () => setPreview(null),
    async pick(file: File | undefined) {
      if (!file) return;
      setUploading(true);
      form.setError('logoImageId', undefined);
      try {
        const image = await uploadLogo(file);
        form.field('logoImageId').onChange(image.id);
        setPreview(image.sizes[0] ? apiAsset(image.sizes[0].url) : null);
      } catch (error) {
        // The upload names its field `file`; it belongs under the logo here.
        reportFormError(error, ['file'], (found) => form.setError('logoImageId', found.file));
      } finally {
        setUploading(false);
        if (fileInput.current) fileInput.current.value = '';
      }
    },
  };
}

/** The chain the token lives on, among those the wallet supports (not those still waiting). */
function ChainField({ form }: { form: ListingFields }) {
  const { t } = useTranslation();
  const chains = useChains();
  const usable = (chains.data?.items ?? []).filter((chain) => !chain.waiting);
  const { values, errors } = form;
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label} id="listing-chain-label">
        {t('listing.chain')}
      </span>
      <Selector
        aria-labelledby="listing-chain-label"
        columns={3}
        options={usable.map((chain) => ({ label: chain.symbol, value: String(chain.id) }))}
        value={values.chainId ? [values.chainId] : []}
        onChange={(picked) => form.field('chainId').onChange(picked[0] ?? '')}
        data-testid="listing-chain"
      />
      {errors.chainId && (
        <p className={fieldStyles.error} role="alert" data-testid="listing-chain-error">
          {errors.chainId}
        </p>
      )}
    </div>
  );
}

function LogoField({ logo, error }: { logo: ReturnType<typeof useLogoUpload>; error?: string }) {
  const { t } = useTranslation();
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label}>{t('listing.logo')}</span>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        {logo.preview && (
          <img src={logo.preview} alt="" width={48} height={48} style={{ borderRadius: 24, objectFit: 'cover' }} />
        )}
        <Button
          size="small"
          loading={logo.uploading}
          onClick={() => logo.fileInput.current?.click()}
          data-testid="listing-logo-choose"
        >
          {logo.uploading
            ? t('listing.logoUploading')
            : logo.preview
              ? t('listing.logoChange')
              : t('listing.logoChoose')}
        </Button>
        <input
          ref={logo.fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hidden
          onChange={(event) => void logo.pick(event.target.files?.[0])}
          data-testid="listing-logo-file"
        />
      </div>
      <p className={ui.hint}>{t('listing.logoHint')}</p>
      {error && (
        <p className={fieldStyles.error} role="alert" data-testid="listing-logo-error">
          {error}
        </p>
      )}
    </div>
  );
}

function DescriptionField({ form }: { form: ListingFields }) {
  const { t } = useTranslation();
  const { values, errors } = form;
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor="listing-description">
        {t('listing.description')}
      </label>
      <div className={`${fieldStyles.control} ${errors.description ? fieldStyles.invalid : ''}`}>
        <textarea
          id="listing-description"
          className={fieldStyles.input}
          style={{ height: 96, padding: '10px 0', resize: 'vertical' }}
          maxLength={2000}
          value={values.description}
          onChange={(event) => form.field('description').onChange(event.target.value)}
          aria-invalid={errors.description ? true : undefined}
          data-testid="listing-description"
        />
      </div>
      {errors.description && (
        <p className={fieldStyles.error} role="alert" data-testid="listing-description-error">
          {errors.description}
        </p>
      )}
    </div>
  );
}
