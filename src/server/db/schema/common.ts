import { jsonb, timestamp } from 'drizzle-orm/pg-core';

/** Per-language text: keys are language codes (lv, en, ru). */
export type Translated = Partial<Record<'lv' | 'en' | 'ru', string>>;

export const translated = (name: string) => jsonb(name).$type<Translated>().notNull().default({});
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
