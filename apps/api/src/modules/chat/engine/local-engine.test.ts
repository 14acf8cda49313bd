import type { Language } from '@esim/contract/languages';
import { describe, expect, it } from 'vitest';
import { type KbDocument, StaticKnowledgeSource } from '../knowledge-base/knowledge-source.ts';
import { fixtureCatalogue, fixtureDocuments, fixturePopularity } from './__fixtures__/fixtures.ts';
import { CatalogueFacts } from './catalogue-facts.ts';
import { LocalChatEngine, MAX_ANSWER_CHARS } from './local-engine.ts';

function engineWith(documents: KbDocument[] = fixtureDocuments(), options: { popularity?: boolean } = {}) {
  const knowledge = new StaticKnowledgeSource(documents);
  const catalogue = new CatalogueFacts({
    catalog: fixtureCatalogue,
    ...(options.popularity ? { popularity: fixturePopularity } : {}),
  });
  return { engine: new LocalChatEngine({ knowledge, catalogue }), knowledge };
}

const ask = (engine: LocalChatEngine, message: string, language: Language = 'en') =>
  engine.answer({ message, language, sessionId: 'test-session-1' });

describe('LocalChatEngine: catalogue answers', () => {
  const { engine } = engineWith();

  it('names the cheapest plan with its USD price and links the country page', async () => {
    const answer = await ask(engine, 'cheapest plan for Japan?');
    expect(answer.kind).toBe('catalogue');
    expect(answer.textResponse).toContain('The cheapest eSIM for Japan is 1GB, 7 days at $4.50.');
    expect(answer.textResponse).toContain('USD');
    expect(answer.sources).toEqual([{ title: 'eSIM plans for Japan', url: '/en/japan' }]);
  });

  it('answers in Turkish with a Turkish suffixed name and the Turkish page', async () => {
    const answer = await ask(engine, "Japonya'da en ucuz paket hangisi?", 'tr');
    expect(answer.textResponse).toMatch(/^Japonya için en ucuz eSIM: 1GB, 7 gün, \$4\.50\./);
    expect(answer.sources).toEqual([{ title: 'Japonya eSIM paketleri', url: '/tr/japan' }]);
    expect((await ask(engine, 'Japonyada paket fiyatları', 'tr')).kind).toBe('catalogue');
  });

  it('filters unlimited, fixed, "N GB" and "N days" asks', async () => {
    expect((await ask(engine, 'unlimited plan for Japan')).textResponse).toContain(
      'The cheapest unlimited eSIM for Japan is Unlimited, 7 days at $25.00.',
    );
    expect((await ask(engine, 'unlimited plus Japan price')).textResponse).toContain(
      'Unlimited Plus, 7 days at $39.00',
    );
    expect((await ask(engine, 'Japan 10GB plan')).textResponse).toContain(
      'with at least 10 GB is 10GB, 30 days at $21.99',
    );
    expect((await ask(engine, 'Japan plan for 14 days')).textResponse).toContain(
      'with at least 14 days is 3GB, 15 days at $9.99',
    );
    expect((await ask(engine, 'Japan plan 100GB')).textResponse).toContain(
      'There is no plan for Japan with at least 100 GB.',
    );
  });

  it('names the most popular plan from the sales of the last 90 days', async () => {
    const { engine: withSales } = engineWith(fixtureDocuments(), { popularity: true });
    const answer = await ask(withSales, 'most popular esim for japan');
    expect(answer.textResponse).toContain(
      'The most popular eSIM for Japan over the last 90 days is 3GB, 15 days at $9.99.',
    );
    expect(answer.textResponse).toContain('10GB, 30 days ($21.99)');
    expect((await ask(engine, 'most popular esim for japan')).textResponse).toContain('no recent sales figures');
  });

  it('answers a region like a country', async () => {
    const answer = await ask(engine, 'Avrupa için en ucuz paket', 'tr');
    expect(answer.textResponse).toContain('Avrupa+ için en ucuz eSIM: 5GB, 30 gün, $19.00.');
    expect(answer.sources[0]?.url).toBe('/tr/europe-plus');
  });

  it('leaves a help question that merely names a country to the knowledge base', async () => {
    expect((await ask(engine, 'can I use a hotspot in Japan?')).kind).toBe('knowledge');
  });
});

