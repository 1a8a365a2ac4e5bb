import { describe, expect, it } from 'vitest';
import { createContentErrorSink, overlayPage } from '../../src/integrations/content-errors';

describe('content errors in the dev server', () => {
  it('sends each reported error to the overlay and keeps it until its file is fixed', () => {
    const sent: string[] = [];
    const sink = createContentErrorSink({ send: (error) => sent.push(error.message) });
    expect(sink.current()).toBeUndefined();
    sink.report('a.yaml', 'a.yaml — champ « price » : manque.');
    sink.report('b.md', 'b.md : YAML cassé.');
    expect(sent).toEqual([
      'a.yaml — champ « price » : manque.',
      'a.yaml — champ « price » : manque.\nb.md : YAML cassé.',
    ]);
    sink.clear('a.yaml');
    expect(sink.current()).toBe('b.md : YAML cassé.');
    sink.clear('b.md');
    expect(sink.current()).toBeUndefined();
  });

  it('serves a page that opens the overlay and shows the message as text, escaped', () => {
    const page = overlayPage('x.md — champ « title » : <b>vide</b>.');
    expect(page).toContain("import { ErrorOverlay } from '/@vite/client'");
    expect(page).toContain('"message":"x.md — champ « title » : \\u003cb>vide\\u003c/b>."');
    expect(page).toContain(
      '<pre style="white-space:pre-wrap">x.md — champ « title » : &lt;b&gt;vide&lt;/b&gt;.</pre>',
    );
  });
});
