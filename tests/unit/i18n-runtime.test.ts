// The visit's language and what the messages say in it: plurals, numbers, the intake's messages made in
// English and translated where shown.
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale, t } from '../../src/i18n/i18n.ts';
import { chooseLocale, isRtl, matchLocale } from '../../src/i18n/locales.ts';
import { english, msg } from '../../src/i18n/msg.ts';
import { translate } from '../../src/i18n/translate-message.ts';
import { RECIPE_OFFERED_TEMPLATE, RECIPE_SAVED_TEMPLATE } from '../../src/i18n/templates.ts';
import { MAX_UPLOAD_BYTES, tooLargeMessage, tooManyPixelsMessage } from '../../src/intake/messages.ts';
import { photoCount } from '../../src/editor/batch.ts';
import { checkRecipe } from '../../src/recipes/model/parse.ts';

const PHOTOS = '{count, plural, one {# photo} other {# photos}}';

afterEach(() => activateLocale('en'));

describe('choosing the language', () => {
  it('matches a browser tag to a UI language by its language when the region is not one', () => {
    expect(matchLocale('de-AT')).toBe('de');
    expect(matchLocale('pt')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('zh')).toBe('zh-CN');
    expect(matchLocale('zh-Hans-SG')).toBe('zh-CN');
    expect(matchLocale('zh-TW')).toBeNull();
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('sv')).toBeNull();
    expect(matchLocale('EN-xa')).toBe('en-XA');
  });

  it('?lang= first, then the kept choice, then the first browser language the app has, else English', () => {
    expect(chooseLocale({ query: 'fr', stored: 'de', browser: ['ja'] })).toBe('fr');
    expect(chooseLocale({ query: 'xx', stored: 'de', browser: ['ja'] })).toBe('de');
    expect(chooseLocale({ query: null, stored: null, browser: ['sv-SE', 'zh-TW', 'ko-KR'] })).toBe('ko');
    expect(chooseLocale({ query: null, stored: null, browser: ['sv'] })).toBe('en');
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('de')).toBe(false);
  });
});

describe('messages with numbers', () => {
  it('counts photos in each language: 1 Foto, 2 Fotos', async () => {
    expect([1, 2].map((count) => t(PHOTOS, { count }))).toEqual(['1 photo', '2 photos']);
    expect(translate(photoCount(1))).toBe('1 photo');
    expect(
      t("{count, plural, one {and # more for ''Apply to all''} other {and # more for ''Apply to all''}}", {
        count: 1,
      }),
    ).toBe("and 1 more for 'Apply to all'");
    await activateLocale('de');
    expect([1, 2].map((count) => t(PHOTOS, { count }))).toEqual(['1 Foto', '2 Fotos']);
    expect(translate(photoCount(2))).toBe('2 Fotos');
    await activateLocale('fr');
    expect([1, 2].map((count) => t(PHOTOS, { count }))).toEqual(['1 photo', '2 photos']);
    await activateLocale('ja');
    expect(t(PHOTOS, { count: 2 })).toBe('2 枚の写真');
  });

  it('has Arabic’s six plural forms', async () => {
    await activateLocale('ar');
    const forms = [0, 1, 2, 3, 11, 100].map((count) => t(PHOTOS, { count }));
    expect(new Set(forms).size).toBe(forms.length);
    expect(forms[1]).toBe('صورة واحدة');
    expect(forms[2]).toBe('صورتان');
  });

  it('translates the intake’s messages where they are shown, numbers written as the language does', async () => {
    const message = tooLargeMessage(MAX_UPLOAD_BYTES * 1.025);
    expect(english(message)).toBe('File is too large (20.50MB). Maximum size is 20MB.');
    expect(translate(message)).toBe('File is too large (20.50MB). Maximum size is 20MB.');
    await activateLocale('de');
    expect(translate(message)).toBe('Die Datei ist zu groß (20,50 MB). Höchstens 20 MB.');
    expect(translate(tooManyPixelsMessage({ width: 12000, height: 10500 }))).toBe(
      'Das Bild ist zu groß (12000×10500 Pixel, 126,0 Megapixel). Höchstens 120 Megapixel.',
    );
    expect(translate('No file selected.')).toBe('Keine Datei ausgewählt.');
    // Text no catalogue has is shown as it is.
    expect(translate('kodim23.png')).toBe('kodim23.png');
  });

  it('leaves a value that is text as it is: a recipe named 1.5 is announced as 1.5 in German', async () => {
    await activateLocale('de');
    const offered = translate(msg(RECIPE_OFFERED_TEMPLATE, { name: '1.5' }));
    expect(offered).toContain('„1.5“');
    expect(offered).not.toContain('1,5');
    expect(translate(msg(RECIPE_SAVED_TEMPLATE, { name: '2.000' }))).toBe(
      t(RECIPE_SAVED_TEMPLATE, { name: '2.000' }),
    );
    // A number is a number: written as the language writes it.
    expect(translate(msg(RECIPE_SAVED_TEMPLATE, { name: 1.5 }))).toContain('1,5');
  });

  it('translates a recipe’s refusal with its reason, the recipe’s name left as the user wrote it', async () => {
    const refused = checkRecipe({
      schema: 'retrocam.recipe',
      version: 1,
      name: 'Delete',
      steps: [{ effectId: 'no-such-effect' }],
    });
    if (refused.ok) throw new Error('a recipe of an unknown effect was taken');
    // The name is user text inside the sentence: as typed, never translated; isolated (FSI ... PDI) only
    // where its direction differs from the language's.
    expect(translate(refused.message)).toBe(
      'The recipe "Delete", step 1: it uses an effect this RetroCam does not have ("no-such-effect").',
    );
    await activateLocale('de');
    expect(translate(refused.message)).toBe(
      'Das Rezept „Delete“, Schritt 1: er verwendet einen Effekt, den dieses RetroCam nicht hat („no-such-effect“).',
    );
    await activateLocale('ar');
    expect(translate(refused.message)).toContain('\u2068Delete\u2069');
    expect(translate(refused.message)).not.toContain('Delete\u2069\u2069');
  });

  it('shows a recipe name that reads like the sentence around it whole, the reason translated', async () => {
    const name = 'Party", step 9: it names no effect. 1.5';
    const refused = checkRecipe({
      schema: 'retrocam.recipe',
      version: 1,
      name,
      steps: [{ settings: {} }],
    });
    if (refused.ok) throw new Error('a step without an effect was taken');
    await activateLocale('de');
    expect(translate(refused.message)).toBe(`Das Rezept „${name}“, Schritt 1: ${t('it names no effect.')}`);
    expect(t('it names no effect.')).not.toBe('it names no effect.');
  });
});
