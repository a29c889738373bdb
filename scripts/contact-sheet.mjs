// `npm run contact-sheet`: every effect at its defaults and every Filters look on one Kodak photo, in one
// labelled PNG (contact-sheet/contact-sheet.png), and a reduced copy for the README (docs/contact-sheet.jpg).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { withPage } from './with-page.mjs';

const photo = process.argv[2] ?? 'tests/fixtures/kodak/kodim23.png';
const engine = process.argv[3] ?? 'webgpu';
const data = readFileSync(new URL(`../${photo}`, import.meta.url)).toString('base64');

const result = await withPage('/tests/gpu/contact-sheet.html', 5176, (page) =>
  page.evaluate(([engine, data]) => window.contactSheet.render(engine, data), [engine, data]),
);
mkdirSync(new URL('../contact-sheet/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../contact-sheet/contact-sheet.png', import.meta.url),
  Buffer.from(result.full, 'base64'),
);
writeFileSync(new URL('../docs/contact-sheet.jpg', import.meta.url), Buffer.from(result.reduced, 'base64'));
console.log(`${result.count} looks: contact-sheet/contact-sheet.png and docs/contact-sheet.jpg`);
