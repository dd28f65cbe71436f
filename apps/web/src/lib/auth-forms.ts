import {
  CheckEmailInput,
  CodeLoginInput,
  type FieldError,
  type Language,
  PasswordLoginInput,
  plainPasswordField,
  ResetPasswordInput,
  SignupInput,
  toFieldErrors,
  translate,
} from '@polaris/contract';

/**
 * Client-side forms built from the contract's schemas. The typed password is checked here with the
 * shared rule (the server only ever sees its hash), so each form swaps the hash field for the plain one.
 */
export const LoginForm = PasswordLoginInput.extend({ password: plainPasswordField });
export const CodeLoginForm = CodeLoginInput;
export const RegisterForm = SignupInput.extend({ password: plainPasswordField });
export const ForgotEmailForm = CheckEmailInput;
export const ForgotCodeForm = ResetPasswordInput.pick({ email: true, vcode: true });
export const ResetForm = ResetPasswordInput.extend({ password: plainPasswordField });

export type FieldErrors = Partial<Record<string, string>>;

type ZodErrorOf = Parameters<typeof toFieldErrors>[0];
export interface Schema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: ZodErrorOf };
}

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function toRecord(fields: readonly FieldError[]): FieldErrors {
  const record: FieldErrors = {};
  for (const { field, message } of fields) record[field] ??= message;
  return record;
}

export function validate<T>(schema: Schema<T>, input: Record<string, unknown>, language: Language): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: toRecord(toFieldErrors(result.error, input, language)) };
}

/** SPEC §5: the confirmation cannot be empty and must equal the password. */
function confirmError(password: string, confirm: string, language: Language): string | undefined {
  if (confirm === '') {
    return translate(language, 'validation.required', { field: translate(language, 'fields.confirmPassword') });
  }
  return confirm === password ? undefined : translate(language, 'validation.passwordMismatch');
}

/** Runs the schema and the confirmation check together, so every error shows at once. */
export function validateWithConfirm<T>(
  schema: Schema<T>,
  input: Record<string, unknown> & { password: string; confirmPassword: string },
  language: Language,
): Validation<T> {
  const { confirmPassword, ...rest } = input;
  const base = validate(schema, rest, language);
  const mismatch = confirmError(input.password, confirmPassword, language);
  if (!mismatch) return base;
  return { ok: false, errors: { ...(base.ok ? {} : base.errors), confirmPassword: mismatch } };
}
