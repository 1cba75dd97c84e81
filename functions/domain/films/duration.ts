/**
 * A film's length for people, one format everywhere (cards, the film page, the home page):
 * under a minute in seconds ("6 s"), under an hour in minutes ("42 min"), then hours and minutes
 * ("1 h 42 min", "2 h"). Rounded to the unit shown, so 59.6 s is "1 min" and 3,599 s is "1 h".
 * Null for a length that is not a number of seconds.
 */
export function formatDuration(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return null;
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const totalMinutes = Math.round(s / 60);
  if (totalMinutes < 60) return `${totalMinutes} min`;
  const h = Math.floor(totalMinutes / 60);
  const m = totalMinutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/** The longest film the catalogue takes, and the shortest (a clip of one second is a film too). */
export const RUNTIME_MIN_SECONDS = 1;
export const RUNTIME_MAX_SECONDS = 10 * 3600;

/** Seconds as the runtime field shows them: "0:00:06", "1:42:00". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/**
 * What a person types as a runtime, in seconds: h:mm:ss ("1:42:00"), m:ss ("0:06", "42:10") or a
 * number of minutes ("95"); NaN for anything else.
 */
export function parseRuntime(text: string): number {
  const t = text.trim();
  if (/^\d+(\.\d+)?$/.test(t)) return Math.round(Number(t) * 60);
  const parts = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(t);
  if (!parts) return Number.NaN;
  const [, h, m, s] = parts;
  if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return Number.NaN;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}
