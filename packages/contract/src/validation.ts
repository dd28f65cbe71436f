import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, VCODE_LENGTH } from './constants.ts';
import { CLIENT_HASH_PATTERN } from './hashing.ts';
import { text } from './text.ts';

/**
 * Field rules shared by the server schemas and the web forms. Error messages are keys of the shared
 * message catalogue (messages/*.ts), translated by whoever shows them.
 */
export const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'validation.emailInvalid' })
  .pipe(z.email({ error: 'validation.emailInvalid' }));

export const vcodeField = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${VCODE_LENGTH}}$`), { error: 'validation.vcodeFormat' });

/** What the user types: checked on the client only, because the server receives a hash. */
export const plainPasswordField = z.string().regex(PASSWORD_PATTERN, { error: 'validation.passwordRule' });

/** What travels: the client-side hash of the password. */
export const passwordHashField = text().regex(CLIENT_HASH_PATTERN, { error: 'validation.passwordHash' });

export const inviteCodeField = z
  .string()
  .trim()
  .max(16, { error: 'validation.inviteCode' })
  .regex(/^[A-Za-z0-9]*$/, { error: 'validation.inviteCode' });
