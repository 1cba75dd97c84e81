import type { ClientDirective } from 'astro';

/**
 * `client:intent`: an island whose code loads on the person's first intent toward it, not with the
 * page (docs/performance.md, "Campaign screens"). Until then the island is the server's HTML, its
 * controls enabled; nothing pressed or typed before the island is live is lost:
 *
 * - intent is a pointer over or down on the island, focus inside it, a touch or a key; a
 *   `reelfund:islands` event on the document loads every such island at once (the campaign store
 *   changed under them, or a control outside an island needs one);
 * - a press on a button before the island is live is held (its default action and its propagation
 *   stopped) and pressed again once the island says it is live; a form submitted before then is
 *   submitted again;
 * - what was typed, picked or ticked in a field before then is handed to the island as the event its
 *   change handler reads, so its state takes what the field shows.
 *
 * The island says it is live with an `island:live` event from inside it (IslandGate in
 * src/components/campaign/island-ui.tsx dispatches it after hydration): every `client:intent`
 * island renders one.
 */

/** What a person does toward an island that is worth loading its code for. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown', 'input', 'change'] as const;
/**
 * Controls whose press is held until the island is live. Links navigate on their own; a checkbox or
 * radio toggles natively and is handed over with the typed values.
 */
const PRESSABLE = 'button, input[type="submit"]';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Hands a value typed before hydration to React: it sees a change only against the value it tracked. */
function handOver(field: Field) {
  if (field instanceof HTMLSelectElement) {
    const selected = [...field.options].find((o) => o.defaultSelected) ?? field.options[0];
    if (selected && field.value !== selected.value) field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    if (field.checked === field.defaultChecked) return;
    // Back to what the island rendered, then the person's own toggle again, as a press.
    field.checked = field.defaultChecked;
    field.click();
    return;
  }
  const typed = field.value;
  if (typed === field.defaultValue) return;
  // The element's own setter (React's tracker) takes the rendered value; the prototype's setter puts the
  // typed one back without telling the tracker; the input event then reads as a change.
  field.value = field.defaultValue;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

const intent: ClientDirective = (load, _options, el) => {
  let started = false;
  let live = false;
  const held: (() => void)[] = [];

  const start = () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) el.removeEventListener(name, start, true);
    document.removeEventListener('reelfund:islands', start);
    void (async () => {
      const hydrate = await load();
      await hydrate();
    })().catch((err) => console.error('island failed to load', err));
  };

  const hold = (event: Event) => {
    if (live) return;
    if (event.type === 'submit') {
      const form = event.target as HTMLFormElement;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(() => form.requestSubmit());
    } else {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>(PRESSABLE) : null;
      if (!control || !el.contains(control)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      held.push(() => control.click());
    }
    start();
  };

  const onLive = () => {
    if (live) return;
    live = true;
    el.removeEventListener('click', hold, true);
    el.removeEventListener('submit', hold, true);
    for (const field of el.querySelectorAll('input, textarea, select')) {
      const isField =
        field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement;
      if (isField) handOver(field);
    }
    // The presses after the island has rendered with the values handed over (React flushes them first).
    setTimeout(() => {
      for (const press of held.splice(0)) press();
    });
  };

  el.addEventListener('island:live', onLive, { once: true });
  el.addEventListener('click', hold, true);
  el.addEventListener('submit', hold, true);
  for (const name of INTENT_EVENTS) el.addEventListener(name, start, { capture: true, passive: true });
  document.addEventListener('reelfund:islands', start);
  if (el.contains(document.activeElement)) start();
};

export default intent;
