import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { savesData } from '../src/saveData';
import { prefetch, takePrefetched } from '../src/prefetch';
import { VehiclePhoto } from '../src/inventory/VehiclePhoto';
import { VideoCard } from '../src/news/VideoCard';
import { interpolate, type Translator } from '../src/i18n/messages';
import en from '../src/news/messages/en';
import fr from '../src/news/messages/fr';
import ar from '../src/news/messages/ar';
import sw from '../src/news/messages/sw';
import { VIDEOS } from './news/fixtures';

const PHOTO = '/media/vehicle-images/image-0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const t = Object.assign((name: keyof typeof en, values?: Record<string, string>) => interpolate(en[name], values), { plural: () => '' }) as unknown as Translator<typeof en>;

/** The browser's link, as navigator.connection tells it (undefined: a browser without the API). */
function onLink(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  vi.stubGlobal('navigator', { connection });
  vi.stubGlobal('location', { origin: 'http://localhost' });
}
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saving data (issue 42.3)', () => {
  it('is on with the data saver or a 2G-class link, off otherwise and where the browser does not say', () => {
    expect(savesData({ connection: { saveData: true, effectiveType: '4g' } })).toBe(true);
    expect(savesData({ connection: { effectiveType: '2g' } })).toBe(true);
    expect(savesData({ connection: { effectiveType: 'slow-2g' } })).toBe(true);
    expect(savesData({ connection: { saveData: false, effectiveType: '3g' } })).toBe(false);
    expect(savesData({})).toBe(false);
    expect(savesData(undefined)).toBe(false);
  });

  it('offers a catalogue photo at 320, 640 and 1024 pixels in AVIF and WebP, and only the smallest when saving data', () => {
    onLink({ effectiveType: '4g' });
    const full = renderToStaticMarkup(createElement(VehiclePhoto, { url: PHOTO, alt: 'Jetour T2', width: 840, height: 480, sizes: '100vw' }));
    expect(full).toContain(`<source type="image/avif" srcSet="${PHOTO}?w=320&amp;f=avif 320w, ${PHOTO}?w=640&amp;f=avif 640w, ${PHOTO}?w=1024&amp;f=avif 1024w" sizes="100vw"/>`);
    expect(full).toContain(`<source type="image/webp" srcSet="${PHOTO}?w=320&amp;f=webp 320w`);
    expect(full).toContain(`<img src="${PHOTO}" alt="Jetour T2" width="840" height="480" loading="lazy"`);

    onLink({ effectiveType: 'slow-2g' });
    const saving = renderToStaticMarkup(createElement(VehiclePhoto, { url: PHOTO, alt: 'Jetour T2', width: 840, height: 480, sizes: '100vw' }));
    expect(saving).toContain(`<source type="image/avif" srcSet="${PHOTO}?w=320&amp;f=avif" sizes="100vw"/>`);
    expect(saving).not.toContain('w=1024');
    expect(saving).toContain(`<img src="${PHOTO}?w=320"`);
    // An image without copies (the seeds' drawings) stays a plain image.
    expect(renderToStaticMarkup(createElement(VehiclePhoto, { url: '/vehicles/suv.svg', alt: '', width: 120, height: 68, sizes: '120px' }))).not.toContain('<picture');
  });

  it('withholds video thumbnails until the visitor asks, in every language', () => {
    onLink({ saveData: true });
    const saving = renderToStaticMarkup(createElement(VideoCard, { video: VIDEOS[0]!, t }));
    expect(saving).not.toContain('<img');
    expect(saving).toContain('Show thumbnail');
    onLink({ saveData: false, effectiveType: '4g' });
    const full = renderToStaticMarkup(createElement(VideoCard, { video: VIDEOS[0]!, t }));
    expect(full).toContain('<img');
    expect(full).not.toContain('Show thumbnail');
    expect([en, fr, ar, sw].map((messages) => messages.showThumbnails)).toEqual(['Show thumbnail', 'Afficher la miniature', 'عرض الصورة المصغّرة', 'Onyesha picha ndogo']);
  });

  it('fetches nothing ahead when saving data', () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response('{}'));
    });
    onLink({ saveData: true });
    prefetch('/api/vehicles?page=1');
    expect(takePrefetched('/api/vehicles?page=1')).toBeUndefined();
    vi.stubGlobal('navigator', { connection: { effectiveType: '4g' } });
    prefetch('/api/vehicles?page=2');
    expect(takePrefetched('/api/vehicles?page=2')).toBeDefined();
    expect(fetched).toEqual(['/api/vehicles?page=2']);
  });
});
