export function UploadProgress({ percent }: { percent: number }) {
  return (
    <div className="upload-progress">
      <span>Uploading photos… {percent}%</span>
      <div className="progress" role="progressbar" aria-label="Upload progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
