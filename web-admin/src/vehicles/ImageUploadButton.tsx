import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useMutation } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { Button, LinearProgress, Stack } from '@mui/material';
import UploadIcon from '@mui/icons-material/AddPhotoAlternate';
import { answerOf, type AutoBestDataProvider } from '../dataProvider';
import { useNotifyFailure } from '../useNotifyFailure';

/** Uploads a photo (checked by the API by its content) and appends it to the vehicle's images. */
export function ImageUploadButton() {
  const input = useRef<HTMLInputElement>(null);
  const { getValues, setValue } = useFormContext();
  const dataProvider = useDataProvider<AutoBestDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useMutation({
    mutationFn: async (file: File) => answerOf(await dataProvider.uploadVehicleImage(file, (sent) => setProgress(Math.round(sent * 100)))),
    onMutate: () => setProgress(0),
    onSuccess: ({ url }) => {
      const images = (getValues('images') as Array<{ url: string; alt: string }> | undefined) ?? [];
      const name = String(getValues('name') ?? '');
      setValue('images', [...images, { url, alt: name, isPrimary: images.length === 0 }], { shouldDirty: true });
      notify('Image uploaded', { type: 'success' });
    },
    onError: (error) => notifyFailure(error, 'The image could not be uploaded'),
    onSettled: () => setProgress(null),
  });
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notify('Please upload an image file (JPG, PNG, etc.)', { type: 'error' });
    if (file.size > 5 * 1024 * 1024) return notify('Please upload an image smaller than 5MB', { type: 'error' });
    upload.mutate(file);
  };

  return (
    <Stack spacing={1} sx={{ mb: 2, minWidth: 240 }}>
      <input ref={input} type="file" accept="image/*" hidden aria-label="Vehicle image file" onChange={(event) => { choose(event.target.files?.[0]); event.target.value = ''; }} />
      <Button variant="outlined" startIcon={<UploadIcon />} disabled={progress !== null} onClick={() => input.current?.click()}>
        Upload image
      </Button>
      {progress !== null ? <LinearProgress variant="determinate" value={progress} aria-label="Image upload progress" /> : null}
    </Stack>
  );
}
