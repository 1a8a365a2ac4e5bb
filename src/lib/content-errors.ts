/** Readable validation messages for content files: "<file>: <field.path>: <message>". */

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * One line per zod issue, naming the file, the field (dotted, with list positions) and the reason.
 * @example formatContentIssues('src/content/jobs/x.yaml', [{ path: ['skills', 0], message: 'Too small' }])
 *   === ['src/content/jobs/x.yaml: skills.0: Too small']
 */
export function formatContentIssues(file: string, issues: readonly Issue[]): string[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || '(fichier entier)';
    return `${file}: ${field}: ${issue.message}`;
  });
}
