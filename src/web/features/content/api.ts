import { useApiQuery } from '../../lib/query';

/** Spec 7: GET /block/{slug} answers `{ text }`, HTML in the request's language. */
export interface ContentBlock {
  text: string;
}

export type BlockSlug = 'privacy' | 'terms-and-conditions' | 'header-info';

export function useContentBlock(slug: BlockSlug) {
  return useApiQuery<ContentBlock>(['content', 'block', slug], `/app/block/${slug}`, { staleTime: 5 * 60_000 });
}
