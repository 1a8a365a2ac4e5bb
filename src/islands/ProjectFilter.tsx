import { useEffect, useState } from 'react';
import * as fr from '../lib/i18n/fr';
import {
  ALL,
  categoryFromSearch,
  matchesCategory,
  searchWithCategory,
} from '../lib/project-filter';

interface ProjectCard {
  slug: string;
  title: string;
  client: string;
  year: number;
  category: string;
  description: string;
  technologies: string[];
  metrics: { label: string; value: string }[];
  colour: string;
}

interface Props {
  projects: ProjectCard[];
  filters: { slug: string; label: string }[];
  linkLabel: string;
}

const bands: Record<string, string> = {
  indigo: 'from-accent-700 to-accent-500',
  emerald: 'from-emerald-700 to-emerald-500',
  rose: 'from-rose-700 to-rose-500',
  amber: 'from-amber-700 to-amber-500',
  sky: 'from-sky-700 to-sky-500',
  violet: 'from-violet-700 to-violet-500',
};

/**
 * Project cards with category toggle buttons (one category at a time, default all). The choice lives in
 * `?categorie=` (history.replaceState) so a filtered view can be shared and survives a reload. Every
 * card is in the server HTML; cards of other categories are hidden.
 */
export default function ProjectFilter({ projects, filters, linkLabel }: Props) {
  const [category, setCategory] = useState(ALL);
  const known = filters.map((filter) => filter.slug).filter((slug) => slug !== ALL);

  useEffect(() => {
    setCategory(categoryFromSearch(window.location.search, known));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const choose = (slug: string) => {
    setCategory(slug);
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${searchWithCategory(search, slug)}${hash}`,
    );
  };

  const visible = projects.filter((project) => matchesCategory(project.category, category)).length;

  return (
    <div>
      <div
        role="group"
        aria-label={fr.offers.filterGroup}
        className="flex flex-wrap justify-center gap-2"
      >
        {filters.map((filter) => (
          <button
            key={filter.slug}
            type="button"
            aria-pressed={category === filter.slug}
            onClick={() => choose(filter.slug)}
            className="min-h-11 rounded-full border border-accent-700 px-5 py-2 text-sm font-semibold text-accent-700 transition-colors hover:bg-accent-50 aria-pressed:bg-accent-700 aria-pressed:text-white"
          >
            {filter.label}
          </button>
        ))}
      </div>
      <p role="status" aria-live="polite" className="mt-6 text-center text-sm text-muted">
        {fr.offers.projectCount(visible)}
      </p>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {projects.map((project) => (
          <li
            key={project.slug}
            data-category={project.category}
            hidden={!matchesCategory(project.category, category)}
            className="flex flex-col overflow-hidden rounded-card border border-line bg-white shadow-card"
          >
            <div
              className={`h-2 bg-gradient-to-r ${bands[project.colour] ?? bands.indigo}`}
              aria-hidden="true"
            />
            <article className="flex flex-1 flex-col p-6">
              <p className="text-sm font-medium text-accent-700">
                {project.client} · {project.year}
              </p>
              <h3 className="mt-1 text-lg font-semibold">{project.title}</h3>
              <p className="mt-2 text-sm text-muted">{project.description}</p>
              <ul
                className="mt-4 flex flex-wrap gap-2"
                aria-label={fr.offers.technologiesOf(project.title)}
              >
                {project.technologies.map((tech) => (
                  <li
                    key={tech}
                    className="rounded-full bg-surface-alt px-3 py-1 text-xs font-medium ring-1 ring-line"
                  >
                    {tech}
                  </li>
                ))}
              </ul>
              <dl className="mt-5 grid grid-cols-3 gap-2 text-center">
                {project.metrics.map((metric) => (
                  <div
                    key={metric.label}
                    className="flex min-w-0 flex-col-reverse rounded-lg bg-accent-50 px-1.5 py-3 break-words"
                  >
                    <dt className="text-xs text-muted">{metric.label}</dt>
                    <dd className="text-base font-bold text-accent-800">{metric.value}</dd>
                  </div>
                ))}
              </dl>
              <a
                href={`/nos-realisations/${project.slug}`}
                aria-label={fr.offers.linkTo(linkLabel, project.title)}
                className="mt-auto inline-flex min-h-11 items-center gap-1 pt-5 font-semibold text-accent-700 hover:text-accent-900"
              >
                {linkLabel} <span aria-hidden="true">→</span>
              </a>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
