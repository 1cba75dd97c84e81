/** Go back: back in history, or to the fallback when there is no page to go back to. */
export function goBack(fallback = '/') {
  if (window.history.length <= 1) window.location.assign(fallback);
  else window.history.back();
}
