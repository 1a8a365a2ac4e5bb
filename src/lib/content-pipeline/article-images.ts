/**
 * Photos in the Markdown of an article or a legal text (`![description](photo.jpg)`, the file beside
 * the Markdown file). Astro's Markdown pipeline would make each one `<img>` of one format, so
 * {@link articleImages}, a plugin of Astro's Markdown processor (Sätteri, `markdown.processor` in
 * astro.config.mjs), puts a marker of this project in its place ({@link photoMarker}), and the
 * component that shows the text (src/components/ui/MarkdownText.astro) replaces each marker with a
 * `<Picture>`: AVIF and WebP at the column's widths, like every other photo of the content
 * (src/components/ui/Photo.astro). {@link textPhotoProblems} is the content check's part: a photo of
 * a text that would be published raw or unresized (MDX), has no description or no file stops the build.
 */
import { defineHastPlugin, markdownToMdast, mdxToMdast } from 'satteri';
import { contentErrorLine } from './errors';
import { leavesItsFolder } from './files';

/** Width (px) of the article's column, where a photo of its text is shown at most. */
export const ARTICLE_PHOTO_WIDTH = 768;
/** How wide a photo of an article is shown, per screen width (the column, or the screen less its margins). */
export const ARTICLE_PHOTO_SIZES = `(min-width: 800px) ${ARTICLE_PHOTO_WIDTH}px, calc(100vw - 2rem)`;

/** Whether a photo is given by an address (`https://…`, `/…`), not as a file beside the text. */
const isAddress = (src: string) => URL.canParse(src) || src.startsWith('/');

/** The word that opens the comment standing for a photo of a text ({@link photoMarker}). */
const MARKER = 'article-photo';

/** The comment that stands for a photo of a text, until MarkdownText.astro puts the photo there. */
export const photoMarker = (src: string, alt: string) =>
  `${MARKER} ${encodeURIComponent(src)} ${encodeURIComponent(alt)}`;

/** Puts a marker in place of each photo of a Markdown text (an address is left: the check refuses it). */
export const articleImages = defineHastPlugin({
  name: 'article-images',
  element: {
    filter: ['img'],
    visit(node, ctx) {
      // MDX passes attributes on as text: an MDX text with a photo is refused (textPhotoProblems).
      if (ctx.sourceFormat !== 'markdown') return;
      const src = String(node.properties.src ?? '');
      if (isAddress(src)) return;
      ctx.replaceNode(node, {
        type: 'comment',
        value: photoMarker(src, String(node.properties.alt ?? '')),
      });
    },
  },
});

/** A piece of a rendered text: HTML, or a photo of the text (its file as written, its description). */
export type TextPiece = { html: string } | { src: string; alt: string };

/**
 * A rendered text cut at its photos' markers: HTML pieces, and between them each photo's file (as
 * written beside the text) and description.
 */
export function textPieces(html: string): TextPiece[] {
  // The file and the description are URI-encoded: neither holds a space or ends the comment.
  const parts = html.split(new RegExp(`<!--${MARKER} (\\S*) (\\S*)-->`));
  return parts.flatMap((part, index): TextPiece[] => {
    if (index % 3 === 0) return part ? [{ html: part }] : [];
    if (index % 3 === 2) return [];
    return [{ src: decodeURIComponent(part), alt: decodeURIComponent(parts[index + 1]) }];
  });
}

interface TreeNode {
  type: string;
  url?: string;
  alt?: string | null;
  children?: TreeNode[];
}

/** The images of a Markdown (or MDX) text, in order: address and description. */
export function textPhotos(body: string, mdx = false): { src: string; alt: string }[] {
  const images: { src: string; alt: string }[] = [];
  const walk = (node: TreeNode) => {
    if (node.type === 'image') images.push({ src: node.url ?? '', alt: node.alt ?? '' });
    node.children?.forEach(walk);
  };
  walk((mdx ? mdxToMdast : markdownToMdast)(body) as TreeNode);
  return images;
}

/**
 * What is wrong with the photos of a text, one line each (none when all is well).
 * @param file the Markdown file, as the copywriter finds it (`src/content/blog/x.md`)
 * @param exists whether a file of that name sits beside the Markdown file
 */
export function textPhotoProblems(
  file: string,
  body: string,
  exists: (src: string) => boolean,
): string[] {
  const mdx = file.endsWith('.mdx');
  return textPhotos(body, mdx).flatMap(({ src, alt }) => {
    const problem = (message: string) => [
      contentErrorLine(file, [], `image « ${src} » : ${message}`),
    ];
    if (mdx)
      return problem(
        'un texte .mdx ne redimensionne pas ses photos. Enregistrez-le en .md (les repères {…} y fonctionnent aussi), ou montrez la photo en couverture (« photo » de l’en-tête)',
      );
    if (isAddress(src))
      return problem(
        'une photo se place à côté du fichier et s’écrit ![description](nom-du-fichier.jpg), pour être optimisée (une adresse web ou /… serait publiée telle quelle)',
      );
    if (leavesItsFolder(decodeURI(src)))
      return problem(
        `la photo est prise dans un autre dossier : une photo se place à côté du texte. Copiez le fichier dans le dossier de ce texte (ou envoyez-le par le bouton de l’éditeur) et écrivez seulement son nom : ![description](${src.split('/').pop()})`,
      );
    if (!alt.trim())
      return problem(
        'la description manque. Écrivez ce que montre la photo entre les crochets : ![Description de la photo](nom-du-fichier.jpg)',
      );
    if (!exists(decodeURI(src)))
      return problem(
        'le fichier est introuvable à côté de ce texte. Déposez-le dans le même dossier (ou par le bouton d’envoi de l’éditeur), ou corrigez son nom (majuscules comprises)',
      );
    return [];
  });
}
