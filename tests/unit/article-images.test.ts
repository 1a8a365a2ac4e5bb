import { markdownToHtml } from 'satteri';
import { leavesItsFolder } from '../../src/lib/content-pipeline/files';
import { describe, expect, it } from 'vitest';
import {
  articleImages,
  textPhotoProblems,
  textPhotos,
  textPieces,
} from '../../src/lib/content-pipeline/article-images';

const FILE = 'src/content/blog/article.md';
const beside = new Set(['quai.jpg', 'vue du port.jpg']);
const problems = (body: string) => textPhotoProblems(FILE, body, (src) => beside.has(src));

describe('photos in a Markdown text', () => {
  it('lists each image with its description, inside links too', () => {
    expect(textPhotos('Texte\n\n![Le quai](quai.jpg)\n\n[![Logo](logo.png)](/a-propos)\n')).toEqual(
      [
        { src: 'quai.jpg', alt: 'Le quai' },
        { src: 'logo.png', alt: 'Logo' },
      ],
    );
  });

  it('accepts a described photo beside the text, its name written as a web address', () => {
    expect(problems('![Le quai au matin](quai.jpg)\n\n![Le port](vue%20du%20port.jpg)')).toEqual(
      [],
    );
  });

  it('refuses a photo without a description, one published raw, and one with no file', () => {
    expect(
      problems(
        '![](quai.jpg)\n\n![Le port](/uploads/port.jpg)\n\n![Le port](https://exemple.fr/p.jpg)\n\n![Le port](port.jpg)',
      ),
    ).toEqual([
      'src/content/blog/article.md : image « quai.jpg » : la description manque. Écrivez ce que montre la photo entre les crochets : ![Description de la photo](nom-du-fichier.jpg).',
      'src/content/blog/article.md : image « /uploads/port.jpg » : une photo se place à côté du fichier et s’écrit ![description](nom-du-fichier.jpg), pour être optimisée (une adresse web ou /… serait publiée telle quelle).',
      'src/content/blog/article.md : image « https://exemple.fr/p.jpg » : une photo se place à côté du fichier et s’écrit ![description](nom-du-fichier.jpg), pour être optimisée (une adresse web ou /… serait publiée telle quelle).',
      'src/content/blog/article.md : image « port.jpg » : le fichier est introuvable à côté de ce texte. Déposez-le dans le même dossier (ou par le bouton d’envoi de l’éditeur), ou corrigez son nom (majuscules comprises).',
    ]);
  });

  it('refuses a photo in an MDX text, which would not be resized', () => {
    expect(textPhotoProblems('src/content/blog/a.mdx', '![Le quai](quai.jpg)', () => true)).toEqual(
      [
        'src/content/blog/a.mdx : image « quai.jpg » : un texte .mdx ne redimensionne pas ses photos. Enregistrez-le en .md (les repères {…} y fonctionnent aussi), ou montrez la photo en couverture (« photo » de l’en-tête).',
      ],
    );
  });
});

describe('a Markdown text shown with its photos', () => {
  const render = async (body: string) =>
    (await markdownToHtml(body, { hastPlugins: [articleImages] })).html;

  it('cuts the rendered text at each photo, with its file and description, in order', async () => {
    const pieces = textPieces(
      await render(
        'Avant\n\n![Le quai, « au matin » -->](vue%20du%20port.jpg)\n\nEntre\n\n[![Logo](logo.png)](/a-propos)\n',
      ),
    );
    expect(pieces.filter((piece) => !('html' in piece))).toEqual([
      { src: 'vue%20du%20port.jpg', alt: 'Le quai, « au matin » -->' },
      { src: 'logo.png', alt: 'Logo' },
    ]);
    const html = pieces.map((piece) => ('html' in piece ? piece.html : '[photo]')).join('');
    expect(html).toContain('<p>Avant</p>');
    expect(html).toContain('<p>[photo]</p>');
    expect(html).toContain('<a href="/a-propos">[photo]</a>');
    expect(html).not.toContain('<img');
  });

  it('leaves a photo given by an address as it is (the content check refuses it)', async () => {
    const html = await render('![Le port](https://exemple.fr/p.jpg)');
    expect(textPieces(html)).toEqual([{ html }]);
    expect(html).toContain('<img');
  });
});

describe('leavesItsFolder', () => {
  it('accepts a file beside the content file or in a folder under it', () => {
    expect(leavesItsFolder('atelier.jpg')).toBe(false);
    expect(leavesItsFolder('./atelier.jpg')).toBe(false);
    expect(leavesItsFolder('photos/atelier.jpg')).toBe(false);
    expect(leavesItsFolder('atelier..v2.jpg')).toBe(false);
  });
  it('refuses a file in another folder', () => {
    expect(leavesItsFolder('../pages/atelier.jpg')).toBe(true);
    expect(leavesItsFolder('photos/../../team/a.jpg')).toBe(true);
    expect(leavesItsFolder('/src/content/pages/atelier.jpg')).toBe(true);
  });
});
