import {
  ACTIVITY_CATEGORIES,
  type Activity,
  CreateActivityInput,
  IMAGE_TYPES,
  TOAST_DURATION_MS,
  translate,
  UpdateActivityInput,
} from '@polaris/contract';
import { Button, Dialog, Toast } from 'antd-mobile';
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type ActivityWrite,
  deleteDraft,
  saveDraft,
  uploadImage,
  useCreateActivityMutation,
  useDraft,
  usePublish,
  useUpdateActivity,
} from '@/api/activity-manage.ts';
import { isApiError } from '@/api/request.ts';
import { useAssets } from '@/api/wallet.ts';
import { href, PATHS } from '@/app/paths.ts';
import { Loading } from '@/components/QueryState.tsx';
import { type FieldErrors, toRecord, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import { controlProps, Field } from './Field.tsx';
import {
  type ActivityForm,
  changedFields,
  emptyForm,
  emptyTicket,
  fromActivity,
  type QuestionForm,
  restoreForm,
  type TicketForm,
  timeZones,
  toPayload,
} from './form-model.ts';
import { clearParked, parkForm, unparkForm } from './handoff.ts';
import styles from './host.module.css';

const DRAFT_DEBOUNCE_MS = 800;

/** The create page and the edit page: one form, kept as a server draft while it changes. */
export function ActivityEditor({ activity }: { activity?: Activity }) {
  const draft = useDraft(activity?.id);
  if (draft.isPending) return <Loading testId="host-form-loading" />;
  const base = activity ? fromActivity(activity) : emptyForm();
  const parked = unparkForm(activity?.id ?? 'new');
  const kept = draft.data?.draft ?? null;
  const initial = parked ?? (kept ? restoreForm(kept.data, base) : base);
  return <EditorForm activity={activity} initial={initial} restored={!parked && kept !== null} base={base} />;
}

function EditorForm({
  activity,
  initial,
  restored,
  base,
}: {
  activity?: Activity;
  initial: ActivityForm;
  restored: boolean;
  base: ActivityForm;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showRestored, setShowRestored] = useState(restored);
  const [uploading, setUploading] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  const create = useCreateActivityMutation();
  const update = useUpdateActivity();
  const publish = usePublish();
  const assets = useAssets();
  const activityId = activity?.id;
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  const busy = create.isPending || update.isPending || publish.isPending || uploading;
  useEffect(() => clearParked(activityId ?? 'new'), [activityId]);

  // Keep the form on the server while it changes (debounced), so leaving and coming back restores it.
  const first = useRef(true);
  const finished = useRef(false);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      if (!finished.current) void saveDraft(activityId, { form }).catch(() => undefined);
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [form, activityId]);

  // A field's error goes away as soon as the user changes that field.
  const clear = (...keys: string[]) =>
    setErrors((previous) => {
      if (!keys.some((key) => key in previous)) return previous;
      const next = { ...previous };
      for (const key of keys) delete next[key];
      return next;
    });
  const set = <K extends keyof ActivityForm>(key: K, value: ActivityForm[K]) => {
    clear(key, ...(key === 'mode' ? ['city', 'onlineUrl'] : []));
    setForm((previous) => ({ ...previous, [key]: value }));
  };
  const setTicket = (index: number, patch: Partial<TicketForm>) => {
    clear(...Object.keys(patch).map((key) => `ticketTypes.${index}.${key}`));
    setForm((previous) => ({
      ...previous,
      tickets: previous.tickets.map((ticket, i) => (i === index ? { ...ticket, ...patch } : ticket)),
    }));
  };
  const setQuestion = (index: number, patch: Partial<QuestionForm>) => {
    clear(...Object.keys(patch).map((key) => `questions.${index}.${key}`));
    setForm((previous) => ({
      ...previous,
      questions: previous.questions.map((question, i) => (i === index ? { ...question, ...patch } : question)),
    }));
  };

  const assetCodes = useMemo(() => {
    const codes = assets.data?.items.map((item) => item.code) ?? [];
    return codes.length > 0 ? codes : ['USDT'];
  }, [assets.data]);

  const discardDraft = () => {
    setShowRestored(false);
    setForm(base);
    void deleteDraft(activityId);
  };

  const onCover = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const preview = URL.createObjectURL(file);
    setLocalPreview(preview);
    setUploading(true);
    setErrors(({ coverImageId: _drop, file: _file, ...rest }) => rest);
    try {
      const image = await uploadImage(file);
      const url = image.sizes[1]?.url ?? image.sizes[0]?.url ?? null;
      setForm((previous) => ({ ...previous, coverImageId: image.id, coverUrl: url }));
    } catch (error) {
      // The server's reason (type, size) goes under the field; a failure already shown leaves a plain note there.
      const message =
        isApiError(error) && error.unreported ? (error.fields[0]?.message ?? error.message) : t('host.uploadFailed');
      setErrors((previous) => ({ ...previous, coverImageId: message }));
    } finally {
      setUploading(false);
      setLocalPreview(null);
      URL.revokeObjectURL(preview);
    }
  };

  const pickLocation = () => {
    parkForm(activityId ?? 'new', form);
    navigate(
      href(PATHS.chooseLocation, { address: form.address, city: form.city, lat: form.latitude, lng: form.longitude }),
    );
  };

  const report = (error: unknown) => {
    if (!isApiError(error)) return;
    if (error.kind === 'invalid') {
      setErrors(toRecord(error.fields));
      Toast.show({ content: t('host.fixErrors'), duration: TOAST_DURATION_MS });
    } else if (error.unreported) {
      Toast.show({ content: error.message, duration: TOAST_DURATION_MS });
    }
  };

  const done = (id: string) => {
    finished.current = true;
    void deleteDraft(activityId);
    navigate(href(PATHS.manageActivity, { id }), { replace: true });
  };

  const submit = async (intent: 'publish' | 'draft' | 'save') => {
    const payload = toPayload(form);
    const checked = activity
      ? validate(UpdateActivityInput, { id: activity.id, ...payload }, language)
      : validate(CreateActivityInput, { ...payload, publish: intent === 'publish' }, language);
    // The server's "an online link or a city" rule, said before the round trip.
    const where: FieldErrors = {};
    if (form.mode === 'venue' && !form.city.trim()) {
      where.city = translate(language, 'validation.required', { field: t('host.city') });
    }
    if (form.mode === 'online' && !form.onlineUrl.trim()) {
      where.onlineUrl = translate(language, 'validation.required', { field: t('host.onlineUrl') });
    }
    if (!checked.ok || Object.keys(where).length > 0) {
      setErrors({ ...where, ...(checked.ok ? {} : checked.errors) });
      Toast.show({ content: t('host.fixErrors'), duration: TOAST_DURATION_MS });
      return;
    }
    setErrors({});
    try {
      if (!activity) {
        const created = await create.mutateAsync({
          ...(payload as unknown as ActivityWrite),
          publish: intent === 'publish',
        });
        done(created.id);
        return;
      }
      const changes = changedFields(payload, toPayload(base));
      if (Object.keys(changes).length > 0) {
        await update.mutateAsync({ id: activity.id, ...(changes as Partial<ActivityWrite>) });
      }
      if (intent === 'publish') await publish.mutateAsync(activity.id);
      done(activity.id);
    } catch (error) {
      report(error);
    }
  };

  const confirmPublish = async () => {
    const ok = await Dialog.confirm({
      title: t('host.publishTitle'),
      content: t('host.publishBody'),
      confirmText: t('host.publish'),
      cancelText: t('common.cancel'),
    });
    if (ok) await submit('publish');
  };

  const control = (id: string, testId: string, error: string | undefined, kind: 'input' | 'select' | 'textarea') =>
    controlProps(id, testId, error, styles[kind] ?? '', styles.invalid ?? '');
  const known = knownFields(form);
  const elsewhere = Object.entries(errors).filter(([key]) => !known.has(key));
  const coverShown = localPreview ?? form.coverUrl;

  return (
    <form
      className={styles.form}
      data-testid="host-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      {showRestored && (
        <div className={styles.notice} role="status" data-testid="host-draft-restored">
          <span>{t('host.draftRestored')}</span>
          <Button size="mini" fill="outline" onClick={discardDraft} data-testid="host-draft-discard">
            {t('host.discardDraft')}
          </Button>
        </div>
      )}

      <section className={styles.section} aria-labelledby="host-basics">
        <h2 className={styles.sectionTitle} id="host-basics">
          {t('host.basics')}
        </h2>
        <Field id="host-title" label={t('host.title')} error={errors.title} testId="host-title">
          <input
            {...control('host-title', 'host-title', errors.title, 'input')}
            value={form.title}
            maxLength={120}
            placeholder={t('host.titlePlaceholder')}
            onChange={(event) => set('title', event.target.value)}
          />
        </Field>
        <Field id="host-cover" label={t('host.cover')} error={errors.coverImageId} testId="host-cover">
          {coverShown ? (
            <img className={styles.cover} src={coverShown} alt={t('host.coverAlt')} data-testid="host-cover-preview" />
          ) : (
            <div className={styles.coverEmpty}>{t('host.noCover')}</div>
          )}
          <div className={styles.segmented}>
            <label className={`${styles.segment} ${styles.center}`} style={{ justifyContent: 'center' }}>
              {uploading ? t('host.uploading') : coverShown ? t('host.changeCover') : t('host.chooseCover')}
              <input
                id="host-cover"
                type="file"
                accept={IMAGE_TYPES.join(',')}
                className="px-visually-hidden"
                data-testid="host-cover-input"
                onChange={(event) => void onCover(event)}
                disabled={uploading}
              />
            </label>
            {form.coverImageId && (
              <button
                type="button"
                className={styles.segment}
                onClick={() => setForm((previous) => ({ ...previous, coverImageId: null, coverUrl: null }))}
                data-testid="host-cover-remove"
              >
                {t('host.removeCover')}
              </button>
            )}
          </div>
        </Field>
        <Field id="host-description" label={t('host.description')} error={errors.description} testId="host-description">
          <textarea
            {...control('host-description', 'host-description', errors.description, 'textarea')}
            value={form.description}
            maxLength={5000}
            onChange={(event) => set('description', event.target.value)}
          />
        </Field>
        <Field id="host-category" label={t('host.category')} error={errors.category} testId="host-category">
          <select
            {...control('host-category', 'host-category', errors.category, 'select')}
            value={form.category}
            onChange={(event) => set('category', event.target.value as ActivityForm['category'])}
          >
            {ACTIVITY_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`host.categories.${category}`)}
              </option>
            ))}
          </select>
        </Field>
      </section>

      <section className={styles.section} aria-labelledby="host-when">
        <h2 className={styles.sectionTitle} id="host-when">
          {t('host.when')}
        </h2>
        <Field id="host-start" label={t('host.startsAt')} error={errors.startsAt} testId="host-start">
          <input
            {...control('host-start', 'host-start', errors.startsAt, 'input')}
            type="datetime-local"
            value={form.startsAt}
            onChange={(event) => set('startsAt', event.target.value)}
          />
        </Field>
        <Field id="host-end" label={t('host.endsAt')} error={errors.endsAt} testId="host-end">
          <input
            {...control('host-end', 'host-end', errors.endsAt, 'input')}
            type="datetime-local"
            value={form.endsAt}
            onChange={(event) => set('endsAt', event.target.value)}
          />
        </Field>
        <Field id="host-timezone" label={t('host.timezone')} error={errors.timezone} testId="host-timezone">
          <select
            {...control('host-timezone', 'host-timezone', errors.timezone, 'select')}
            value={form.timezone}
            onChange={(event) => set('timezone', event.target.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </Field>
      </section>

      <section className={styles.section} aria-labelledby="host-where">
        <h2 className={styles.sectionTitle} id="host-where">
          {t('host.where')}
        </h2>
        <div className={styles.segmented} role="radiogroup" aria-label={t('host.where')}>
          {(['venue', 'online'] as const).map((mode) => (
            // biome-ignore lint/a11y/useSemanticElements: a segmented control of two buttons
            <button
              key={mode}
              type="button"
              role="radio"
              aria-checked={form.mode === mode}
              className={`${styles.segment} ${form.mode === mode ? styles.segmentOn : ''}`}
              onClick={() => set('mode', mode)}
              data-testid={`host-mode-${mode}`}
            >
              {t(`host.mode.${mode}`)}
            </button>
          ))}
        </div>
        {form.mode === 'online' ? (
          <Field id="host-online-url" label={t('host.onlineUrl')} error={errors.onlineUrl} testId="host-online-url">
            <input
              {...control('host-online-url', 'host-online-url', errors.onlineUrl, 'input')}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={form.onlineUrl}
              onChange={(event) => set('onlineUrl', event.target.value)}
            />
          </Field>
        ) : (
          <>
            <Field id="host-city" label={t('host.city')} error={errors.city} testId="host-city">
              <input
                {...control('host-city', 'host-city', errors.city, 'input')}
                value={form.city}
                maxLength={60}
                onChange={(event) => set('city', event.target.value)}
              />
            </Field>
            <Field id="host-address" label={t('host.address')} error={errors.address} testId="host-address">
              <input
                {...control('host-address', 'host-address', errors.address, 'input')}
                value={form.address}
                maxLength={200}
                onChange={(event) => set('address', event.target.value)}
              />
            </Field>
            {(errors.latitude || errors.longitude) && (
              <p className={styles.error} role="alert" data-testid="host-coordinates-error">
                {errors.latitude ?? errors.longitude}
              </p>
            )}
            <p className={styles.hint} data-testid="host-coordinates">
              {form.latitude && form.longitude
                ? t('host.coordinates', { lat: form.latitude, lon: form.longitude })
                : t('host.noCoordinates')}
            </p>
            <Button fill="outline" onClick={pickLocation} data-testid="host-pick-location">
              {t('host.pickLocation')}
            </Button>
          </>
        )}
      </section>

      <section className={styles.section} aria-labelledby="host-tickets">
        <h2 className={styles.sectionTitle} id="host-tickets">
          {t('host.tickets')}
        </h2>
        <Field
          id="host-capacity"
          label={t('host.capacity')}
          error={errors.capacity}
          testId="host-capacity"
          hint={t('host.capacityHint')}
        >
          <input
            {...control('host-capacity', 'host-capacity', errors.capacity, 'input')}
            inputMode="numeric"
            value={form.capacity}
            onChange={(event) => set('capacity', event.target.value.replace(/[^\d]/g, ''))}
          />
        </Field>
        {errors.ticketTypes && (
          <p className={styles.error} role="alert">
            {errors.ticketTypes}
          </p>
        )}
        {form.tickets.map((ticket, index) => {
          const key = `ticketTypes.${index}`;
          const id = `host-ticket-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other identity while being typed
            <div className={styles.item} key={index} data-testid={id}>
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
              <Field id={`${id}-name`} label={t('host.ticketName')} error={errors[`${key}.name`]} testId={`${id}-name`}>
                <input
                  {...control(`${id}-name`, `${id}-name`, errors[`${key}.name`], 'input')}
                  value={ticket.name}
                  maxLength={40}
                  placeholder={t('host.ticketNamePlaceholder')}
                  onChange={(event) => setTicket(index, { name: event.target.value })}
                />
              </Field>
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
                  <Field
                    id={`${id}-price`}
                    label={t('host.price')}
                    error={errors[`${key}.price`]}
                    testId={`${id}-price`}
                  >
                    <input
                      {...control(`${id}-price`, `${id}-price`, errors[`${key}.price`], 'input')}
                      inputMode="decimal"
                      value={ticket.price}
                      onChange={(event) => setTicket(index, { price: event.target.value })}
                    />
                  </Field>
                  <Field
                    id={`${id}-asset`}
                    label={t('host.asset')}
                    error={errors[`${key}.asset`]}
                    testId={`${id}-asset`}
                  >
                    <select
                      {...control(`${id}-asset`, `${id}-asset`, errors[`${key}.asset`], 'select')}
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
              <Field
                id={`${id}-capacity`}
                label={t('host.ticketCapacity')}
                error={errors[`${key}.capacity`]}
                testId={`${id}-capacity`}
              >
                <input
                  {...control(`${id}-capacity`, `${id}-capacity`, errors[`${key}.capacity`], 'input')}
                  inputMode="numeric"
                  value={ticket.capacity}
                  placeholder={t('host.unlimited')}
                  onChange={(event) => setTicket(index, { capacity: event.target.value.replace(/[^\d]/g, '') })}
                />
              </Field>
              <Field
                id={`${id}-sales-start`}
                label={t('host.salesStart')}
                error={errors[`${key}.salesStart`]}
                testId={`${id}-sales-start`}
              >
                <input
                  {...control(`${id}-sales-start`, `${id}-sales-start`, errors[`${key}.salesStart`], 'input')}
                  type="datetime-local"
                  value={ticket.salesStart}
                  onChange={(event) => setTicket(index, { salesStart: event.target.value })}
                />
              </Field>
              <Field
                id={`${id}-sales-end`}
                label={t('host.salesEnd')}
                error={errors[`${key}.salesEnd`]}
                hint={t('host.salesEndHint')}
                testId={`${id}-sales-end`}
              >
                <input
                  {...control(`${id}-sales-end`, `${id}-sales-end`, errors[`${key}.salesEnd`], 'input')}
                  type="datetime-local"
                  value={ticket.salesEnd}
                  onChange={(event) => setTicket(index, { salesEnd: event.target.value })}
                />
              </Field>
            </div>
          );
        })}
        {form.tickets.length < 10 && (
          <Button
            fill="outline"
            onClick={() => set('tickets', [...form.tickets, emptyTicket()])}
            data-testid="host-ticket-add"
          >
            {t('host.addTicket')}
          </Button>
        )}
      </section>

      <section className={styles.section} aria-labelledby="host-registration">
        <h2 className={styles.sectionTitle} id="host-registration">
          {t('host.registration')}
        </h2>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={form.requireApproval}
            onChange={(event) => set('requireApproval', event.target.checked)}
            data-testid="host-approval"
          />
          {t('host.requireApproval')}
        </label>
        <Field id="host-visibility" label={t('host.visibility')} testId="host-visibility" error={errors.visibility}>
          <select
            {...control('host-visibility', 'host-visibility', errors.visibility, 'select')}
            value={form.visibility}
            onChange={(event) => set('visibility', event.target.value as ActivityForm['visibility'])}
          >
            <option value="public">{t('host.public')}</option>
            <option value="unlisted">{t('host.unlisted')}</option>
          </select>
        </Field>
        {form.questions.map((question, index) => {
          const key = `questions.${index}`;
          const id = `host-question-${index}`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no other identity while being typed
            <div className={styles.item} key={index} data-testid={id}>
              <RowHead
                title={t('host.questionN', { n: index + 1 })}
                testId={id}
                onRemove={() =>
                  set(
                    'questions',
                    form.questions.filter((_, i) => i !== index),
                  )
                }
              />
              <Field
                id={`${id}-label`}
                label={t('host.questionLabel')}
                error={errors[`${key}.label`]}
                testId={`${id}-label`}
              >
                <input
                  {...control(`${id}-label`, `${id}-label`, errors[`${key}.label`], 'input')}
                  value={question.label}
                  maxLength={200}
                  onChange={(event) => setQuestion(index, { label: event.target.value })}
                />
              </Field>
              <div className={styles.row}>
                <Field id={`${id}-type`} label={t('host.questionType')} testId={`${id}-type`}>
                  <select
                    {...control(`${id}-type`, `${id}-type`, undefined, 'select')}
                    value={question.type}
                    onChange={(event) => setQuestion(index, { type: event.target.value as QuestionForm['type'] })}
                  >
                    <option value="text">{t('host.questionText')}</option>
                    <option value="choice">{t('host.questionChoice')}</option>
                  </select>
                </Field>
                <label className={styles.check} style={{ alignSelf: 'end' }}>
                  <input
                    type="checkbox"
                    checked={question.required}
                    onChange={(event) => setQuestion(index, { required: event.target.checked })}
                    data-testid={`${id}-required`}
                  />
                  {t('host.required')}
                </label>
              </div>
              {question.type === 'choice' && (
                <Field
                  id={`${id}-options`}
                  label={t('host.options')}
                  hint={t('host.optionsHint')}
                  error={errors[`${key}.options`]}
                  testId={`${id}-options`}
                >
                  <textarea
                    {...control(`${id}-options`, `${id}-options`, errors[`${key}.options`], 'textarea')}
                    value={question.options}
                    onChange={(event) => setQuestion(index, { options: event.target.value })}
                  />
                </Field>
              )}
            </div>
          );
        })}
        {form.questions.length < 10 && (
          <Button
            fill="outline"
            onClick={() =>
              set('questions', [...form.questions, { label: '', type: 'text', required: false, options: '' }])
            }
            data-testid="host-question-add"
          >
            {t('host.addQuestion')}
          </Button>
        )}
        <Field
          id="host-cohosts"
          label={t('host.coHosts')}
          hint={t('host.coHostsHint')}
          error={errors.coHosts ?? Object.entries(errors).find(([key]) => key.startsWith('coHosts.'))?.[1]}
          testId="host-cohosts"
        >
          <input
            {...control('host-cohosts', 'host-cohosts', errors.coHosts, 'input')}
            inputMode="numeric"
            value={form.coHosts}
            onChange={(event) => set('coHosts', event.target.value)}
          />
        </Field>
      </section>

      {elsewhere.length > 0 && (
        <ul className={styles.summary} role="alert" data-testid="host-errors">
          {elsewhere.map(([key, message]) => (
            <li key={key}>{message}</li>
          ))}
        </ul>
      )}

      <div className={styles.actions}>
        {activity ? (
          <>
            <Button
              color="primary"
              fill={activity.status === 'draft' ? 'outline' : 'solid'}
              loading={update.isPending}
              disabled={busy}
              onClick={() => void submit('save')}
              data-testid="host-save"
            >
              {t('host.save')}
            </Button>
            {activity.status === 'draft' && (
              <Button color="primary" disabled={busy} onClick={() => void confirmPublish()} data-testid="host-publish">
                {t('host.publish')}
              </Button>
            )}
          </>
        ) : (
          <>
            <Button fill="outline" disabled={busy} onClick={() => void submit('draft')} data-testid="host-save-draft">
              {t('host.saveDraft')}
            </Button>
            <Button
              color="primary"
              loading={create.isPending}
              disabled={busy}
              onClick={() => void confirmPublish()}
              data-testid="host-publish"
            >
              {t('host.publish')}
            </Button>
          </>
        )}
      </div>
    </form>
  );
}

/** Errors with a place on the form; the rest are listed above the buttons. */
/** The head of a ticket or question row: its number, and a remove button when it may go. */
function RowHead({ title, testId, onRemove }: { title: string; testId: string; onRemove?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.itemHead}>
      <span>{title}</span>
      {onRemove && (
        <Button size="mini" fill="none" color="danger" onClick={onRemove} data-testid={`${testId}-remove`}>
          {t('host.remove')}
        </Button>
      )}
    </div>
  );
}

function knownFields(form: ActivityForm): Set<string> {
  const keys = [
    'title',
    'description',
    'category',
    'coverImageId',
    'startsAt',
    'endsAt',
    'timezone',
    'visibility',
    'capacity',
    'coHosts',
    'ticketTypes',
  ];
  if (form.mode === 'online') keys.push('onlineUrl');
  else keys.push('city', 'address', 'latitude', 'longitude');
  form.tickets.forEach((_, i) => {
    for (const f of ['name', 'price', 'asset', 'capacity', 'salesStart', 'salesEnd'])
      keys.push(`ticketTypes.${i}.${f}`);
  });
  form.questions.forEach((_, i) => {
    keys.push(`questions.${i}.label`);
    if (form.questions[i]?.type === 'choice') keys.push(`questions.${i}.options`);
  });
  const set = new Set(keys);
  for (let i = 0; i < 10; i += 1) set.add(`coHosts.${i}`);
  return set;
}
