import { describe, expect, it } from 'vitest';
import {
  FIRST_ROUND_TRIP,
  TWO_ROUND_TRIPS,
  copyBudget,
  frenchBytes,
} from '../../scripts/lib/budgets.mjs';

/** Writes the expected French with visible marks: `_` a narrow no-break space, `~` a no-break space. */
const french = (text: string) => text.replaceAll('_', '\u202f').replaceAll('~', '\u00a0');

describe('frenchBytes', () => {
  it('groups digits and separates the unit with narrow no-break spaces', () => {
    expect(frenchBytes(16_933)).toBe(french('16_933_o'));
    expect(frenchBytes(812)).toBe(french('812_o'));
    expect(frenchBytes(1_234_567)).toBe(french('1_234_567_o'));
  });
});

describe('copyBudget', () => {
  it('says nothing for a page within the first round trip', () => {
    expect(copyBudget('/a-propos', FIRST_ROUND_TRIP)).toEqual({
      route: '/a-propos',
      bytes: FIRST_ROUND_TRIP,
      level: 'ok',
    });
  });

  it('warns in French past the first round trip, naming page, bytes and excess', () => {
    expect(copyBudget('/', 16_933)).toEqual({
      route: '/',
      bytes: 16_933,
      level: 'warning',
      message: french(
        'Accueil~: 16_933_o envoyés, 2_333_o au-delà du premier aller-retour~; raccourcir le texte de la page la ferait s’afficher plus vite sur un téléphone (la page est tout de même publiée).',
      ),
    });
    expect(copyBudget('/contact', TWO_ROUND_TRIPS).level).toBe('warning');
  });

  it('stops the deploy only past two round trips', () => {
    expect(copyBudget('/contact', TWO_ROUND_TRIPS + 1)).toEqual({
      route: '/contact',
      bytes: 29_201,
      level: 'ceiling',
      message: french(
        '/contact~: 29_201_o envoyés, 1_o au-delà de deux allers-retours (29_200_o)~: la page ne peut pas être publiée. Raccourcissez son texte (ou coupez-la en deux pages) puis publiez de nouveau.',
      ),
    });
  });
});
