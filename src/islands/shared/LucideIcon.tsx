import type { IconNode } from 'lucide';

interface Props {
  /** Icon data from the `lucide` package, e.g. `import { Menu } from 'lucide'`. */
  icon: IconNode;
  size?: number;
  className?: string;
}

/**
 * Draws a lucide icon inside a React island from the icon's plain data: no icon runtime in the
 * bundle (lucide-react's costs ~1.5 KB gzip on every page), its stroke settings in the `.icon` class
 * of global.css (as Icon.astro's). Always decorative (aria-hidden).
 */
export default function LucideIcon({ icon, size = 24, className }: Props) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      className={className ? `icon ${className}` : 'icon'}
      aria-hidden="true"
    >
      {icon.map(([tag, attrs], index) => {
        const Tag = tag as 'path';
        return <Tag key={index} {...attrs} />;
      })}
    </svg>
  );
}
