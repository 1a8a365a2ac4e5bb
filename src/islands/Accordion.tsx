import { useId, useState } from 'react';
import { ChevronDown } from 'lucide-react';

interface Item {
  question: string;
  answer: string;
}

interface Props {
  items: Item[];
  /** Heading level of each question (h2 on a FAQ page, h3 inside a section). */
  headingLevel?: 2 | 3 | 4;
}

/**
 * Single-open, collapsible accordion (WAI-ARIA accordion pattern). Every answer is in the server HTML,
 * so crawlers and readers without JavaScript get them.
 */
export default function Accordion({ items, headingLevel = 3 }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const baseId = useId();
  const Heading = `h${headingLevel}` as const;

  return (
    <div className="divide-y divide-line rounded-card border border-line bg-white">
      {items.map((item, index) => {
        const expanded = open === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <div key={item.question}>
            <Heading className="m-0 text-base font-semibold">
              <button
                type="button"
                id={buttonId}
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : index)}
                className="flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left hover:bg-surface-alt"
              >
                <span>{item.question}</span>
                <ChevronDown
                  aria-hidden="true"
                  className={`size-5 shrink-0 text-accent-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              hidden={!expanded}
              className="px-5 pb-5 leading-relaxed text-muted"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
