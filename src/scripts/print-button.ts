/** The receipt's Print button: the browser's print dialog (the page's print styles hide the chrome). */
for (const button of document.querySelectorAll<HTMLButtonElement>('[data-print]')) {
  button.addEventListener('click', () => window.print());
}
