import { z } from 'zod';

/*
 * Text a caller sends (body, query or path). PostgreSQL cannot store the NUL character in text
 * (it refuses the whole statement with 22021), so a value carrying one is refused here with a
 * 422 on its field instead of reaching the database. Every string a request may carry is built
 * from `text()`; answers keep plain z.string().
 */

/** True when the value holds no NUL character. */
export function storableText(value: string): boolean {
  return !value.includes('\u0000');
}

/** A request string: z.string() that refuses NUL (message key 'invalidCharacter'). Chain .trim(), .max() etc. as usual. */
export const text = () => z.string().refine(storableText, 'invalidCharacter');
