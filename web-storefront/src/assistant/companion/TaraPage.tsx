import { TARA_TOPICS } from '@autobest/domain/assistant/contracts';
import { useT } from '../../i18n';
import { companionMessages } from './messages';
import { openTara } from '../taraStore';
import '../../about/info-page.css';
import './companion.css';
import { CardList } from '../../ui/CardList';

const FEATURES = [
  ['featureBudgetTitle', 'featureBudgetBody'],
  ['featureRealTitle', 'featureRealBody'],
  ['featureCompareTitle', 'featureCompareBody'],
  ['featureLanguageTitle', 'featureLanguageBody'],
  ['featurePricingTitle', 'featurePricingBody'],
  ['featurePersonTitle', 'featurePersonBody'],
] as const;

/** The Tara marketing page (spec 001): hero, six feature cards, and the twelve category cards, each starting a conversation about itself. */
export function TaraPage() {
  const t = useT(companionMessages);
  return (
    <article className="page info-page companion">
      <header className="companion-hero tara-page-hero">
        <span className="companion-avatar" aria-hidden="true">
          T
        </span>
        <div>
          <p className="companion-eyebrow">{t('taraEyebrow')}</p>
          <h1>{t('taraTitle')}</h1>
          <p className="lead">{t('taraLead')}</p>
          <button type="button" className="button" onClick={() => openTara({ entry: 'tara-page' })}>
            {t('taraStart')}
          </button>
        </div>
      </header>

      <section aria-labelledby="tara-features">
        <h2 id="tara-features">{t('featuresTitle')}</h2>
        <CardList className="tara-page-features" cards={FEATURES.map(([title, body]) => [t(title), t(body)] as const)} />
      </section>

      <section aria-labelledby="tara-categories">
        <h2 id="tara-categories">{t('categoriesTitle')}</h2>
        <p>{t('categoriesLead')}</p>
        <ul className="tara-page-categories">
          {TARA_TOPICS.map((topic) => {
            const category = t(`category.${topic}`);
            return (
              <li key={topic}>
                <button type="button" className="tara-page-category" aria-label={t('categoryAction', { category })} onClick={() => openTara({ entry: 'tara-page', topic })}>
                  {category}
                </button>
              </li>
            );
          })}
        </ul>
      </section>
    </article>
  );
}
