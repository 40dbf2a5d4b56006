import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { errorMessage } from '../../components/ui/form-error-notice';
import { isApiError } from '../../lib/api';
import { ORDERS_KEY, ordersApi, type Order } from './api';
import { toggledAccepted } from './filter';

export type Outcome = { tone: 'success' | 'error'; text: string } | null;

/**
 * "Accept all new": the location (null: the whole menu) and exactly the new orders the confirmation
 * counted; `ids` null (a big menu whose sections were not all read, decision 056): all new ones of the menu.
 */
export type AcceptAsk = { location: { id: number; title: string } | null; ids: number[] | null; count: number };

/** The most order ids "Accept all new" sends (the API's limit); more are accepted as "all new of the menu". */
const MAX_IDS = 5000;

/**
 * What staff do to a menu's orders (spec 2, 4): accept or revoke one, delete one, accept all new
 * (asked first), and the outcome line the page shows. `seen` un-highlights orders once accepted.
 */
export function useOrderActions(menuId: number | null, seen: (ids: number[]) => void) {
  const { t } = useTranslation('orders');
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ORDERS_KEY });
  const failed = (fallback: string) => (error: unknown) => {
    if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t(fallback)) });
  };

  // "Accept all new" accepts exactly the new orders the confirmation counted (issue 24): one that
  // arrives while the dialog is open stays new, and the answer says how many did.
  const [acceptAsk, setAcceptAsk] = useState<AcceptAsk | null>(null);
  const acceptAll = useMutation({
    mutationFn: (ask: AcceptAsk) => ordersApi.acceptAll(menuId ?? 0, ask.ids ?? undefined, ask.location?.id),
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => {
      setAcceptAsk(null);
      if (!answer) return;
      const done = t('acceptAll.done', { count: answer.accepted.length });
      const text = answer.left_new > 0 ? `${done}; ${t('acceptAll.leftNew', { count: answer.left_new })}` : `${done}.`;
      setOutcome({ tone: 'success', text });
      seen(answer.accepted);
    },
    onError: (error) => {
      setAcceptAsk(null);
      failed('errors.updateFailed')(error);
    },
    onSettled: refresh,
  });

  const update = useMutation({
    mutationFn: (o: Order) => ordersApi.setAccepted(o.id, toggledAccepted(o.accepted)),
    onMutate: () => setOutcome(null),
    onSuccess: (_answer, o) => {
      setOutcome({ tone: 'success', text: t(o.accepted === 1 ? 'revoked' : 'accepted', { id: o.id }) });
      seen([o.id]);
    },
    onError: failed('errors.updateFailed'),
    onSettled: refresh,
  });

  const remove = useMutation({
    mutationFn: (o: Order) => ordersApi.remove(o.id),
    onMutate: () => setOutcome(null),
    onSuccess: (_answer, o) => setOutcome({ tone: 'success', text: t('deleted', { id: o.id }) }),
    onError: failed('errors.deleteFailed'),
    onSettled: refresh,
  });

  return {
    outcome,
    setOutcome,
    acceptAsk,
    /** Asks to accept the new ones among the orders shown (of a location, or of the menu when null). */
    askAcceptAll: (location: { id: number; title: string } | null, shown: readonly Order[]) => {
      const ids = shown.filter((o) => o.accepted !== 1).map((o) => o.id);
      // None new any more (a section read only now): the lists catch up instead.
      if (ids.length === 0) return void refresh();
      setAcceptAsk({ location, ids: location === null && ids.length > MAX_IDS ? null : ids, count: ids.length });
    },
    /** Asks to accept all new orders of the menu (the sections counted `count`), none of them read. */
    askAcceptAllNew: (count: number) => setAcceptAsk({ location: null, ids: null, count }),
    cancelAcceptAll: () => setAcceptAsk(null),
    acceptAll,
    update,
    remove,
    busy: update.isPending || remove.isPending || acceptAll.isPending,
  };
}

export type OrderActions = ReturnType<typeof useOrderActions>;
