// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import AutomationSteps from '../../src/islands/AutomationSteps';
import { nextIndex, progressWidth, STEP_INTERVAL } from '../../src/islands/shared/cycle';
import * as fr from '../../src/lib/i18n/fr';

const steps = ['Déclencheur', 'Analyse IA', 'Action'].map((label, i) => ({
  label,
  title: `Étape numéro ${i + 1}`,
  description: `Description ${i + 1}`,
}));

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce') }));
}

const active = () => document.querySelector('[aria-current="step"] h3')?.textContent;
const width = () => (document.querySelector('[data-progress]') as HTMLElement).style.width;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  mockReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('step helpers', () => {
  it('progress width is (step + 1) × 33 %', () => {
    expect([0, 1, 2].map(progressWidth)).toEqual([33, 66, 99]);
  });
  it('wraps around after the last step', () => {
    expect(nextIndex(2, 3)).toBe(0);
    expect(nextIndex(0, 3)).toBe(1);
  });
});

describe('AutomationSteps', () => {
  it('starts on step 1 with a 33 % bar', () => {
    render(<AutomationSteps steps={steps} />);
    expect(active()).toBe('Étape numéro 1');
    expect(width()).toBe('33%');
  });

  it('advances every 3000 ms and wraps back to the first step', () => {
    render(<AutomationSteps steps={steps} />);
    expect(STEP_INTERVAL).toBe(3000);
    tick(2999);
    expect(active()).toBe('Étape numéro 1');
    tick(1);
    expect(active()).toBe('Étape numéro 2');
    expect(width()).toBe('66%');
    tick(3000);
    expect(active()).toBe('Étape numéro 3');
    expect(width()).toBe('99%');
    tick(3000);
    expect(active()).toBe('Étape numéro 1');
    expect(width()).toBe('33%');
  });

  it('holds still while hovered and resumes when the pointer leaves', () => {
    const { container } = render(<AutomationSteps steps={steps} />);
    const panel = container.firstElementChild!;
    fireEvent.mouseEnter(panel);
    tick(9000);
    expect(active()).toBe('Étape numéro 1');
    fireEvent.mouseLeave(panel);
    tick(3000);
    expect(active()).toBe('Étape numéro 2');
  });

  it('stops and restarts with its pause button', () => {
    render(<AutomationSteps steps={steps} />);
    fireEvent.click(screen.getByRole('button', { name: fr.automation.pause }));
    tick(9000);
    expect(active()).toBe('Étape numéro 1');
    const play = screen.getByRole('button', { name: fr.automation.play });
    fireEvent.click(play);
    fireEvent.blur(play);
    tick(3000);
    expect(active()).toBe('Étape numéro 2');
  });

  it('does not advance under prefers-reduced-motion', () => {
    mockReducedMotion(true);
    render(<AutomationSteps steps={steps} />);
    tick(12000);
    expect(active()).toBe('Étape numéro 1');
    expect(screen.getByRole('button', { name: fr.automation.play })).toBeTruthy();
  });
});
