import { useEffect, useId, useRef } from 'react';
import { useT } from '../i18n';
import { submissionMessages } from './messages';
import { useToast } from './Toast';
import { formMessages } from '../api/formMessages';
import { slotLabel } from './slotLabel';
import { fieldMessagesOf, requestMessageOf } from '../api/domainMessages';
import { useSayFormMessage } from '../api/sayFormMessage';
import { useRateLimitedText } from '../api/rateLimited';
import type { PhotoUploads, PhotoUploadState } from './usePhotoUploads';

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
  /** Each chosen photo's upload (usePhotoUploads): its progress bar, its tick once through, or why it was refused. */
  uploads: PhotoUploads;
  /** Tries a refused photo again (from where it stopped, when it was cut off). */
  onRetry(slot: string): void;
  /** Already in the visitor's language. */
  errors: Record<string, string | undefined>;
  disabled: boolean;
  onImageSelected?(slot: string): void;
}

/**
 * What one photo's upload looks like: a progress bar while it is sent (saying so while it resumes after a cut), a
 * tick once it is through, or why it was refused with a button to try again. Changes of state are announced politely
 * (the bar's every percent is not).
 */
function UploadStatus({ label, upload, onRetry, disabled }: { label: string; upload: PhotoUploadState; onRetry(): void; disabled: boolean }) {
  const t = useT(submissionMessages);
  const say = useSayFormMessage();
  const rateLimited = useRateLimitedText();
  switch (upload.state) {
    case 'sending':
    case 'resuming':
      return (
        <>
          <div
            className="progress"
            role="progressbar"
            aria-label={t('photoProgress', { label })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={upload.percent}
            aria-valuetext={upload.state === 'resuming' ? t('photoResuming') : `${upload.percent}%`}
          >
            <div className="progress-bar" style={{ width: `${upload.percent}%` }} />
          </div>
          <span className="photo-upload-state" role="status">
            {upload.state === 'resuming' ? t('photoResuming') : null}
          </span>
        </>
      );
    case 'through':
      return (
        <span className="photo-upload-state photo-through" role="status">
          <span aria-hidden="true">✓ </span>
          {t('photoThrough', { label })}
        </span>
      );
    case 'withForm':
      return (
        <span className="photo-upload-state" role="status">
          {t('photoWithForm', { label })}
        </span>
      );
    case 'refused': {
      const photoMessage = fieldMessagesOf(upload.error)['photo'];
      const reason = upload.status === 429 ? rateLimited.text(upload.retryAfterSeconds) : say(photoMessage ?? requestMessageOf(upload.error));
      return (
        <div className="photo-upload-state photo-refused" role="alert">
          <span>{t('photoNotThrough', { label, reason })}</span>
          <button type="button" className="button button-secondary button-small" disabled={disabled} aria-label={t('retryPhotoLabel', { label })} onClick={onRetry}>
            {t('retryPhoto')}
          </button>
        </div>
      );
    }
  }
}

/** Six slots: Select File, preview, remove, replace; image files only, 5 MB at most; each sent as soon as it is chosen. */
export function PhotoSlots({ slots, photos, onChange, uploads, onRetry, errors, disabled, onImageSelected }: PhotoSlotsProps) {
  const t = useT(submissionMessages);
  const tForm = useT(formMessages);
  const toast = useToast();
  const id = useId();
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});

  const choose = (slot: string, file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ kind: 'error', title: tForm('invalidFileTitle'), text: tForm('invalidFileText') });
      return;
    }
    if (file.size > MAX_PHOTO_BYTES) {
      toast({ kind: 'error', title: tForm('fileTooLargeTitle'), text: tForm('fileTooLargeText') });
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
        const upload = photos[slot] ? uploads[slot] : undefined;
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
            {photo ? <span className="photo-ready">{photo.file.name}</span> : null}
            {upload ? <UploadStatus label={label} upload={upload} disabled={disabled} onRetry={() => onRetry(slot)} /> : null}
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
