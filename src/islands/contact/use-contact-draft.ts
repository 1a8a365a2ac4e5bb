// The contact form's draft (src/stores/contact-draft.ts) as the island shows it: what was typed
// before hydration adopted, a service preselected.
// Why: docs/decisions/contact.md#what-is-typed-before-a-form-hydrates
import { useEffect, useLayoutEffect, useState, type ChangeEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { ContactField } from '../../lib/contact/contact';
import {
  $contactDraft,
  adoptTyped,
  preselectService,
  restoreDraft,
  updateDraftField,
} from '../../stores/contact-draft';
import { firstInputAt, typedValues } from '../shared/typed-before-hydration';
import { loadLogic } from './use-contact-submit';

export interface Preselect {
  /** Service to preselect when the draft has none (quote page): a name or a slug. */
  service?: string;
  /** Also preselect from `?service=` in the page address. */
  serviceFromQuery?: boolean;
}

/**
 * The draft of the contact form `form`, `hydrated` once the island runs (until then the browser
 * checks the fields and the form posts to its action), and `onChange`, which stores each edit and
 * calls `edited` with the field's name.
 */
export function useContactDraft(
  form: RefObject<HTMLFormElement | null>,
  { service = '', serviceFromQuery = false }: Preselect,
  edited: (name: ContactField) => void,
) {
  const draft = useStore($contactDraft);
  const [hydrated, setHydrated] = useState(false);
  // Hydration: what the visitor typed or chose while the island loaded is still in the fields (React
  // keeps it); adopt it into the draft before the draft's values are rendered over it.
  useLayoutEffect(() => {
    const typed = typedValues(
      form.current,
      Object.keys($contactDraft.get().fields) as ContactField[],
    );
    restoreDraft();
    adoptTyped(typed, firstInputAt());
    setHydrated(true);
  }, [form]);

  useEffect(() => {
    const wanted =
      (serviceFromQuery && new URLSearchParams(window.location.search).get('service')) || service;
    if (wanted) void loadLogic().then(({ matchService }) => preselectService(matchService(wanted)));
  }, [service, serviceFromQuery]);

  const onChange = (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => {
    const name = event.target.name as ContactField;
    updateDraftField(name, event.target.value);
    edited(name);
  };
  return { draft, hydrated, onChange };
}
