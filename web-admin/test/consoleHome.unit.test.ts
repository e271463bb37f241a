import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ROLE_PERMISSIONS, STAFF_ROLES, type StaffRole } from '@autobest/domain/staff/roles';
import type { ConsoleHome } from '@autobest/domain/staff/consoleHome';
import { HomeSections } from '../src/home/ConsoleHome';
import { homeSections } from '../src/home/homeCards';
import { MENU_GROUPS, menuGroupsFor } from '../src/menuGroups';
import { CONSOLE_AREAS } from '../src/permissions';

const WAITING_SINCE = '2026-11-28T08:00:00.000Z';
const ADMIN_HOME: ConsoleHome = {
  requests: { sellCarPending: 3, tradeInPending: 0, reservationsWaiting: 1, enquiriesWaiting: 2, waitingSince: WAITING_SINCE },
  emails: { failed: 4 },
  news: { failingFeeds: 1 },
  queues: { failedJobs: [{ queue: 'photos', failed: 2 }, { queue: 'deliver-email', failed: 0 }] },
  rates: { state: 'stale', source: 'openexchangerates', fetchedAt: '2026-11-27T00:00:00.000Z' },
};

/** The home page as the browser gets it, under the console's router (/admin). */
const rendered = (home: ConsoleHome) => renderToStaticMarkup(createElement(MemoryRouter, { basename: '/admin', initialEntries: ['/admin'] }, createElement(HomeSections, { sections: homeSections(home) })));

/** Each card of the page as `label: figure -> link`, in order, read from the HTML. */
function cardsOf(html: string): string[] {
  return [...html.matchAll(/<a[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/g)].map(([, href, content]) => {
    const [label, value] = [...content!.matchAll(/<p[^>]*>([^<]*)<\/p>/g)].map(([, text]) => text);
    return `${label}: ${value} -> ${decodeURIComponent(href!.replaceAll('&amp;', '&'))}`;
  });
}

describe("the console's home", () => {
  it('shows a card per count, each a link to the list filtered to what it counted', () => {
    const html = rendered(ADMIN_HOME);
    expect([...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map(([, title]) => title)).toEqual(['Requests and leads', 'Operations']);
    expect(cardsOf(html)).toEqual([
      'New sell-car requests: 3 -> /admin/sell-car-submissions?filter={"status":"pending"}',
      'New trade-in requests: 0 -> /admin/trade-in-submissions?filter={"status":"pending"}',
      `Reservations waiting over 24 hours: 1 -> /admin/reservation-requests?filter={"status":"new","dateTo":"${WAITING_SINCE}"}`,
      `Enquiries waiting over 24 hours: 2 -> /admin/enquiries?filter={"status":"new","dateTo":"${WAITING_SINCE}"}`,
      'Failed emails: 4 -> /admin/emails?filter={"status":"failed"}',
      'Failing feeds: 1 -> /admin/news-sources?filter={"enabled":true,"failing":true}',
      'Failed jobs: request photos: 2 -> /admin/queues/queue/photos?status=failed',
      'Exchange rates: Stale -> /admin/qa-test',
    ]);
    // Each row is a group named for screen readers.
    expect(html).toContain('role="group" aria-label="Requests and leads"');
  });

  it('shows only the parts the answer gives, as for a role that reads no requests or emails', () => {
    const html = rendered({ news: { failingFeeds: 0 }, rates: { state: 'reference', source: 'fallback', fetchedAt: null } });
    expect(cardsOf(html)).toEqual(['Failing feeds: 0 -> /admin/news-sources?filter={"enabled":true,"failing":true}', 'Exchange rates: Reference rates -> /admin/qa-test']);
    expect(html).not.toContain('Requests and leads');
    expect(rendered({})).toContain('Nothing here for your role');
  });

  it('shows one card for the failed jobs of every queue when none has any', () => {
    const html = rendered({ queues: { failedJobs: [{ queue: 'photos', failed: 0 }, { queue: 'deliver-email', failed: 0 }] } });
    expect(cardsOf(html)).toEqual(['Failed jobs: 0 -> /admin/queues']);
  });

  it('marks the figures that want attention, and not the zeros or the expected reference rates', () => {
    const attention = homeSections(ADMIN_HOME).flatMap((section) => section.cards.filter((card) => card.attention).map((card) => card.label));
    expect(attention).toEqual(['New sell-car requests', 'Reservations waiting over 24 hours', 'Enquiries waiting over 24 hours', 'Failed emails', 'Failing feeds', 'Failed jobs: request photos', 'Exchange rates']);
    const reference = homeSections({ rates: { state: 'reference', source: 'fallback', fetchedAt: null } })[0]!.cards[0]!;
    expect(reference.attention).toBe(false);
  });
});

describe("the console's menu, grouped", () => {
  const groupsOf = (role: StaffRole) => Object.fromEntries(menuGroupsFor(ROLE_PERMISSIONS[role]).map((group) => [group.label, group.entries.map((entry) => entry.name)]));

  it('puts every resource and screen in exactly one group', () => {
    const names = MENU_GROUPS.flatMap((group) => group.entries.map((entry) => entry.name));
    expect([...names].sort()).toEqual(Object.keys(CONSOLE_AREAS).sort());
  });

  it('gives an admin every group', () => {
    expect(Object.keys(groupsOf('admin'))).toEqual(['Requests and leads', 'Catalogue and pricing', 'Content', 'Operations', 'Administration']);
    expect(groupsOf('admin')['Operations']).toEqual(['emails', 'whatsapp-messages', 'analytics', 'qa-test', 'queues']);
  });

  it.each(['sales', 'viewer'] as const)('gives %s the requests, the catalogue, the content and the emails, but no administration or queues', (role) => {
    const groups = groupsOf(role);
    expect(Object.keys(groups)).toEqual(['Requests and leads', 'Catalogue and pricing', 'Content', 'Operations']);
    expect(groups['Requests and leads']).toEqual(['sell-car-submissions', 'trade-in-submissions', 'reservation-requests', 'enquiries', 'conversations', 'contact-messages']);
    expect(groups['Operations']).toEqual(['emails', 'whatsapp-messages', 'analytics', 'qa-test']);
  });

  it('gives inventory no group of requests and no emails: no seller or buyer data', () => {
    const groups = groupsOf('inventory');
    expect(Object.keys(groups)).toEqual(['Catalogue and pricing', 'Content', 'Operations']);
    expect(groups['Operations']).toEqual(['analytics', 'qa-test']);
  });

  it('gives an unknown role nothing', () => {
    expect(menuGroupsFor([])).toEqual([]);
    expect(STAFF_ROLES).toHaveLength(4);
  });
});
