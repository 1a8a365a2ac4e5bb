import { beforeEach, describe, expect, it } from 'vitest';
import {
  $contactDraft,
  adoptTyped,
  DRAFT_STORAGE_KEY,
  clearDraft,
  markDraftStored,
  restoreDraft,
  newId,
  updateDraftField,
} from '../../src/stores/contact-draft';

/** An in-memory Storage. */
function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

describe('contact draft store', () => {
  let storage: ReturnType<typeof memoryStorage>;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('starts a blank draft with a fresh uuid when nothing is saved', () => {
    const draft = restoreDraft('', storage);
    expect(draft.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(draft.fields.prenom).toBe('');
    expect($contactDraft.get()).toEqual(draft);
  });

  it('persists every keystroke with the id; a reload gives the same draft back', () => {
    const { id } = restoreDraft('', storage);
    updateDraftField('prenom', 'Ada', storage);
    updateDraftField('message', 'Bonjour', storage);
    expect(JSON.parse(storage.data.get(DRAFT_STORAGE_KEY)!)).toMatchObject({
      id,
      fields: { prenom: 'Ada', message: 'Bonjour' },
    });
    $contactDraft.set({ id: '', fields: $contactDraft.get().fields, stored: false, startedAt: 0 }); // "reload"
    const restored = restoreDraft('', storage);
    expect(restored.id).toBe(id);
    expect(restored.fields).toMatchObject({ prenom: 'Ada', message: 'Bonjour' });
  });

  it('records the first edit’s time and keeps it through edits and a reload', () => {
    restoreDraft('', storage);
    expect($contactDraft.get().startedAt).toBe(0);
    const before = Date.now();
    updateDraftField('prenom', 'Ada', storage);
    const { startedAt } = $contactDraft.get();
    expect(startedAt).toBeGreaterThanOrEqual(before);
    updateDraftField('nom', 'Lovelace', storage);
    expect($contactDraft.get().startedAt).toBe(startedAt);
    $contactDraft.set({ ...$contactDraft.get(), id: '', startedAt: 0 }); // "reload"
    expect(restoreDraft('', storage).startedAt).toBe(startedAt);
  });

  it('adopts what was typed before hydration, timed from the first input', () => {
    restoreDraft('', storage);
    updateDraftField('message', 'Bonjour', storage);
    const { id, startedAt } = $contactDraft.get();
    const firstInput = startedAt - 5_000;
    adoptTyped({ prenom: 'Lucie', service_souhaite: 'Automatisation IA' }, firstInput, storage);
    const draft = $contactDraft.get();
    expect(draft).toMatchObject({ id, startedAt: firstInput, stored: false });
    expect(draft.fields).toMatchObject({
      prenom: 'Lucie',
      service_souhaite: 'Automatisation IA',
      message: 'Bonjour',
    });
    $contactDraft.set({ ...draft, id: '', startedAt: 0 }); // "reload"
    expect(restoreDraft('', storage)).toEqual(draft);
  });

  it('adopts nothing when nothing was typed; an unknown first input starts now', () => {
    restoreDraft('', storage);
    const before = $contactDraft.get();
    adoptTyped({}, null, storage);
    expect($contactDraft.get()).toBe(before);
    expect(storage.data.size).toBe(0);
    const now = Date.now();
    adoptTyped({ nom: 'Martin' }, null, storage);
    expect($contactDraft.get().startedAt).toBeGreaterThanOrEqual(now);
    expect($contactDraft.get().fields.nom).toBe('Martin');
  });

  it('preselects a service only when the draft has none', () => {
    expect(restoreDraft('Formation Équipe', storage).fields.service_souhaite).toBe(
      'Formation Équipe',
    );
    updateDraftField('service_souhaite', 'Automatisation IA', storage);
    expect(restoreDraft('Formation Équipe', storage).fields.service_souhaite).toBe(
      'Automatisation IA',
    );
  });

  it('keeps the id while a stored draft is retried, takes a new one once edited', () => {
    const { id } = restoreDraft('', storage);
    updateDraftField('prenom', 'Ada', storage);
    markDraftStored(storage);
    expect(restoreDraft('', storage)).toMatchObject({ id, stored: true });
    updateDraftField('prenom', 'Adah', storage);
    expect($contactDraft.get().id).not.toBe(id);
    expect($contactDraft.get().stored).toBe(false);
  });

  it('an edit of a stored draft replaces its row, kept across edits and reloads', () => {
    const { id } = restoreDraft('', storage);
    updateDraftField('prenom', 'Ada', storage);
    markDraftStored(storage);
    updateDraftField('prenom', 'Adah', storage);
    updateDraftField('nom', 'Byron', storage);
    const edited = $contactDraft.get();
    expect(edited).toMatchObject({ replaces: id, stored: false });
    expect(restoreDraft('', storage)).toEqual(edited);
  });

  it('clears the saved draft after a send and starts over with a new id', () => {
    const { id } = restoreDraft('', storage);
    updateDraftField('nom', 'Lovelace', storage);
    clearDraft(storage);
    expect(storage.data.has(DRAFT_STORAGE_KEY)).toBe(false);
    expect($contactDraft.get().fields.nom).toBe('');
    expect($contactDraft.get().id).not.toBe(id);
  });

  it('ignores a malformed saved draft', () => {
    storage.setItem(DRAFT_STORAGE_KEY, '{"id":42');
    expect(restoreDraft('', storage).fields.nom).toBe('');
    storage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ id: 'x', fields: { nom: 7, prenom: 'Ada' } }),
    );
    expect(restoreDraft('', storage)).toMatchObject({
      id: 'x',
      fields: { nom: '', prenom: 'Ada' },
    });
  });
});

describe('newId', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
  it('builds a v4 UUID where crypto.randomUUID is missing (plain http)', () => {
    const randomUUID = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', {
      value: undefined,
      configurable: true,
    });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', {
        value: randomUUID,
        configurable: true,
      });
    }
    expect(newId()).toMatch(UUID_V4);
  });
});
