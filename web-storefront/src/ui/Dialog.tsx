import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A native modal dialog: the browser traps focus and closes it on Escape; focus goes back to whatever
 * opened it. `variant="drawer"` slides it in from the reading start edge; `"wide"` holds a grid of cards.
 */
export function Dialog({ open, onClose, title, closeLabel, children, variant = 'dialog' }: { open: boolean; onClose(): void; title: string; closeLabel: string; children: ReactNode; variant?: 'dialog' | 'drawer' | 'wide' }) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`home-dialog home-${variant}`}
      aria-labelledby={titleId}
      onClose={() => {
        onClose();
        if (opener.current instanceof HTMLElement) opener.current.focus();
      }}
      // A click on the backdrop (the dialog element itself, outside its content) closes it.
      onClick={(event) => {
        if (event.target === ref.current) ref.current.close();
      }}
    >
      <div className="home-dialog-body">
        <div className="home-dialog-head">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="home-icon-button" onClick={() => ref.current?.close()} aria-label={closeLabel}>
            ×
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
