/** The illustrated face of every team member and testimonial author (src/lib/art/avatar.ts). */
import type { APIRoute, GetStaticPaths } from 'astro';
import { getCollection } from 'astro:content';
import { avatarSlug, avatarSvg } from '../../lib/art/avatar';

export const getStaticPaths = (async () => {
  const people = [...(await getCollection('team')), ...(await getCollection('testimonials'))];
  const names = new Map(people.map((entry) => [avatarSlug(entry.data.name), entry.data.name]));
  return [...names].map(([slug, name]) => ({ params: { name: slug }, props: { name } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ name: string }> = ({ props }) =>
  new Response(avatarSvg(props.name), { headers: { 'Content-Type': 'image/svg+xml' } });
