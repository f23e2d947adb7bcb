type Field = HTMLInputElement | HTMLTextAreaElement;

const textTypes = new Set(['text', 'email', 'password', 'search', 'tel', 'url', 'number']);

const isTextField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLTextAreaElement ||
  (target instanceof HTMLInputElement && textTypes.has(target.type));

/**
 * Keeps what a visitor typed into a prerendered page before it hydrated. A form's HTML is on
 * screen before its script runs; once hydrated, React renders each controlled input from its
 * state, which knows nothing of that typing, so text typed in those first moments (seconds, on
 * a slow phone) would vanish.
 *
 * Call this just before hydrating; it notes each field's text, and keeps noting it while the
 * page hydrates. Call what it returns once the page is hydrated (once is enough; later calls do
 * nothing): hydration keeps the same elements, and each one's latest text is given back through
 * the input event typing sends, so the form's state takes it in.
 */
export function keepTypedInput(container: HTMLElement): () => void {
  const typed = new Map<Field, string>();
  for (const field of container.querySelectorAll('input, textarea')) {
    if (isTextField(field) && field.value !== field.defaultValue) typed.set(field, field.value);
  }
  const note = (event: Event) => {
    if (isTextField(event.target)) typed.set(event.target, event.target.value);
  };
  container.addEventListener('input', note, true);

  return () => {
    container.removeEventListener('input', note, true);
    for (const [field, value] of typed) {
      if (!field.isConnected) continue;
      // React notices a change by comparing the value it last saw (which assignments to the
      // element's own `value` update) with the element's value. So: tell it the field is empty,
      // put the text back past it through the prototype's setter, and send the input event.
      field.value = '';
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(
        field,
        value,
      );
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    typed.clear();
  };
}
