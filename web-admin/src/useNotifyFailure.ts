import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { AccessDenied } from './dataProvider';

/**
 * Shows why a console action failed, in react-admin's notification: the API's sentence when it gave one, else
 * `fallback`. Nothing more when the authProvider has already dealt with it (sign-in page or "not authorized").
 */
export function useNotifyFailure() {
  const notify = useNotify();
  return useCallback(
    (error: unknown, fallback: string) => {
      if (error instanceof AccessDenied) return;
      notify(error instanceof Error && error.message ? error.message : fallback, { type: 'error' });
    },
    [notify],
  );
}
