/**
 * The pseudo-locale's text: each message's words accented and padded about 30 % longer, its ICU syntax
 * (placeholders, plural and select keys, `#`) kept. A test that finds unaccented words on a page in the
 * pseudo-locale has found text outside the catalogues; the padding shows where long languages would break.
 */
const ACCENTS: Record<string, string> = {
  a: 'à',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'î',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ö',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'û',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Å',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Î',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ö',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Û',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

/** The characters pseudo-locale text is written in: a word with none of them came from elsewhere. */
export const PSEUDO_CHARACTERS = new Set(Object.values(ACCENTS));
/** What pads each message: a tilde-like letter no language of the app uses. */
export const PSEUDO_PAD = 'ͺ';

const PLURAL_TYPES = new Set(['plural', 'select', 'selectordinal']);

function accentAndPad(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  const accented = [...text].map((character) => ACCENTS[character] ?? character).join('');
  const letters = text.replace(/\s/g, '').length;
  return accented + PSEUDO_PAD.repeat(Math.ceil(letters * 0.3));
}

/** The pseudo-locale's version of an ICU message. */
export function pseudoMessage(message: string): string {
  let at = 0;

  // Literal text up to the end, or to the `}` that closes a plural branch; arguments copied or recursed.
  function body(inBranch: boolean): string {
    let out = '';
    let literal = '';
    const flush = () => {
      out += accentAndPad(literal);
      literal = '';
    };
    while (at < message.length) {
      const character = message[at]!;
      if (character === '}' && inBranch) break;
      if (character === '{') {
        flush();
        out += argument();
        continue;
      }
      if (character === '#' && inBranch) {
        flush();
        out += '#';
      } else literal += character;
      at++;
    }
    flush();
    return out;
  }

  function argument(): string {
    const start = at;
    at++; // '{'
    const head = /^\s*(\w+)\s*(?:,\s*(\w+)\s*)?(,|\})/.exec(message.slice(at));
    if (!head) throw new Error(`Unreadable ICU argument at ${start} in "${message}"`);
    if (!head[2] || !PLURAL_TYPES.has(head[2]) || head[3] === '}') {
      const end = message.indexOf('}', at);
      at = end + 1;
      return message.slice(start, at);
    }
    at += head[0].length;
    let out = message.slice(start, at);
    for (;;) {
      const key = /^\s*([^\s{}]+)\s*\{/.exec(message.slice(at));
      if (!key) break;
      out += key[0];
      at += key[0].length;
      out += body(true);
      out += '}';
      at++; // the branch's '}'
    }
    const close = /^\s*\}/.exec(message.slice(at));
    if (!close) throw new Error(`Unclosed ICU argument at ${start} in "${message}"`);
    at += close[0].length;
    return out + '}';
  }

  return body(false);
}
