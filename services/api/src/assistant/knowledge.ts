import type { Db } from '@autobest/db';
import { KNOWLEDGE_TOPICS, type KnowledgeAnswers, type KnowledgeTopic, type SiteLanguage } from '@autobest/domain';

/** How long another API instance's edit may take to reach this one's answers. */
export const KNOWLEDGE_TTL_MS = 60_000;

/**
 * Tara's knowledge base in memory (issue 40.2): the rules engine reads it without a query per message. It is loaded on
 * first use, again after KNOWLEDGE_TTL_MS (an edit made through another instance), and at once when staff edit it here.
 */
export interface KnowledgeBase {
  /** The answers in `language`, each topic without one in English; each cites its record. */
  answersFor(language: SiteLanguage): Promise<KnowledgeAnswers>;
  /** Staff changed an answer: the next message reads the table again. */
  changed(): void;
}

export function knowledgeBase(db: Db, ttlMs = KNOWLEDGE_TTL_MS): KnowledgeBase {
  let loaded: { at: number; texts: Map<string, string> } | null = null;
  let loading: Promise<Map<string, string>> | null = null;
  // An edit while a load is under way: that load's rows may be older than the edit, so it is not kept.
  let generation = 0;
  const load = async () => {
    if (loaded && Date.now() - loaded.at < ttlMs) return loaded.texts;
    const started = generation;
    loading ??= db
      .selectFrom('tara_answers')
      .select(['id', 'text'])
      .execute()
      .then((rows) => {
        const texts = new Map(rows.map((row) => [row.id, row.text]));
        if (started === generation) loaded = { at: Date.now(), texts };
        return texts;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };
  return {
    async answersFor(language) {
      const texts = await load();
      const answers: KnowledgeAnswers = {};
      for (const topic of KNOWLEDGE_TOPICS as readonly KnowledgeTopic[]) {
        const id = texts.has(`${topic}:${language}`) ? `${topic}:${language}` : `${topic}:en`;
        const text = texts.get(id);
        if (text) answers[topic] = { text, citation: { source: `tara-answers/${id}`, label: topic } };
      }
      return answers;
    },
    changed() {
      generation += 1;
      loaded = null;
      loading = null;
    },
  };
}
