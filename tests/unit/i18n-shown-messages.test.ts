// Messages made where no language is known (the crop tool's frame, the engine's notice of the backends
// left, the .cube parser's refusals) as a message and its values, and key names, as the page shows them in
// another language.
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, t } from '../../src/i18n/i18n.ts';
import { asMessage, english, isMessage, msg, shownOf, type Shown } from '../../src/i18n/msg.ts';
import {
  APPLIED_TEMPLATE,
  CROP_FRAME_TEMPLATE,
  LOAD_IMAGE_FAILED_TEMPLATE,
  RECIPE_APPLIED_TEMPLATE,
  WORKER_ERROR_TEMPLATE,
  LEFT_ONE_CPU_TEMPLATE,
  LEFT_ONE_TEMPLATE,
  LEFT_TWO_CPU_TEMPLATE,
} from '../../src/i18n/templates.ts';
import { translate } from '../../src/i18n/translate-message.ts';
import { CubeFormatError, cubeTooLargeMessage, parseCube } from '../../src/grading/cube.ts';
import { ariaShortcut, findCommand, shortcutLabel } from '../../src/editor/commands.ts';
import { errorReceived } from '../../src/session/editor-state.ts';
import { refusal } from '../../src/engine/worker/refusals.ts';

afterEach(() => activateLocale('en'));

function cubeRefusal(text: string): Shown {
  try {
    parseCube(text);
  } catch (error) {
    if (error instanceof CubeFormatError) return error.shown;
    throw error;
  }
  throw new Error('the .cube file was taken');
}

describe('messages made as data, shown translated', () => {
  it('names the crop frame in the language of the page', async () => {
    await activateLocale('de');
    const label = msg(CROP_FRAME_TEMPLATE, { width: 768, height: 512, x: 0, y: 0 });
    expect(translate(label)).toBe('Zuschnittrahmen 768 × 512 Pixel, bei 0, 0');
  });

  it('says which backends were left in the language of the page', async () => {
    await activateLocale('de');
    expect(translate(msg(LEFT_ONE_TEMPLATE, { left: 'WebGPU', running: 'WebGL2' }))).toBe(
      'WebGPU hat auf diesem Gerät ein Testbild falsch gezeichnet, daher laufen die Effekte auf WebGL2.',
    );
    expect(translate(msg(LEFT_ONE_CPU_TEMPLATE, { left: 'WebGL2' }))).toBe(
      'WebGL2 hat auf diesem Gerät ein Testbild falsch gezeichnet, daher laufen die Effekte auf der CPU.',
    );
    expect(translate(msg(LEFT_TWO_CPU_TEMPLATE, { first: 'WebGPU', second: 'WebGL2' }))).toBe(
      'WebGPU und WebGL2 haben auf diesem Gerät ein Testbild falsch gezeichnet, daher laufen die Effekte auf der CPU.',
    );
  });

  it('gives every refusal of a .cube file in the language of the page, its values as data', async () => {
    const refusals = [
      cubeRefusal('LUT_3D_SIZE big\n'),
      cubeRefusal('LUT_3D_SIZE 2\n1 zero 0\n'),
      cubeRefusal('LUT_3D_SIZE 2\n0 0 0\nDOMAIN_MAX 1 1 1\n'),
      cubeRefusal('LUT_3D_SIZE 16.5\n'),
      cubeRefusal('LUT_3D_SIZE 129\n'),
      cubeRefusal('DOMAIN_MIN 0 0\nLUT_3D_SIZE 2\n'),
      cubeRefusal('LUT_3D_INPUT_RANGE 0\nLUT_3D_SIZE 2\n'),
      cubeRefusal('LUT_3D_SIZE 2\n1 0\n'),
      cubeRefusal(`LUT_3D_SIZE 2\n${'0 0 0\n'.repeat(9)}`),
      cubeRefusal('LUT_3D_SIZE 2\n0 0 0\n'),
      cubeRefusal('DOMAIN_MIN 1 0 0\nLUT_3D_SIZE 2\n' + '0 0 0\n'.repeat(8)),
      cubeRefusal('LUT_3D_SIZE 2\nLUT_3D_SIZE 2\n'),
      cubeRefusal('0 0 0\n'),
      cubeRefusal(''),
      cubeRefusal('LUT_1D_SIZE 2\n'),
      cubeTooLargeMessage(50 * 1024 * 1024),
    ];
    const englishTexts = refusals.map((refusal) => english(refusal));
    expect(new Set(englishTexts).size).toBe(refusals.length);
    expect(refusals.map((refusal) => translate(refusal))).toEqual(englishTexts);
    await activateLocale('de');
    const shown = refusals.map((refusal) => translate(refusal));
    shown.forEach((text, index) => expect(text, englishTexts[index]).not.toBe(englishTexts[index]));
    expect(shown[0]).toBe('Zeile 1 dieser .cube-Datei: LUT_3D_SIZE ‚big‘ ist keine Zahl.');
    expect(shown[1]).toBe('Zeile 2 dieser .cube-Datei: Der Wert ‚zero‘ ist keine Zahl.');
    expect(shown[15]).toBe(
      'Diese .cube-Datei ist zu groß (50,0 MB). Die größte unterstützte LUT (LUT_3D_SIZE 65) passt in 16 MB.',
    );
  });
});

