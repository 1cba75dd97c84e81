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
