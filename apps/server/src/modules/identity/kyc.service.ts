import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  type IdType,
  KYC_DOCUMENT_MAX_BYTES,
  type Kyc1,
  type KycDocument,
  type KycLevel,
  type KycStatus,
  type Language,
  Status,
  translate,
} from '@polaris/contract';
import sharp from 'sharp';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/sealed.ts';
import { sniffImageType } from '../activity/images.service.ts';
import { documentsMissing, documentsOf, presentKyc } from './presenter.ts';
import {
  decideKyc,
  findKyc,
  forgetKyc,
  insertKyc,
  type KycRow,
  lockKyc,
  pendingKyc,
  updateKyc,
  userIdByUid,
} from './store.ts';

const FILE_COLUMN = { front: 'frontFile', back: 'backFile', selfie: 'selfieFile' } as const;
/** Longest side a stored document photo keeps: enough to read a document, not a full camera frame. */
const DOCUMENT_MAX_SIDE = 2000;

const underReview = () => new AppError(Status.conflict, 'identity.underReview');
const chooseLevelFirst = () => new AppError(Status.precondition, 'identity.chooseLevelFirst');
const bindPhoneFirst = () => new AppError(Status.precondition, 'identity.bindPhoneFirst');

/**
 * Identity verification (docs/identity-and-phone.md): choose a level, give the details (level 1), upload the
 * document photos (level 2, which also needs a bound phone), submit; an operator approves or rejects. The ID
 * number is sealed at rest; the photos are re-encoded (metadata stripped) and stored sealed under DATA_DIR/kyc.
 * Every change locks the user's row, and a submitted check is frozen until it is decided.
 */
export class KycService {
  constructor(
    private readonly deps: {
      db: Database;
      box: SecretBox;
      dataDir: string;
      now: () => Date;
      hasPhone: (userId: number) => Promise<boolean>;
      /** The accounts' email addresses by id (the user module's `UserService.emailsOf`). */
      emailsOf: (userIds: number[]) => Promise<Map<number, string>>;
    },
  ) {}

  private dir(userId: number) {
    return path.join(this.deps.dataDir, 'kyc', String(userId));
  }

  /** Deleting an account, inside its transaction: the verification (removeDocuments takes the files after). */
  forgetUser(tx: Tx, userId: number): Promise<void> {
    return forgetKyc(tx, userId);
  }

  /** The level an operator approved (0 when none): what the wallet's daily withdrawal limit is set by. */
  async verifiedLevel(userId: number): Promise<number> {
    return (await findKyc(this.deps.db, userId))?.approvedLevel ?? 0;
  }

  async status(userId: number): Promise<KycStatus> {
    return presentKyc(await findKyc(this.deps.db, userId));
  }

  /** Locks the row of a check that may still change: one exists, and it is not waiting for review. */
  private async editable(tx: Tx, userId: number): Promise<KycRow> {
    const row = await lockKyc(tx, userId);
    if (!row) throw chooseLevelFirst();
    if (row.state === 'pending') throw underReview();
    if (row.approvedLevel >= row.selectedLevel) throw new AppError(Status.conflict, 'identity.alreadyApproved');
    return row;
  }

