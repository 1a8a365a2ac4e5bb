interface FaqCategory {
  questions: { question: string; answer: string }[];
}

/** schema.org FAQPage built from FAQ categories (the same entries the page shows). */
export function faqPageJsonLd(categories: FaqCategory[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: categories.flatMap((category) =>
      category.questions.map(({ question, answer }) => ({
        '@type': 'Question',
        name: question,
        acceptedAnswer: { '@type': 'Answer', text: answer },
      })),
    ),
  };
}
