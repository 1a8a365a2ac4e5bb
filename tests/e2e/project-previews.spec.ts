import { expect, test } from '@playwright/test';

// A project's preview (src/lib/art/project-preview.ts) is an SVG document of text drawn on shapes.
// Drawn in DejaVu Sans, the widest common face (what `system-ui` is on Linux, and a fallback where
// the face asked for, Georgia, is absent), every label stays on the shape it is written on.
test('every project preview keeps its text on its shapes, in DejaVu Sans', async ({
  page,
  request,
}) => {
  const listing = await (await request.get('/nos-realisations')).text();
  const previews = [...new Set(listing.match(/\/nos-realisations\/[\w-]+\.svg/g))];
  expect(previews.length).toBeGreaterThan(0);
  const overflowing: string[] = [];
  for (const preview of previews) {
    await page.goto(preview);
    overflowing.push(
      ...(await page.evaluate(() => {
        // Whatever face the label asks for, drawn in the widest a visitor's system may give it.
        const style = document.createElementNS('http://www.w3.org/2000/svg', 'style');
        style.textContent = 'text { font-family: "DejaVu Sans" !important }';
        document.documentElement.append(style);
        const out: string[] = [];
        const shapes: SVGRectElement[] = [];
        for (const element of document.querySelectorAll('rect, text')) {
          if (element instanceof SVGRectElement) {
            shapes.push(element);
            continue;
          }
          const text = element as SVGTextElement;
          const x = text.x.baseVal[0]?.value ?? 0;
          const y = text.y.baseVal[0]?.value ?? 0;
          // The shape the label is written on: the last one drawn before it under its start.
          const shape = shapes.findLast((rect) => {
            const box = rect.getBBox();
            return x >= box.x && x <= box.x + box.width && y >= box.y && y <= box.y + box.height;
          });
          if (!shape) continue;
          const box = shape.getBBox();
          const drawn = text.getBBox();
          if (drawn.x + drawn.width > box.x + box.width + 0.5)
            out.push(
              `${location.pathname}: « ${text.textContent} » runs ${Math.round(drawn.x + drawn.width - box.x - box.width)} px past its shape`,
            );
        }
        return out;
      })),
    );
  }
  expect(overflowing).toEqual([]);
});
