/**
 * Content errors in French for a copywriter, one line per problem naming file, field, fault and fix:
 * `src/content/jobs/x.yaml — champ « datePosted » : « 12/02/2024 » n’est pas une date au format AAAA-MM-JJ. …`
 */
import type { z } from 'astro/zod';

/**
 * The field as a copywriter finds it in the file: keys joined by dots, list positions counted from 1
 * in brackets.
 * @example fieldLabel(['blocks', 0, 'items', 2, 'title']) === 'blocks[1].items[3].title'
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) =>
      typeof key === 'number' ? `[${key + 1}]` : `${index > 0 ? '.' : ''}${String(key)}`,
    )
    .join('');
}

/**
 * One line for one problem: `<file> — champ « <field> » : <message>.` (`<file> : <message>.` for the
 * whole file).
 * @example contentErrorLine('a.yaml', ['price'], 'manque') === 'a.yaml — champ « price » : manque.'
 */
export function contentErrorLine(file: string, path: readonly PropertyKey[], message: string) {
  const text = /[.?!]$/.test(message) ? message : `${message}.`;
  return path.length ? `${file} — champ « ${fieldLabel(path)} » : ${text}` : `${file} : ${text}`;
}

/** A problem in a content file: its message is the copywriter's line(s); `file` names the file. */
export class ContentError extends Error {
  readonly file: string;
  constructor(file: string, path: readonly PropertyKey[], message: string);
  constructor(file: string, lines: readonly string[]);
  constructor(
    file: string,
    pathOrLines: readonly PropertyKey[] | readonly string[],
    message?: string,
  ) {
    super(
      message === undefined
        ? (pathOrLines as string[]).join('\n')
        : contentErrorLine(file, pathOrLines, message),
    );
    this.name = 'ContentError';
    this.file = file;
    // The line says all a copywriter needs: no stack trace under it in the terminal or the overlay.
    this.stack = '';
  }
}

/**
 * A YAML error in words: where it is (counted from 1 from the top of the file) and the usual fixes.
 * Astro's parsers report js-yaml's position as `loc`: for a data file the line counts from 1, for a
 * Markdown front matter (`frontMatter`) from 1 after the opening `---`; columns count from 0.
 */
export function yamlSyntaxError(file: string, error: unknown, frontMatter: boolean): ContentError {
  const loc = (error as { loc?: { line?: number; column?: number } }).loc;
  const where =
    loc?.line !== undefined
      ? ` (ligne ${loc.line + (frontMatter ? 1 : 0)}, colonne ${(loc.column ?? 0) + 1})`
      : '';
  return new ContentError(
    file,
    [],
    `le fichier ne peut pas être lu${where} : la mise en forme YAML est cassée. Vérifiez l’indentation (des espaces, jamais de tabulation, alignés comme les lignes voisines) et mettez entre guillemets un texte qui contient « : » ou commence par un caractère spécial`,
  );
}

const TYPE_NAMES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  int: 'un nombre entier',
  boolean: 'true ou false',
  array: 'une liste (lignes commençant par « - »)',
  object: 'un groupe de champs (lignes indentées en dessous)',
  date: 'une date au format AAAA-MM-JJ',
};

const quote = (value: unknown) => `« ${String(value)} »`;

/** What a value is, in words: « un nombre (1500) », « une liste »… */
function describe(input: unknown): string {
  if (input === null) return 'vide';
  if (input instanceof Date) return 'une date';
  if (Array.isArray(input)) return 'une liste';
  if (typeof input === 'number') return `un nombre (${input})`;
  if (typeof input === 'boolean') return `${input} (oui/non)`;
  if (typeof input === 'string') return `un texte (${quote(input)})`;
  if (typeof input === 'object') return 'un groupe de champs';
  return String(input);
}

const plural = (count: number, word: string) => `${count} ${word}${count > 1 ? 's' : ''}`;

type Issue = z.core.$ZodRawIssue;

