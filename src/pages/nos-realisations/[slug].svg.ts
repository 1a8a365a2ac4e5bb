/** The visual preview of each project, drawn at build time (src/lib/art/project-preview.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection, type CollectionEntry } from 'astro:content';
import { projectPreviewSvg } from '../../lib/art/project-preview';

export const getStaticPaths = (async () =>
  (await getCollection('projects')).map((entry) => ({
    params: { slug: entry.id },
    props: { entry },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ entry: CollectionEntry<'projects'> }> = ({ props }) =>
  new Response(projectPreviewSvg(props.entry.data), {
    headers: { 'Content-Type': 'image/svg+xml' },
  });