describe('LocalChatEngine: coverage answers', () => {
  const { engine } = engineWith();

  it('lists the networks of a destination and the plans that also cover it', async () => {
    const answer = await ask(engine, 'which networks do you use in Japan?');
    expect(answer.kind).toBe('coverage');
    expect(answer.textResponse).toContain('In Japan our plans use these networks: NTT docomo (4G/5G), SoftBank (4G).');
    expect(answer.textResponse).toContain('Japan is also covered by our Asia and Global plans.');
  });

  it('tells whether a region covers a country', async () => {
    expect((await ask(engine, 'does the Europe plan cover Switzerland?')).textResponse).toMatch(
      /^Yes, the Europe\+ plans cover Switzerland\. In Switzerland our plans use these networks: Swisscom \(5G\)\./,
    );
    expect((await ask(engine, 'Is Japan included in the Europe plan?')).textResponse).toMatch(
      /^No, the Europe\+ plans do not cover Japan\. We have 5 plans for Japan, from \$4\.50\./,
    );
  });

  it('names the plans that cover several countries together', async () => {
    const answer = await ask(engine, 'one plan for Japan and Turkey?');
    expect(answer.textResponse).toContain('One plan can cover Japan and Turkey together: Global ($11.99+).');
  });

  it('points a country without plans of its own to the plans that cover it', async () => {
    const answer = await ask(engine, 'esim for Switzerland price');
    expect(answer.textResponse).toContain(
      'We have no local plan for Switzerland, but it is covered by our Europe+ ($19.00+) and Global ($11.99+) plans.',
    );
  });
});

describe('LocalChatEngine: devices and policies', () => {
  const { engine } = engineWith();

  it('answers yes, no or unknown from the device list, with the carrier-unlocked caveat and the article as source', async () => {
    const yes = await ask(engine, 'is my Pixel 7 compatible?');
    expect(yes.kind).toBe('device');
    expect(yes.textResponse).toMatch(/^Yes, the Pixel 7 supports eSIM/);
    expect(yes.textResponse).toContain('carrier-unlocked');
    expect(yes.sources).toEqual([{ title: 'Is my phone compatible with eSIM?' }]);
    expect((await ask(engine, 'does iphone 8 support esim')).textResponse).toMatch(
      /^No, the iPhone 8 does not support eSIM/,
    );
    expect((await ask(engine, 'galaxy a14 esim?')).textResponse).toMatch(/is not on our device list/);
    expect((await ask(engine, 'galaxy s9 esim var mı', 'tr')).textResponse).toMatch(
      /^Hayır, Galaxy S9 eSIM desteklemiyor/,
    );
  });

  it('names the device list when no article on it is published in any language', async () => {
    const { engine: bare } = engineWith([]);
    expect((await ask(bare, 'iPhone 13 compatible?', 'de')).sources).toEqual([{ title: 'Kompatible Geräte' }]);
  });

  it('leaves an install question about a device to the knowledge base', async () => {
    expect((await ask(engine, 'how do I install the esim on my iPhone 14')).kind).toBe('knowledge');
  });

  it('states the refund policy with the refund article as source', async () => {
    const answer = await ask(engine, 'Can I get my money back?');
    expect(answer.kind).toBe('policy');
    expect(answer.textResponse).toContain('full refund within 30 days');
    expect(answer.sources).toEqual([{ title: 'Can I get a refund?' }]);
    const turkish = await ask(engine, 'iade alabilir miyim', 'tr');
    expect(turkish.sources).toEqual([{ title: 'İade alabilir miyim?' }]);
    expect(turkish.textResponse).toContain('30 gün');
  });

  it('states the unlimited speed policy', async () => {
    const answer = await ask(engine, 'is the unlimited plan really unlimited? what speed after 1GB?');
    expect(answer.kind).toBe('policy');
    expect(answer.textResponse).toContain('512 kbps');
    expect(answer.textResponse).toContain('2 Mbps');
  });
});

