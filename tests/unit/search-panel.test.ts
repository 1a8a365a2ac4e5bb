// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { closePanelOnEscape } from '../../src/lib/search/ui';

describe('search panel', () => {
  it('closes on Escape from its field, which WebKit’s search input keeps to itself', () => {
    document.body.innerHTML = `<div id="panel" popover><form data-search><input type="search" name="q" value="site"></form></div>`;
    const panel = document.getElementById('panel')!;
    const hide = vi.fn<() => void>();
    panel.hidePopover = hide;
    const form = panel.querySelector('form')!;
    closePanelOnEscape(form);
    const press = (key: string) =>
      form
        .querySelector('input')!
        .dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    press('a');
    expect(hide).not.toHaveBeenCalled();
    press('Escape');
    expect(hide).toHaveBeenCalledOnce();
  });
});
