import { type AddressBook, type AddressBookEntry, TOAST_DURATION_MS } from '@polaris/contract';
import { Switch, Toast } from 'antd-mobile';
import { EnvironmentOutline } from 'antd-mobile-icons';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  useAddAddress,
  useAddressBook,
  useCancelAddress,
  useConfirmAddressBook,
  useSetAllowlist,
} from '@/api/money-gates.ts';
import { useChains } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { SecondFactorField, useSecondFactor } from '@/components/SecondFactorField.tsx';
import { TextField } from '@/components/TextField.tsx';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { formatDateAndTime } from '@/lib/format.ts';
import { useSettings } from '@/lib/settings.ts';
import styles from './address-book.module.css';

/**
 * Saved withdrawal addresses and the allowlist (docs/wallet.md, "Address book and allowlist"): the list with each
 * address's state (waiting for the mailed link, usable from a time, ready), cancel, the allowlist switch, and the
 * form to add one. The mailed link opens this page with `?confirm=`, which it posts once.
 */
export default function AddressBookPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('addressBook.title')}>
      <RequireLogin>
        <MailedLink />
        <Book />
      </RequireLogin>
    </Frame>
  );
}

/** The link from the mail: confirm once, say what it did, and drop the secret from the address bar. */
function MailedLink() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const confirmAction = useConfirmAddressBook();
  const secret = params.get('confirm');
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!secret || sent.current === secret) return;
    sent.current = secret;
    confirmAction.mutate(secret, {
      onSettled: () => setParams({}, { replace: true }),
    });
  }, [secret, confirmAction, setParams]);
  if (confirmAction.isPending) return <p className={ui.hint}>{t('addressBook.confirming')}</p>;
  if (confirmAction.isSuccess) {
    return (
      <p className={styles.done} role="status" data-testid="address-book-confirmed">
        {t(confirmAction.data.action === 'add' ? 'addressBook.confirmedAdd' : 'addressBook.confirmedOff')}
      </p>
    );
  }
  if (confirmAction.isError) {
    return (
      <p className={ui.error} role="alert" data-testid="address-book-confirm-failed">
        {t('addressBook.confirmFailed')}
      </p>
    );
  }
  return null;
}

