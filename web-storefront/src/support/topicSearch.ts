/** Lower case without accents or Arabic diacritics, so "securite" finds "sécurité" and "بيع" finds "بَيع". */
export function searchable(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The topics whose text holds every word of the query, in their original order; all of them for a blank query. */
export function matchingTopics<T>(topics: readonly T[], query: string, textOf: (topic: T) => string): T[] {
  const words = searchable(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...topics];
  return topics.filter((topic) => {
    const text = searchable(textOf(topic));
    return words.every((word) => text.includes(word));
  });
}
