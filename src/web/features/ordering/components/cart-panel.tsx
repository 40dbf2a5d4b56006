import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { CheckoutMethod, Totals } from '../../../../shared/ordering/totals';
import type { OrderPageData, SelectableUser } from '../../../../shared/schemas/ordering';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { isApiError } from '../../../lib/api';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { ORDER_KEYS, placeOrder } from '../api';
import { useCart } from '../cart-store';
import {
  attemptFor,
  checkoutBlockers,
  classifyOrderFailure,
  commissionCents,
  isPlaced,
  orderPayload,
  randomKey,
  type Attempt,
  type CheckoutField,
  type CheckoutForm,
  type OrderFailure,
} from '../model/checkout';
import type { MenuTitles } from '../model/menu';
import { safePaymentLink } from '../model/payment-link';
import { CartLineRow } from './cart-line';
import { Drawer } from './drawer';
import { CartAnnouncement } from './cart-ribbon';
import { UserPicker } from './user-picker';

export interface CartPanelProps {
  data: OrderPageData & { dishlist: NonNullable<OrderPageData['dishlist']> };
  isCustomer: boolean;
  displayOnly: boolean;
  stock: StockMap;
  titles: MenuTitles;
  form: CheckoutForm;
  setForm: Dispatch<SetStateAction<CheckoutForm>>;
  user: SelectableUser | null;
  setUser(user: SelectableUser | null): void;
  totals: Totals;
  choices: readonly CheckoutMethod[];
  shifts: readonly { id: number; title: string }[];
}

