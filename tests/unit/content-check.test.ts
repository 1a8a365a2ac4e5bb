import { describe, expect, it } from 'vitest';
import type { CollectionKey } from 'astro:content';
import { crossReferenceProblems, type CheckedEntry } from '../../src/lib/content-pipeline/check';

/** An entry with only the fields a check reads (the rest of its schema is left out). */
const entry = <C extends CollectionKey>(
  collection: C,
  id: string,
  data: Record<string, unknown>,
): CheckedEntry<C> => ({
  id,
  file: `src/content/${collection}/${id}.yaml`,
  data: data as CheckedEntry<C>['data'],
});
const page = (id: string, blocks: Record<string, unknown>[]) => entry('pages', id, { blocks });

describe('crossReferenceProblems', () => {
  it('accepts content whose references all name existing entries', () => {
    expect(
      crossReferenceProblems({
        pages: [page('faq', [{ type: 'faq', categories: ['tarifs'] }])],
        faq: [entry('faq', 'tarifs', {})],
        team: [entry('team', 'julie', { name: 'Julie Rossi' })],
        blog: [entry('blog', 'a', { author: 'Julie Rossi' })],
      }),
    ).toEqual([]);
  });

  it('refuses a FAQ category that does not exist, and one no page shows', () => {
    expect(
      crossReferenceProblems({
        pages: [page('faq', [{ type: 'faq', categories: ['tarif'] }])],
        faq: [entry('faq', 'tarifs', {})],
      }),
    ).toEqual([
      'src/content/pages/faq.yaml — champ « blocks[1].categories[1] » : la catégorie de FAQ « tarif » n’existe pas. Choisissez parmi : « tarifs » (les fichiers de src/content/faq/).',
      'src/content/faq/tarifs.yaml : cette catégorie de FAQ n’est affichée sur aucune page. Ajoutez « tarifs » aux « categories » d’un bloc « faq » (par exemple dans src/content/pages/faq.yaml), ou supprimez le fichier.',
    ]);
  });

  it('refuses an author who is not in the team', () => {
    expect(
      crossReferenceProblems({
        team: [entry('team', 'julie', { name: 'Julie Rossi' })],
        blog: [entry('blog', 'a', { author: 'Julie Rosi' })],
      }),
    ).toEqual([
      'src/content/blog/a.yaml — champ « author » : « Julie Rosi » n’est pas un membre de l’équipe. Choisissez parmi : « Julie Rossi » (le « name » des fichiers de src/content/team/).',
    ]);
  });

  it('refuses blocks that would render empty: offer group, team, posts off the blog', () => {
    const problems = crossReferenceProblems({
      pages: [
        page('tarifs', [{ type: 'offers', group: 'saas' }, { type: 'team' }, { type: 'posts' }]),
      ],
      offers: [entry('offers', 'site', { group: 'sites' })],
    });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toContain(
      '« blocks[1].group » : aucune offre n’est dans le groupe « saas »',
    );
    expect(problems[1]).toContain('aucun membre de l’équipe');
    expect(problems[2]).toContain('la liste des articles ne s’affiche que sur la page du blog');
  });

  it('refuses a project showOn that no projects block shows', () => {
    expect(
      crossReferenceProblems({
        pages: [page('index', [{ type: 'projects', showOn: 'home' }])],
        projects: [entry('projects', 'p', { showOn: ['home', 'acceuil'] })],
      }),
    ).toEqual([
      'src/content/projects/p.yaml — champ « showOn[2] » : aucune page n’affiche les projets « acceuil ». Choisissez parmi : « home » (le « showOn » d’un bloc « projects » d’une page).',
    ]);
  });

  it('checks the valid files while others are broken, counting those as targets', () => {
    const brokenHome = {
      id: 'index',
      file: 'src/content/pages/index.yaml',
      data: { blocks: [{ type: 'testimonials', showOn: 'home' }], unknown: 1 },
    };
    expect(
      crossReferenceProblems(
        {
          testimonials: [entry('testimonials', 'nadia', { showOn: ['home', 'acceuil'] })],
          pages: [],
        },
        { pages: [brokenHome] },
      ),
    ).toEqual([
      'src/content/testimonials/nadia.yaml — champ « showOn[2] » : aucune page n’affiche les témoignages « acceuil ». Choisissez parmi : « home » (le « showOn » d’un bloc « testimonials » d’une page).',
    ]);
  });

  it('blames no broken file, and leaves references to unreadable files alone', () => {
    expect(
      crossReferenceProblems(
        { testimonials: [entry('testimonials', 'nadia', { showOn: ['home'] })] },
        {
          pages: [{ id: 'index', file: 'src/content/pages/index.yaml', data: undefined }],
          blog: [{ id: 'a', file: 'src/content/blog/a.md', data: { author: 'Personne' } }],
        },
      ),
    ).toEqual([]);
  });
});
