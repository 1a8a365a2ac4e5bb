// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import Toaster, { mountToaster } from '../../src/islands/Toaster';
import { $toasts, TOAST_REGION_ID } from '../../src/stores/toasts';
import { toast } from '../../src/islands/shared/toast';

/** jsdom has no layout, so no ResizeObserver: a stand-in that reports once, on observe. */
class FakeResizeObserver {
  constructor(private readonly callback: () => void) {}
  observe() {
    this.callback();
  }
  disconnect() {}
}

describe('Toaster island', () => {
  beforeAll(() => vi.stubGlobal('ResizeObserver', FakeResizeObserver));
  beforeEach(() => $toasts.set([]));
  afterEach(cleanup);

  it('is drawn into the page’s notice region on the first notice, showing that notice', async () => {
    const region = document.createElement('section');
    region.id = TOAST_REGION_ID;
    document.body.append(region);
    expect(region.childElementCount).toBe(0);
    toast({ title: 'Premier avis' });
    await waitFor(() =>
      expect(region.querySelector('[role="status"]')?.textContent).toBe('Premier avis'),
    );
    region.remove();
  });

  it('shows default notices as status and destructive ones as alert', () => {
    render(<Toaster />);
    act(() => {
      toast({ title: 'Message envoyé', description: 'Merci' });
      toast({ title: 'Erreur', variant: 'destructive' });
    });
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Message envoyéMerci');
    expect(screen.getByRole('alert').textContent).toContain('Erreur');
  });

  it('closes a notice with its button', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Bonjour' }));
    fireEvent.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('closes the newest notice on Escape, and gives the focus back where it was', async () => {
    const region = document.createElement('section');
    region.id = TOAST_REGION_ID;
    const before = document.createElement('button');
    document.body.append(before, region);
    act(() => {
      mountToaster(region);
      toast({ title: 'Ancien' });
      toast({ title: 'Récent' });
    });
    const close = await waitFor(() => {
      const buttons = region.querySelectorAll('button');
      expect(buttons).toHaveLength(2);
      return buttons[1];
    });
    before.focus();
    act(() => close.focus());
    act(() => void fireEvent.keyDown(document, { key: 'Escape' }));
    expect(region.textContent).toContain('Ancien');
    expect(region.textContent).not.toContain('Récent');
    expect(document.activeElement).toBe(before);
    region.remove();
    before.remove();
  });
});
