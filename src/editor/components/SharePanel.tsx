import { useEffect, useRef } from 'react';
import { shareLinkAtom } from '../../ui/share.ts';
import { useAtomValue, useSetAtom } from '../../ui/jotai.ts';
import { useT } from '../../i18n/use-t.ts';
import './SharePanel.css';

/**
 * The link last shared, in a read-only field the user can copy by hand (a clipboard refused, a private
 * window): shown after every share, until closed (Escape or Close).
 */
export function SharePanel() {
  const t = useT();
  const shared = useAtomValue(shareLinkAtom);
  const setShared = useSetAtom(shareLinkAtom);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (shared) field.current?.select();
  }, [shared]);
  if (!shared) return null;
  const close = () => setShared(null);
  return (
    <section
      className="share-panel"
      aria-label={t('Link to share')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          close();
        }
      }}
    >
      <label className="share-label">
        {t('Link to “{name}”', { name: shared.title })}
        <input
          ref={field}
          className="share-link"
          data-testid="share-link"
          readOnly
          value={shared.url}
          onFocus={(event) => event.currentTarget.select()}
        />
      </label>
      <button type="button" className="button" data-testid="share-close" onClick={close}>
        {t('Close')}
      </button>
    </section>
  );
}
