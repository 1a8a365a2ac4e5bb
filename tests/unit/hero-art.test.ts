import { describe, expect, it } from 'vitest';
import { heroArtFor, heroArtKinds } from '../../src/lib/art/hero-art';

describe('heroArtFor', () => {
  it('shows what each page sells', () => {
    expect(heroArtFor('/')).toBe('studio');
    expect(heroArtFor('/creation-sites-web')).toBe('site');
    expect(heroArtFor('/automatisation-ia')).toBe('flow');
    expect(heroArtFor('/chatbot-ia')).toBe('chat');
    expect(heroArtFor('/tarifs-creation-site-automatisation')).toBe('pricing');
    expect(heroArtFor('/rendez-vous-consultation')).toBe('calendar');
    expect(heroArtFor('/contact')).toBe('message');
    expect(heroArtFor('/notre-equipe')).toBe('team');
    expect(heroArtFor('/cgv')).toBe('document');
  });

  it('reads built file paths and trailing slashes like the routes', () => {
    expect(heroArtFor('/index.html')).toBe('studio');
    expect(heroArtFor('/contact/')).toBe('message');
    expect(heroArtFor('/404.html')).toBe('lost');
  });

  it('matches families of pages by prefix', () => {
    expect(heroArtFor('/blog')).toBe('article');
    expect(heroArtFor('/blog/2')).toBe('article');
    expect(heroArtFor('/blog/categorie/automatisation')).toBe('article');
    expect(heroArtFor('/nos-realisations/cabinet-medical')).toBe('portfolio');
  });

  it('gives a page nobody mapped yet the studio overview, never nothing', () => {
    expect(heroArtFor('/une-page-nouvelle')).toBe('studio');
    expect(heroArtKinds).toContain(heroArtFor('/une-page-nouvelle'));
  });
});
