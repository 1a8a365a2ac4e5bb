/** A broken content entry yields one French line per problem, naming the file, the field and the reason. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentFileData } from '../../src/lib/content-pipeline/files';
import { formatContentIssues } from '../../src/lib/content-pipeline/errors';
import { blogPostSchema } from '../../src/schemas/blog';
import { jobSchema } from '../../src/schemas/jobs';
import { validateFile } from './support/validate-file';

const ROOT = process.cwd();

describe('a broken entry', () => {
  it('is reported with the file, the field and the reason, one line per problem', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-job.yaml'), jobSchema);
    expect(messages).toEqual([
      'tests/unit/fixtures/broken-job.yaml — champ « title » : ce champ obligatoire manque. Ajoutez la ligne « title: … » (voir CONTENT.md).',
      'tests/unit/fixtures/broken-job.yaml — champ « type » : la valeur « Interim » n’est pas prévue. Choisissez parmi : « CDI », « Freelance », « Stage ».',
      'tests/unit/fixtures/broken-job.yaml — champ « skills » : la liste doit compter au moins 1 élément (elle en a 0). Ajoutez-en.',
    ]);
  });

  it('in Markdown frontmatter is reported the same way', () => {
    const messages = validateFile(join(ROOT, 'tests/unit/fixtures/broken-post.md'), blogPostSchema);
    expect(messages).toEqual([
      'tests/unit/fixtures/broken-post.md — champ « description » : texte trop court (11 caractères) : il en faut au moins 50. Complétez-le.',
      'tests/unit/fixtures/broken-post.md — champ « category » : la valeur « Test » n’est pas prévue. Choisissez parmi : « Création web », « Référencement », « Intelligence artificielle », « Automatisation », « E-commerce ».',
    ]);
  });

  it('that is not valid YAML names the file', () => {
    expect(() => contentFileData('src/content/jobs/x.yaml', 'title: [unclosed')).toThrow(
      /^src\/content\/jobs\/x\.yaml: /,
    );
  });

  it('formats nested fields with dotted paths and list positions counted from 1', () => {
    expect(
      formatContentIssues('a.yaml', [
        { path: ['sections', 'values', 'items', 2, 'title'], message: 'manque' },
      ]),
    ).toEqual(['a.yaml — champ « sections.values.items[3].title » : manque.']);
    expect(formatContentIssues('a.yaml', [{ path: [], message: 'fichier vide' }])).toEqual([
      'a.yaml : fichier vide.',
    ]);
  });
});
