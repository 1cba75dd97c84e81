/**
 * Campaign field rules, shared by the settings screen and the server so both say the
 * same thing. Amounts are cents; dates are YYYY-MM-DD.
 */

import { CAMPAIGN_FORM_TEXT } from './form-texts';
import type { CampaignStatus } from './status';

export const NEW_GOAL_MIN_CENTS = 100_000;
export const NEW_GOAL_MAX_CENTS = 1_000_000;
export const NEW_GOAL_STEP_CENTS = 100_000;
export const DEFAULT_FUNDING_INCREMENT_CENTS = 1_000_000;
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const ROLE_MAX = 60;
export const DECLINE_MESSAGE_MAX = 2000;
export const REJECTION_REASON_MAX = 1000;
export const COIN_SYMBOL_MAX = 6;
export const DEFAULT_COIN_SYMBOL = 'CC';
/** Ten-thousandths of a dollar: $0.10 by default, $0.01 at least, in $0.01 steps. */
export const DEFAULT_COIN_PRICE = 1000;
export const MIN_COIN_PRICE = 100;
export const COIN_PRICE_STEP = 100;

export type CampaignField = 'title' | 'description' | 'goalAmount' | 'endDate' | 'platformFeePercentage';

export interface FieldError {
  field: CampaignField | 'creatorCoinSymbol' | 'creatorCoinPrice';
  message: string;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export const isIsoDate = (s: unknown): s is string =>
  typeof s === 'string' &&
  DATE_RE.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

/**
 * "Today" for the server: the date in the earliest time zone on Earth (UTC-12), so a creator
 * anywhere may pick their own today.
 */
export const serverToday = (now = Date.now()) => new Date(now - 12 * 3_600_000).toISOString().slice(0, 10);

export interface CampaignFieldsInput {
  title?: unknown;
  description?: unknown;
  goalAmount?: unknown;
  endDate?: unknown;
}

/**
 * Checks the fields present in `input` (all of title, goal and end date when isNew). A new
 * campaign's goal is $1,000–$10,000 in $1,000 steps, an edit's any amount above 0; a completed
 * campaign may keep a past end date; `today` is serverToday() of the caller's clock.
 */
export function validateCampaignFields(
  input: CampaignFieldsInput,
  ctx: { isNew: boolean; status?: CampaignStatus; today: string },
): FieldError[] {
  const errors: FieldError[] = [];
  if (ctx.isNew || input.title !== undefined) {
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    if (!title) errors.push({ field: 'title', message: CAMPAIGN_FORM_TEXT.titleRequired });
    else if (title.length > TITLE_MAX) errors.push({ field: 'title', message: CAMPAIGN_FORM_TEXT.titleTooLong });
  }
  if (input.description !== undefined) {
    if (typeof input.description !== 'string' || input.description.length > DESCRIPTION_MAX)
      errors.push({ field: 'description', message: CAMPAIGN_FORM_TEXT.descriptionTooLong });
  }
  if (ctx.isNew || input.goalAmount !== undefined) {
    const goal = input.goalAmount;
    if (typeof goal !== 'number' || !Number.isInteger(goal) || goal <= 0 || !Number.isSafeInteger(goal)) {
      errors.push({ field: 'goalAmount', message: CAMPAIGN_FORM_TEXT.invalidGoal });
    } else if (ctx.isNew && (goal < NEW_GOAL_MIN_CENTS || goal > NEW_GOAL_MAX_CENTS)) {
      errors.push({ field: 'goalAmount', message: CAMPAIGN_FORM_TEXT.goalRange });
    } else if (ctx.isNew && goal % NEW_GOAL_STEP_CENTS !== 0) {
      errors.push({ field: 'goalAmount', message: CAMPAIGN_FORM_TEXT.goalIncrement });
    }
  }
  if (ctx.isNew || input.endDate !== undefined) {
    const end = input.endDate;
    if (!isIsoDate(end) || (ctx.status !== 'completed' && end < ctx.today))
      errors.push({ field: 'endDate', message: CAMPAIGN_FORM_TEXT.endDateFuture });
  }
  return errors;
}

export function validatePlatformFee(fee: unknown): FieldError[] {
  return typeof fee === 'number' && Number.isInteger(fee) && fee >= 0 && fee <= 100
    ? []
    : [{ field: 'platformFeePercentage', message: CAMPAIGN_FORM_TEXT.platformFeeRange }];
}

/** Upper-cases and trims a coin symbol. */
export const normalizeCoinSymbol = (s: string) => s.trim().toUpperCase();

export function validateCoinSettings(input: { creatorCoinSymbol?: unknown; creatorCoinPrice?: unknown }): FieldError[] {
  const errors: FieldError[] = [];
  if (input.creatorCoinSymbol !== undefined) {
    const s = input.creatorCoinSymbol;
    if (typeof s !== 'string' || !/^[A-Z0-9]{1,6}$/.test(s))
      errors.push({ field: 'creatorCoinSymbol', message: CAMPAIGN_FORM_TEXT.coinSymbolInvalid });
  }
  if (input.creatorCoinPrice !== undefined) {
    const p = input.creatorCoinPrice;
    if (typeof p !== 'number' || !Number.isSafeInteger(p) || p < MIN_COIN_PRICE || p % COIN_PRICE_STEP !== 0)
      errors.push({ field: 'creatorCoinPrice', message: CAMPAIGN_FORM_TEXT.coinPriceInvalid });
  }
  return errors;
}

/** "12.5" (dollars, as typed) → 1250 cents; NaN when it is not an amount. */
export function dollarsToCents(text: string): number {
  const t = text.trim().replace(/[$,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  return Math.round(Number(t) * 100);
}

/** "0.10" (dollars) → 1000 ten-thousandths; NaN when it is not a price in cents. */
export function dollarsToCoinPrice(text: string): number {
  const cents = dollarsToCents(text);
  return Number.isNaN(cents) ? Number.NaN : cents * 100;
}

export const coinPriceToDollars = (price: number) => (price / 10_000).toFixed(2);