  async selectLevel(userId: number, level: KycLevel): Promise<KycStatus> {
    if (level === 2 && !(await this.deps.hasPhone(userId))) throw bindPhoneFirst();
    const now = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const created = await insertKyc(tx, { userId, selectedLevel: level, state: 'draft', updatedAt: now });
      if (created) return created;
      const existing = (await lockKyc(tx, userId))!;
      if (existing.state === 'pending') throw underReview();
      if (existing.approvedLevel >= level) throw new AppError(Status.conflict, 'identity.alreadyApproved');
      return updateKyc(tx, userId, { selectedLevel: level, state: 'draft', updatedAt: now });
    });
    return presentKyc(row);
  }

  async saveDetails(userId: number, input: Kyc1): Promise<KycStatus> {
    const now = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      await this.editable(tx, userId);
      return updateKyc(tx, userId, {
        legalName: input.legalName,
        country: input.country,
        idType: input.idType,
        idNumberSealed: this.deps.box.seal(input.idNumber),
        idNumberLast4: input.idNumber.slice(-4),
        state: 'draft',
        updatedAt: now,
      });
    });
    return presentKyc(row);
  }

  /** Checks, re-encodes and seals one document photo, then records it; the photo it replaces is removed. */
  async saveDocument(userId: number, kind: KycDocument, bytes: Buffer): Promise<KycStatus> {
    const current = await findKyc(this.deps.db, userId);
    if (!current) throw chooseLevelFirst();
    if (current.selectedLevel < 2) throw new AppError(Status.precondition, 'identity.documentsNotNeeded');
    if (!(await this.deps.hasPhone(userId))) throw bindPhoneFirst();
    const sealed = this.deps.box.seal((await documentImage(bytes)).toString('base64'));
    const file = `${kind}-${randomBytes(12).toString('hex')}.sealed`;
    await mkdir(this.dir(userId), { recursive: true });
    await writeFile(path.join(this.dir(userId), file), sealed, { mode: 0o600 });
    let replaced: string | null = null;
    try {
      const row = await this.deps.db.transaction(async (tx) => {
        const locked = await this.editable(tx, userId);
        if (locked.selectedLevel < 2) throw new AppError(Status.precondition, 'identity.documentsNotNeeded');
        replaced = locked[FILE_COLUMN[kind]];
        return updateKyc(tx, userId, { [FILE_COLUMN[kind]]: file, state: 'draft', updatedAt: this.deps.now() });
      });
      if (replaced) await rm(path.join(this.dir(userId), replaced), { force: true });
      return presentKyc(row);
    } catch (error) {
      await rm(path.join(this.dir(userId), file), { force: true });
      throw error;
    }
  }

  /** Submits for review once everything the level needs is there; refused (414) naming what is missing. */
  async submit(userId: number, language: Language): Promise<KycStatus> {
    const phoneBound = await this.deps.hasPhone(userId);
    const now = this.deps.now();
    const row = await this.deps.db.transaction(async (tx) => {
      const locked = await this.editable(tx, userId);
      const missing = [
        ...(locked.legalName && locked.idNumberSealed ? [] : ['identity.partDetails']),
        ...(locked.selectedLevel >= 2 && !phoneBound ? ['identity.partPhone'] : []),
        ...(documentsMissing(locked).length > 0 ? ['identity.partDocuments'] : []),
      ];
      if (missing.length > 0) {
        const parts = missing.map((key) => translate(language, key)).join(language === 'en' ? ', ' : '、');
        throw new AppError(Status.precondition, 'identity.incomplete', { missing: parts });
      }
      return updateKyc(tx, userId, {
        state: 'pending',
        rejectReason: null,
        submittedAt: now,
        reviewedAt: null,
        updatedAt: now,
      });
    });
    return presentKyc(row);
  }

  /** For the operator: checks waiting for review, oldest first, with the ID number opened. */
  async pending(limit = 50) {
    const rows = await pendingKyc(this.deps.db, limit);
    const emails = await this.deps.emailsOf(rows.map(({ kyc }) => kyc.userId));
    return {
      items: rows.map(({ kyc, uid }) => ({
        uid: String(uid),
        email: emails.get(kyc.userId) ?? '',
        level: kyc.selectedLevel,
        legalName: kyc.legalName ?? '',
        country: kyc.country ?? '',
        idType: kyc.idType as IdType,
        idNumber: kyc.idNumberSealed ? this.deps.box.open(kyc.idNumberSealed) : '',
        documents: documentsOf(kyc),
        submittedAt: kyc.submittedAt?.toISOString() ?? '',
      })),
    };
  }

  /** For the operator: a document photo of a check, opened (JPEG bytes). */
  async document(uid: number, kind: KycDocument): Promise<Buffer> {
    const userId = await userIdByUid(this.deps.db, uid);
    const row = userId === undefined ? undefined : await findKyc(this.deps.db, userId);
    const file = row?.[FILE_COLUMN[kind]];
    if (!row || !file) throw new AppError(Status.notFound, 'http.404');
    const sealed = await readFile(path.join(this.dir(row.userId), file), 'utf8');
    return Buffer.from(this.deps.box.open(sealed), 'base64');
  }

  /** Approve (the level applied for becomes the verified level) or reject with a reason; only a pending check. */
  async review(input: { uid: string; decision: 'approve' | 'reject'; reason?: string }) {
    if (input.decision === 'reject' && !input.reason) {
      throw new FieldsError([{ field: 'reason', messageKey: 'identity.reasonRequired' }]);
    }
    const userId = await userIdByUid(this.deps.db, Number(input.uid));
    const current = userId === undefined ? undefined : await findKyc(this.deps.db, userId);
    if (!current || userId === undefined) throw new AppError(Status.notFound, 'http.404');
    const now = this.deps.now();
    const decided = await decideKyc(this.deps.db, userId, {
      state: input.decision === 'approve' ? 'approved' : 'rejected',
      approvedLevel: input.decision === 'approve' ? current.selectedLevel : current.approvedLevel,
      rejectReason: input.decision === 'reject' ? input.reason! : null,
      reviewedAt: now,
      updatedAt: now,
    });
    if (!decided) throw new AppError(Status.conflict, 'identity.notPending');
    return { uid: input.uid, state: decided.state as KycStatus['state'], approvedLevel: decided.approvedLevel };
  }

  /** Removes the user's document photos from disk (account deletion, after its rows are gone). */
  async removeDocuments(userId: number): Promise<void> {
    await rm(this.dir(userId), { recursive: true, force: true });
  }
}

/** A photo checked by its bytes, turned upright, stripped of metadata (location, camera) and stored as JPEG. */
async function documentImage(bytes: Buffer): Promise<Buffer> {
  if (bytes.length > KYC_DOCUMENT_MAX_BYTES) {
    throw new FieldsError([
      { field: 'file', messageKey: 'identity.documentTooLarge', params: { max: KYC_DOCUMENT_MAX_BYTES / 1_048_576 } },
    ]);
  }
  if (!sniffImageType(bytes)) throw new FieldsError([{ field: 'file', messageKey: 'identity.documentType' }]);
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .autoOrient()
      .resize({ width: DOCUMENT_MAX_SIDE, height: DOCUMENT_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new FieldsError([{ field: 'file', messageKey: 'identity.documentType' }]);
  }
}
