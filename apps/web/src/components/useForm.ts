import type { Language } from '@polaris/contract';
import { useState } from 'react';
import { type FieldErrors, type Schema, type Validation, validate, validateWithConfirm } from '@/lib/auth-forms.ts';
import { useSettings } from '@/lib/settings.ts';
import { reportFormError } from './form-errors.ts';

/** What a text field needs from its form: its value, its change, its error. */
export interface BoundField {
  value: string;
  onChange(value: string): void;
  error?: string;
}

export interface Form<V extends Record<string, string>> {
  values: V;
  errors: FieldErrors;
  setErrors(update: FieldErrors | ((current: FieldErrors) => FieldErrors)): void;
  /** One field's error, the others kept. */
  setError(name: string, message: string | undefined): void;
  language: Language;
  /** The field named `name`; `clean` shapes what is typed (digits only, say) before it is kept. */
  field(name: keyof V & string, clean?: (typed: string) => string): BoundField;
  /** Checks `input` (the form's values unless given) against a contract schema, in the user's language. */
  validate<T>(schema: Schema<T>, input?: Record<string, unknown>): Validation<T>;
  /** The same, with SPEC §5's "confirmation equals the password" (`confirmPassword`) checked alongside. */
  validateWithConfirm<T>(
    schema: Schema<T>,
    input?: Record<string, unknown> & { password: string; confirmPassword: string },
  ): Validation<T>;
  /**
   * Puts the problems of `checked`, and any of `also` (rules outside the schema), under their fields, or clears
   * the errors when there are none: then it gives the data to send.
   */
  accept<T>(checked: Validation<T>, also?: FieldErrors): T | undefined;
  /** Back to the values the form started with, and no errors. */
  reset(): void;
  /** A mutation's `onError`: the server's field errors under the fields named in `known`, anything else a toast. */
  reportTo(known: readonly string[]): (error: unknown) => void;
}

/**
 * The state every form that checks its input before sending shares: the values, the errors under the fields,
 * the check against the contract's schema in the user's language, and the server's answer put back in place.
 */
export function useForm<V extends Record<string, string>>(initial: V): Form<V> {
  const language = useSettings((state) => state.language);
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  return {
    values,
    errors,
    setErrors,
    setError: (name, message) => setErrors((current) => ({ ...current, [name]: message })),
    language,
    field: (name, clean) => ({
      value: values[name] ?? '',
      onChange: (typed) => setValues((current) => ({ ...current, [name]: clean ? clean(typed) : typed })),
      error: errors[name],
    }),
    validate: (schema, input = values) => validate(schema, input, language),
    validateWithConfirm: (schema, input) =>
      validateWithConfirm(
        schema,
        input ?? { ...values, password: values.password ?? '', confirmPassword: values.confirmPassword ?? '' },
        language,
      ),
    accept: (checked, also = {}) => {
      const extra = Object.fromEntries(Object.entries(also).filter(([, message]) => message));
      setErrors({ ...(checked.ok ? {} : checked.errors), ...extra });
      return checked.ok && Object.keys(extra).length === 0 ? checked.data : undefined;
    },
    reset: () => {
      setValues(initial);
      setErrors({});
    },
    reportTo: (known) => (error) => reportFormError(error, known, setErrors),
  };
}