describe('the error catalogue’s messages and the worker’s', () => {
  it('are shown translated, with a reason that is a message translated in turn', async () => {
    const malformed = refusal({ id: 3, type: 'applyEffect', junk: true });
    const lost = errorReceived({} as never, '').commands[0];
    // The worker's answer crosses as data: a message and its values, no English to read back.
    expect(malformed?.type === 'error' && isMessage(malformed.message)).toBe(true);
    await activateLocale('de');
    expect(translate(msg(APPLIED_TEMPLATE, { effect: asMessage('CCD') }))).toBe('CCD angewendet.');
    expect(translate(msg(APPLIED_TEMPLATE, { effect: asMessage('Vibrance') }))).toBe(
      `${t('Vibrance')} angewendet.`,
    );
    expect(translate(msg(RECIPE_APPLIED_TEMPLATE, { name: 'Party' }))).toBe(
      'Das Rezept „Party“ wurde angewendet.',
    );
    expect(malformed?.type === 'error' && translate(malformed.message)).toBe(
      'Die Bildverarbeitung ist fehlgeschlagen: die Effekt-Engine hat eine fehlerhafte applyEffect-Anfrage abgelehnt.',
    );
    expect(lost?.kind === 'notify' && translate(lost.message)).toBe('Unbekannter Fehler der Verarbeitung');
    expect(
      translate(
        msg(WORKER_ERROR_TEMPLATE, {
          message: asMessage('Worker script failed to load or execution error'),
        }),
      ),
    ).toBe(
      'Fehler der Verarbeitung: Das Skript der Verarbeitung wurde nicht geladen oder ist bei der Ausführung fehlgeschlagen',
    );
    // A browser's own text is data: the sentence around it is translated.
    const browser = 'NetworkError when attempting to fetch resource.';
    expect(translate(msg(LOAD_IMAGE_FAILED_TEMPLATE, { reason: shownOf(new Error(browser)) }))).toBe(
      `Das Bild konnte nicht geladen werden: ${browser}`,
    );
  });
});

describe('key names', () => {
  const redo = findCommand('redo')!.keys[0]!;
  const apply = findCommand('apply')!.keys[0]!;

  it('are shown as the language’s keyboards print them, and given to assistive technology untranslated', async () => {
    expect(shortcutLabel(redo, false, t)).toBe('Ctrl+Shift+Z');
    await activateLocale('de');
    expect(shortcutLabel(redo, false, t)).toBe('Strg+Umschalt+Z');
    expect(shortcutLabel(apply, false, t)).toBe('Eingabe');
    expect(shortcutLabel(redo, true, t)).toBe('⌘⇧Z');
    await activateLocale('fr');
    expect(shortcutLabel(redo, false, t)).toBe('Ctrl+Maj+Z');
    expect(ariaShortcut(redo, false)).toBe('Control+Shift+Z');
    expect(ariaShortcut(redo, true)).toBe('Meta+Shift+Z');
    expect(ariaShortcut(apply, false)).toBe('Enter');
  });
});
