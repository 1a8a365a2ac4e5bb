import { useId, useState, type MouseEvent } from 'react';
import { ChevronDown } from 'lucide';
import LucideIcon from '../components/react/LucideIcon';

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
 * Single-open, collapsible accordion built on `<details name>`: without JavaScript the browser itself
 * keeps one item open at a time; once hydrated, React owns the open item. Every answer is in the
 * server HTML for crawlers and readers without JavaScript.
 */
export default function Accordion({ items, headingLevel = 3 }: Props) {
  const [open, setOpen] = useState<number | null>(null);
  const group = useId();
  const Heading = `h${headingLevel}` as const;

  const toggle = (index: number) => (event: MouseEvent) => {
    event.preventDefault();
    setOpen((current) => (current === index ? null : index));
  };

  return (
    <div className="divide-y divide-line rounded-card border border-line bg-white">
      {items.map((item, index) => (
        <details key={item.question} name={group} open={open === index} className="group">
          <summary
            onClick={toggle(index)}
            className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left hover:bg-surface-alt [&::-webkit-details-marker]:hidden"
          >
            <Heading className="m-0 text-base font-semibold">{item.question}</Heading>
            <LucideIcon
              icon={ChevronDown}
              className="size-5 shrink-0 text-accent-700 transition-transform group-open:rotate-180"
            />
          </summary>
          <div className="px-5 pb-5 leading-relaxed text-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
