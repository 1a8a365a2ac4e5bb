import { Pause, Play } from 'lucide';
import LucideIcon from './LucideIcon';

interface Props {
  /** True while the motion is stopped: the button then offers to resume it. */
  stopped: boolean;
  onToggle: () => void;
  labels: { pause: string; play: string };
  className: string;
}

/** The pause/play button every auto-moving island offers (WCAG 2.2.2). */
export default function MotionToggle({ stopped, onToggle, labels, className }: Props) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={stopped ? labels.play : labels.pause}
      className={`grid size-11 shrink-0 place-items-center rounded-full ${className}`}
    >
      <LucideIcon icon={stopped ? Play : Pause} className="size-5" />
    </button>
  );
}
