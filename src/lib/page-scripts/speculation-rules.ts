/**
 * The site's speculation rules, served as /speculation-rules.json (src/pages/speculation-rules.json.ts)
 * and named by the `Speculation-Rules` header of every response (public/_headers): a same-origin page
 * is prerendered when the visitor hovers its link or starts touching it (`moderate` eagerness), so the
 * next page is shown at once. Never speculated: the editor (/admin), the newsletter link result pages
 * (a visit there confirms or unsubscribes) and links that bring the visitor to the booking widget (a
 * fragment such as #calendly, or a slot's `consultation=`). Browsers without the feature ignore the
 * header. A header rather than an inline script: no byte added to any page's first round trip.
 * Why: docs/decisions/performance.md#next-page-speculation-rules-by-header-prerender-on-hover.
 */
export const SPECULATION_RULES = {
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/admin', '/admin/*', '/newsletter/*'] } },
          { not: { selector_matches: '[href*="#"], [href*="consultation="]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
} as const;

/** The rules as the script's text. */
export const speculationRulesJson = (): string => JSON.stringify(SPECULATION_RULES);