describe('LocalChatEngine: knowledge answers', () => {
  it('quotes the best sentences of the right article and cites its title', async () => {
    const { engine } = engineWith();
    const answer = await ask(engine, 'can I share my data with my laptop?');
    expect(answer.kind).toBe('knowledge');
    expect(answer.textResponse).toContain('hotspot and tethering are allowed on all plans');
    expect(answer.sources).toEqual([{ title: 'Can I use my eSIM as a hotspot?' }]);
  });

  it('answers in the question language from that language’s article', async () => {
    const { engine } = engineWith();
    const answer = await ask(engine, 'Darf ich Tethering nutzen?', 'de');
    expect(answer.language).toBe('de');
    expect(answer.textResponse).toMatch(/^Ja, Hotspot und Tethering sind bei allen Tarifen erlaubt\./);
    expect(answer.sources).toEqual([{ title: 'Kann ich mit der eSIM einen Hotspot nutzen?' }]);
  });

  it('falls back to an article in another language with a localised lead-in', async () => {
    const { engine } = engineWith();
    const answer = await ask(engine, "iPhone'a eSIM nasıl kurulur?", 'tr');
    expect(answer.kind).toBe('knowledge');
    expect(answer.language).toBe('tr');
    expect(answer.textResponse).toMatch(/^\(Yanıt İngilizce yardım makalemizden\.\) To install your eSIM on an iPhone/);
    expect(answer.sources).toEqual([{ title: 'How do I install my eSIM on an iPhone?' }]);
  });

  it('never quotes a whole article: at most 600 characters', async () => {
    const { engine } = engineWith();
    const article = fixtureDocuments().find((d) => d.slug === 'install-iphone')!;
    expect(article.body.length).toBeGreaterThan(1500);
    for (const message of [
      'how do I install the esim on iphone step by step with the qr code',
      'install iphone manually activation code SM-DP+ address settings cellular',
    ]) {
      const answer = await ask(engine, message);
      expect(answer.kind).toBe('knowledge');
      expect(answer.textResponse.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
      expect(answer.textResponse.length).toBeLessThan(article.body.length / 2);
    }
  });

  it('says so and offers the support channels when nothing fits', async () => {
    const { engine } = engineWith();
    for (const [message, language] of [
      ['what is the weather in Paris tomorrow?', 'en'],
      ['tell me a joke', 'en'],
      ['Wie wird das Wetter morgen?', 'de'],
    ] as const) {
      const answer = await ask(engine, message, language);
      expect(answer.kind).toBe('fallback');
      expect(answer.sources).toEqual([]);
      expect(answer.textResponse).toContain('support@roamwise.example');
      expect(answer.textResponse).toContain('24');
      expect(answer.textResponse).toContain('09:00');
      expect(answer.textResponse).toContain('WhatsApp');
    }
    expect((await ask(engine, 'bugün hava nasıl', 'tr')).textResponse).toMatch(/^Üzgünüm/);
  });
});

describe('LocalChatEngine: index and live updates', () => {
  it('uses an edit at the next question after the revision changes', async () => {
    const { engine, knowledge } = engineWith();
    expect((await ask(engine, 'can I share my data with my laptop?')).textResponse).toContain('allowed on all plans');
    const documents = fixtureDocuments().map((d) =>
      d.slug === 'hotspot' && d.language === 'en'
        ? { ...d, body: 'Hotspot is allowed on every plan, up to 5 devices at once.', updatedAt: new Date() }
        : d,
    );
    knowledge.set(documents);
    const answer = await ask(engine, 'can I share my data with my laptop?');
    expect(answer.textResponse).toBe('Hotspot is allowed on every plan, up to 5 devices at once.');
    knowledge.set(documents.filter((d) => d.slug !== 'hotspot'));
    expect((await ask(engine, 'can I share my data with my laptop?')).sources).not.toContainEqual({
      title: 'Can I use my eSIM as a hotspot?',
    });
  });

  it('builds the index once for concurrent callers and once per revision', async () => {
    const documents = fixtureDocuments();
    let reads = 0;
    let revision = 1;
    const knowledge = {
      revision: () => Promise.resolve(revision),
      published: async () => {
        reads += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return documents;
      },
    };
    const engine = new LocalChatEngine({ knowledge, catalogue: new CatalogueFacts({ catalog: fixtureCatalogue }) });
    await Promise.all([
      ask(engine, 'refund?'),
      ask(engine, 'hotspot?'),
      engine.retrieve('hotspot', 'en'),
      ask(engine, 'tethering'),
    ]);
    expect(reads).toBe(1);
    await ask(engine, 'refund?');
    expect(reads).toBe(1);
    revision = 2;
    await Promise.all([ask(engine, 'refund?'), ask(engine, 'hotspot?')]);
    expect(reads).toBe(2);
  });

  it('warm() builds the index ahead of the first question', async () => {
    let reads = 0;
    const documents = fixtureDocuments();
    const knowledge = {
      revision: () => Promise.resolve(1),
      published: () => ((reads += 1), Promise.resolve(documents)),
    };
    const engine = new LocalChatEngine({ knowledge, catalogue: new CatalogueFacts({ catalog: fixtureCatalogue }) });
    await engine.warm();
    expect(reads).toBe(1);
    await ask(engine, 'hotspot?');
    expect(reads).toBe(1);
    await new LocalChatEngine({
      knowledge: { revision: () => Promise.reject(new Error('down')), published: () => Promise.resolve([]) },
      catalogue: new CatalogueFacts({ catalog: fixtureCatalogue }),
    }).warm();
  });

  it('keeps answering from the last index when the knowledge base cannot be read', async () => {
    const documents = fixtureDocuments();
    let failing = false;
    const knowledge = {
      revision: () => (failing ? Promise.reject(new Error('database down')) : Promise.resolve(1)),
      published: () => Promise.resolve(documents),
    };
    const engine = new LocalChatEngine({ knowledge, catalogue: new CatalogueFacts({ catalog: fixtureCatalogue }) });
    await ask(engine, 'hotspot?');
    failing = true;
    expect((await ask(engine, 'can I share my data with my laptop?')).kind).toBe('knowledge');
  });

  it('still answers from the knowledge base when the catalogue fails', async () => {
    const engine = new LocalChatEngine({
      knowledge: new StaticKnowledgeSource(fixtureDocuments()),
      catalogue: new CatalogueFacts({
        catalog: { destinations: () => Promise.reject(new Error('down')), productsFor: () => Promise.resolve([]) },
      }),
    });
    expect((await ask(engine, 'hotspot in Japan?')).kind).toBe('knowledge');
  });

  it('retrieve() lists the matching articles with scores and passages, best first', async () => {
    const { engine } = engineWith();
    const hits = await engine.retrieve('can I share my data with a hotspot?', 'en');
    expect(hits[0]).toMatchObject({ slug: 'hotspot', language: 'en', title: 'Can I use my eSIM as a hotspot?' });
    expect(hits[0]!.passage).toContain('hotspot and tethering are allowed');
    expect(hits[0]!.score).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.articleId)).size).toBe(hits.length);
    expect((await engine.retrieve('iade', 'tr'))[0]).toMatchObject({ slug: 'refunds', language: 'tr' });
    expect((await engine.retrieve('Rückerstattung', 'de'))[0]).toMatchObject({ slug: 'refunds', language: 'en' });
  });
});

describe('catalogue facts', () => {
  it('caches destinations, and reads them again once the catalogue says it changed', async () => {
    let reads = 0;
    const catalog = { ...fixtureCatalogue, destinations: async () => (reads++, fixtureCatalogue.destinations()) };
    const facts = new CatalogueFacts({ catalog });
    await facts.destinations();
    await facts.destinations();
    expect(reads).toBe(1);
    facts.invalidate();
    await facts.destinations();
    expect(reads).toBe(2);
  });
});
