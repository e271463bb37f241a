import { describe, expect, it } from 'vitest';
import { cachePolicyOf, mayKeep, type CachePolicy } from '../../src/offline/cacheRules';

const ORIGIN = 'https://autobest.africa';
const policy = (address: string, { method = 'GET', mode = 'cors' }: { method?: string; mode?: string } = {}): CachePolicy =>
  cachePolicyOf({ url: new URL(address, ORIGIN), method, mode }, ORIGIN);
const page = (address: string) => policy(address, { mode: 'navigate' });

describe('what the service worker keeps (cacheRules)', () => {
  it('keeps the pages, the rates, the public catalogue and news answers, photos and code a visitor opens', () => {
    expect(page('/')).toBe('app-shell');
    expect(page('/vehicle/featured-toyota-venza-2024')).toBe('app-shell');
    expect(page('/inventory?make=Toyota&page=2')).toBe('app-shell');
    expect(page('/sell-car')).toBe('app-shell');
    expect(policy('/api/rates')).toBe('rates');
    expect(policy('/api/vehicles?currency=NGN&pageSize=24&make=Toyota')).toBe('catalogue');
    expect(policy('/api/vehicles/featured-toyota-venza-2024?currency=NGN')).toBe('catalogue');
    expect(policy('/api/vehicles/featured-toyota-venza-2024/quote?country=NG&currency=NGN')).toBe('catalogue');
    expect(policy('/api/vehicles/brands?currency=NGN')).toBe('catalogue');
    expect(policy('/api/news?category=african&page=1')).toBe('catalogue');
    expect(policy('/api/news/trending')).toBe('catalogue');
    expect(policy('/api/videos?brand=Toyota')).toBe('catalogue');
    expect(policy('/media/vehicle-images/image-0f8fad5b-d9cb-469f-a165-70867728950e.jpg?w=640&f=avif')).toBe('photos');
    expect(policy('/vehicles/suv.svg')).toBe('photos');
    expect(policy('/assets/VehiclePage-CwqS6ZGY.js')).toBe('assets');
    expect(policy('/assets/index-DBxDlZKq.css')).toBe('assets');
  });

  it('never keeps staff pages, the staff API, sign-in, status pages and their API, or an address with a token', () => {
    for (const address of ['/admin', '/admin/', '/admin/sell-car-submissions/1/show', '/ADMIN', '/%61dmin/queues', '/sell-car-status/abc?token=x', '/trade-in-status/abc', '/Sell-Car-Status/abc']) {
      expect(page(address), address).toBe('never');
    }
    for (const address of [
      '/api/admin/sell-car-submissions',
      '/api/admin/vehicles/filter-values',
      '/api/%61dmin/sell-car-submissions',
      '/api/auth/session',
      '/api/sell-car-submissions/abc/status?token=secret',
      '/api/trade-in-submissions/abc/status',
      '/api/vehicles/status',
      '/api/vehicles?token=abc',
      '/api/news?access_token=abc',
      '/api/rates?apiKey=abc',
      '/media/vehicle-images/a.jpg?signature=abc',
      '/api/vehicles/%2e%2e/admin/x',
      '/api/health',
      '/metrics',
    ]) {
      expect(policy(address), address).toBe('never');
    }
  });

  it('never keeps a write, another origin, or what it does not know', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(policy('/api/sell-car-submissions', { method })).toBe('never');
      expect(policy('/api/vehicles', { method })).toBe('never');
    }
    expect(cachePolicyOf({ url: new URL('https://cdn.example.com/assets/x.js'), method: 'GET', mode: 'cors' }, ORIGIN)).toBe('never');
    expect(policy('/api/geo')).toBe('never');
    expect(policy('/api/chat/conversations')).toBe('never');
    expect(policy('/api/vehicles/abc/reservations')).toBe('never');
    expect(policy('/api/docs')).toBe('never');
    expect(page('/api/vehicles')).toBe('never');
    expect(page('/sw.js')).toBe('never');
    expect(policy('/sw.js')).toBe('never');
    expect(policy('/index.html')).toBe('never');
  });

  it('keeps only whole successful answers their server lets it keep', () => {
    const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers: new Headers(headers) });
    expect(mayKeep(answer(200, { 'Cache-Control': 'public, max-age=60' }))).toBe(true);
    expect(mayKeep(answer(200))).toBe(true);
    expect(mayKeep(answer(200, { 'Cache-Control': 'no-store' }))).toBe(false);
    expect(mayKeep(answer(200, { 'Cache-Control': 'private, max-age=3600' }))).toBe(false);
    expect(mayKeep(answer(200, { Vary: 'Accept, *' }))).toBe(false);
    for (const status of [0, 204, 206, 301, 404, 429, 500]) expect(mayKeep(answer(status)), String(status)).toBe(false);
  });
});
