/**
 * The text of /llms.txt (https://llmstxt.org): the site described for AI assistants, in Markdown —
 * `# Title`, `> summary`, a few lines, then `## Section` lists of `- [Title](absolute URL): one line`,
 * a line's details as sub-items. Built from the content by src/pages/llms.txt.ts.
 */

/** One page of the list; `details` are lines under it (the offers and prices a page shows). */
export interface LlmsLink {
  title: string;
  path: string;
  note?: string;
  details?: string[];
}

export interface LlmsSection {
  title: string;
  links: LlmsLink[];
}

/** Text on one line: line breaks and runs of spaces become one space (no-break spaces kept). */
const oneLine = (text: string) => text.replace(/[ \t\r\n]+/g, ' ').trim();

/** Square brackets would end a link's text early: they become parentheses. */
const linkText = (text: string) => oneLine(text).replace(/\[/g, '(').replace(/\]/g, ')');

/**
 * The llms.txt document; `site` makes every path absolute. A path listed twice fails: each page is
 * described once. Empty sections are left out.
 */
export function llmsTxt(doc: {
  title: string;
  summary: string;
  about: string[];
  sections: LlmsSection[];
  site: string | URL;
}): string {
  const seen = new Set<string>();
  const lines = [`# ${oneLine(doc.title)}`, '', `> ${oneLine(doc.summary)}`, ''];
  if (doc.about.length) lines.push(...doc.about.map(oneLine), '');
  for (const section of doc.sections) {
    if (!section.links.length) continue;
    lines.push(`## ${oneLine(section.title)}`, '');
    for (const { title, path, note, details = [] } of section.links) {
      if (seen.has(path)) throw new Error(`llms.txt: la page ${path} est listée deux fois.`);
      seen.add(path);
      const url = new URL(path, doc.site).href;
      lines.push(`- [${linkText(title)}](${url})${note ? `: ${oneLine(note)}` : ''}`);
      lines.push(...details.map((detail) => `  - ${oneLine(detail)}`));
    }
    lines.push('');
  }
  return lines.join('\n');
}
