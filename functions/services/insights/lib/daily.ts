/** The money-over-time series other features chart (the admin overview): net raised per day, gaps filled. */
export { dailySeries, dayOf } from '../internal/daily';
