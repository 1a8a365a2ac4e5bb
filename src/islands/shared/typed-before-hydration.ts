/**
 * What a visitor did to a form before its island hydrated: the page is usable (server HTML) while
 * React loads, so its fields may already hold text, and the first tap may be long past.
 */

/**
 * The non-empty values of a form's named fields, as the page holds them now. The server HTML renders
 * them empty, so a value here is what the visitor (or the browser's autofill) put there.
 */
export function typedValues<Name extends string>(
  form: HTMLFormElement | null,
  names: readonly Name[],
): Partial<Record<Name, string>> {
  const typed: Partial<Record<Name, string>> = {};
  for (const name of names) {
    const field = form?.elements.namedItem(name);
    if (
      (field instanceof HTMLInputElement ||
        field instanceof HTMLTextAreaElement ||
        field instanceof HTMLSelectElement) &&
      field.value !== ''
    )
      typed[name] = field.value;
  }
  return typed;
}

/**
 * When the visitor first pressed a key, a pointer or a finger on the page (Event Timing's buffered
 * `first-input` entry), in ms since the epoch; null when there was none or the browser does not say.
 */
export function firstInputAt(): number | null {
  const [entry] = globalThis.performance?.getEntriesByType?.('first-input') ?? [];
  return entry ? Math.round(performance.timeOrigin + entry.startTime) : null;
}
