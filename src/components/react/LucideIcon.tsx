import type { IconNode } from 'lucide';

interface Props {
  /** Icon data from the `lucide` package, e.g. `import { Menu } from 'lucide'`. */
  icon: IconNode;
  size?: number;
  className?: string;
}

/**
 * Draws a lucide icon inside a React island from the icon's plain data: no icon runtime in the
 * bundle (lucide-react's costs ~1.5 KB gzip on every page). Always decorative (aria-hidden).
 */
export default function LucideIcon({ icon, size = 24, className }: Props) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {icon.map(([tag, attrs], index) => {
        const Tag = tag as 'path';
        return <Tag key={index} {...attrs} />;
      })}
    </svg>
  );
}
