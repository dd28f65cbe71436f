import { PAYMENT_TYPES, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { AddOutline, BankcardOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type PaymentFields, type PaymentMethod, useDeletePayment, usePayments, useSavePayment } from '@/api/wallet.ts';
import { Frame } from '@/app/Frame.tsx';
import { confirm } from '@/app/overlays.ts';
import { Button } from '@/components/Button.tsx';
import { EmptyState } from '@/components/EmptyState.tsx';
import { LoadFailed, Loading } from '@/components/QueryState.tsx';
import { RequireLogin } from '@/components/RequireLogin.tsx';
import { useSecondFactor } from '@/components/SecondFactorField.tsx';
import { Sheet } from '@/components/Sheet.tsx';
import { TextField } from '@/components/TextField.tsx';
import { TradePasswordPrompt } from '@/components/TradePasswordPrompt.tsx';
import { tradeErrorOf, tradePasswordMissing } from '@/components/trade-errors.ts';
import ui from '@/components/ui.module.css';
import { isApiError } from '@/lib/api-error.ts';
import { type FieldErrors, toRecord } from '@/lib/auth-forms.ts';

const TYPES = [PAYMENT_TYPES.bank, PAYMENT_TYPES.alipay, PAYMENT_TYPES.paypal] as const;
const EMPTY: PaymentFields = { type: PAYMENT_TYPES.bank, holderName: '', account: '', bankName: '', bankBranch: '' };

/** Bank, Alipay and PayPal accounts; adding, editing and removing each need the transaction password. */
export default function PaymentsPage() {
  const { t } = useTranslation();
  return (
    <Frame title={t('payments.title')}>
      <RequireLogin>
        <Payments />
      </RequireLogin>
    </Frame>
  );
}

type Pending = { kind: 'save'; id?: number; fields: PaymentFields } | { kind: 'delete'; method: PaymentMethod };

function Payments() {
  const { t } = useTranslation();
  const payments = usePayments();
  const [editing, setEditing] = useState<{ id?: number; fields: PaymentFields } | null>(null);
  const [formErrors, setFormErrors] = useState<FieldErrors>({});
  const change = usePaymentChange({ onSaved: () => setEditing(null), onInvalid: setFormErrors });
  const { pending, setPending, busy } = change;

  const typeName = (type: number) =>
    type === PAYMENT_TYPES.bank
      ? t('payments.bank')
      : type === PAYMENT_TYPES.alipay
        ? t('payments.alipay')
        : t('payments.paypal');

  const askRemove = async (method: PaymentMethod) => {
    const sure = await confirm({
      title: t('payments.removeTitle'),
      content: t('payments.removeContent', { account: method.account }),
      confirmText: t('payments.remove'),
      cancelText: t('common.cancel'),
    });
    if (sure) setPending({ kind: 'delete', method });
  };

  const items = payments.data?.items ?? [];
  return (
    <>
      {payments.isPending ? (
        <Loading testId="payments-loading" />
      ) : payments.isError ? (
        <LoadFailed onRetry={() => void payments.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={<BankcardOutline />}
          title={t('payments.emptyTitle')}
          body={t('payments.emptyBody')}
          testId="payments-empty"
        />
      ) : (
        <ul className={ui.list} style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="payments-list">
          {items.map((method) => (
            <PaymentRow
              key={method.id}
              method={method}
              typeName={typeName}
              onEdit={() => {
                setFormErrors({});
                setEditing({
                  id: method.id,
                  fields: {
                    type: method.type,
                    holderName: method.holderName,
                    account: method.account,
                    bankName: method.bankName ?? '',
                    bankBranch: method.bankBranch ?? '',
                  },
                });
              }}
              onRemove={() => void askRemove(method)}
            />
          ))}
        </ul>
      )}
      <Button
        variant="primary"
        block
        size="large"
        style={{ marginTop: 16 }}
        onClick={() => {
          setFormErrors({});
          setEditing({ fields: { ...EMPTY } });
        }}
        data-testid="payments-add"
      >
        <AddOutline aria-hidden /> {t('payments.add')}
      </Button>

      <Sheet visible={editing !== null} onClose={() => setEditing(null)}>
        {editing && (
          <PaymentForm
            initial={editing.fields}
            isNew={editing.id === undefined}
            typeName={typeName}
            errors={formErrors}
            onCancel={() => setEditing(null)}
            onSubmit={(fields) => {
              setFormErrors({});
              setPending({ kind: 'save', id: editing.id, fields });
            }}
            setErrors={setFormErrors}
          />
        )}
      </Sheet>

      <TradePasswordPrompt
        visible={pending !== null}
        title={t('tradePassword.enterTitle')}
        summary={
          pending?.kind === 'delete'
            ? t('payments.removeContent', { account: pending.method.account })
            : t('payments.saveSummary')
        }
        pending={busy}
        error={change.tradeError}
        secondFactor={pending?.kind === 'save' ? change.secondFactor : undefined}
        onClose={change.close}
        onSubmit={change.withPassword}
      />
    </>
  );
}

/**
 * Saving or removing a method once the transaction password (and, to save, the authenticator code when it is on)
 * is given: the pending change, the prompt's error, and where a refusal goes.
 */
function usePaymentChange({ onSaved, onInvalid }: { onSaved(): void; onInvalid(errors: FieldErrors): void }) {
  const { t } = useTranslation();
  const save = useSavePayment();
  const remove = useDeletePayment();
  const [pending, setPending] = useState<Pending | null>(null);
  const [tradeError, setTradeError] = useState<string>();
  /** Adding and editing are in the second-factor table (removing is not): the code field up front when it is on. */
  const secondFactor = useSecondFactor(
    pending?.kind === 'save' && pending.id ? '/user/payments/update' : '/user/payments/add',
  );
  const busy = save.isPending || remove.isPending;

  const onError = (error: unknown) => {
    if (secondFactor.handle(error)) return;
    const trade = tradeErrorOf(error);
    if (trade?.kind === 'wrong') return setTradeError(trade.message);
    if (trade?.kind === 'notSet') return tradePasswordMissing();
    setPending(null);
    if (isApiError(error, 'invalid')) {
      onInvalid(toRecord(error.fields));
      return;
    }
    if (isApiError(error) && error.unreported) Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
  };

  const withPassword = (password: string, totp?: string) => {
    if (!pending || busy) return;
    setTradeError(undefined);
    if (pending.kind === 'save') {
      save.mutate(
        { ...pending.fields, id: pending.id, password, totp },
        {
          onSuccess: () => {
            secondFactor.reset();
            setPending(null);
            onSaved();
            Toast.show({ content: t('payments.saved'), duration: TOAST_DURATION_MS });
          },
          onError,
        },
      );
    } else {
      remove.mutate(
        { id: pending.method.id, password },
        {
          onSuccess: () => {
            setPending(null);
            Toast.show({ content: t('payments.removed'), duration: TOAST_DURATION_MS });
          },
          onError,
        },
      );
    }
  };

  return {
    pending,
    setPending,
    busy,
    tradeError,
    secondFactor,
    withPassword,
    close() {
      if (!busy) setPending(null);
      setTradeError(undefined);
    },
  };
}

/** One saved method: its kind and holder, the account and bank, and its edit and remove buttons. */
function PaymentRow({
  method,
  typeName,
  onEdit,
  onRemove,
}: {
  method: PaymentMethod;
  typeName(type: number): string;
  onEdit(): void;
  onRemove(): void;
}) {
  const { t } = useTranslation();
  return (
    <li className={ui.row} data-testid="payment-item">
      <span className={ui.icon} aria-hidden>
        <BankcardOutline />
      </span>
      <div className={ui.rowMain}>
        <p className={ui.rowTitle}>
          {typeName(method.type)} · {method.holderName}
        </p>
        <p className={ui.rowSub}>{method.account}</p>
        {method.bankName && (
          <p className={ui.rowSub}>
            {method.bankName}
            {method.bankBranch ? ` · ${method.bankBranch}` : ''}
          </p>
        )}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
        <Button size="small" onClick={onEdit} data-testid="payment-edit">
          {t('payments.edit')}
        </Button>
        <Button variant="danger" size="small" onClick={onRemove} data-testid="payment-remove">
          {t('payments.remove')}
        </Button>
      </div>
    </li>
  );
}

function PaymentForm(props: {
  initial: PaymentFields;
  isNew: boolean;
  typeName(type: number): string;
  errors: FieldErrors;
  setErrors(errors: FieldErrors): void;
  onCancel(): void;
  onSubmit(fields: PaymentFields): void;
}) {
  const { t } = useTranslation();
  const [fields, setFields] = useState(props.initial);
  const set = (key: keyof PaymentFields) => (value: string) => setFields((current) => ({ ...current, [key]: value }));
  const bank = fields.type === PAYMENT_TYPES.bank;
  const submit = () => {
    const errors: FieldErrors = {};
    const required = (label: string) => t('contract:validation.required', { field: label });
    if (!fields.holderName.trim()) errors.holderName = required(t('payments.holderName'));
    const accountLabel = bank ? t('payments.bankAccount') : t('payments.account');
    if (!fields.account.trim()) errors.account = required(accountLabel);
    else if (fields.account.trim().length < 3)
      errors.account = t('contract:validation.tooShort', { field: accountLabel, min: 3 });
    if (bank && !fields.bankName?.trim()) errors.bankName = required(t('payments.bankName'));
    props.setErrors(errors);
    if (Object.values(errors).some(Boolean)) return;
    props.onSubmit({
      type: fields.type,
      holderName: fields.holderName.trim(),
      account: fields.account.trim(),
      bankName: bank ? fields.bankName?.trim() : undefined,
      bankBranch: bank ? fields.bankBranch?.trim() : undefined,
    });
  };
  return (
    <form
      className={ui.sheet}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="payment-form"
    >
      <h2 className={ui.sheetTitle}>{props.isNew ? t('payments.add') : t('payments.edit')}</h2>
      <div className={ui.form}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          <label htmlFor="payment-type" style={{ fontSize: 14, fontWeight: 500 }}>
            {t('payments.type')}
          </label>
          <select
            id="payment-type"
            className={ui.select}
            value={fields.type}
            onChange={(event) => setFields((current) => ({ ...current, type: Number(event.target.value) }))}
            data-testid="payment-type"
          >
            {TYPES.map((type) => (
              <option key={type} value={type}>
                {props.typeName(type)}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id="payment-holder"
          testId="payment-holder"
          label={t('payments.holderName')}
          maxLength={60}
          value={fields.holderName}
          onChange={set('holderName')}
          error={props.errors.holderName}
        />
        <TextField
          id="payment-account"
          testId="payment-account"
          label={bank ? t('payments.bankAccount') : t('payments.account')}
          maxLength={64}
          value={fields.account}
          onChange={set('account')}
          error={props.errors.account}
        />
        {bank && (
          <>
            <TextField
              id="payment-bank"
              testId="payment-bank"
              label={t('payments.bankName')}
              maxLength={80}
              value={fields.bankName ?? ''}
              onChange={set('bankName')}
              error={props.errors.bankName}
            />
            <TextField
              id="payment-branch"
              testId="payment-branch"
              label={t('common.optionalField', { label: t('payments.bankBranch') })}
              maxLength={80}
              value={fields.bankBranch ?? ''}
              onChange={set('bankBranch')}
              error={props.errors.bankBranch}
            />
          </>
        )}
      </div>
      <div className={ui.actions}>
        <Button onClick={props.onCancel}>{t('common.cancel')}</Button>
        <Button variant="primary" type="submit" data-testid="payment-save">
          {t('payments.save')}
        </Button>
      </div>
    </form>
  );
}
