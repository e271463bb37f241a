import { useEffect, useId, useRef } from 'react';
import { useT } from '../i18n';
import { submissionMessages } from './messages';
import { useToast } from './Toast';
import { apiMessages } from '../api/messages';
import { slotLabel } from './slotLabel';

export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;

export interface PhotoSlotDefinition {
  slot: string;
  /** The domain's English label, shown translated. */
  label: string;
}

export interface SelectedPhoto {
  file: File;
  preview: string;
}

export type PhotoSelection = Record<string, SelectedPhoto | undefined>;

interface PhotoSlotsProps {
  slots: readonly PhotoSlotDefinition[];
  photos: PhotoSelection;
  onChange(slot: string, photo: SelectedPhoto | undefined): void;
  /** 0-100 per slot while sending; absent when idle. */
  progress: Record<string, number> | null;
  /** Already in the visitor's language. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  onImageSelected?(slot: string): void;
}

/** Six slots: Select File, preview, remove, replace; image files only, 5 MB at most. */
export function PhotoSlots({ slots, photos, onChange, progress, errors, disabled, onImageSelected }: PhotoSlotsProps) {
  const t = useT(submissionMessages);
  const tApi = useT(apiMessages);
  const toast = useToast();
  const id = useId();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});

  const choose = (slot: string, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ kind: 'error', title: tApi('invalidFileTitle'), text: tApi('invalidFileText') });
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ kind: 'error', title: tApi('fileTooLargeTitle'), text: tApi('fileTooLargeText') });
      return;
    }
    const previous = photos[slot];
    if (previous) URL.revokeObjectURL(previous.preview);
    onChange(slot, { file, preview: URL.createObjectURL(file) });
    onImageSelected?.(slot);
  };

  return (
    <ul className="photo-slots">
      {slots.map(({ slot, label: englishLabel }) => {
        const label = slotLabel(t, englishLabel);
        const photo = photos[slot];
        const inputId = `${id}-${slot}`;
        const errorId = `${inputId}-error`;
        const percent = progress?.[slot];
        return (
          <li key={slot} className={`photo-slot${errors[slot] ? ' photo-slot-invalid' : ''}`}>
            <span className="photo-label">{label}</span>
            {photo ? <img src={photo.preview} alt={label} className="photo-preview" /> : <div className="photo-placeholder" aria-hidden="true" />}
            <input
              ref={(element) => {
                inputs.current[slot] = element;
              }}
              id={inputId}
              type="file"
              accept="image/*"
              className="visually-hidden"
              aria-label={label}
              aria-describedby={errors[slot] ? errorId : undefined}
              disabled={disabled}
              onChange={(event) => {
                choose(slot, event.target.files?.[0]);
                event.target.value = '';
              }}
            />
            <div className="photo-actions">
              <button type="button" className="button button-secondary button-small" disabled={disabled} onClick={() => inputs.current[slot]?.click()}>
                {photo ? t('replace') : t('selectFile')}
              </button>
              {photo ? (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={t('removePhoto', { label })}
                  disabled={disabled}
                  onClick={() => {
                    URL.revokeObjectURL(photo.preview);
                    onChange(slot, undefined);
                  }}
                >
                  {t('remove')}
                </button>
              ) : null}
            </div>
            {percent !== undefined && photo ? (
              <div className="progress" role="progressbar" aria-label={t('photoProgress', { label })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
                <div className="progress-bar" style={{ width: `${percent}%` }} />
              </div>
            ) : photo ? (
              <span className="photo-ready">{photo.file.name}</span>
            ) : null}
            {errors[slot] ? (
              <p className="field-error" id={errorId}>
                {errors[slot]}
              </p>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** Releases every preview when the page goes away. */
export function useRevokePreviewsOnLeave(photos: PhotoSelection) {
  const latest = useRef(photos);
  useEffect(() => {
    latest.current = photos;
  });
  useEffect(
    () => () => {
      for (const photo of Object.values(latest.current)) if (photo) URL.revokeObjectURL(photo.preview);
    },
    [],
  );
}
