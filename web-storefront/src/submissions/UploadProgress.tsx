import { useFormat, useT } from '../i18n';
import { submissionMessages } from './messages';

export function UploadProgress({ percent }: { percent: number }) {
  const t = useT(submissionMessages);
  const { number } = useFormat();
  return (
    <div className="upload-progress">
      <span>{t('uploading', { percent: number(percent / 100, { style: 'percent' }) })}</span>
      <div className="progress" role="progressbar" aria-label={t('uploadProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
