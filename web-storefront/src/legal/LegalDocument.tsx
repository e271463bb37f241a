import type { ReactNode } from 'react';
import { useFormat } from '../i18n';
import '../about/info-page.css';
import './legal.css';

/** Both documents were last revised in December 2024 (the spec's date). */
const LAST_UPDATED = new Date(Date.UTC(2024, 11, 1));

export type LegalKey<S extends string> = 'title' | 'intro' | 'lastUpdated' | 'contents' | `${S}Title` | `${S}Body`;

/**
 * A section body is plain text: paragraphs separated by a blank line, and a paragraph whose lines all
 * start with "- " is a bulleted list. Translators keep the same shape without writing markup.
 */
function Body({ text }: { text: string }) {
  return text.split(/\n\s*\n/).map((block, index) => {
    const lines = block.trim().split('\n');
    if (lines.every((line) => line.startsWith('- '))) {
      return (
        <ul key={index}>
          {lines.map((line) => (
            <li key={line}>{line.slice(2)}</li>
          ))}
        </ul>
      );
    }
    return <p key={index}>{block.trim()}</p>;
  });
}

interface LegalDocumentProps<S extends string> {
  /** Prefix for the section ids (`privacy-collect`), so both documents' anchors stay distinct. */
  name: string;
  t: (key: LegalKey<NoInfer<S>>, values?: Record<string, string>) => string;
  sections: readonly S[];
  /** Links shown after a section's text, e.g. the addresses in "Contact us". */
  after?: Partial<Record<S, ReactNode>>;
}

export function LegalDocument<S extends string>({ name, t, sections, after }: LegalDocumentProps<S>) {
  const { date } = useFormat();
  const updated = date(LAST_UPDATED, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  return (
    <article className="page info-page legal">
      <h1>{t('title')}</h1>
      <p className="legal-updated">
        <time dateTime="2024-12">{t('lastUpdated', { date: updated })}</time>
      </p>
      <p className="lead">{t('intro')}</p>

      <nav className="legal-contents card" aria-labelledby={`${name}-contents`}>
        <h2 id={`${name}-contents`}>{t('contents')}</h2>
        <ol>
          {sections.map((section) => (
            <li key={section}>
              <a href={`#${name}-${section}`}>{t(`${section}Title`)}</a>
            </li>
          ))}
        </ol>
      </nav>

      <ol className="legal-sections">
        {sections.map((section) => (
          <li key={section}>
            <section id={`${name}-${section}`} aria-labelledby={`${name}-${section}-title`} tabIndex={-1}>
              <h2 id={`${name}-${section}-title`}>{t(`${section}Title`)}</h2>
              <Body text={t(`${section}Body`)} />
              {after?.[section]}
            </section>
          </li>
        ))}
      </ol>
    </article>
  );
}
