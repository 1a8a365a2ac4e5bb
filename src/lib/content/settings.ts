import { getCollection, getEntry } from 'astro:content';
import type { Settings } from '../../schemas/site';
import { ContentError } from '../content-pipeline/errors';
import { pagePath } from './page-routes';

/**
 * The site settings (`src/content/settings/site.yaml`), validated by their schema, with the links
 * page entries ask for in their `menu` (after the settings' own links; a footer column they name must
 * exist).
 */
export async function getSettings(): Promise<Settings> {
  const entry = await getEntry('settings', 'site');
  if (!entry)
    throw new Error('src/content/settings/site.yaml is missing: the site needs its settings file.');
  const settings = entry.data;
  const pages = [...(await getCollection('pages')), ...(await getCollection('legal'))].filter(
    (page) => page.data.menu && !page.data.draft,
  );
  if (!pages.length) return settings;
  const main = [...settings.navigation.main];
  const footer = settings.navigation.footer.map((group) => ({ ...group, links: [...group.links] }));
  for (const page of pages) {
    const menu = page.data.menu!;
    const link = { label: menu.label, href: pagePath(page) };
    if (menu.main) main.push(link);
    if (menu.footer) {
      const group = footer.find((candidate) => candidate.title === menu.footer);
      if (!group)
        throw new ContentError(
          page.filePath ?? page.id,
          ['menu', 'footer'],
          `la colonne « ${menu.footer} » n’existe pas dans le pied de page. Choisissez parmi : ${footer.map((column) => `« ${column.title} »`).join(', ')}`,
        );
      group.links.push(link);
    }
  }
  return { ...settings, navigation: { ...settings.navigation, main, footer } };
}

/** The booking page address: settings, unless PUBLIC_BOOKING_URL overrides it (tests, staging). */
export function bookingBaseUrl(settings: Settings): string {
  return import.meta.env.PUBLIC_BOOKING_URL || settings.bookingUrl;
}
