import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button.tsx';
import { control, Field, InputField } from '@/components/Field.tsx';
import { emptyTicket, type TicketForm } from '../form-model.ts';
import styles from '../host.module.css';
import { RowHead } from './RowHead.tsx';
import type { ActivityEditorState } from './useActivityEditor.ts';

/** The total capacity and up to ten ticket types: free or priced in a wallet asset, their capacity and sale window. */
export function TicketsSection({ editor }: { editor: ActivityEditorState }) {
  const { t } = useTranslation();
  const { form, errors, set } = editor;
  return (
    <section className={styles.section} aria-labelledby="host-tickets">
      <h2 className={styles.sectionTitle} id="host-tickets">
        {t('host.tickets')}
      </h2>
      <InputField
        id="host-capacity"
        label={t('host.capacity')}
        error={errors.capacity}
        hint={t('host.capacityHint')}
        inputMode="numeric"
        value={form.capacity}
        onChange={(event) => set('capacity', event.target.value.replace(/[^\d]/g, ''))}
      />
      {errors.ticketTypes && (
        <p className={styles.error} role="alert">
          {errors.ticketTypes}
        </p>
      )}
      {form.tickets.map((ticket, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other identity while being typed
        <TicketRow key={index} editor={editor} index={index} ticket={ticket} />
      ))}
      {form.tickets.length < 10 && (
        <Button onClick={() => set('tickets', [...form.tickets, emptyTicket()])} data-testid="host-ticket-add">
          {t('host.addTicket')}
        </Button>
      )}
    </section>
  );
}

/** One ticket type: name, free or paid (price and asset), capacity, sale window. */
function TicketRow({ editor, index, ticket }: { editor: ActivityEditorState; index: number; ticket: TicketForm }) {
  const { t } = useTranslation();
  const { form, errors, set, setTicket, assetCodes } = editor;
  const key = `ticketTypes.${index}`;
  const id = `host-ticket-${index}`;
  return (
    <div className={styles.item} data-testid={id}>
      <RowHead
        title={t('host.ticketN', { n: index + 1 })}
        testId={id}
        onRemove={
          form.tickets.length > 1
            ? () =>
                set(
                  'tickets',
                  form.tickets.filter((_, i) => i !== index),
                )
            : undefined
        }
      />
      <InputField
        id={`${id}-name`}
        label={t('host.ticketName')}
        error={errors[`${key}.name`]}
        value={ticket.name}
        maxLength={40}
        placeholder={t('host.ticketNamePlaceholder')}
        onChange={(event) => setTicket(index, { name: event.target.value })}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={ticket.paid}
          onChange={(event) => setTicket(index, { paid: event.target.checked })}
          data-testid={`${id}-paid`}
        />
        {t('host.paidTicket')}
      </label>
      {ticket.paid && (
        <div className={styles.row}>
          <InputField
            id={`${id}-price`}
            label={t('host.price')}
            error={errors[`${key}.price`]}
            inputMode="decimal"
            value={ticket.price}
            onChange={(event) => setTicket(index, { price: event.target.value })}
          />
          <Field id={`${id}-asset`} label={t('host.asset')} error={errors[`${key}.asset`]}>
            <select
              {...control(`${id}-asset`, errors[`${key}.asset`], 'select')}
              value={ticket.asset}
              onChange={(event) => setTicket(index, { asset: event.target.value })}
            >
              {[...new Set([ticket.asset, ...assetCodes])].map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </Field>
        </div>
      )}
      <InputField
        id={`${id}-capacity`}
        label={t('host.ticketCapacity')}
        error={errors[`${key}.capacity`]}
        inputMode="numeric"
        value={ticket.capacity}
        placeholder={t('host.unlimited')}
        onChange={(event) => setTicket(index, { capacity: event.target.value.replace(/[^\d]/g, '') })}
      />
      <InputField
        id={`${id}-sales-start`}
        label={t('host.salesStart')}
        error={errors[`${key}.salesStart`]}
        type="datetime-local"
        value={ticket.salesStart}
        onChange={(event) => setTicket(index, { salesStart: event.target.value })}
      />
      <InputField
        id={`${id}-sales-end`}
        label={t('host.salesEnd')}
        error={errors[`${key}.salesEnd`]}
        hint={t('host.salesEndHint')}
        type="datetime-local"
        value={ticket.salesEnd}
        onChange={(event) => setTicket(index, { salesEnd: event.target.value })}
      />
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={ticket.hidden ?? false}
          onChange={(event) => setTicket(index, { hidden: event.target.checked })}
          data-testid={`${id}-hidden`}
        />
        {t('promo.hiddenTicket')}
      </label>
    </div>
  );
}
