// The French explanation of a refused contact field, apart from messages-fr.ts so that the words
// the islands load up front do not bring the validation rules (src/lib/contact/contact.ts).
import { contact } from './messages-fr.ts';
import { MAX_LENGTHS, type ContactFieldName, type FieldRule } from './validation.ts';

/** The French explanation of a refused contact field. */
export function fieldMessage(name: ContactFieldName, rule: FieldRule): string {
  const te = contact.fieldErrors;
  switch (rule) {
    case 'required':
      return te.required[name];
    case 'too_long':
      return te.tooLong(MAX_LENGTHS[name as keyof typeof MAX_LENGTHS] ?? 0);
    case 'characters':
      return te.characters;
    case 'letters':
      return te.letters;
    case 'format':
      return name === 'email' ? te.emailFormat : te.phoneFormat;
    case 'choice':
      return te.choice;
  }
}
