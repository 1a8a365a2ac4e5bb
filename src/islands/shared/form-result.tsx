import { useEffect, useRef, useState } from 'react';

/**
 * A form's result, kept in the form beside its button (the notice goes away, this stays: WCAG 2.2.1):
 * `sent` shows the success block (`statusRef`), `notice` the error line (`alertRef`). Set
 * `focusNext` to the element that takes the focus once the result is drawn (the block, the line or
 * a refused field), so the focus never falls to the top of the page (WCAG 2.4.3).
 */
export function useFormResult() {
  const [notice, setNotice] = useState('');
  const [sent, setSent] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  const alertRef = useRef<HTMLParagraphElement>(null);
  const focusNext = useRef<HTMLElement | null>(null);
  useEffect(() => {
    focusNext.current?.focus();
    focusNext.current = null;
  });
  return { notice, setNotice, sent, setSent, statusRef, alertRef, focusNext };
}

interface SuccessProps {
  result: ReturnType<typeof useFormResult>;
  /** The notice's title and text, repeated. */
  title: string;
  text: string;
  className: string;
  textClassName?: string;
}

/** The success block of `useFormResult`: a polite status, empty (hidden) until `sent`. */
export function FormSuccess({ result, title, text, className, textClassName = '' }: SuccessProps) {
  return (
    <div ref={result.statusRef} role="status" tabIndex={-1} className={`${className} empty:hidden`}>
      {result.sent && (
        <>
          <p className="font-semibold">{title}</p>
          <p className={`mt-1 ${textClassName}`}>{text}</p>
        </>
      )}
    </div>
  );
}
