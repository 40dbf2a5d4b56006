/** The query key of the order page's banners (GET /app/announcements/current), shared by the page and the banners. */
export const BANNERS_KEY = ['announcements', 'current'] as const;