/** The cart panel: lines, totals and the checkout (spec 2 and 4). */
export function CartPanel(props: CartPanelProps) {
  const { data, isCustomer, displayOnly, stock, titles, form, setForm, user, setUser, totals, choices, shifts } = props;
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const open = useCart((s) => s.open);
  const lines = useCart((s) => s.lines);
  const dishRemoved = useCart((s) => s.dishRemoved);
  const setOpen = useCart((s) => s.setOpen);
  const clearCart = useCart((s) => s.clear);
  const dismissRemoved = useCart((s) => s.dismissRemoved);
  const [failure, setFailure] = useState<OrderFailure | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const attempt = useRef<Attempt | null>(null);
  const hintId = useId();

  const fieldError = (field: CheckoutField) => (failure && failure.kind !== 'general' ? failure.fields[field] : undefined);
  /** Editing a field clears its server error (spec 5). */
  const edit = (field: CheckoutField, patch: Partial<CheckoutForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setFailure((current) => {
      if (!current || current.kind === 'general' || !current.fields[field]) return current;
      const fields = { ...current.fields };
      delete fields[field];
      return { ...current, fields };
    });
  };

  const send = useMutation({
    mutationFn: () => {
      const payload = orderPayload(data.dishlist.id, lines, form, isCustomer);
      attempt.current = attemptFor(attempt.current, payload, randomKey);
      return placeOrder(payload, !isCustomer, attempt.current.key);
    },
    onMutate: () => setFailure(null),
    onSuccess: (answer) => {
      if (answer === undefined) return; // 429: ignored silently (spec 7)
      if (!isPlaced(answer)) {
        setFailure({ kind: 'general' });
        return;
      }
      attempt.current = null;
      const link = safePaymentLink(answer.payment_link, window.location.href);
      if (link) {
        // Off to the payment page; the button keeps spinning until the browser leaves.
        setRedirecting(true);
        window.location.assign(link);
        return;
      }
      clearCart();
      navigate(`/order/success?order_id=${answer.order_id}`);
    },
    onError: (error) => {
      // A definite "no" from the server: the next try is a new attempt. Unknown outcomes
      // (network, server failure) keep the key so a retry cannot order twice.
      if (isApiError(error) && error.status >= 400 && error.status < 500) attempt.current = null;
      const result = classifyOrderFailure(error);
      setFailure(result);
      if (result.kind !== 'general') {
        // Spec 4: errors kept and order data reloaded (stock, removed dishes).
        void queryClient.invalidateQueries({ queryKey: ORDER_KEYS.page(data.dishlist.id) });
        void queryClient.invalidateQueries({ queryKey: ORDER_KEYS.dishlists });
      }
    },
  });

  const sending = send.isPending || redirecting;
  const blockers = checkoutBlockers({ isCustomer, displayOnly, sending, cart: lines, form, choices, shifts });
  const firstHint = blockers.find((b) => b !== 'sending' && b !== 'empty');
  const methods = data.paymentMethods;

  return (
    <Drawer
      open={open}
      title={t('cart.title')}
      onClose={() => setOpen(false)}
      footer={
        (lines.length > 0 || failure) && (
          <div className="ord-checkout-submit">
            <CartAnnouncement amountToPay={totals.amountToPay} />
            {/* Errors sit right above the Order button, where the user looks after clicking it. */}
            <div role="alert" className="ord-checkout-failure">
              {failure?.kind === 'general' && <p className="ord-checkout-failure__text">{t('errors.general')}</p>}
              {failure?.kind === 'balance' && <p className="ord-checkout-failure__text">{t('errors.notAvailable')}</p>}
              {failure &&
                failure.kind !== 'general' &&
                failure.other.map((message) => (
                  <p key={message} className="ord-checkout-failure__text">
                    {message}
                  </p>
                ))}
            </div>
            {lines.length > 0 && (
              <>
            <p className="ord-checkout-submit__total">
              <span>{t('totals.toPay')}</span>
              <strong>{formatCents(totals.amountToPay, lang)}</strong>
            </p>
            <Button
              variant="primary"
              className="btn--block"
              loading={sending}
              disabled={blockers.length > 0}
              aria-describedby={firstHint ? hintId : undefined}
              onClick={() => send.mutate()}
            >
              {t('checkout.order')}
            </Button>
            {firstHint && (
              <p id={hintId} className="ord-checkout-submit__hint">
                {t(`checkout.blocker.${firstHint}`)}
              </p>
            )}
              </>
            )}
          </div>
        )
      }
    >
      {dishRemoved && (
        <Notice tone="warning" className="ord-cart-notice">
          {t('cart.dishRemoved')}{' '}
          <button type="button" className="ord-link-btn" onClick={dismissRemoved}>
            {t('cart.dismiss')}
          </button>
        </Notice>
      )}
      {lines.length === 0 ? (
        <p className="ord-cart-empty">{t('cart.empty')}</p>
      ) : (
        <>
          <ul className="ord-cart-lines" aria-label={t('cart.lines')}>
            {lines.map((line) => (
              <CartLineRow
                key={line.key}
                line={line}
                cart={lines}
                stock={stock}
                titles={titles}
                disabled={sending}
                closed={displayOnly}
              />
            ))}
          </ul>
          <TotalsTable totals={totals} />

          {displayOnly ? (
            <Notice tone="info">{t('checkout.blocker.closed')}</Notice>
          ) : (
            <form className="ord-checkout form" onSubmit={(e) => e.preventDefault()} aria-label={t('checkout.title')}>
              {!isCustomer && (
                <UserPicker
                  value={user}
                  dishlistId={data.dishlist.id}
                  error={fieldError('user')}
                  disabled={sending}
                  onChange={(next) => {
                    setUser(next);
                    edit('user', {
                      userId: next?.id ?? null,
                      shiftId: next && next.shifts.length === 1 ? next.shifts[0].id : null,
                    });
                  }}
                />
              )}

              <fieldset className={`field ord-pay ${fieldError('payment') ? 'field--invalid' : ''}`} disabled={sending}>
                <legend className="field__label">{t('checkout.payment')}</legend>
                {choices.map((method) => {
                  const commission = isCustomer ? commissionCents(method, methods) : 0;
                  return (
                    <div key={method} className="ord-pay__option">
                      <label className="ord-choice">
                        <input
                          type="radio"
                          name="payment_type"
                          value={method}
                          checked={form.payment === method}
                          onChange={() => edit('payment', { payment: method })}
                        />
                        <span>{t(`payment.${method}`)}</span>
                        {commission > 0 && (
                          <span className="muted ord-pay__commission">
                            {t('checkout.commission', { amount: formatCents(commission, lang) })}
                          </span>
                        )}
                      </label>
                      {form.payment === 'card' && method === 'card' && methods.cardConsent && (
                        <p className="ord-pay__consent">{methods.cardConsent}</p>
                      )}
                      {form.payment === 'bank' && method === 'bank' && (
                        <div className="ord-banks" role="radiogroup" aria-label={t('checkout.chooseBank')}>
                          {methods.banks.map((bank) => (
                            <label key={bank.code} className={`ord-bank ${form.bank === bank.code ? 'is-chosen' : ''}`}>
                              <input
                                type="radio"
                                name="bank"
                                value={bank.code}
                                checked={form.bank === bank.code}
                                onChange={() => edit('payment', { bank: bank.code })}
                              />
                              <img src={bank.imageUrl} alt="" width="80" height="32" loading="lazy" />
                              <span className="ord-bank__name">{bank.name}</span>
                            </label>
                          ))}
                          {methods.bankConsent && <p className="ord-pay__consent">{methods.bankConsent}</p>}
                        </div>
                      )}
                    </div>
                  );
                })}
                {choices.length === 0 && <p className="muted">{t('checkout.noMethods')}</p>}
                {fieldError('payment') && <p className="field__error">{fieldError('payment')}</p>}
              </fieldset>

              {shifts.length > 0 && (
                <div className={`field ${fieldError('shift') ? 'field--invalid' : ''}`}>
                  <label className="field__label" htmlFor={`${hintId}-shift`}>
                    {t('checkout.shift')}
                    <span aria-hidden="true"> *</span>
                  </label>
                  <select
                    id={`${hintId}-shift`}
                    className="input ord-select"
                    required
                    disabled={sending}
                    value={form.shiftId ?? ''}
                    aria-invalid={fieldError('shift') ? true : undefined}
                    onChange={(e) => edit('shift', { shiftId: e.target.value ? Number(e.target.value) : null })}
                  >
                    <option value="">{t('checkout.chooseShift')}</option>
                    {shifts.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.title}
                      </option>
                    ))}
                  </select>
                  {fieldError('shift') && <p className="field__error">{fieldError('shift')}</p>}
                </div>
              )}

              <div className={`field ${fieldError('comment') ? 'field--invalid' : ''}`}>
                <label className="field__label" htmlFor={`${hintId}-comment`}>
                  {t('checkout.comment')}
                </label>
                <textarea
                  id={`${hintId}-comment`}
                  className="input textarea"
                  rows={2}
                  maxLength={500}
                  disabled={sending}
                  value={form.comment}
                  aria-invalid={fieldError('comment') ? true : undefined}
                  onChange={(e) => edit('comment', { comment: e.target.value })}
                />
                {fieldError('comment') && <p className="field__error">{fieldError('comment')}</p>}
              </div>

              {isCustomer && (
                <div className={`field field--check ${fieldError('terms') ? 'field--invalid' : ''}`}>
                  <input
                    id={`${hintId}-terms`}
                    type="checkbox"
                    className="checkbox"
                    checked={form.terms}
                    disabled={sending}
                    aria-invalid={fieldError('terms') ? true : undefined}
                    onChange={(e) => edit('terms', { terms: e.target.checked })}
                  />
                  <label htmlFor={`${hintId}-terms`}>
                    <Trans
                      t={t}
                      i18nKey="checkout.terms"
                      components={{
                        tos: <a href="/privacy" target="_blank" rel="noopener noreferrer" className="link" />,
                      }}
                    />
                  </label>
                  {fieldError('terms') && <p className="field__error">{fieldError('terms')}</p>}
                </div>
              )}
            </form>
          )}
        </>
      )}
    </Drawer>
  );
}

function TotalsTable({ totals }: { totals: Totals }) {
  const { t } = useTranslation('ordering');
  const lang = useSession((s) => s.lang);
  const rows: [string, number, string][] = [[t('totals.amount'), totals.amount, '']];
  if (totals.subsidy > 0) rows.push([t('totals.subsidy'), totals.subsidy, '−']);
  if (totals.bonus > 0) rows.push([t('totals.bonus'), totals.bonus, '−']);
  if (totals.commission > 0) rows.push([t('totals.commission'), totals.commission, '+']);
  return (
    <dl className="ord-totals">
      {rows.map(([label, cents, sign]) => (
        <div key={label} className="ord-totals__row">
          <dt>{label}</dt>
          <dd>
            {sign}
            {formatCents(cents, lang)}
          </dd>
        </div>
      ))}
      <div className="ord-totals__row ord-totals__row--pay">
        <dt>{t('totals.toPay')}</dt>
        <dd>{formatCents(totals.amountToPay, lang)}</dd>
      </div>
    </dl>
  );
}
