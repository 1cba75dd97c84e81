/**
 * Texts every campaign screen's store may show, kept apart so a screen without the details form does
 * not load the form's texts. The server may use `TEXT`, which includes them.
 */
export const CAMPAIGN_SCREEN_TEXT = {
  dataNotAvailable: 'Campaign or video data not available',
} as const;
