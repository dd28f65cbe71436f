import {
  type Activity,
  CreateActivityInput,
  type Language,
  TOAST_DURATION_MS,
  translate,
  UpdateActivityInput,
} from '@polaris/contract';
import { Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { type ChangeEvent, type Dispatch, type SetStateAction, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import {
  type ActivityWrite,
  deleteDraft,
  saveDraft,
  uploadImage,
  useCreateActivityMutation,
  usePublish,
  useUpdateActivity,
} from '@/api/activity-manage.ts';
import { createSeries, useSeriesOf, useUpdateFollowing } from '@/api/activity-series.ts';
import { useAssets } from '@/api/wallet.ts';
import { confirm } from '@/app/overlays.ts';
import { href, PATHS } from '@/app/paths.ts';
import { askEditScope } from '@/components/series/edit-scope.ts';
import { noRepeat, repeatErrors, seriesInput, startDay } from '@/components/series/repeat.ts';
import { isApiError } from '@/lib/api-error.ts';
import { type FieldErrors, toRecord, validate } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import {
  type ActivityForm,
  changedFields,
  type QuestionForm,
  type TicketForm,
  timeZones,
  toPayload,
} from '../form-model.ts';
import { clearParked, parkForm } from '../handoff.ts';

const DRAFT_DEBOUNCE_MS = 800;

export type SubmitIntent = 'publish' | 'draft' | 'save';

export interface EditorStart {
  /** The activity being edited; none on the create page. */
  activity?: Activity;
  /** What the form opens with: the parked copy, the server draft, or `base`. */
  initial: ActivityForm;
  /** Whether `initial` is a draft brought back, which the form says (and offers to discard). */
  restored: boolean;
  /** The form of the activity as it is (or an empty one): what "start over" goes back to and edits compare with. */
  base: ActivityForm;
}

/**
 * The create / edit form's state and actions: the values, the errors under the fields (a field's error goes away as
 * soon as it changes), the server draft kept while typing, the cover upload, the trip to the location picker, and
 * the check-then-send of create, save and publish.
 */
export function useActivityEditor({ activity, initial, restored, base }: EditorStart) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSettings((state) => state.language);
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [showRestored, setShowRestored] = useState(restored);
  const create = useCreateActivityMutation();
  const update = useUpdateActivity();
  const publish = usePublish();
  // A new activity may repeat (made a series once published); an occurrence's edit asks this one or all following.
  const [repeat, setRepeat] = useState(noRepeat);
  const seriesOf = useSeriesOf(activity?.id ?? '');
  const updateFollowing = useUpdateFollowing();
  const assets = useAssets();
  const activityId = activity?.id;
  const zones = useMemo(() => timeZones(form.timezone), [form.timezone]);
  useEffect(() => clearParked(activityId ?? 'new'), [activityId]);

  const finished = useDraftAutosave(form, activityId);

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

  /** The wallet's assets a ticket may be priced in (USDT until they have loaded). */
  const assetCodes = useMemo(() => {
    const codes = assets.data?.items.map((item) => item.code) ?? [];
    return codes.length > 0 ? codes : ['USDT'];
  }, [assets.data]);

  const discardDraft = () => {
    setShowRestored(false);
    setForm(base);
    void deleteDraft(activityId);
  };

  const cover = useCoverUpload(setForm, setErrors);

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

  const submit = async (intent: SubmitIntent) => {
    const payload = toPayload(form);
    const found = errorsBeforeSending(form, activity, intent, language, t);
    if (!activity && intent === 'publish') {
      for (const [key, message] of Object.entries(repeatErrors(repeat, form.startsAt))) found[key] = t(message);
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
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
        const rule = intent === 'publish' ? seriesInput(created.id, repeat, startDay(form.startsAt)) : null;
        if (!rule) return done(created.id);
        // The activity exists by now: a refused series says why and leaves the person on their new activity, whose
        // manage page offers "Repeat…" again. The form is left behind, so the reason goes in the toast.
        const series = await createSeries(rule).catch((error: unknown) => {
          if (isApiError(error) && (error.kind === 'invalid' || error.unreported)) {
            Toast.show({ content: error.fields[0]?.message ?? error.message, duration: TOAST_DURATION_MS });
          }
        });
        if (!series) return done(created.id);
        finished.current = true;
        void deleteDraft(undefined);
        navigate(href(PATHS.activitySeries, { id: series.id }), { replace: true });
        return;
      }
      const changes = changedFields(payload, toPayload(base));
      if (Object.keys(changes).length > 0) {
        const scope = seriesOf.data?.series ? await askEditScope(t) : 'one';
        if (scope === null) return;
        const input = { id: activity.id, ...(changes as Partial<ActivityWrite>) };
        if (scope === 'following') await updateFollowing.mutateAsync(input);
        else await update.mutateAsync(input);
      }
      if (intent === 'publish') await publish.mutateAsync(activity.id);
      done(activity.id);
    } catch (error) {
      report(error);
    }
  };

  const confirmPublish = async () => {
    const ok = await confirm({
      title: t('host.publishTitle'),
      content: t('host.publishBody'),
      confirmText: t('host.publish'),
      cancelText: t('common.cancel'),
    });
    if (ok) await submit('publish');
  };

  return {
    activity,
    form,
    errors,
    set,
    setTicket,
    setQuestion,
    zones,
    assetCodes,
    showRestored,
    discardDraft,
    uploading: cover.uploading,
    /** What the cover shows: the picked file while it uploads, then the uploaded image. */
    coverShown: cover.localPreview ?? form.coverUrl,
    uploadCover: cover.upload,
    removeCover: cover.remove,
    pickLocation,
    submit,
    confirmPublish,
    repeat,
    setRepeat: (next: typeof repeat) => {
      clear('repeatCount', 'repeatUntil');
      setRepeat(next);
    },
    saving: update.isPending || updateFollowing.isPending,
    creating: create.isPending,
    busy: create.isPending || update.isPending || updateFollowing.isPending || publish.isPending || cover.uploading,
  };
}

