import { lazy, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { loadNamespaces, useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { pickDishlist } from '../../../../shared/ordering/cart';
import { stockFromBalance } from '../../../../shared/ordering/stock';
import type { Profile } from '../../../../shared/schemas/account';
import type { OrderPageData, SelectableUser } from '../../../../shared/schemas/ordering';
import type { CurrentBanners } from '../../../../shared/schemas/announcements';
import { BANNERS_KEY } from '../../../components/announcement-banners-key';
import { useApiQuery } from '../../../lib/query';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { formatEuros } from '../../../lib/format';
import { useMe } from '../../../lib/me';
import { useSession } from '../../../lib/session-store';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDishlists, useHeaderInfo, useOrderPage, useStandingPrepared, type ReceivedOrderPage } from '../api';
import { useCart } from '../cart-store';
import { CartRibbon } from '../components/cart-ribbon';
import { DishCard } from '../components/dish-card';
import { MenuCategories } from '../components/menu-categories';
import type { Eater } from '../components/allergen-labels';
import { SuitableFilter } from '../components/suitable-filter';
import { allergenTitles, dietProfileOf, suitableCategories } from '../model/dietary';
import { menuTitles, visibleCategories } from '../model/menu';
import { useDeadlinePassed } from '../use-deadline';
import { useAgainOrder, useOrderAgainRefill } from '../use-order-again';
import { useSavedCart } from '../use-saved-cart';
import { useDeliveryWorthShowing } from '../use-delivery';
import { readChosenMenu, sessionStore, writeChosenMenu } from '../model/saved-cart';
import { useMyMenuOrders } from '../use-my-menu-orders';
import { YesterdayRating } from '../components/yesterday-rating';
import { FavouritesFilter } from '../components/favourites-filter';
import { OrderHeader } from '../components/order-header';
import { arrangeFavourites } from '../model/favourites';
import { useFavourites, useToggleFavourite } from '../use-favourites';
import { countDishes, useNewlySoldOut } from '../use-newly-sold-out';
import '../../../styles/ordering.css';

// Not needed for the first paint (decision 039): own orders and delivery load after it (the header's HTML text not: decision 057).
const MenuDeliveryPanel = lazy(() => import('../components/delivery-status').then((m) => ({ default: m.MenuDeliveryPanel })));
const MyMenuOrders = lazy(() => import('../components/my-menu-orders').then((m) => ({ default: m.MyMenuOrders })));
/** The user's announcements (issue 30): asked for after the menu; their code and texts load only when there are some. */
const Banners = lazy(() => import('../../../components/announcement-banners').then((m) => ({ default: m.AnnouncementBanners })));
/**
 * The checkout and the cart panel load once the cart has something in it or is opened (their
 * code is not needed to look at the menu, and the first paint stays lighter; decision 039), with
 * their texts (the `checkout` namespace, decision 058).
 */
const CartCheckout = lazy(() =>
  Promise.all([import('../components/cart-checkout'), loadNamespaces(['checkout'])]).then(([m]) => ({ default: m.CartCheckout })),
);
/** Shown only after "Order again" (decision 032). */
const OrderAgainNotice = lazy(() => import('../components/order-again-notice').then((m) => ({ default: m.OrderAgainNotice })));
const OrderAgainNotFound = lazy(() => import('../components/order-again-notice').then((m) => ({ default: m.OrderAgainNotFound })));
/** Shown only when the cart kept in the tab came back changed. */
const CartRestoredNotice = lazy(() => import('../components/order-again-notice').then((m) => ({ default: m.CartRestoredNotice })));
/** Shown only when a card or bank standing order prepared this menu's lunch for the customer to pay (issue 27). */
const StandingPreparedNotice = lazy(() =>
  Promise.all([import('../components/standing-prepared'), loadNamespaces(['plan-ahead', 'reorder'])]).then(([m]) => ({
    default: m.StandingPreparedNotice,
  })),
);

type LoadedPage = ReceivedOrderPage & { dishlist: NonNullable<OrderPageData['dishlist']> };

/** A positive integer id from a query parameter, else null. */
function positiveId(raw: string | null): number | null {
  const n = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  return n > 0 ? n : null;
}

/** The new order page: /, /order and every unknown path (spec 2). */
export function Component() {
  const { t } = useTranslation(['ordering', 'common']);
  useDocumentTitle(t('newOrder.title'));
  const me = useMe();
  const dishlists = useDishlists();
  const headerInfo = useHeaderInfo();
  // A reminder's link names its menu and provider: /order?dishlist={id}&provider_id={id} (decision 033).
  const [params] = useSearchParams();
  // The menu named by the link, else the one chosen last in this tab (kept across navigation and reloads).
  const [selectedId, setSelectedId] = useState<number | null>(() => positiveId(params.get('dishlist')) ?? readChosenMenu(sessionStore()));
  const linkedProvider = positiveId(params.get('provider_id'));
  useEffect(() => {
    const session = useSession.getState();
    if (linkedProvider !== null && session.activeProviderId !== linkedProvider) session.setActiveProviderId(linkedProvider);
  }, [linkedProvider]);
  const available = dishlists.data?.dishlists ?? [];
  // Spec 4: the selected menu while it is still offered, else the first, else none.
  const chosen = pickDishlist(available, selectedId);
  const page = useOrderPage(chosen?.id ?? null);
  const answered = page.data?.dishlist && page.data.dishlist.id === chosen?.id ? (page.data as LoadedPage) : null;
  // The menu renders from a deferred copy of the answer: TanStack Query hands it over in a render
  // that cannot yield, so the long menu's first render would be one long task on a slow phone; the
  // deferred render is a transition React slices (decision 095). The spinner stays until it is done.
  // The deferred copy lags the chosen menu: after a switch it is still the previous menu's answer for
  // a render or more, which must not be shown (nor ordered from) under the newly chosen menu.
  const deferred = useDeferredValue(answered);
  const data = deferred && deferred.dishlist.id === chosen?.id ? deferred : null;
  const deadlinePassed = useDeadlinePassed(data);
  const displayOnly = data ? !data.open || deadlinePassed : false;
  const again = useAgainOrder();

  const loadMenu = useCart((s) => s.loadMenu);
  // Another menu chosen: its own cart, put back from what the tab kept for it (use-saved-cart.ts;
  // issue 24 replaced spec 4's "loading menu data resets the cart"). Coming back to the page puts
  // the kept cart back too, checked against the menu as it is now; refills and notices start afresh.
  useEffect(() => {
    useCart.getState().enterPage();
  }, []);
  useEffect(() => {
    if (chosen) loadMenu(chosen.id);
  }, [chosen, loadMenu]);

  let body;
  // The header's text is awaited with the menus (fetched beside them): arriving after the menu it
  // pushed the whole menu down (decision 057). Only its first answer: a failed one retries unawaited.
  const headerPending = dishlists.isPending || me.isPending || (headerInfo.isPending && headerInfo.failureCount === 0);
  // Nothing under the header until it is complete: a spinner there was pushed down by it (decision 095).
  // Only announced (visually hidden), so that screen readers still hear that the page is loading.
  if (headerPending) {
    body = (
      <p className="visually-hidden" role="status">
        {t('common:loading')}
      </p>
    );
  } else if (dishlists.isError || me.isError || !me.data) {
    body = <LoadFailed onRetry={() => void Promise.all([dishlists.refetch(), me.refetch()])} />;
  } else if (!chosen) {
    body = (
      <div className="card order-empty">
        <p>{t('menu.none')}</p>
      </div>
    );
  } else if (page.isError && !data) {
    body = <LoadFailed onRetry={() => void page.refetch()} />;
  } else if (!data) {
    body = <Spinner block size="lg" />;
  } else {
    body = <OrderScreen key={data.dishlist.id} data={data} me={me.data} displayOnly={displayOnly} again={again} />;
  }

  return (
    <section className="page order-page">
      <OrderHeader
        available={available}
        chosen={chosen}
        data={data}
        headerText={headerInfo.data?.text ?? null}
        pending={headerPending}
        onChoose={(id) => {
          setSelectedId(id);
          writeChosenMenu(sessionStore(), id);
        }}
      />
      {again.id && again.order.isError && (
        <Suspense fallback={null}>
          <OrderAgainNotFound id={again.id} />
        </Suspense>
      )}
      {body}
    </section>
  );
}

function LoadFailed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation('ordering');
  return (
    <Notice tone="error">
      {t('errors.loadFailed')}{' '}
      <Button size="sm" variant="ghost" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Notice>
  );
}

