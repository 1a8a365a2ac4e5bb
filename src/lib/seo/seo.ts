import type { Settings } from '../../schemas/site';

export interface Breadcrumb {
  name: string;
  url: string;
}

/** Metadata a page hands to the layout; the SEO component turns it into head tags. */
export interface PageMeta {
  title: string;
  description: string;
  /** Path of the canonical page, e.g. `/creation-sites-web`; defaults to the current path. */
  canonicalPath?: string;
  breadcrumbs?: Breadcrumb[];
  /** Path or absolute URL of the share image; defaults to the page's own, generated at build. */
  image?: string;
  /** Section of an article (its blog category): `article:section`, shown on its share image. */
  section?: string;
  noindex?: boolean;
  /** Extra JSON-LD objects (FAQPage, BlogPosting, JobPosting...). */
  jsonLd?: Record<string, unknown>[];
  ogType?: 'website' | 'article';
}

/** The characters of a title a search engine shows in its results (Google cuts near 60). */
export const TITLE_MAX = 60;

/**
 * A page's full title, as its `<title>`: the brand suffix (` | Brand`) added where the whole fits
 * TITLE_MAX, left off where the page's own title is too long for it (or names the brand already).
 * Why: docs/decisions/content.md#titles-fit-a-search-result.
 * @example withBrandSuffix('Contact', 'Agence') === 'Contact | Agence'
 */
export function withBrandSuffix(title: string, brand: string): string {
  const clean = title.trim();
  if (!clean) return brand;
  const suffixed = `${clean} | ${brand}`;
  if (clean.toLowerCase().includes(brand.toLowerCase()) || suffixed.length > TITLE_MAX)
    return clean;
  return suffixed;
}

/**
 * The public form of a route path: no `.html`, no `/index`, no trailing slash (except the root).
 * @example normalizePath('/index.html') === '/'; normalizePath('/faq.html') === '/faq'
 */
export function normalizePath(path: string): string {
  const clean = path
    .replace(/\.html$/, '')
    .replace(/\/index$/, '/')
    .replace(/\/+$/, '');
  return clean || '/';
}

/**
 * Path of the share image generated for a page (src/integrations/og-images.ts draws it at build time).
 * @example ogImagePath('/') === '/og/index.png'; ogImagePath('/blog/2') === '/og/blog/2.png'
 */
export function ogImagePath(pagePath: string): string {
  const path = normalizePath(pagePath);
  return `/og${path === '/' ? '/index' : path}.png`;
}

/**
 * The page a generated share image belongs to: the inverse of ogImagePath.
 * @example pathOfOgImage('/og/index.png') === '/'; pathOfOgImage('/og/faq.png') === '/faq'
 */
export function pathOfOgImage(imagePath: string): string | undefined {
  const match = /^\/og(\/.+)\.png$/.exec(imagePath);
  if (!match) return undefined;
  return match[1] === '/index' ? '/' : match[1];
}

/** Absolute URL for a path on the site, without a trailing slash (except the root). */
export function absoluteUrl(path: string, site: URL | string): string {
  const url = new URL(path, site);
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.href;
}

/** schema.org PostalAddress of the agency. */
export function postalAddressJsonLd(settings: Settings) {
  const { street, postalCode, city, region, country } = settings.address;
  return {
    '@type': 'PostalAddress',
    streetAddress: street,
    postalCode,
    addressLocality: city,
    addressRegion: region,
    addressCountry: country,
  };
}

/** schema.org data for the agency: a local business in Marseille. */
export function organizationJsonLd(settings: Settings, site: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfessionalService',
    '@id': absoluteUrl('/#organization', site),
    name: settings.brand,
    description: settings.description,
    url: absoluteUrl('/', site),
    logo: absoluteUrl('/favicon.svg', site),
    image: absoluteUrl('/og-default.png', site),
    telephone: settings.phone.e164,
    email: settings.email,
    address: postalAddressJsonLd(settings),
    areaServed: settings.address.city,
    openingHours: settings.hours.schema,
    sameAs: settings.socials.map((social) => social.url),
  };
}

/** schema.org BreadcrumbList for the given trail. */
export function breadcrumbJsonLd(trail: Breadcrumb[], site: URL | string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.url, site),
    })),
  };
}

/** Serialises JSON-LD so it is safe inside a `<script>` element. */
export function jsonLdScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}
