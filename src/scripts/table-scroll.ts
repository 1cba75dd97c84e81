/**
 * A table wider than its .table-scroll box scrolls sideways: the box is marked on the side(s) where
 * more of it lies (data-more="left" | "right" | "both"), and the shared stylesheet draws a shadow
 * there, so a person on a phone sees that it scrolls.
 */
function mark(box: HTMLElement) {
  const max = box.scrollWidth - box.clientWidth;
  const left = max > 1 && box.scrollLeft > 1;
  const right = max > 1 && box.scrollLeft < max - 1;
  if (left || right) box.dataset.more = left && right ? 'both' : left ? 'left' : 'right';
  else delete box.dataset.more;
}

const observer = new ResizeObserver((entries) => {
  for (const e of entries) mark(e.target as HTMLElement);
});
for (const box of document.querySelectorAll<HTMLElement>('.table-scroll')) {
  mark(box);
  observer.observe(box);
  box.addEventListener('scroll', () => mark(box), { passive: true });
}
