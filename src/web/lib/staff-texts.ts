/**
 * The loaders of every namespace the entry's list (./i18n.ts) leaves out: the staff's and
 * managers' texts, a chunk of its own fetched the first time one of them is asked for (decision
 * 090). Each file is still its own small chunk, loaded when asked for.
 */
import type { TextTree } from './translate';

export const staffTextLoaders = import.meta.glob<{ default: TextTree }>([
  '../locales/*/*.json',
  '!../locales/*/{common,shell,auth,account,checkout,content,history,identity,ordering,plan-ahead,ratings,visitors,reorder,week,delivery,stock,announcements}.json',
]);
