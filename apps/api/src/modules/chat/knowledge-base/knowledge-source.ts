import type { Language } from '@esim/contract/languages';

/**
 * A knowledge-base article as the chat engines read it: `slug`
 * names the topic its translations share (`refunds`), `body` is Markdown.
 */
export interface KbDocument {
  id: number;
  slug: string;
  language: Language;
  title: string;
  body: string;
  tags: string[];
  updatedAt: Date;
}

/**
 * Where the local chat engine reads the published articles: the database
 * (`KnowledgeBaseRepository`), or a fixed list in tests and the evaluation.
 */
export interface KnowledgeSource {
  /**
   * A value that changes whenever any article is created, edited, published, unpublished or
   * deleted, on any instance (`kb_revision`): the engine rebuilds its index when it differs from
   * the one it was built at.
   */
  revision(): Promise<number>;
  /** Every published article, in every language. */
  published(): Promise<KbDocument[]>;
}

/** A fixed {@link KnowledgeSource} (tests, `npm run eval:chat`); `set` replaces the articles and bumps the revision. */
export class StaticKnowledgeSource implements KnowledgeSource {
  private rev = 1;
  constructor(private documents: KbDocument[]) {}
  revision(): Promise<number> {
    return Promise.resolve(this.rev);
  }
  published(): Promise<KbDocument[]> {
    return Promise.resolve(this.documents);
  }
  set(documents: KbDocument[]): void {
    this.documents = documents;
    this.rev += 1;
  }
}
