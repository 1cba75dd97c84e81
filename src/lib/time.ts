const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const full = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "just now", "5 minutes ago", "yesterday" — for lists; the full date goes in a title/datetime. */
export function timeAgo(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return full.format(new Date(iso));
}

export const fullDate = (iso: string) => full.format(new Date(iso));

/** A <time> element showing relative time, with the full date for hover and assistive tech. */
export function timeElement(iso: string): HTMLTimeElement {
  const el = document.createElement('time');
  el.dateTime = iso;
  el.title = fullDate(iso);
  el.textContent = timeAgo(iso);
  return el;
}
