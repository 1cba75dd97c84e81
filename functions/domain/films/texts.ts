import { formatBytes } from './upload-plan';

/**
 * The texts of uploads, film forms and video review, written here once (the product's fixed texts stay
 * in messages.ts). The API, the pages and the tests read them from here.
 */
export const FILM_TEXT = {
  // Uploads
  notAVideo: "That file isn't a video we can take. Upload an MP4, WebM or MOV file.",
  notAnImage: "That file isn't an image we can take. Use a JPEG, PNG or WebP poster.",
  typeChanged: "The file's content changed since the upload began. Start the upload again.",
  uploadNotFound: 'That upload was not found. Start it again.',
  uploadFinished: 'This upload is already finished.',
  uploadCancelled: 'This upload was cancelled. Start it again.',
  uploadIncomplete: (missing: number[]) =>
    `The upload isn't complete yet: part${missing.length === 1 ? '' : 's'} ${missing.slice(0, 5).join(', ')}${
      missing.length > 5 ? '…' : ''
    } still to send.`,
  partOutOfRange: (n: number, count: number) => `Part ${n} does not exist: this upload has ${count} parts.`,
  partWrongSize: (n: number, expected: number) => `Part ${n} must be exactly ${expected} bytes.`,
  partTooLarge: (max: number) => `A part can be at most ${formatBytes(max)}.`,
  videoTooLarge: (size: number, max: number) =>
    `This video is ${formatBytes(size)}. Videos can be at most ${formatBytes(max)}.`,
  posterTooLarge: (max: number) => `Posters can be at most ${formatBytes(max)}.`,
  emptyFile: 'That file is empty.',
  uploadCancelledToast: 'Upload cancelled',
  uploadComplete: 'Upload complete',
  // Film details
  titleRequired: 'Enter a title',
  titleTooLong: 'Keep the title to 120 characters or fewer',
  descriptionRequired: 'Add a short description',
  descriptionTooLong: 'Keep the description to 5,000 characters or fewer',
  categoryRequired: 'Choose a category',
  categoryUnknown: 'That category does not exist',
  yearRange: (max: number) => `Enter a year between 1888 and ${max}`,
  runtimeRange: 'Enter the runtime as h:mm:ss (or minutes), between 1 second and 10 hours',
  videoRequired: 'Upload the video first',
  videoUploadMissing: 'That video upload was not found or is not finished',
  posterUploadMissing: 'That poster upload was not found',
  uploadInUse: 'That upload already belongs to another film or project',
  captionsNotVtt: 'Captions must be a WebVTT (.vtt) file',
  captionsTooLarge: (max: number) => `Captions can be at most ${formatBytes(max)}.`,
  captionsLanguage: 'Give the language as a code such as en, fr or pt-BR',
  captionsLabelRequired: 'Give the captions a label, such as English',
  captionsLabelTooLong: 'Keep the label to 40 characters or fewer',
  captionsTooMany: (max: number) => `A film can have at most ${max} caption tracks.`,
  captionsNotFound: 'Captions not found',
  captionsFailed: (label: string, message: string) => `The film was saved, but not the captions "${label}": ${message}`,
  nothingToUpdate: 'Nothing to update',
  changedMeanwhile: 'This film was changed meanwhile. Reload the page and try again.',
  // Review
  notAwaitingReview: 'This film is not awaiting review.',
  cannotReject: 'Only a film awaiting review or in the catalogue can be rejected.',
  noVideo: 'This film has no video yet.',
  reasonRequired: 'Give the creator a reason',
  reasonTooLong: 'Keep the reason to 1,000 characters or fewer',
  filmSubmitted: 'Film submitted for review',
  filmPublished: 'Film published',
  filmSaved: 'Film saved',
  filmResubmitted: 'Film saved and resubmitted for review',
  filmApproved: 'Film approved',
  filmRejected: 'Film rejected',
} as const;

export const REVIEW_LABELS = {
  draft: 'Draft',
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
} as const;
