import { useRef, useState, type SyntheticEvent } from 'react';

/**
 * Form submission that runs one at a time: a second submit while one is in flight (a double click)
 * is ignored — guarded by a ref, not only the disabled button — and `submitting` drives the UI.
 */
export function useSubmitOnce(run: () => Promise<void>) {
  const [submitting, setSubmitting] = useState(false);
  const sending = useRef(false);

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    setSubmitting(true);
    try {
      await run();
    } finally {
      sending.current = false;
      setSubmitting(false);
    }
  }

  return { submitting, onSubmit };
}
