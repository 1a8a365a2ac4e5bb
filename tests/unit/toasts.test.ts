import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, TOAST_DURATION, dismissToast, holdToasts, toast } from '../../src/stores/toasts';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('adds notices in order, default variant unless destructive', () => {
    toast({ title: 'Un' });
    toast({ title: 'Deux', description: 'Détail', variant: 'destructive' });
    expect($toasts.get().map(({ title, variant }) => [title, variant])).toEqual([
      ['Un', 'default'],
      ['Deux', 'destructive'],
    ]);
  });

  it('dismisses a notice by id, and automatically after TOAST_DURATION', () => {
    const first = toast({ title: 'Un' });
    toast({ title: 'Deux' });
    dismissToast(first);
    expect($toasts.get().map((item) => item.title)).toEqual(['Deux']);
    vi.advanceTimersByTime(TOAST_DURATION - 1);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps notices while hovered or focused, then gives them their time left', () => {
    toast({ title: 'Un' });
    vi.advanceTimersByTime(TOAST_DURATION - 1000);
    holdToasts('hover', true);
    toast({ title: 'Deux' });
    vi.advanceTimersByTime(TOAST_DURATION * 5);
    expect($toasts.get()).toHaveLength(2);
    holdToasts('focus', true);
    holdToasts('hover', false); // still focused
    vi.advanceTimersByTime(TOAST_DURATION * 5);
    expect($toasts.get()).toHaveLength(2);
    holdToasts('focus', false);
    vi.advanceTimersByTime(999);
    expect($toasts.get().map((item) => item.title)).toEqual(['Un', 'Deux']);
    vi.advanceTimersByTime(1);
    expect($toasts.get().map((item) => item.title)).toEqual(['Deux']);
    vi.advanceTimersByTime(TOAST_DURATION - 1000);
    expect($toasts.get()).toHaveLength(0);
  });
});
