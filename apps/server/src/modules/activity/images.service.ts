import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS, Status } from '@polaris/contract';
import sharp, { type Metadata } from 'sharp';
import type { Database } from '../../db/client.ts';
import { AppError, FieldsError } from '../../platform/errors.ts';
import type { Links } from '../../platform/links.ts';
import { imageById, imagesById, insertImage } from './activities.store.ts';
import { presentImage } from './presenter.ts';

export interface ImageDeps {
  db: Database;
  now: () => Date;
  links: Links;
  dataDir: string;
}

/** What the first bytes say the file is; the declared content type is not trusted. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

const MAX_PIXELS = 40_000_000;

/**
 * Cover images: checked by their bytes (JPEG, PNG or WebP, at most 5 MB), turned upright, stripped of
 * metadata and stored as WebP at a few widths (never enlarged) under DATA_DIR/uploads/<id>/<width>.webp.
 */
export class ImageService {
  constructor(private readonly deps: ImageDeps) {}

  private dir(id: string) {
    return path.join(this.deps.dataDir, 'uploads', id);
  }

  async upload(ownerId: number, bytes: Buffer) {
    if (bytes.length > IMAGE_MAX_BYTES) {
      throw new FieldsError([
        { field: 'file', messageKey: 'activity.imageTooLarge', params: { max: IMAGE_MAX_BYTES / 1_048_576 } },
      ]);
    }
    if (!sniffImageType(bytes)) throw new FieldsError([{ field: 'file', messageKey: 'activity.imageType' }]);
    let metadata: Metadata;
    try {
      metadata = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    } catch {
      throw new FieldsError([{ field: 'file', messageKey: 'activity.imageType' }]);
    }
    const id = randomBytes(16).toString('hex');
    const dir = this.dir(id);
    await mkdir(dir, { recursive: true });
    const widths: number[] = [];
    let width = 0;
    let height = 0;
    try {
      const sourceWidth = (metadata.autoOrient?.width ?? metadata.width) || 0;
      for (const target of IMAGE_WIDTHS) {
        // The largest stored width is the source's own when it is smaller than the next step.
        const size = Math.min(target, sourceWidth);
        if (widths.includes(size)) break;
        const { data, info } = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
          .autoOrient()
          .resize({ width: size, withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        await writeFile(path.join(dir, `${size}.webp`), data);
        widths.push(size);
        width = info.width;
        height = info.height;
        if (size < target) break;
      }
    } catch {
      await rm(dir, { recursive: true, force: true });
      throw new FieldsError([{ field: 'file', messageKey: 'activity.imageType' }]);
    }
    const row = await insertImage(this.deps.db, { id, ownerId, widths, width, height, createdAt: this.deps.now() });
    return presentImage(this.deps.links, row)!;
  }

  /** Images as answers carry them (URLs per stored width), by id; unknown ids are left out. */
  async presented(ids: string[]) {
    const rows = await imagesById(this.deps.db, ids);
    return new Map([...rows].map(([id, row]) => [id, presentImage(this.deps.links, row)!]));
  }

  /** Whether an uploaded image exists and was uploaded by the user (chat sends images by id). */
  async ownedBy(id: string, userId: number): Promise<boolean> {
    const row = /^[a-f0-9]{32}$/.test(id) ? await imageById(this.deps.db, id) : undefined;
    return row?.ownerId === userId;
  }

  /** The stored WebP at a width; an unknown id or width is "not found". */
  async file(id: string, width: number): Promise<Buffer> {
    const row = /^[a-f0-9]{32}$/.test(id) ? await imageById(this.deps.db, id) : undefined;
    if (!row?.widths.includes(width)) throw new AppError(Status.notFound, 'activity.imageUnknown');
    return readFile(path.join(this.dir(id), `${width}.webp`));
  }
}
