import { z } from 'zod';
import { totpCodeField } from './security.ts';
import { text } from './text.ts';
import { vcodeField } from './validation.ts';

/** Phone binding and identity verification (docs/identity-and-phone.md). */

/** Country calling code without the plus: 1 to 3 digits ("886", "1", "852"). */
export const areaCodeField = text()
  .transform((value) => value.replace(/^\+/, ''))
  .pipe(z.string().regex(/^[1-9]\d{0,2}$/, { error: 'identity.areaCodeInvalid' }));

/** The national number as typed: digits, spaces and dashes; the server checks it against the area's numbering plan. */
export const phoneNumberField = text()
  .max(20, { error: 'identity.phoneInvalid' })
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{4,15}$/, { error: 'identity.phoneInvalid' }));

export const PhoneInput = z.object({ areaCode: areaCodeField, phone: phoneNumberField });
export type Phone = z.infer<typeof PhoneInput>;

/** `POST /open/check/phone`: the number in E.164 when it is valid, and whether another account holds it. */
export const CheckPhoneOutput = z.object({ e164: z.string(), available: z.boolean() });

export const BindPhoneInput = PhoneInput.extend({
  vcode: vcodeField,
  /** Google Authenticator code or recovery code, when it is on (docs/security-centre.md, second factor). */
  totp: totpCodeField.optional(),
});

/** A bound phone as its owner sees it: the area code and the number with its middle hidden. */
export const BoundPhoneOutput = z.object({ areaCode: z.string(), masked: z.string(), boundAt: z.string() });
export type BoundPhone = z.infer<typeof BoundPhoneOutput>;

export const KYC_LEVELS = [1, 2] as const;
export type KycLevel = (typeof KYC_LEVELS)[number];
export const KYC_STATES = ['not_started', 'draft', 'pending', 'approved', 'rejected'] as const;
export type KycState = (typeof KYC_STATES)[number];
export const ID_TYPES = ['passport', 'national_id', 'driving_licence'] as const;
export type IdType = (typeof ID_TYPES)[number];
export const KYC_DOCUMENTS = ['front', 'back', 'selfie'] as const;
export type KycDocument = (typeof KYC_DOCUMENTS)[number];
/** Largest document image accepted, in bytes. */
export const KYC_DOCUMENT_MAX_BYTES = 5 * 1_048_576;

/** Which documents a level-2 check needs for an ID type: a passport has no back. */
export function documentsNeeded(idType: IdType | null): KycDocument[] {
  return idType === 'passport' ? ['front', 'selfie'] : ['front', 'back', 'selfie'];
}

export const SelectAuthLevelInput = z.object({
  level: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: 'identity.levelInvalid' })),
});

export const Kyc1Input = z.object({
  legalName: text()
    .min(2, { error: 'validation.required' })
    .max(100)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, { error: 'identity.nameInvalid' }),
  /** ISO 3166-1 alpha-2, upper case. */
  country: text()
    .toUpperCase()
    .pipe(z.string().regex(/^[A-Z]{2}$/, { error: 'identity.countryInvalid' })),
  idType: z.enum(ID_TYPES, { error: 'identity.idTypeInvalid' }),
  idNumber: text()
    .max(30, { error: 'identity.idNumberInvalid' })
    .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{5,20}$/, { error: 'identity.idNumberInvalid' })),
});
export type Kyc1 = z.infer<typeof Kyc1Input>;

export const Kyc2Input = z.object({ kind: z.enum(KYC_DOCUMENTS, { error: 'identity.documentKindInvalid' }) });

export const KycStatusOutput = z.object({
  /** The highest level an operator approved (0: none). */
  approvedLevel: z.number().int(),
  /** The level being applied for, or null before one is chosen. */
  selectedLevel: z.number().int().nullable(),
  state: z.enum(KYC_STATES),
  rejectReason: z.string().nullable(),
  legalName: z.string().nullable(),
  country: z.string().nullable(),
  idType: z.enum(ID_TYPES).nullable(),
  /** The ID number with all but its last four characters hidden. */
  idNumberMasked: z.string().nullable(),
  documents: z.array(z.enum(KYC_DOCUMENTS)),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type KycStatus = z.infer<typeof KycStatusOutput>;

/** `GET /user/verification`: the phone and the identity check, for the security centre. */
export const VerificationOutput = z.object({ phone: BoundPhoneOutput.nullable(), kyc: KycStatusOutput });
export type Verification = z.infer<typeof VerificationOutput>;

/** Operator review (`npm run kyc:review`). */
export const KycReviewInput = z.object({
  uid: text().regex(/^\d{1,15}$/, { error: 'validation.invalid' }),
  decision: z.enum(['approve', 'reject'], { error: 'validation.invalid' }),
  reason: text().min(1).max(300).optional(),
});
export const KycPendingItem = z.object({
  uid: z.string(),
  email: z.string(),
  level: z.number().int(),
  legalName: z.string(),
  country: z.string(),
  idType: z.enum(ID_TYPES),
  idNumber: z.string(),
  documents: z.array(z.enum(KYC_DOCUMENTS)),
  submittedAt: z.string(),
});
export const KycPendingOutput = z.object({ items: z.array(KycPendingItem) });
export const KycReviewOutput = z.object({ uid: z.string(), state: z.enum(KYC_STATES), approvedLevel: z.number() });
