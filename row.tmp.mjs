import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { CHROMIUM_FLAGS, ensureChromium } from './scripts/lib/chromium.mjs';
const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_FLAGS });
const page = await browser.newPage();
const name = process.argv[2];
const a = readFileSync(`/tmp/budget/base/screenshots/${name}`).toString('base64');
const b = readFileSync(`screenshots/${name}`).toString('base64');
console.log(await page.evaluate(async ([a, b]) => {
  const load = (s) => new Promise((res) => { const i = new Image(); i.onload = () => res(i); i.src = 'data:image/png;base64,' + s; });
  const [ia, ib] = await Promise.all([load(a), load(b)]);
  const px = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height; const x = c.getContext('2d'); x.drawImage(img, 0, 0); return x.getImageData(0, 0, img.width, img.height).data; };
  const da = px(ia), db = px(ib);
  for (let i = 0; i < Math.min(da.length, db.length); i += 4) if (Math.abs(da[i]-db[i]) + Math.abs(da[i+1]-db[i+1]) + Math.abs(da[i+2]-db[i+2]) > 30) return 'first diff row ' + Math.floor(i / 4 / ia.width);
  return 'none';
}, [a, b]));
await browser.close();
