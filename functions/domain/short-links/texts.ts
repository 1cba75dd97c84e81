/** What the Share control says (SPEC gives none of it). */
export const SHARE_TEXT = {
  share: 'Share',
  shareLinkCopied: 'Link copied',
  shareCopyBelow: 'Copy the link below to share',
  shareFailed: 'The link could not be made. Please try again.',
} as const;