/** Keeps the form on the server while it changes (debounced), so leaving and coming back restores it. */
function useDraftAutosave(form: ActivityForm, activityId: string | undefined) {
  const first = useRef(true);
  /** Set once the form is sent: a save still pending must not bring the draft back. */
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
  return finished;
}

/** The cover: picked, shown at once from the device while it uploads, then the server's image; or removed. */
function useCoverUpload(
  setForm: Dispatch<SetStateAction<ActivityForm>>,
  setErrors: Dispatch<SetStateAction<FieldErrors>>,
) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [localPreview, setLocalPreview] = useState<string | null>(null);
  /** From the file input, or a File the native camera picker returned (lib/native.ts). */
  const upload = async (source: ChangeEvent<HTMLInputElement> | File) => {
    let file: File | undefined;
    if (source instanceof File) file = source;
    else {
      file = source.target.files?.[0];
      source.target.value = '';
    }
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

  const remove = () => setForm((previous) => ({ ...previous, coverImageId: null, coverUrl: null }));

  return { uploading, localPreview, upload, remove };
}

/** The form's errors before a round trip: the contract's schema, and the server's "an online link or a city" rule. */
function errorsBeforeSending(
  form: ActivityForm,
  activity: Activity | undefined,
  intent: SubmitIntent,
  language: Language,
  t: TFunction,
): FieldErrors {
  const payload = toPayload(form);
  const checked = activity
    ? validate(UpdateActivityInput, { id: activity.id, ...payload }, language)
    : validate(CreateActivityInput, { ...payload, publish: intent === 'publish' }, language);
  const where: FieldErrors = {};
  if (form.mode === 'venue' && !form.city.trim()) {
    where.city = translate(language, 'validation.required', { field: t('host.city') });
  }
  if (form.mode === 'online' && !form.onlineUrl.trim()) {
    where.onlineUrl = translate(language, 'validation.required', { field: t('host.onlineUrl') });
  }
  return { ...where, ...(checked.ok ? {} : checked.errors) };
}

export type ActivityEditorState = ReturnType<typeof useActivityEditor>;
