import { z } from 'zod';

export const navigation = z.object({
  groups: z.array(z.object({ title: z.string(), pages: z.array(z.object({ page: z.string(), title: z.string() })) })),
});
export type Navigation = z.infer<typeof navigation>;

export const textBlock = z.object({ text: z.string() });

export const allergen = z.object({ id: z.number(), code: z.string(), title: z.string() });

export const translationsResult = z.object({
  lang: z.string(),
  languages: z.array(z.object({ code: z.string() })),
  /** The sandbox gateway is active: card and bank payments move no money (the web shows a banner). */
  test_payments: z.boolean(),
  /**
   * PUBLIC_URL is unset or a loopback address: links and the labels' QR codes point to this
   * machine only, so the kitchen's print-outs warn that no phone can open them (decision 040).
   */
  local_links: z.boolean(),
});
