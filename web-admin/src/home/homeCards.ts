import type { ConsoleHome } from '@autobest/domain/staff/consoleHome';
import type { CountCard } from '../ui/CountCards';

/** One row of the home page: a heading and its cards. */
export interface HomeSection {
  title: string;
  cards: CountCard[];
}

/** A react-admin list's address with its filter, as the list itself writes it when staff filter it. */
export const filteredList = (resource: string, filter: object) => `/${resource}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;

const count = (label: string, value: number, to: string, testId: string): CountCard => ({ label, value, to, testId, attention: value > 0 });

const RATES_TEXT = { current: 'Current', stale: 'Stale', reference: 'Reference rates' } as const;

/**
 * What the console's home shows of the API's answer: each part the role was given, as cards that open the list of
 * exactly what they count (the waiting leads by the same cut-off the API counted with). A part the role may not read
 * is absent from the answer, and so from the page.
 */
export function homeSections(home: ConsoleHome): HomeSection[] {
  const sections: HomeSection[] = [];
  const { requests, emails, news, queues, rates } = home;
  if (requests) {
    const waiting = { status: 'new', dateTo: requests.waitingSince };
    sections.push({
      title: 'Requests and leads',
      cards: [
        count('New sell-car requests', requests.sellCarPending, filteredList('sell-car-submissions', { status: 'pending' }), 'home-sell-car'),
        count('New trade-in requests', requests.tradeInPending, filteredList('trade-in-submissions', { status: 'pending' }), 'home-trade-in'),
        count('Reservations waiting over 24 hours', requests.reservationsWaiting, filteredList('reservation-requests', waiting), 'home-reservations'),
        count('Enquiries waiting over 24 hours', requests.enquiriesWaiting, filteredList('enquiries', waiting), 'home-enquiries'),
      ],
    });
  }
  const operations: CountCard[] = [];
  if (emails) operations.push(count('Failed emails', emails.failed, filteredList('emails', { status: 'failed' }), 'home-failed-emails'));
  if (news) operations.push(count('Failing feeds', news.failingFeeds, filteredList('news-sources', { enabled: true, failing: true }), 'home-failing-feeds'));
  if (queues) {
    // The queue dashboard (bull-board, served by the API under /admin/queues, loaded as a page): a card per queue with
    // failed jobs, opening on them; one card for all when none has any.
    const failing = queues.failedJobs.filter(({ failed }) => failed > 0);
    if (failing.length === 0) operations.push({ ...count('Failed jobs', 0, '/queues', 'home-failed-jobs'), reloadDocument: true });
    for (const { queue, failed } of failing) {
      operations.push({ ...count(`Failed jobs: ${queue}`, failed, `/queues/queue/${encodeURIComponent(queue)}?status=failed`, `home-failed-jobs-${queue}`), reloadDocument: true });
    }
  }
  if (rates) operations.push({ label: 'Exchange rates', value: RATES_TEXT[rates.state], to: '/qa-test', testId: 'home-rates', attention: rates.state === 'stale' });
  if (operations.length > 0) sections.push({ title: 'Operations', cards: operations });
  return sections;
}
