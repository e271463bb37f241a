import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TOP_REVIEW_CHANNELS } from '@autobest/domain/news/channels';
import { useT } from '../../src/i18n';
import { newsMessages } from '../../src/news/messages';
import { TopChannels } from '../../src/news/NewsPage';
import fr from '../../src/news/messages/fr';
import ar from '../../src/news/messages/ar';
import sw from '../../src/news/messages/sw';

function Channels() {
  return createElement(TopChannels, { t: useT(newsMessages) });
}

describe("the news page's top review channels", () => {
  it('lists the 11 channels of the curated list, in its order, under their heading', () => {
    const html = renderToStaticMarkup(createElement(Channels));
    expect(html).toContain('<h2 id="news-channels-heading">Top review channels</h2>');
    const shown = [...html.matchAll(/<li>([^<]*)<\/li>/g)].map((match) => match[1]!.replace('&amp;', '&'));
    expect(shown).toHaveLength(11);
    expect(shown).toEqual([...TOP_REVIEW_CHANNELS]);
    expect(shown.slice(0, 3)).toEqual(['Carwow', 'Doug DeMuro', 'Top Gear']);
  });

  it('names the list in every language', () => {
    expect([fr.topChannels, ar.topChannels, sw.topChannels]).toEqual(["Les meilleures chaînes d'essais", 'أفضل قنوات المراجعات', 'Chaneli bora za mapitio']);
  });
});
