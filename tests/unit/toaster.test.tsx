// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Toaster from '../../src/islands/Toaster';
import { $toasts, toast } from '../../src/stores/toasts';

describe('Toaster island', () => {
  beforeEach(() => $toasts.set([]));
  afterEach(cleanup);

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
});
