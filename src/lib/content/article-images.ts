/**
 * Photos in the Markdown of an article or a legal text (`![description](photo.jpg)`, the file beside
 * the Markdown file). Astro's Markdown pipeline turns each
 * into one optimised WebP `<img>` with the attributes the image carries: {@link articleImages}, a
 * plugin of Astro's Markdown processor (Sätteri, `markdown.processor` in astro.config.mjs), gives it
 * the widths of the article's column and their doubles, `sizes`, and lazy loading. Astro's Markdown
 * images have that one format; AVIF is for the photos of the content's fields
 * (src/components/ui/Photo.astro). {@link textPhotoProblems} is the content check's part: a photo of
 * a text that would be published raw or unresized (MDX), has no description or no file stops the build.
 */
import { defineHastPlugin, markdownToMdast, mdxToMdast } from 'satteri';
import { contentErrorLine } from './errors';

/** Width (px) of the article's column, where a photo of its text is shown at most. */
export const ARTICLE_PHOTO_WIDTH = 768;
/** How wide a photo of an article is shown, per screen width (the column, or the screen less its margins). */
export const ARTICLE_PHOTO_SIZES = `(min-width: 800px) ${ARTICLE_PHOTO_WIDTH}px, calc(100vw - 2rem)`;

/** Gives each photo of a Markdown text its widths, `sizes` and lazy loading. */
export const articleImages = defineHastPlugin({
  name: 'article-images',
  element: {
    filter: ['img'],
    visit(node, ctx) {
      // MDX passes attributes on as text: an MDX text with a photo is refused (textPhotoProblems).
      if (ctx.sourceFormat !== 'markdown') return;
      ctx.setProperty(node, 'width', ARTICLE_PHOTO_WIDTH);
      ctx.setProperty(node, 'widths', [ARTICLE_PHOTO_WIDTH, ARTICLE_PHOTO_WIDTH * 2]);
      ctx.setProperty(node, 'sizes', ARTICLE_PHOTO_SIZES);
      ctx.setProperty(node, 'loading', 'lazy');
      ctx.setProperty(node, 'decoding', 'async');
    },
  },
});

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
    if (URL.canParse(src) || src.startsWith('/'))
      return problem(
        'une photo se place à côté du fichier et s’écrit ![description](nom-du-fichier.jpg), pour être optimisée (une adresse web ou /… serait publiée telle quelle)',
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
