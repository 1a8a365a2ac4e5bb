/**
 * The photos of a content entry exist beside its file (or in a folder under it), where the image
 * pipeline finds them (src/lib/content/photos.ts): French lines for those that do not.
 */
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { contentErrorLine } from './errors';
import { leavesItsFolder } from './files';
import { textPhotoProblems } from './article-images';
import { MARKDOWN_FILE } from './prepare';

/** The photo fields (`{ src, alt, decorative }`) in validated data, with their path. */
function photoFields(value: unknown, path: PropertyKey[]): { path: PropertyKey[]; src: string }[] {
  if (Array.isArray(value))
    return value.flatMap((item, index) => photoFields(item, [...path, index]));
  if (!value || typeof value !== 'object' || value instanceof Date) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.src === 'string' && 'alt' in record && 'decorative' in record)
    return [{ path, src: record.src.replace(/^\.\//, '') }];
  return Object.entries(record).flatMap(([key, item]) => photoFields(item, [...path, key]));
}

/**
 * The problems of the photos of `file`: the photo fields of its validated data, and the photos its
 * Markdown body shows (`body` as written).
 */
export function photoProblems(root: string, file: string, data: unknown, body?: string): string[] {
  const folder = dirname(file);
  const photoExists = (src: string) => existsSync(join(root, folder, src));
  const lines = photoFields(data, []).flatMap(({ path, src }) =>
    leavesItsFolder(src)
      ? [
          contentErrorLine(
            file,
            [...path, 'src'],
            `la photo « ${src} » est prise dans un autre dossier : une photo se place à côté de son fichier de contenu, dans ${folder}/. Copiez-y le fichier (ou envoyez-le par le bouton de l’éditeur) et écrivez seulement son nom : « ${basename(src)} »`,
          ),
        ]
      : photoExists(src)
        ? []
        : [
            contentErrorLine(
              file,
              [...path, 'src'],
              `la photo « ${src} » est introuvable dans ${folder}/. Déposez le fichier à côté de ce fichier de contenu (ou par le bouton d’envoi de l’éditeur), ou corrigez son nom (majuscules comprises)`,
            ),
          ],
  );
  if (MARKDOWN_FILE.test(file) && typeof body === 'string')
    lines.push(...textPhotoProblems(file, body, photoExists));
  return lines;
}
