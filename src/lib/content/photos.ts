/**
 * The photos of the content: image files beside the content files (src/content/<collection>/), where
 * a copywriter puts them and the editor's upload button saves them. A `photo.src` names one of them
 * relative to its entry's folder; the build imports it, so it goes through Astro's image pipeline.
 */
import type { ImageMetadata } from 'astro';

const FILES = import.meta.glob<{ default: ImageMetadata }>(
  '/src/content/**/*.{jpg,jpeg,png,webp,avif,JPG,JPEG,PNG,WEBP,AVIF}',
);

/** The key of a photo of `collection` named `src` (`./a.jpg`, `a.jpg`, `photos/a.jpg`). */
export const photoKey = (collection: string, src: string) =>
  `/src/content/${collection}/${src.replace(/^\.\//, '')}`;

/** The imported photo, for `<Picture>`; a missing file fails the build naming it. */
export async function resolvePhoto(collection: string, src: string): Promise<ImageMetadata> {
  const load = FILES[photoKey(collection, src)];
  if (!load)
    throw new Error(
      `src/content/${collection}/${src}: photo not found (the content check should have refused it)`,
    );
  return (await load()).default;
}
