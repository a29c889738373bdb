import { memo } from 'react';
import { EFFECTS } from '../../effects/index.ts';
import { effectThumbnailKey } from '../../effects/thumbnail-keys.ts';
import { useAtomValue } from '../../ui/jotai.ts';
import { thumbnailsAtom } from '../../ui/atoms.ts';
import { SlashBreaks } from '../../ui/components/SlashBreaks.tsx';
import { Thumbnail } from '../../ui/components/Thumbnail.tsx';
import './EffectList.css';
import { useT } from '../../i18n/use-t.ts';

interface EffectListProps {
  selectedEffectId: string | null;
  /** The effects that are steps of the edit: choosing one opens its step. */
  inEdit: string;
  disabled: boolean;
  /** The photo as loaded: each tile shows it until its own thumbnail is made. */
  photoUrl?: string | null;
  onSelect: (effectId: string) => void;
  /** The mobile copy in the right sidebar uses `effect-mobile-<id>` test ids. */
  variant?: 'main' | 'mobile';
}

export const EffectList = memo(function EffectList({
  selectedEffectId,
  inEdit,
  disabled,
  photoUrl = null,
  onSelect,
  variant = 'main',
}: EffectListProps) {
  const prefix = variant === 'mobile' ? 'effect-mobile-' : 'effect-';
  const thumbnails = useAtomValue(thumbnailsAtom);
  const t = useT();
  const steps = new Set(inEdit.split(' '));
  return (
    <nav className="effect-list" aria-label={t('Effects')}>
      {/* On a phone the row speaks for itself: the heading is for screen readers. */}
      <h2 className={variant === 'mobile' ? 'panel-title visually-hidden' : 'panel-title'}>{t('Effects')}</h2>
      {/* On a phone the row scrolls sideways: focusable, so the keyboard can scroll it too. */}
      <ul tabIndex={variant === 'mobile' ? 0 : undefined}>
        {EFFECTS.map((effect) => (
          <li key={effect.id}>
            <button
              type="button"
              className="effect-item"
              data-testid={`${prefix}${effect.id}`}
              aria-pressed={selectedEffectId === effect.id}
              data-in-edit={steps.has(effect.id) ? 'true' : undefined}
              aria-description={steps.has(effect.id) ? t('In your edit: opens its step') : undefined}
              disabled={disabled}
              onClick={() => onSelect(effect.id)}
            >
              {/* The photo with this effect at its defaults, once the worker has made it; until then the
                  plain photo (never an empty box that looks broken). */}
              {thumbnails[effectThumbnailKey(effect.id)] ? (
                <Thumbnail
                  className="effect-thumb"
                  image={thumbnails[effectThumbnailKey(effect.id)]!}
                  testId={`thumb-${effect.id}`}
                />
              ) : photoUrl ? (
                <img className="effect-thumb thumb-photo" src={photoUrl} alt="" aria-hidden="true" />
              ) : (
                <span className="effect-thumb thumb-placeholder" aria-hidden="true" />
              )}
              <span className="effect-name">
                <SlashBreaks text={t(effect.name)} />
              </span>
              {steps.has(effect.id) && <span className="effect-in-edit" aria-hidden="true" />}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
});