interface OrderScreenProps {
  data: LoadedPage;
  me: Profile;
  displayOnly: boolean;
  again: ReturnType<typeof useAgainOrder>;
}

/** The menu of one dishlist with the cart. Remounted per menu, so the checkout starts afresh. */
function OrderScreen({ data, me, displayOnly, again }: OrderScreenProps) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const lines = useCart((s) => s.lines);
  const add = useCart((s) => s.add);
  const cartOpen = useCart((s) => s.open);
  const syncWithMenu = useCart((s) => s.syncWithMenu);
  const isCustomer = me.is_customer;
  const ownOrders = useMyMenuOrders(me.location?.id ?? 0, data.dishlist.id, isCustomer && Boolean(me.location));
  const hasOwnOrders = (ownOrders.data?.data.length ?? 0) > 0;
  const prepared = useStandingPrepared(data.dishlist.id, isCustomer && !displayOnly).data?.data ?? [];
  const banners =
    useApiQuery<CurrentBanners>(BANNERS_KEY, '/app/announcements/current', { staleTime: 60_000, silent: true }).data?.data ?? [];
  const delivery = useDeliveryWorthShowing(data.dishlist.id, isCustomer);
  const stock = useMemo(() => stockFromBalance(data.balance), [data.balance]);
  const favourites = useFavourites();
  const toggleFavourite = useToggleFavourite();
  const [onlyFavourites, setOnlyFavourites] = useState(false);
  const available = useMemo(() => visibleCategories(data.dishlist.categories, stock), [data.dishlist.categories, stock]);
  const categories = useMemo(
    () => arrangeFavourites(available, favourites.ids, onlyFavourites),
    [available, favourites.ids, onlyFavourites],
  );
  const titles = useMemo(() => menuTitles(data.dishlist.categories), [data.dishlist.categories]);
  const nowSoldOut = useNewlySoldOut(stock, titles);
  // Staff: whom the order is for (chosen in the cart panel; the allergen labels name them).
  const [checkoutUser, setCheckoutUser] = useState<SelectableUser | null>(null);
  // The payable total, from the checkout once its code is in (the ribbon waits for it).
  const [amountToPay, setAmountToPay] = useState<number | null>(null);
  // Once the checkout is in, it stays for this menu: its form survives an emptied cart.
  const [checkoutMounted, setCheckoutMounted] = useState(false);
  if (!checkoutMounted && (lines.length > 0 || cartOpen)) setCheckoutMounted(true);
  const refilled = useOrderAgainRefill(again, data.dishlist, stock, displayOnly);
  const restored = useSavedCart(data.dishlist, stock, titles, displayOnly);
  // Allergen warnings (decision 034): the eater's profile over the shared menu answer.
  const eaterProfile = isCustomer ? me : checkoutUser;
  const profile = useMemo(() => dietProfileOf(eaterProfile), [eaterProfile]);
  const eaterName = isCustomer ? null : (checkoutUser?.name ?? null);
  const eater = useMemo<Eater>(() => (eaterName === null ? { self: true } : { self: false, name: eaterName }), [eaterName]);
  const allergenNames = useMemo(() => allergenTitles(data.dishlist.categories), [data.dishlist.categories]);
  const [suitableOnly, setSuitableOnly] = useState(false);
  const shown = useMemo(() => (suitableOnly ? suitableCategories(categories, profile) : categories), [suitableOnly, categories, profile]);
  const hiddenCount = countDishes(categories) - countDishes(shown);
  const dietary = useMemo(() => ({ profile, eater, titles: allergenNames }), [profile, eater, allergenNames]);

  // Fresh data for this menu (polling, the reload after a failed order): dishes that left the
  // menu leave the cart too ("Dish was removed").
  useEffect(() => {
    syncWithMenu(data.dishlist.categories);
  }, [data.dishlist.categories, syncWithMenu]);

  return (
    <>
      {banners.length > 0 && (
        <Suspense fallback={null}>
          <Banners banners={banners} />
        </Suspense>
      )}
      {isCustomer && data.userData.bonus > 0 && (
        <Notice tone="success" className="ord-bonus">
          {t('menu.bonus', { amount: formatEuros(data.userData.bonus, lang) })}
        </Notice>
      )}
      {isCustomer && !data.userData.full_subsidy && data.userData.subsidy > 0 && (
        <p className="ord-subsidy" data-testid="subsidy-left">
          {t('menu.subsidyLeft', { amount: formatEuros(data.userData.subsidy, lang) })}
        </p>
      )}
      {isCustomer && data.budget && (
        <p className="ord-subsidy" data-testid="budget-left">
          {t(`menu.budgetLeft.${data.budget.period}`, {
            left: formatEuros(data.budget.left, lang),
            amount: formatEuros(data.budget.amount, lang),
          })}
        </p>
      )}
      {displayOnly && <Notice tone="warning">{t('menu.closed')}</Notice>}
      {refilled && (
        <Suspense fallback={null}>
          <OrderAgainNotice again={refilled} menuTitle={data.dishlist.title} />
        </Suspense>
      )}
      {restored && (
        <Suspense fallback={null}>
          <CartRestoredNotice restored={restored} />
        </Suspense>
      )}
      {prepared.length > 0 && (
        <Suspense fallback={null}>
          <StandingPreparedNotice prepared={prepared} menu={data.dishlist} stock={stock} />
        </Suspense>
      )}
      {isCustomer && me.location && hasOwnOrders && (
        <Suspense fallback={null}>
          <MyMenuOrders
            locationId={me.location.id}
            menuId={data.dishlist.id}
            open={!displayOnly}
            clockOffset={Date.parse(data.now) - data.receivedAt}
          />
        </Suspense>
      )}
      {isCustomer && <YesterdayRating />}
      {delivery && (
        <Suspense fallback={null}>
          <MenuDeliveryPanel menu={data.dishlist} delivery={delivery} />
        </Suspense>
      )}
      {/* Fresh order data (after a refused order, the deadline poll) is announced only when a dish ran out. */}
      <Notice tone="info" className="visually-hidden">
        {nowSoldOut && t('menu.nowSoldOut', { dishes: nowSoldOut })}
      </Notice>
      {available.length > 0 && <FavouritesFilter on={onlyFavourites} onChange={setOnlyFavourites} />}
      {toggleFavourite.isError && <Notice tone="error">{t('favourites.saveFailed')}</Notice>}
      {profile && <SuitableFilter checked={suitableOnly} onChange={setSuitableOnly} eater={eater} hidden={hiddenCount} />}
      {categories.length === 0 ? (
        <div className="card order-empty">
          <p>{available.length === 0 ? t('menu.soldOut') : t('favourites.none')}</p>
        </div>
      ) : (
        <MenuCategories
          categories={shown}
          renderDish={(dish) => (
            <DishCard
              dish={dish}
              stock={stock}
              cart={lines}
              displayOnly={displayOnly}
              onAdd={(item) => add(stock, item)}
              favourite={{
                on: favourites.ids.has(dish.id),
                onToggle: () => toggleFavourite.mutate({ dishId: dish.id, favourite: !favourites.ids.has(dish.id) }),
              }}
              dietary={dietary}
            />
          )}
        />
      )}
      <CartRibbon amountToPay={amountToPay} />
      {checkoutMounted && (
        <Suspense fallback={null}>
          <CartCheckout
            data={data}
            isCustomer={isCustomer}
            displayOnly={displayOnly}
            stock={stock}
            titles={titles}
            dietary={{ profile, eater }}
            user={checkoutUser}
            setUser={setCheckoutUser}
            onAmountToPay={setAmountToPay}
          />
        </Suspense>
      )}
    </>
  );
}
