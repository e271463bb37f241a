import { describe, expect, it } from 'vitest';
import { matchingTopics, searchable } from '../../src/support/topicSearch';

const TOPICS = ['Paying in your currency', 'Sécurité des paiements', 'Reserving a car online', 'بَيع سيارتك', 'Trade-in values'];
const find = (query: string) => matchingTopics(TOPICS, query, (topic) => topic);

describe('support topic search', () => {
  it('shows every topic for a blank query', () => {
    expect(find('')).toEqual(TOPICS);
    expect(find('   ')).toEqual(TOPICS);
  });

  it('needs every word, in any order and case', () => {
    expect(find('CAR reserving')).toEqual(['Reserving a car online']);
    expect(find('car currency')).toEqual([]);
  });

  it('ignores accents and Arabic diacritics', () => {
    expect(searchable('Sécurité')).toBe('securite');
    expect(find('securite')).toEqual(['Sécurité des paiements']);
    expect(find('بيع')).toEqual(['بَيع سيارتك']);
  });
});
