import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's theme with status colours dark enough for white text (WCAG AA, 4.5:1 on small text): MUI's own
 * warning (#ed6c02, 3.1:1) and info (#0288d1, 4.1:1) fail on the small chips every list shows (New, Pending...).
 */
export const consoleTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    // amber-800 and sky-700: 5.6:1 and 5.9:1 with white.
    warning: { main: '#92400e', contrastText: '#fff' },
    info: { main: '#0369a1', contrastText: '#fff' },
  },
};
