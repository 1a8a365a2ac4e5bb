import { useRef } from 'react';
import * as fr from '../lib/i18n/fr';
import { progressWidth, STEP_INTERVAL, useRotation } from './shared/cycle';
import MotionToggle from './shared/MotionToggle';

interface Step {
  label: string;
  title: string;
  description: string;
}

/**
 * "Automation in action": the active step cycles every 3 s and the progress bar fills to
 * (step + 1) × 33 %. Holds still on hover or focus, under reduced motion, or when paused.
 */
export default function AutomationSteps({ steps }: { steps: Step[] }) {
  const root = useRef<HTMLDivElement>(null);
  const { index, stopped, toggle, hold } = useRotation(steps.length, STEP_INTERVAL, root);
  return (
    <div ref={root} {...hold} className="rounded-card bg-white/5 p-4 ring-1 ring-white/15 sm:p-6">
      <ol className="flex flex-col gap-3">
        {steps.map((step, i) => (
          <li
            key={step.title}
            aria-current={i === index ? 'step' : undefined}
            className={`flex gap-4 rounded-xl p-4 transition-colors duration-500 ${
              i === index ? 'bg-white text-ink shadow-card' : 'text-accent-100'
            }`}
          >
            <span
              aria-hidden="true"
              className={`grid size-10 shrink-0 place-items-center rounded-full font-bold ${
                i === index ? 'bg-accent-700 text-white' : 'bg-white/10'
              }`}
            >
              {i + 1}
            </span>
            <div>
              <p
                className={`text-xs font-semibold tracking-wide uppercase ${i === index ? 'text-accent-700' : ''}`}
              >
                <span className="sr-only">{`${fr.automation.step(i + 1)} – `}</span>
                {step.label}
              </p>
              <h3 className="mt-1 font-semibold">{step.title}</h3>
              <p className={`mt-1 text-sm ${i === index ? 'text-muted' : ''}`}>
                {step.description}
              </p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-5 flex items-center gap-4">
        <div className="h-2 flex-1 overflow-hidden rounded-full bg-white/15" aria-hidden="true">
          <div
            data-progress
            className="h-full rounded-full bg-accent-300 transition-[width] duration-700"
            style={{ width: `${progressWidth(index)}%` }}
          />
        </div>
        <MotionToggle
          stopped={stopped}
          onToggle={toggle}
          labels={fr.automation}
          className="bg-white/10 text-white hover:bg-white/20"
        />
      </div>
    </div>
  );
}
