/**
 * Fills `{path.to.value}` placeholders in every string of a content entry from a source object (the
 * site settings), so contact details and figures are typed once, in settings. An unknown placeholder
 * throws an error that names it and where it was found.
 * @example fillPlaceholders({ href: 'tel:{phone.e164}' }, settings) // { href: 'tel:+33491000000' }
 */
export function fillPlaceholders<T>(value: T, source: Record<string, unknown>, where = 'content'): T {
  if (typeof value === 'string') {
    return value.replace(/\{([a-zA-Z][\w.]*)\}/g, (_match, path: string) => {
      const found = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], source);
      if (typeof found !== 'string' && typeof found !== 'number') {
        throw new Error(`Unknown placeholder {${path}} in ${where}: use a key of src/content/settings/site.yaml`);
      }
      return String(found);
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item) => fillPlaceholders(item, source, where)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, fillPlaceholders(item, source, where)]),
    ) as T;
  }
  return value;
}
