import { chromium } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { CHROMIUM_FLAGS, ensureChromium } from './scripts/lib/chromium.mjs';
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
const page = await browser.newPage();
for (const name of readdirSync('/tmp/budget/base/screenshots')) {
  const a = readFileSync(`/tmp/budget/base/screenshots/${name}`).toString('base64');
  const b = readFileSync(`screenshots/${name}`).toString('base64');
  const r = await page.evaluate(async ([a, b]) => {
    const load = (s) => new Promise((res) => { const i = new Image(); i.onload = () => res(i); i.src = 'data:image/png;base64,' + s; });
    const [ia, ib] = await Promise.all([load(a), load(b)]);
    if (ia.width !== ib.width || ia.height !== ib.height) return `size ${ia.width}x${ia.height} vs ${ib.width}x${ib.height}`;
    const px = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const x = c.getContext('2d'); x.drawImage(img, 0, 0); return x.getImageData(0, 0, img.width, img.height).data; };
    const da = px(ia), db = px(ib); let diff = 0, minY = 1e9, maxY = -1;
    for (let i = 0; i < da.length; i += 4) if (Math.abs(da[i]-db[i]) + Math.abs(da[i+1]-db[i+1]) + Math.abs(da[i+2]-db[i+2]) > 30) { diff++; const y = Math.floor(i / 4 / ia.width); minY = Math.min(minY, y); maxY = Math.max(maxY, y); }
    return diff ? `${diff} px differ (rows ${minY}-${maxY})` : 'identical';
  }, [a, b]);
  console.log(name, r);
}
await browser.close();
