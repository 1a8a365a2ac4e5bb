import { describe, expect, it } from 'vitest';
import { mailtoHref } from '../../src/lib/contact/mailto';
import { blogPostingJsonLd, employmentType, jobPostingJsonLd } from '../../src/lib/seo/company-jsonld';
import { blogPostSchema } from '../../src/schemas/blog';
import { jobSchema } from '../../src/schemas/jobs';
import { testSettings as settings } from './support/settings';

const SITE = 'https://www.exemple.fr';

describe('mailtoHref', () => {
  it('encodes the subject (spaces as %20, no-break spaces, colons, accents)', () => {
    expect(mailtoHref('rh@test.fr')).toBe('mailto:rh@test.fr');
    const href = mailtoHref('rh@test.fr', 'Candidature\u00a0: Designer UI/UX');
    expect(href).toBe('mailto:rh@test.fr?subject=Candidature%C2%A0%3A%20Designer%20UI%2FUX');
    expect(decodeURIComponent(new URL(href).searchParams.get('subject') ?? '')).toBe(
      'Candidature\u00a0: Designer UI/UX',
    );
  });
});

const job = (location: string, type: string) =>
  jobSchema.parse({
    title: 'Poste',
    type,
    location,
    experience: '2 ans',
    description: 'Description',
    skills: ['A', 'B'],
    datePosted: '2024-01-15',
  });

describe('JobPosting', () => {
  it('maps the contract types CDI → FULL_TIME, Freelance → CONTRACTOR, Stage → INTERN', () => {
    expect([employmentType('CDI'), employmentType('Freelance'), employmentType('Stage')]).toEqual([
      'FULL_TIME',
      'CONTRACTOR',
      'INTERN',
    ]);
  });

  it('places an on-site job in Marseille, with the agency as hiring organisation', () => {
    const data = jobPostingJsonLd(job('Marseille', 'CDI'), settings, SITE);
    expect(data).toMatchObject({
      '@type': 'JobPosting',
      datePosted: '2024-01-15',
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'Agence Test' },
      jobLocation: { address: { addressLocality: 'Marseille', addressCountry: 'FR' } },
    });
    expect(data).not.toHaveProperty('jobLocationType');
  });

  it('marks a remote job TELECOMMUTE without a place, and Marseille/Remote as both', () => {
    const remote = jobPostingJsonLd(job('Remote', 'Freelance'), settings, SITE);
    expect(remote).toMatchObject({ jobLocationType: 'TELECOMMUTE', employmentType: 'CONTRACTOR' });
    expect(remote).not.toHaveProperty('jobLocation');
    const hybrid = jobPostingJsonLd(job('Marseille/Remote', 'Stage'), settings, SITE);
    expect(hybrid).toMatchObject({ jobLocationType: 'TELECOMMUTE', employmentType: 'INTERN' });
    expect(hybrid).toHaveProperty('jobLocation');
  });
});

describe('BlogPosting', () => {
  it('describes the article with its dates, author, publisher and absolute URL', () => {
    const post = blogPostSchema.parse({
      title: 'Titre',
      description: 'Une description suffisamment longue pour passer la validation du schéma.',
      author: 'Sarah Martin',
      date: '2024-01-15',
      category: 'Création web',
    });
    expect(blogPostingJsonLd(post, 6, '/blog/titre', settings, SITE)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'Titre',
      datePublished: '2024-01-15',
      dateModified: '2024-01-15',
      author: { '@type': 'Person', name: 'Sarah Martin' },
      publisher: { name: 'Agence Test' },
      url: `${SITE}/blog/titre`,
      inLanguage: 'fr-FR',
      articleSection: 'Création web',
      timeRequired: 'PT6M',
      image: `${SITE}/og/blog/titre.png`,
    });
  });
});
