import { type FieldError, TOAST_DURATION_MS } from '@polaris/contract';
import { Toast } from 'antd-mobile';
import { fieldErrorsOf, isApiError } from '@/lib/api-error.ts';
import { type FieldErrors, toRecord } from '@/lib/auth-forms.ts';

/**
 * Shows what the request layer left to the form: a 400 field list goes under the inputs it names
 * (anything naming a field this form does not show becomes a toast); a quiet status becomes a toast.
 * Everything else was already reported by the request layer.
 */
export function reportFormError(error: unknown, known: readonly string[], setErrors: (errors: FieldErrors) => void) {
  if (!isApiError(error) || !error.unreported) return;
  const fields: FieldError[] = error.kind === 'invalid' ? error.fields : fieldErrorsOf(error.attachment);
  const shown = fields.filter((field) => known.includes(field.field));
  const elsewhere = fields.filter((field) => !known.includes(field.field));
  if (shown.length > 0) setErrors(toRecord(shown));
  const message =
    elsewhere.length > 0
      ? elsewhere.map((field) => field.message).join('\n')
      : fields.length === 0
        ? error.message
        : '';
  if (message) Toast.show({ content: message, duration: TOAST_DURATION_MS });
}

/**
 * A failure the request layer left to the caller (a quiet status, a field list) as a toast in the server's words;
 * one that is not an ApiError at all (the browser refused to save a file, say) as `fallback` when there is one.
 * Every other failure was already shown.
 */
export function toastUnreported(error: unknown, fallback?: string): void {
  const message = isApiError(error)
    ? error.unreported
      ? (error.fields[0]?.message ?? error.message)
      : undefined
    : fallback;
  if (message) Toast.show({ content: message, duration: TOAST_DURATION_MS });
}
