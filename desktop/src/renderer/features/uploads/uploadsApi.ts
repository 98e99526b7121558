import { api } from '../../app/api';

/**
 * Where an image goes: the portal's uploads (avatars, course, lesson and resource images) or
 * the Move the Needle board's (card attachments must be images the actor uploaded there).
 */
export const UPLOAD_PATHS = {
  portal: '/api/upload',
  board: '/api/move-the-needle/upload',
} as const;

export type UploadTarget = keyof typeof UPLOAD_PATHS;

/** The one image upload call of the renderer (multipart field `image`). */
export const uploadsApi = api.injectEndpoints({
  endpoints: (build) => ({
    uploadImage: build.mutation<{ latestUploadedFileUrl: string }, { file: File; to: UploadTarget }>({
      query: ({ file, to }) => {
        const form = new FormData();
        form.append('image', file, file.name);
        return { url: UPLOAD_PATHS[to], method: 'POST', body: form };
      },
    }),
  }),
});

export const { useUploadImageMutation } = uploadsApi;
