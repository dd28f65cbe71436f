import { EmptyInput, FILE_PATHS, IMAGE_MAX_BYTES, Status, UploadImageOutput } from '@polaris/contract';
import { activitySchemas } from '@polaris/contract/schemas';
import { AppError } from '../../platform/errors.ts';
import type { Router } from '../../platform/router.ts';
import type { DraftService } from './drafts.service.ts';
import type { EditingService } from './editing.service.ts';
import type { ImageService } from './images.service.ts';

const tags = ['activity'];

/** Creating and editing: the form, its kept draft, publishing, and cover images (uploaded, then served as files). */
export function editingRoutes(
  router: Router,
  { editing, drafts, images }: { editing: EditingService; drafts: DraftService; images: ImageService },
): void {
  router.route({
    ...activitySchemas.create,
    summary: 'Create an activity (a draft unless publish is true); needs a profile name (414)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => editing.create(user, input),
  });

  router.route({
    ...activitySchemas.update,
    summary:
      'Edit an activity (hosts; co-hosts list by the organizer only); a new start or venue mails attendees and gives paid ones a full-refund right until the start',
    tags,
    auth: 'user',
    handler: ({ input, user }) => editing.update(user, input),
  });

  router.route({
    ...activitySchemas.publish,
    summary: 'Publish a draft',
    tags,
    auth: 'user',
    handler: ({ input, user }) => editing.publish(user, input.id),
  });

  router.route({
    ...activitySchemas.draft,
    summary: 'The create/edit form as the user last left it (activityId absent: a new activity)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => drafts.draft(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.draftSave,
    summary: 'Keep the create/edit form while the user edits',
    tags,
    auth: 'user',
    handler: ({ input, user }) => drafts.saveDraft(user.id, input.activityId, input.data),
  });

  router.route({
    ...activitySchemas.draftDelete,
    summary: 'Discard the kept form',
    tags,
    auth: 'user',
    handler: ({ input, user }) => drafts.deleteDraft(user.id, input.activityId),
  });

  router.raw({
    method: 'POST',
    path: FILE_PATHS.activityImageUpload,
    summary: 'Upload a cover image (multipart `file`: JPEG, PNG or WebP, at most 5 MB); stored as WebP',
    tags,
    auth: 'user',
    rateLimit: 'auth',
    input: EmptyInput,
    params: {},
    multipart: {
      fileSize: IMAGE_MAX_BYTES,
      files: 1,
      fields: 5,
      parts: 6,
      missing: 'activity.imageMissing',
      tooLarge: 'activity.imageTooLarge',
    },
    output: UploadImageOutput,
    handler: ({ upload, user }) => images.upload(user.id, upload!.bytes),
  });

  router.raw({
    method: 'GET',
    path: '/activity/image/:id/:file',
    summary: 'A stored cover image at one width (`<width>.webp`); an image never changes, so caches keep it',
    tags,
    auth: 'public',
    input: EmptyInput,
    params: { id: '0123456789abcdef0123456789abcdef', file: '640.webp' },
    produces: 'image/webp',
    handler: async ({ params }) => {
      const match = /^(\d{2,5})\.webp$/.exec(params.file);
      if (!match) throw new AppError(Status.notFound, 'activity.imageUnknown');
      // An image id never changes its content, so caches may keep it for good.
      return {
        type: 'image/webp',
        headers: { 'cache-control': 'public, max-age=31536000, immutable' },
        body: await images.file(params.id, Number(match[1])),
      };
    },
  });
}
