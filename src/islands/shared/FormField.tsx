// A form field of the islands' forms: its label, its control and its error line, wired together by
// ids and aria attributes (WCAG 1.3.1, 3.3.1). Class lists come from each form.
import type { ReactNode } from 'react';

/** The aria attributes a field gives its control (absent when there is nothing to say). */
export interface FieldAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface Props {
  /** The control's id; its error line's is `${id}-error`. */
  id: string;
  label: ReactNode;
  labelClassName: string;
  /** After the label's text: the required mark or the optional hint. */
  hint?: ReactNode;
  /** Why the value was refused: drawn under the control, which it describes. */
  error?: string;
  errorClassName?: string;
  /** Marks the control invalid when the message is elsewhere (`describedBy`). */
  invalid?: boolean;
  /** Another element that describes the control when it has no error line (a form's notice). */
  describedBy?: string;
  className?: string;
  /** The control, given its aria attributes. */
  children: (aria: FieldAria) => ReactNode;
}

/** A label, the control `children` draws, and the error line, in a `<div>`. */
export function FormField(props: Props) {
  const { id, error, invalid, describedBy } = props;
  const errorId = `${id}-error`;
  return (
    <div className={props.className}>
      <label htmlFor={id} className={props.labelClassName}>
        {props.label}
        {props.hint}
      </label>
      {props.children({
        'aria-invalid': error || invalid ? true : undefined,
        'aria-describedby': error ? errorId : describedBy,
      })}
      {error ? (
        <p id={errorId} className={props.errorClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
