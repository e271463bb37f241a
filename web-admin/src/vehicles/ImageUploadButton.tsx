import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useNotify } from 'react-admin';
import { Button, LinearProgress, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/AddPhotoAlternate';

/** Uploads a photo (checked by the API by its content) and appends it to the vehicle's images. */
export function ImageUploadButton() {
  const input = useRef<HTMLInputElement>(null);
  const { getValues, setValue } = useFormContext();
  const notify = useNotify();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notify('Please upload an image file (JPG, PNG, etc.)', { type: 'error' });
    if (file.size > 5 * 1024 * 1024) return notify('Please upload an image smaller than 5MB', { type: 'error' });
    const form = new FormData();
    form.append('image', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/vehicle-images');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => event.lengthComputable && setProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onloadend = () => {
      setProgress(null);
      let body: { url?: string; message?: string } = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        // The message below covers it.
      }
      if (xhr.status === 201 && body.url) {
        const images = (getValues('images') as Array<{ url: string; alt: string }> | undefined) ?? [];
        const name = String(getValues('name') ?? '');
        setValue('images', [...images, { url: body.url, alt: name, isPrimary: images.length === 0 }], { shouldDirty: true });
        notify('Image uploaded', { type: 'success' });
      } else {
        notify(body.message ?? 'The image could not be uploaded', { type: 'error' });
      }
    };
    setProgress(0);
    xhr.send(form);
  };

  return (
    <Stack spacing={1} sx={{ mb: 2, minWidth: 240 }}>
      <input ref={input} type="file" accept="image/*" hidden aria-label="Vehicle image file" onChange={(event) => { upload(event.target.files?.[0]); event.target.value = ''; }} />
      <Button variant="outlined" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
        Upload image
      </Button>
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="Image upload progress" /> : null}
    </Stack>
  );
}
