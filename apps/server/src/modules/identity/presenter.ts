import {
  type BoundPhone,
  documentsNeeded,
  type IdType,
  KYC_DOCUMENTS,
  type KycDocument,
  type KycStatus,
} from '@polaris/contract';
import type { KycRow, PhoneRow } from './store.ts';

/** The national part of the number with all but its first two and last two digits hidden. */
export function presentPhone(row: PhoneRow): BoundPhone {
  const national = row.e164.slice(1 + row.areaCode.length);
  const masked =
    national.length <= 4 ? national : `${national.slice(0, 2)}${'*'.repeat(national.length - 4)}${national.slice(-2)}`;
  return { areaCode: row.areaCode, masked, boundAt: row.boundAt.toISOString() };
}

export function documentsOf(row: KycRow): KycDocument[] {
  const files: Record<KycDocument, string | null> = {
    front: row.frontFile,
    back: row.backFile,
    selfie: row.selfieFile,
  };
  return KYC_DOCUMENTS.filter((kind) => files[kind] !== null);
}

/** Documents the level needs that are not uploaded yet. */
export function documentsMissing(row: KycRow): KycDocument[] {
  if (row.selectedLevel < 2) return [];
  const have = documentsOf(row);
  return documentsNeeded(row.idType as IdType | null).filter((kind) => !have.includes(kind));
}

const NOT_STARTED: KycStatus = {
  approvedLevel: 0,
  selectedLevel: null,
  state: 'not_started',
  rejectReason: null,
  legalName: null,
  country: null,
  idType: null,
  idNumberMasked: null,
  documents: [],
  submittedAt: null,
  reviewedAt: null,
};

export function presentKyc(row: KycRow | undefined): KycStatus {
  if (!row) return NOT_STARTED;
  return {
    approvedLevel: row.approvedLevel,
    selectedLevel: row.selectedLevel,
    state: row.state as KycStatus['state'],
    rejectReason: row.rejectReason,
    legalName: row.legalName,
    country: row.country,
    idType: row.idType as IdType | null,
    idNumberMasked: row.idNumberLast4 ? `****${row.idNumberLast4}` : null,
    documents: documentsOf(row),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}
