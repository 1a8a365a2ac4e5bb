// The contact form's fields: six visible ones, each a shared FormField (src/islands/shared/FormField.tsx)
// drawing the draft's value and its error, the honeypot, and the consent line.
import type { ChangeEvent, ReactNode, RefObject } from 'react';
import type { ContactField, ContactFields } from '../../lib/contact/contact';
import * as fr from '../../lib/i18n/fr';
import { FormField, type FieldAria } from '../shared/FormField';

const t = fr.contact.form;
const field =
  'block min-h-11 w-full rounded-xl border border-line bg-surface px-4 py-2.5 text-base text-ink shadow-sm ' +
  'placeholder:text-muted focus:border-accent-700';

interface Props {
  /** The form's id: each field's is `${id}-${name}`. */
  id: string;
  values: ContactFields;
  errors: Partial<Record<ContactField, string>>;
  onChange: (
    event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>,
  ) => void;
  /** The six services (SERVICES of src/lib/contact/contact.ts). */
  services: readonly string[];
  /** maxLength of each text field (MAX_LENGTHS of src/lib/contact/contact.ts). */
  maxLengths: Record<Exclude<ContactField, 'service_souhaite'>, number>;
  /** Name of the honeypot field (HONEYPOT_FIELD), and its element. */
  honeypotName: string;
  honeypot: RefObject<HTMLInputElement | null>;
}

/** The label's mark: an asterisk for a required field, « (facultatif) » for the others. */
const mark = (required: boolean) =>
  required ? (
    <span aria-hidden="true" className="ml-0.5 text-danger">
      *
    </span>
  ) : (
    <>
      {' '}
      <span className="font-normal text-muted">{t.optional}</span>
    </>
  );

/** One field: its label, the control `control` draws, its error. */
function labelled(
  { id, errors }: Props,
  name: ContactField,
  text: string,
  control: (aria: FieldAria) => ReactNode,
  required = true,
) {
  return (
    <FormField
      id={`${id}-${name}`}
      label={text}
      labelClassName="mb-1.5 block text-sm font-semibold text-ink"
      hint={mark(required)}
      error={errors[name]}
      errorClassName="mt-1.5 text-sm font-medium text-danger"
    >
      {control}
    </FormField>
  );
}

/** A one-line text field's control. */
const input =
  (
    { id, values, onChange, maxLengths }: Props,
    name: Exclude<ContactField, 'service_souhaite' | 'message'>,
    type: string,
    autoComplete: string,
    required = true,
  ) =>
  (aria: FieldAria) => (
    <input
      id={`${id}-${name}`}
      name={name}
      type={type}
      autoComplete={autoComplete}
      required={required}
      maxLength={maxLengths[name]}
      value={values[name]}
      onChange={onChange}
      className={field}
      {...aria}
    />
  );

/** The service field's control: the services, after a placeholder choice. */
const serviceSelect =
  ({ id, values, onChange, services }: Props) =>
  (aria: FieldAria) => (
    <select
      id={`${id}-service_souhaite`}
      name="service_souhaite"
      required
      value={values.service_souhaite}
      onChange={onChange}
      className={field}
      {...aria}
    >
      <option value="">{t.servicePlaceholder}</option>
      {services.map((choice) => (
        <option key={choice} value={choice}>
          {choice}
        </option>
      ))}
    </select>
  );

/** The message field's control. */
const messageArea =
  ({ id, values, onChange, maxLengths }: Props) =>
  (aria: FieldAria) => (
    <textarea
      id={`${id}-message`}
      name="message"
      required
      rows={6}
      maxLength={maxLengths.message}
      placeholder={t.messagePlaceholder}
      value={values.message}
      onChange={onChange}
      className={`${field} resize-y`}
      {...aria}
    />
  );

export default function ContactFormFields(props: Props) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {labelled(props, 'prenom', t.prenom, input(props, 'prenom', 'text', 'given-name'))}
        {labelled(props, 'nom', t.nom, input(props, 'nom', 'text', 'family-name'))}
        {labelled(props, 'email', t.email, input(props, 'email', 'email', 'email'))}
        {labelled(
          props,
          'telephone',
          t.telephone,
          input(props, 'telephone', 'tel', 'tel', false),
          false,
        )}
      </div>
      {labelled(props, 'service_souhaite', t.service, serviceSelect(props))}
      {labelled(props, 'message', t.message, messageArea(props))}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${props.id}-hp`}>{t.honeypot}</label>
        <input
          ref={props.honeypot}
          id={`${props.id}-hp`}
          name={props.honeypotName}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <p className="text-sm text-muted">
        {t.consentBefore}
        <a
          href="/politique-confidentialite"
          className="font-semibold text-accent-700 underline underline-offset-2 hover:text-accent-800"
        >
          {t.consentLink}
        </a>
        .
      </p>
    </>
  );
}
