/**
 * The collage's texts: the user's (added, styled, edited, deleted) and a preset's. Each keeps its style at
 * scale factor 1 in its role and carries it times the scale factor, so it keeps its look when the canvas
 * is resized; fonts load on demand and the text reflows when its font has come.
 */
import { cache, Textbox, type FabricObject, type IText } from 'fabric';
import {
  BASE_TEXT_WIDTH,
  clampTextSize,
  DEFAULT_TEXT,
  DEFAULT_TEXT_STROKE_OPACITY,
  DEFAULT_TEXT_STYLE,
  limitText,
  PRESET_TEXT_DEFAULTS,
  withOpacity,
} from '../../model/slot-layout.ts';
import type { PresetText, TextStyle } from '../../model/types.ts';
import { loadCollageFont } from './font-faces.ts';
import { t } from '../../../i18n/i18n.ts';
import { ACCENT, HANDLES, type Scene, type TextRole } from './scene.ts';

export class Texts {
  constructor(private readonly scene: Scene) {}

  /** A new text of the user's, selected. */
  add(): void {
    const { canvas, size, scale } = this.scene;
    const role: TextRole = {
      kind: 'text',
      style: { ...DEFAULT_TEXT_STYLE },
      strokeOpacity: DEFAULT_TEXT_STROKE_OPACITY,
      width: BASE_TEXT_WIDTH,
      presetTextId: null,
      deletable: true,
    };
    // Each new text a little lower than the last, so they do not hide each other.
    const count = this.scene.objectsOf('text').length;
    const top = size.height / 2 + ((count * 28 * scale) % (size.height / 3));
    // In the language of the moment: from then on it is the user's text.
    const text = this.create(t(DEFAULT_TEXT), role, size.width / 2, top, true, true);
    this.scene.insert([text]);
    canvas.setActiveObject(text);
    canvas.requestRenderAll();
    this.scene.emitSelection();
  }

  addPreset(def: PresetText): void {
    const role: TextRole = {
      kind: 'text',
      style: {
        fontFamily: def.fontFamily ?? PRESET_TEXT_DEFAULTS.fontFamily,
        fontSize: def.fontSize ?? PRESET_TEXT_DEFAULTS.fontSize,
        fill: def.fill ?? PRESET_TEXT_DEFAULTS.fill,
        fontWeight: def.fontWeight ?? 'normal',
        fontStyle: def.fontStyle ?? 'normal',
        underline: def.underline ?? false,
        textAlign: def.textAlign ?? 'center',
        stroke: def.stroke ?? '#000000',
        strokeWidth: def.strokeWidth ?? 1,
        strokeEnabled: def.strokeEnabled ?? false,
      },
      strokeOpacity: 1,
      width: BASE_TEXT_WIDTH,
      presetTextId: def.id,
      deletable: false,
    };
    const text = this.create(
      t(def.text),
      role,
      def.x * this.scene.size.width,
      def.y * this.scene.size.height,
      def.selectable ?? true,
      def.editable ?? true,
    );
    this.scene.insert([text]);
  }

  /** The canvas was resized by rx, ry: the text keeps its place relative to the canvas, and its style. */
  rescale(text: FabricObject, role: TextRole, rx: number, ry: number): void {
    text.set({ left: (text.left ?? 0) * rx, top: (text.top ?? 0) * ry });
    this.applyStyle(text as Textbox, role);
  }

  setStyle(text: FabricObject, role: TextRole, patch: Partial<TextStyle>): void {
    role.style = { ...role.style, ...patch, fontSize: clampTextSize(patch.fontSize ?? role.style.fontSize) };
    // A colour the user picks for the outline is drawn as picked.
    if (patch.stroke !== undefined) role.strokeOpacity = 1;
    this.applyStyle(text as Textbox, role);
  }

  /** Replaces the text's words, held to the panel field's length; false when it is not editable. */
  setText(text: FabricObject, content: string): boolean {
    if (!(text as Textbox).editable) return false;
    (text as Textbox).set({ text: limitText(content) });
    (text as Textbox).initDimensions();
    text.setCoords();
    return true;
  }

  /** Typed or pasted on the canvas: held to the same length as the panel's field. */
  limit(target: IText): void {
    const limited = limitText(target.text);
    if (limited !== target.text) {
      target.set({ text: limited });
      target.selectionStart = target.selectionEnd = limited.length;
      target.initDimensions();
      this.scene.canvas.requestRenderAll();
    }
  }

  /** A text was moved, scaled or resized by its handles. */
  modified(text: FabricObject, role: TextRole): void {
    const scale = this.scene.scale;
    if (text.scaleX !== 1 || text.scaleY !== 1) {
      // Handles scale a text; fold that into its size so it stays crisp and the panel shows it.
      role.style = { ...role.style, fontSize: clampTextSize(role.style.fontSize * text.scaleY || 1) };
      role.width = Math.max(20, (text.width * text.scaleX) / scale);
      this.applyStyle(text as Textbox, role);
    } else {
      role.width = text.width / scale;
    }
  }

  private create(
    content: string,
    role: TextRole,
    x: number,
    y: number,
    selectable: boolean,
    editable: boolean,
  ): Textbox {
    const text = new Textbox(content, {
      originX: 'center',
      originY: 'center',
      left: x,
      top: y,
      selectable,
      evented: selectable,
      editable,
      lockScalingFlip: true,
      lockSkewingX: true,
      lockSkewingY: true,
      editingBorderColor: ACCENT,
      cursorColor: ACCENT,
      ...HANDLES,
    });
    this.scene.setRole(text, role);
    this.applyStyle(text, role);
    return text;
  }

  /** Gives the text object its style times the scale factor, and reflows it once its font has loaded. */
  private applyStyle(text: Textbox, role: TextRole): void {
    const scene = this.scene;
    const scale = scene.scale;
    const { style } = role;
    text.set({
      fontFamily: style.fontFamily,
      fontSize: style.fontSize * scale,
      width: role.width * scale,
      fill: style.fill,
      fontWeight: style.fontWeight,
      fontStyle: style.fontStyle,
      underline: style.underline,
      textAlign: style.textAlign,
      stroke: withOpacity(style.stroke, role.strokeOpacity),
      strokeWidth: style.strokeEnabled ? style.strokeWidth * scale : 0,
      scaleX: 1,
      scaleY: 1,
    });
    text.initDimensions();
    text.setCoords();
    const family = style.fontFamily;
    void scene.track(
      loadCollageFont(family, style.fontWeight === 'bold' ? '700' : '400', style.fontStyle).then((loaded) => {
        if (!loaded || scene.disposed || text.fontFamily !== family) return;
        // fabric keeps glyph widths per family; those measured with a fallback font are wrong now.
        cache.clearFontCache(family);
        text.initDimensions();
        text.setCoords();
        text.set({ dirty: true });
        scene.canvas.requestRenderAll();
      }),
    );
  }
}