function Book() {
  const { t } = useTranslation();
  const book = useAddressBook();
  if (book.isPending) return <Loading testId="address-book-loading" />;
  if (book.isError) return <LoadFailed onRetry={() => void book.refetch()} message={book.error.message} />;
  return (
    <>
      <p className={ui.hint} style={{ margin: '0 4px 12px' }}>
        {t('addressBook.intro')}
      </p>
      <Allowlist book={book.data} />
      {book.data.items.length === 0 ? (
        <EmptyState
          icon={<EnvironmentOutline />}
          title={t('addressBook.empty')}
          body={t('addressBook.emptyBody')}
          testId="address-book-empty"
        />
      ) : (
        <ul className={styles.list} aria-label={t('addressBook.title')} data-testid="address-book-list">
          {book.data.items.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <AddForm />
    </>
  );
}

function Allowlist({ book }: { book: AddressBook }) {
  const { t } = useTranslation();
  const setAllowlist = useSetAllowlist();
  const factor = useSecondFactor('/wallet/addressBook/allowlist');
  const change = (enabled: boolean) => {
    const code = factor.take();
    if (code === null) return;
    setAllowlist.mutate(
      { enabled, ...code },
      {
        onSuccess: (answer) => {
          factor.reset();
          if (!enabled && answer.allowlistOffPending) {
            Toast.show({ content: t('addressBook.allowlistOffPending'), duration: TOAST_DURATION_MS });
          }
        },
        onError: (error) => void factor.handle(error),
      },
    );
  };
  return (
    <div className={`${ui.card} ${styles.allowlist}`}>
      <div className={styles.switchRow}>
        <label htmlFor="allowlist-switch" id="allowlist-label">
          {t('addressBook.allowlist')}
        </label>
        <Switch
          checked={book.allowlist}
          loading={setAllowlist.isPending}
          onChange={change}
          aria-labelledby="allowlist-label"
          data-testid="allowlist-switch"
        />
      </div>
      <p className={ui.hint}>{t('addressBook.allowlistHint')}</p>
      {book.allowlistOffPending && (
        <p className={ui.hint} data-testid="allowlist-off-pending">
          {t('addressBook.allowlistOffPending')}
        </p>
      )}
      <SecondFactorField factor={factor} id="allowlist-totp" />
    </div>
  );
}

function Entry({ entry }: { entry: AddressBookEntry }) {
  const { t } = useTranslation();
  const language = useSettings((state) => state.language);
  const chains = useChains();
  const cancel = useCancelAddress();
  const chainName = chains.data?.items.find((chain) => chain.id === entry.chainId)?.name ?? String(entry.chainId);
  const state =
    entry.state === 'waiting'
      ? t('addressBook.state.waiting', { time: formatDateAndTime(entry.usableAt, language) })
      : t(`addressBook.state.${entry.state}`);
  const remove = async () => {
    if (
      !(await confirm({
        content: t('addressBook.cancelConfirm', { label: entry.label }),
        cancelText: t('common.cancel'),
      }))
    )
      return;
    cancel.mutate(entry.id, {
      onSuccess: () => Toast.show({ content: t('addressBook.cancelled'), duration: TOAST_DURATION_MS }),
    });
  };
  return (
    <li className={`${ui.card} ${styles.entry}`} data-testid="address-book-entry" data-state={entry.state}>
      <div className={styles.entryHead}>
        <strong>{entry.label}</strong>
        <span className={styles.chain}>{chainName}</span>
      </div>
      <p className={styles.address}>{entry.address}</p>
      <div className={styles.entryFoot}>
        <span className={entry.state === 'ready' ? styles.ready : styles.waiting} data-testid="address-book-state">
          {state}
        </span>
        <Button size="small" variant="danger" loading={cancel.isPending} onClick={() => void remove()}>
          {t('addressBook.cancel')}
        </Button>
      </div>
    </li>
  );
}

type Field = 'label' | 'chainId' | 'address';

function AddForm() {
  const { t } = useTranslation();
  const chains = useChains();
  const add = useAddAddress();
  const factor = useSecondFactor('/wallet/addressBook/add');
  const usable = (chains.data?.items ?? []).filter((chain) => !chain.waiting);
  const [values, setValues] = useState({ label: '', chainId: '', address: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => {
    setValues((before) => ({ ...before, [field]: value }));
    setErrors((before) => ({ ...before, [field]: undefined }));
  };
  const chainId = values.chainId || String(usable[0]?.id ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (values.label.trim() === '')
      missing.label = t('contract:validation.required', { field: t('addressBook.label') });
    if (values.address.trim() === '')
      missing.address = t('contract:validation.required', { field: t('addressBook.address') });
    if (Object.keys(missing).length > 0) return setErrors(missing);
    const code = factor.take();
    if (code === null) return;
    add.mutate(
      { chainId: Number(chainId), address: values.address.trim(), label: values.label.trim(), ...code },
      {
        onSuccess: () => {
          setValues({ label: '', chainId, address: '' });
          factor.reset();
          Toast.show({ content: t('addressBook.mailSent'), duration: TOAST_DURATION_MS });
        },
        onError: (error) => {
          if (factor.handle(error) || !isApiError(error)) return;
          const next: Partial<Record<Field, string>> = {};
          for (const { field, message } of error.fields) {
            if (field === 'label' || field === 'chainId' || field === 'address') next[field] ??= message;
          }
          if (Object.keys(next).length === 0) next.address = error.message;
          setErrors(next);
        },
      },
    );
  };

  return (
    <form className={`${ui.card} ${ui.form} ${styles.add}`} noValidate onSubmit={submit} aria-labelledby="address-add">
      <h2 id="address-add" className={styles.addTitle}>
        {t('addressBook.add')}
      </h2>
      <TextField
        id="address-label"
        testId="address-label"
        label={t('addressBook.label')}
        placeholder={t('addressBook.labelPlaceholder')}
        maxLength={40}
        value={values.label}
        onChange={set('label')}
        error={errors.label}
      />
      <div className={styles.field}>
        <label htmlFor="address-chain">{t('addressBook.chain')}</label>
        <select
          id="address-chain"
          data-testid="address-chain"
          value={chainId}
          onChange={(event) => set('chainId')(event.target.value)}
          className={styles.select}
        >
          {usable.map((chain) => (
            <option key={chain.id} value={chain.id}>
              {chain.name}
            </option>
          ))}
        </select>
        {errors.chainId && <p className={ui.error}>{errors.chainId}</p>}
      </div>
      <TextField
        id="address-value"
        testId="address-value"
        label={t('addressBook.address')}
        placeholder={t('addressBook.addressPlaceholder')}
        autoComplete="off"
        maxLength={200}
        value={values.address}
        onChange={set('address')}
        error={errors.address}
      />
      <SecondFactorField factor={factor} id="address-totp" />
      <Button variant="primary" type="submit" block loading={add.isPending} data-testid="address-save">
        {t('addressBook.save')}
      </Button>
    </form>
  );
}
