import { atom } from 'nanostores';
import type { ContactDraft, ContactField, ContactFields } from '../lib/contact/contact';

/** A blank form. */
export const EMPTY_FIELDS: ContactFields = {
  prenom: '',
  nom: '',
  email: '',
  telephone: '',
  service_souhaite: '',
  message: '',
};

/** localStorage key of the contact draft (fields + row id), kept until the request is sent. */
export const DRAFT_STORAGE_KEY = 'contact-draft-v1';

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** localStorage when the browser offers it (private modes may refuse), else nothing. */
function browserStorage(): DraftStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * A new row id (generated in the browser so that a retry can never insert twice): a v4 UUID.
 * `randomUUID` exists only in secure contexts (https, localhost); elsewhere (a phone testing the site
 * over http on the LAN) the UUID is built from `getRandomValues`.
 */
export function newId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id and state an edit gives the draft: a stored draft (its e-mail step failed) becomes a new
 * row that replaces the stored one; an unsent draft keeps its id and what it replaces.
 */
function editedBase(current: ContactDraft): Pick<ContactDraft, 'id' | 'stored' | 'replaces'> {
  if (current.stored) return { id: newId(), stored: false, replaces: current.id };
  if (!current.id) return { id: newId(), stored: false };
  return { id: current.id, stored: false, replaces: current.replaces };
}

function blankDraft(): ContactDraft {
  return { id: newId(), fields: { ...EMPTY_FIELDS }, stored: false, startedAt: 0 };
}

/** The draft being typed. Empty (no id) until `restoreDraft` runs in the browser. */
export const $contactDraft = atom<ContactDraft>({
  id: '',
  fields: { ...EMPTY_FIELDS },
  stored: false,
  startedAt: 0,
});

function save(draft: ContactDraft, storage = browserStorage()) {
  $contactDraft.set(draft);
  try {
    storage?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage full or refused: the draft still lives in memory
  }
}

/** Reads a stored draft; anything malformed is ignored. */
function readStored(storage: DraftStorage | null): ContactDraft | null {
  try {
    const raw = storage?.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return null;
    const data = JSON.parse(raw) as Partial<ContactDraft>;
    if (typeof data.id !== 'string' || !data.id || typeof data.fields !== 'object' || !data.fields)
      return null;
    const fields = { ...EMPTY_FIELDS };
    for (const key of Object.keys(EMPTY_FIELDS) as ContactField[]) {
      const value = (data.fields as Partial<ContactFields>)[key];
      if (typeof value === 'string') fields[key] = value;
    }
    const startedAt = typeof data.startedAt === 'number' && data.startedAt > 0 ? data.startedAt : 0;
    const replaces = typeof data.replaces === 'string' && data.replaces ? data.replaces : undefined;
    return { id: data.id, fields, stored: data.stored === true, startedAt, replaces };
  } catch {
    return null;
  }
}

/**
 * Restores the saved draft (or starts a new one with a fresh id). Called when the form hydrates.
 * @param preselect a service to choose when the draft has none yet (quote page)
 */
export function restoreDraft(preselect = '', storage = browserStorage()): ContactDraft {
  const draft = readStored(storage) ?? blankDraft();
  $contactDraft.set(draft);
  if (preselect) preselectService(preselect, storage);
  return $contactDraft.get();
}

/** Chooses a service unless the visitor already chose one (quote page, `?service=`). */
export function preselectService(service: string, storage = browserStorage()): void {
  const draft = $contactDraft.get();
  if (!service || draft.fields.service_souhaite) return;
  save({ ...draft, fields: { ...draft.fields, service_souhaite: service } }, storage);
}

/**
 * Changes one field and saves the draft. Editing a draft whose row is already stored starts a new
 * row id that replaces the stored row: the edited request is mailed instead of it.
 */
export function updateDraftField(
  field: ContactField,
  value: string,
  storage = browserStorage(),
): void {
  const current = $contactDraft.get();
  if (current.fields[field] === value && current.id) return;
  // The fill time starts with the first edit (the server flags requests sent faster than a person).
  const startedAt = current.startedAt || Date.now();
  save(
    { ...editedBase(current), startedAt, fields: { ...current.fields, [field]: value } },
    storage,
  );
}

/**
 * Adopts what the visitor typed before the form hydrated: each non-empty value wins over the draft's
 * (the server HTML holds none), the draft is saved like any edit, and its fill time starts at
 * `typedSince` (the visitor's first input) when that is earlier.
 * @param typed the values the page's fields held at hydration
 * @param typedSince ms since epoch of the visitor's first input, or null (then: now)
 */
export function adoptTyped(
  typed: Partial<ContactFields>,
  typedSince: number | null,
  storage = browserStorage(),
): void {
  const current = $contactDraft.get();
  const changed = (Object.keys(typed) as ContactField[]).filter(
    (field) => typed[field] && typed[field] !== current.fields[field],
  );
  if (!changed.length) return;
  const since = typedSince ?? Date.now();
  const startedAt = current.startedAt ? Math.min(current.startedAt, since) : since;
  const fields = { ...current.fields };
  for (const field of changed) fields[field] = typed[field]!;
  save({ ...editedBase(current), startedAt, fields }, storage);
}

/** Records that the row of this draft is in the database. */
export function markDraftStored(storage = browserStorage()): void {
  save({ ...$contactDraft.get(), stored: true }, storage);
}

/** Forgets the sent draft and starts a blank one with a new id (after a successful send). */
export function clearDraft(storage = browserStorage()): void {
  try {
    storage?.removeItem(DRAFT_STORAGE_KEY);
  } catch {
    // nothing to forget
  }
  $contactDraft.set(blankDraft());
}