function sizeMessage(issue: Issue & { code: 'too_small' | 'too_big' }): string {
  const small = issue.code === 'too_small';
  const limit = Number(small ? issue.minimum : issue.maximum);
  const input = issue.input as unknown;
  switch (issue.origin) {
    case 'string': {
      const length = typeof input === 'string' ? input.length : 0;
      if (small && limit <= 1)
        return 'le texte est vide. Écrivez-le, ou retirez la ligne si le champ est facultatif';
      return small
        ? `texte trop court (${plural(length, 'caractère')}) : il en faut au moins ${limit}. Complétez-le`
        : `texte trop long (${plural(length, 'caractère')}) : ${limit} au plus. Raccourcissez-le`;
    }
    case 'array': {
      const count = Array.isArray(input) ? input.length : 0;
      if (issue.exact)
        return `la liste doit compter exactement ${plural(limit, 'élément')} (elle en a ${count}). Ajoutez ou retirez des éléments`;
      return small
        ? `la liste doit compter au moins ${plural(limit, 'élément')} (elle en a ${count}). Ajoutez-en`
        : `la liste compte au plus ${plural(limit, 'élément')} (elle en a ${count}). Retirez-en`;
    }
    default: {
      const bound = small
        ? issue.inclusive === false
          ? `supérieur à ${limit}`
          : `au moins ${limit}`
        : issue.inclusive === false
          ? `inférieur à ${limit}`
          : `au plus ${limit}`;
      return `le nombre ${typeof input === 'number' ? `${input} ` : ''}ne convient pas : il doit être ${bound}`;
    }
  }
}

/**
 * A zod 4 error map in French, for content files: what is wrong and how to fix it. Pass it to
 * `schema.safeParse(data, { error: frenchErrorMap })`; messages written in a schema take precedence.
 * @example frenchErrorMap({ code: 'invalid_type', expected: 'string', input: 1500, path: ['price'] })
 *   // 'la valeur doit être un texte, or c’est un nombre (1500). Mettez-la entre guillemets : price: "1500"'
 */
export const frenchErrorMap = (issue: Issue): string => {
  const key = issue.path?.at(-1);
  const name = typeof key === 'string' ? key : 'champ';
  switch (issue.code) {
    case 'invalid_type': {
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      if (issue.input === undefined)
        return `ce champ obligatoire manque. Ajoutez la ligne « ${name}: … » (voir CONTENT.md)`;
      if (issue.input === null) return `ce champ est vide. Écrivez ${expected} après « ${name}: »`;
      if (issue.expected === 'string' && ['number', 'boolean'].includes(typeof issue.input))
        return `la valeur doit être un texte, or c’est ${describe(issue.input)}. Mettez-la entre guillemets : ${name}: "${issue.input}"`;
      return `la valeur doit être ${expected}, or c’est ${describe(issue.input)}. Corrigez-la`;
    }
    case 'too_small':
    case 'too_big':
      return sizeMessage(issue);
    case 'invalid_value': {
      const values = issue.values.map(quote);
      return values.length === 1
        ? `la valeur doit être exactement ${values[0]} (elle est ${quote(issue.input)})`
        : `la valeur ${quote(issue.input)} n’est pas prévue. Choisissez parmi : ${values.join(', ')}`;
    }
    case 'invalid_format': {
      const value = quote(issue.input);
      if (issue.format === 'email')
        return `${value} n’est pas une adresse e-mail. Écrivez-la comme nom@domaine.fr`;
      if (issue.format === 'url')
        return `${value} n’est pas une adresse web complète. Écrivez-la avec https://, par exemple https://www.exemple.fr`;
      return `${value} n’a pas la forme attendue. Suivez l’exemple de CONTENT.md pour ce champ`;
    }
    case 'invalid_union': {
      const { options, discriminator } = issue as { options?: unknown[]; discriminator?: string };
      if (discriminator && options)
        return `${quote((issue.input as Record<string, unknown>)?.[discriminator])} n’est pas un ${discriminator} connu. Choisissez parmi : ${options.map(quote).join(', ')}`;
      return `la valeur ne correspond à aucune des formes prévues. Suivez l’exemple de CONTENT.md pour ce champ`;
    }
    case 'unrecognized_keys': {
      // The object schema that refused the keys (a z.object(): its `shape` names the fields).
      const shape = (issue.inst as { shape?: object } | undefined)?.shape;
      const expected = shape ? Object.keys(shape).join(', ') : '';
      const names = issue.keys.map((key) => `“${key}”`).join(', ');
      return `${issue.keys.length > 1 ? 'champs inconnus' : 'champ inconnu'} ${names}${expected ? ` : les champs prévus sont ${expected}` : ''}. Vérifiez l’orthographe, ou retirez la ligne`;
    }
    default:
      return issue.message ?? 'valeur incorrecte. Corrigez-la (voir CONTENT.md)';
  }
};

/**
 * One line per zod issue, naming the file, the field (dotted, list positions from 1) and the reason.
 * @example formatContentIssues('src/content/jobs/x.yaml', [{ path: ['skills'], message: 'liste vide' }])
 *   // ['src/content/jobs/x.yaml — champ « skills » : liste vide.']
 */
export function formatContentIssues(
  file: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string[] {
  return issues.map((issue) => contentErrorLine(file, issue.path, issue.message));
}
