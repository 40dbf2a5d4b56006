/**
 * The quick tags an eater may add to a rating (issue 30, decision 079): the same list as the
 * database's RATING_TAGS (the ratings service checks both ways). No zod here, so web pages that
 * show the tags do not carry it. Texts in the locales' ratings namespace (tags.<tag>).
 */
export const RATING_TAG_LIST = ['too-salty', 'bland', 'cold', 'great-portion', 'small-portion', 'tasty', 'late'] as const;
export type RatingTag = (typeof RATING_TAG_LIST)[number];
export const RATING_COMMENT_MAX = 500;
