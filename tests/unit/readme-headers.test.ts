// The README's hosting section lists the headers the preview server sends, word for word, so that any
// host can send the same: the two must not drift apart.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS } from '../../security-headers.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

describe('the hosting headers in the README', () => {
  it('lists every header the server sends, with its exact value, and no other', () => {
    const block = /```\n(Content-Security-Policy:[\s\S]*?)\n```/.exec(readme)?.[1];
    expect(block, 'a code block of headers in the README').toBeDefined();
    const listed = Object.fromEntries(
      (block ?? '').split('\n').map((line) => {
        const colon = line.indexOf(': ');
        return [line.slice(0, colon), line.slice(colon + 2)];
      }),
    );
    expect(listed).toEqual(SECURITY_HEADERS);
  });
});
