import { kbCreateArticleSchema, kbUpdateArticleSchema } from '@esim/contract/knowledge-base';
import { describe, expect, it } from 'vitest';
import {
  articleFormSchema,
  formFieldOf,
  initialArticleValues,
  splitTags,
  toCreateBody,
  toUpdateBody,
} from './article-form.ts';

const values = {
  title: ' Hotspot ',
  language: 'en' as const,
  slug: '',
  tags: 'Hotspot, tethering, , hotspot',
  published: true,
  body: ' Yes. ',
};

describe('the article form', () => {
  it('accepts a valid article and builds bodies the API accepts', () => {
    expect(articleFormSchema.safeParse(values).success).toBe(true);
    const create = toCreateBody(values);
    expect(create).toEqual({
      title: 'Hotspot',
      body: 'Yes.',
      language: 'en',
      tags: ['hotspot', 'tethering'],
      published: true,
    });
    expect(kbCreateArticleSchema.safeParse(create).success).toBe(true);
    const update = toUpdateBody({ ...values, slug: 'hotspot' }, '2026-01-01T00:00:00.000Z');
    expect(kbUpdateArticleSchema.safeParse(update).success).toBe(true);
  });

  it.each([
    [{ title: '' }, 'title', 'titleRequired'],
    [{ title: 'x'.repeat(201) }, 'title', 'titleTooLong'],
    [{ slug: 'Bad Slug' }, 'slug', 'slugPattern'],
    [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, 'tags', 'tooManyTags'],
    [{ tags: 'x'.repeat(41) }, 'tags', 'tagTooLong'],
    [{ body: '   ' }, 'body', 'bodyRequired'],
  ])('refuses %j on %s with %s', (over, field, message) => {
    const result = articleFormSchema.safeParse({ ...values, ...over });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('starts from an article, splits tags and maps API fields', () => {
    const article = {
      id: 1,
      slug: 'hotspot',
      language: 'de' as const,
      title: 'T',
      body: 'B',
      tags: ['a', 'b'],
      published: false,
      createdAt: '',
      updatedAt: '',
      updatedBy: 'seed',
      remoteSyncedAt: null,
      remoteError: null,
    };
    expect(initialArticleValues(article, 'en')).toEqual({
      title: 'T',
      language: 'de',
      slug: 'hotspot',
      tags: 'a, b',
      published: false,
      body: 'B',
    });
    expect(initialArticleValues(null, 'fr').language).toBe('fr');
    expect(splitTags(' A ,b,a,')).toEqual(['a', 'b']);
    expect(formFieldOf('tags.3')).toBe('tags');
    expect(formFieldOf('updatedAt')).toBeUndefined();
  });
});
