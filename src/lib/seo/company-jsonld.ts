/** schema.org data of the company pages: JobPosting (careers) and BlogPosting (blog). */
import type { Settings } from '../../schemas/site';
import type { BlogPost } from '../../schemas/blog';
import type { Job } from '../../schemas/jobs';
import { absoluteUrl, ogImagePath, postalAddressJsonLd } from './seo';
import { isoDate } from '../content/dates';

const EMPLOYMENT_TYPES = { CDI: 'FULL_TIME', Freelance: 'CONTRACTOR', Stage: 'INTERN' } as const;

/** schema.org employmentType of a job type: CDI → FULL_TIME, Freelance → CONTRACTOR, Stage → INTERN. */
export function employmentType(type: Job['type']): (typeof EMPLOYMENT_TYPES)[Job['type']] {
  return EMPLOYMENT_TYPES[type];
}

/**
 * A JobPosting for one opening: the agency as hiring organisation, Marseille as place of work
 * unless the job is remote only (TELECOMMUTE; both for "Marseille/Remote").
 */
export function jobPostingJsonLd(
  job: Job,
  settings: Settings,
  site: URL | string,
  pagePath = '/carrieres',
) {
  const remote = job.location !== 'Marseille';
  const onSite = job.location !== 'Remote';
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: `<p>${job.description}</p><p>${job.experience}</p>`,
    datePosted: isoDate(job.datePosted),
    ...(job.validThrough ? { validThrough: isoDate(job.validThrough) } : {}),
    employmentType: employmentType(job.type),
    url: absoluteUrl(pagePath, site),
    skills: job.skills.join(', '),
    experienceRequirements: job.experience,
    hiringOrganization: {
      '@type': 'Organization',
      name: settings.brand,
      sameAs: absoluteUrl('/', site),
      logo: absoluteUrl('/favicon.svg', site),
    },
    ...(onSite
      ? {
          jobLocation: {
            '@type': 'Place',
            address: postalAddressJsonLd(settings),
          },
        }
      : {}),
    ...(remote
      ? {
          jobLocationType: 'TELECOMMUTE',
          applicantLocationRequirements: { '@type': 'Country', name: 'France' },
        }
      : {}),
  };
}

/** A BlogPosting for one article, published by the agency; `minutes` is its reading time. */
export function blogPostingJsonLd(
  post: BlogPost,
  minutes: number,
  path: string,
  settings: Settings,
  site: URL | string,
) {
  const url = absoluteUrl(path, site);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.description,
    datePublished: isoDate(post.date),
    dateModified: isoDate(post.updated ?? post.date),
    inLanguage: 'fr-FR',
    articleSection: post.category,
    timeRequired: `PT${minutes}M`,
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    image: absoluteUrl(ogImagePath(path), site),
    author: { '@type': 'Person', name: post.author },
    publisher: {
      '@id': absoluteUrl('/#organization', site),
      '@type': 'Organization',
      name: settings.brand,
    },
  };
}
