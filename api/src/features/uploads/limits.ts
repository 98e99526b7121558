/** Per-member upload limits (README "Uploads"); the numbers themselves are in config. */
export const UPLOAD_RATE_WINDOW_MS = 10 * 60_000;

/** An upload that no row references is deleted this long after it was made. */
export const UNREFERENCED_UPLOAD_TTL_HOURS = 24;

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;

/** What the member reads when an upload is refused for a limit (the UI shows it as the toast's detail). */
export const UPLOAD_MESSAGES = {
  tooManyUploads: 'Too many uploads. Please wait a few minutes and try again.',
  tooManyPixels: 'The image is too large. Use an image of at most 50 megapixels.',
  quotaExceeded: (quotaBytes: number) =>
    `Your uploads have reached your storage limit of ${size(quotaBytes)}. Remove images you no longer use ` +
    '(their space is freed within about a day) and try again.',
} as const;
