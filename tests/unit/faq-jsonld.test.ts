import { describe, expect, it } from 'vitest';
import { faqPageJsonLd } from '../../src/lib/seo/faq-jsonld';

describe('faqPageJsonLd', () => {
  it('lists every question of every category with its answer', () => {
    const data = faqPageJsonLd([
      { questions: [{ question: 'Q1 ?', answer: 'R1' }] },
      {
        questions: [
          { question: 'Q2 ?', answer: 'R2' },
          { question: 'Q3 ?', answer: 'R3' },
        ],
      },
    ]);
    expect(data['@type']).toBe('FAQPage');
    expect(data.mainEntity.map((q) => q.name)).toEqual(['Q1 ?', 'Q2 ?', 'Q3 ?']);
    expect(data.mainEntity[2].acceptedAnswer).toEqual({ '@type': 'Answer', text: 'R3' });
  });
});
