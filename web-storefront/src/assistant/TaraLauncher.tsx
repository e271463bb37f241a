import { lazy, Suspense, useState } from 'react';
import { savesData } from '../saveData';
import { openTara, useTara } from './taraStore';
import './launcher.css';

const loadWidget = () => import('./TaraWidget');
const TaraWidget = lazy(loadWidget);
/** Pointing at or focusing Tara fetches her code ahead of the click, unless the visitor is saving data (savesData). */
const loadAhead = () => {
  if (!savesData()) void loadWidget();
};

/**
 * The round avatar button at the bottom end corner of every page (bottom right, bottom left in Arabic). Only this
 * and the store ship with the page: the widget's code is fetched when the buyer first opens Tara (or points at her).
 */
export function TaraLauncher({ label }: { label: string }) {
  const tara = useTara();
  // Once opened, the widget stays mounted, so the conversation outlives closing it.
  const [wanted, setWanted] = useState(false);
  if (tara.open && !wanted) setWanted(true);
  return (
    <>
      {/* Kept while the dialog is open (it covers it), so focus can come back to it; the minimized bar takes its place. */}
      <button type="button" className="tara-launcher" hidden={tara.open && tara.minimized} aria-haspopup="dialog" aria-label={label} title={label} onPointerEnter={loadAhead} onFocus={loadAhead} onClick={() => openTara({ entry: 'widget' })}>
        <span aria-hidden="true">T</span>
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <TaraWidget />
        </Suspense>
      ) : null}
    </>
  );
}
