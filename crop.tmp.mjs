import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { CHROMIUM_FLAGS, ensureChromium } from './scripts/lib/chromium.mjs';
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
const page = await browser.newPage();
for (const [name, y0, y1] of JSON.parse(process.argv[2])) {
  const a = readFileSync(`/tmp/budget/base/screenshots/${name}`).toString('base64');
  const b = readFileSync(`screenshots/${name}`).toString('base64');
  const out = await page.evaluate(async ([a, b, y0, y1]) => {
    const load = (s) => new Promise((res) => { const i = new Image(); i.onload = () => res(i); i.src = 'data:image/png;base64,' + s; });
    const [ia, ib] = await Promise.all([load(a), load(b)]);
    const c = document.createElement('canvas'); c.width = ia.width * 2 + 10; c.height = y1 - y0; const x = c.getContext('2d');
    x.drawImage(ia, 0, y0, ia.width, y1 - y0, 0, 0, ia.width, y1 - y0);
    x.drawImage(ib, 0, y0, ib.width, y1 - y0, ia.width + 10, 0, ib.width, y1 - y0);
    return c.toDataURL('image/png').split(',')[1];
  }, [a, b, y0, y1]);
  writeFileSync(`/tmp/budget/crop-${name}`, Buffer.from(out, 'base64'));
}
await browser.close();
