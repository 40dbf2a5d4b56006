import { lazy, Suspense, useCallback, useId } from 'react';
import { ORDER_COMMENT_MAX } from '../../../../shared/limits';
import { Trans, useTranslation } from '../../../lib/i18n';
import type { StockMap } from '../../../../shared/ordering/stock';
import type { Totals } from '../../../../shared/ordering/totals';
import type { OrderPageData } from '../../../../shared/schemas/ordering';
import { BankPicker } from '../../../components/orders/bank-picker';
import { Button } from '../../../components/ui/button';
import { CheckboxField, Field, TextAreaField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { formatCents } from '../../../lib/format';
import { useSession } from '../../../lib/session-store';
import { useCart } from '../cart-store';
import { commissionCents } from '../model/checkout';
import type { MenuTitles } from '../model/menu';
import type { Checkout } from '../use-checkout';
import { CartLineRow } from './cart-line';
import { Drawer } from './drawer';
import { CartAnnouncement } from './cart-ribbon';
import { UserPicker } from './user-picker';
import type { DietProfile } from '../../../../shared/dietary';
import type { Eater } from './allergen-labels';
import { CartConflicts } from './cart-conflicts';

/** The cost centre select and its choices load only at checkout, never with the menu (decision 072). */
const CostCentreSelect = lazy(() =>
  import('../../../components/cost-centres/cost-centre-select').then((m) => ({ default: m.CostCentreSelect })),
);

export interface CartPanelProps {
  data: OrderPageData & { dishlist: NonNullable<OrderPageData['dishlist']> };
  isCustomer: boolean;
  displayOnly: boolean;
  stock: StockMap;
  titles: MenuTitles;
  /** The checkout's state and actions (useCheckout); this panel only shows them. */
  checkout: Checkout;
  /** The eater's profile: conflicts are listed once more before Order (decision 034). */
  dietary?: { profile: DietProfile | null; eater: Eater };
}

/**
 * The cart panel: lines, totals and the checkout (spec 2 and 4), a view of useCheckout. Its
 * Order button is where the order path starts (decision 025).
 */
export function CartPanel({ data, isCustomer, displayOnly, stock, titles, checkout, dietary }: CartPanelProps) {
  const { form, user, edit, choices, shifts, totals, failure, fieldError, blockers, sending } = checkout;
  const { t } = useTranslation(['checkout', 'ordering']);
  const lang = useSession((s) => s.lang);
  const open = useCart((s) => s.open);
  const lines = useCart((s) => s.lines);
  const dishRemoved = useCart((s) => s.dishRemoved);
  const setOpen = useCart((s) => s.setOpen);
  const dismissRemoved = useCart((s) => s.dismissRemoved);
  const hintId = useId();
  const firstHint = blockers.find((b) => b !== 'sending' && b !== 'empty');
  const methods = data.paymentMethods;
  const chooseCostCentre = useCallback((id: number | null) => edit('costCentre', { costCentreId: id }), [edit]);

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
                  onClick={checkout.submit}
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
              <CartLineRow key={line.key} line={line} cart={lines} stock={stock} titles={titles} disabled={sending} closed={displayOnly} />
            ))}
          </ul>
          <TotalsTable totals={totals} />
          {checkout.budget && !checkout.budget.blocking && totals.budgetWanted > totals.budget && (
            <Notice tone="warning" className="ord-budget-warning">
              {t('checkout:budget.warning', { covers: formatCents(totals.budget, lang), pay: formatCents(totals.amountToPay, lang) })}
            </Notice>
          )}
          {dietary && (
            <CartConflicts
              lines={lines}
              categories={data.dishlist.categories}
              profile={dietary.profile}
              eater={dietary.eater}
              titles={titles}
            />
          )}

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
                  onChange={checkout.chooseUser}
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
                        <BankPicker
                          banks={methods.banks}
                          value={form.bank}
                          onChange={(code) => edit('payment', { bank: code })}
                          label={t('checkout.chooseBank')}
                          name="bank"
                          consent={methods.bankConsent}
                        />
                      )}
                    </div>
                  );
                })}
                {choices.length === 0 && <p className="muted">{t('checkout.noMethods')}</p>}
                {fieldError('payment') && <p className="field__error">{fieldError('payment')}</p>}
              </fieldset>

              {isCustomer && (
                <Suspense fallback={null}>
                  <CostCentreSelect
                    value={form.costCentreId}
                    onChange={chooseCostCentre}
                    disabled={sending}
                    error={fieldError('costCentre')}
                  />
                </Suspense>
              )}

              {shifts.length > 0 && (
                <Field label={t('checkout.shift')} required error={fieldError('shift')}>
                  {(wiring) => (
                    <select
                      {...wiring}
                      className="input ord-select"
                      required
                      disabled={sending}
                      value={form.shiftId ?? ''}
                      onChange={(e) => edit('shift', { shiftId: e.target.value ? Number(e.target.value) : null })}
                    >
                      <option value="">{t('checkout.chooseShift')}</option>
                      {shifts.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.title}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              )}

              <TextAreaField
                label={t('checkout.comment')}
                rows={2}
                maxLength={ORDER_COMMENT_MAX}
                disabled={sending}
                value={form.comment}
                error={fieldError('comment')}
                onChange={(e) => edit('comment', { comment: e.target.value })}
              />

              {isCustomer && (
                <CheckboxField
                  className={fieldError('terms') ? 'field--invalid' : undefined}
                  checked={form.terms}
                  disabled={sending}
                  error={fieldError('terms')}
                  onChange={(e) => edit('terms', { terms: e.target.checked })}
                  label={
                    <Trans
                      t={t}
                      i18nKey="checkout.terms"
                      components={{
                        tos: <a href="/privacy" target="_blank" rel="noopener noreferrer" className="link" />,
                      }}
                    />
                  }
                />
              )}
            </form>
          )}
        </>
      )}
    </Drawer>
  );
}

function TotalsTable({ totals }: { totals: Totals }) {
  const { t } = useTranslation(['checkout', 'ordering']);
  const lang = useSession((s) => s.lang);
  const rows: [string, number, string][] = [[t('totals.amount'), totals.amount, '']];
  if (totals.subsidy > 0) rows.push([t('totals.subsidy'), totals.subsidy, '−']);
  if (totals.budget > 0) rows.push([t('totals.budget'), totals.budget, '−']);
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
