import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FormErrorNotice } from '../../../components/ui/form-error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { formatEuros } from '../../../lib/format';
import { MENUS_KEY, menusApi, useWithdrawPreview, type WithdrawResultOf } from '../api';

export interface WithdrawTarget {
  id: number;
  name: string;
}

export interface WithdrawDishDialogProps {
  menuId: number;
  /** The dish to withdraw; null keeps the dialog closed. */
  dish: WithdrawTarget | null;
  /** Plain dishes of the menu that may be offered instead. */
  substitutes: WithdrawTarget[];
  onClose(): void;
  onDone(result: WithdrawResultOf): void;
}

/**
 * "Withdraw" (decision 083): a dish of the menu ran out or failed after people ordered it. Shows
 * who and how much it touches, then refunds it or offers a substitute; the eaters are told.
 */
export function WithdrawDishDialog(props: WithdrawDishDialogProps) {
  return props.dish ? <WithdrawForm key={props.dish.id} {...props} dish={props.dish} /> : null;
}

function WithdrawForm({ menuId, dish, substitutes, onClose, onDone }: WithdrawDishDialogProps & { dish: WithdrawTarget }) {
  const { t, i18n } = useTranslation('menus');
  const id = useId();
  const client = useQueryClient();
  const preview = useWithdrawPreview(menuId, dish.id);
  const options = substitutes.filter((s) => s.id !== dish.id);
  const [mode, setMode] = useState<'refund' | 'substitute'>('refund');
  const [substitute, setSubstitute] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const subError = isApiError(error) ? error.errors.substitute_dish_id?.[0] : undefined;

  const close = () => {
    if (!busy) onClose();
  };
  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await menusApi.withdraw(menuId, {
        dish_id: dish.id,
        mode,
        substitute_dish_id: mode === 'substitute' ? Number(substitute) || null : null,
      });
      setBusy(false);
      void client.invalidateQueries({ queryKey: MENUS_KEY });
      if (res) onDone(res);
      onClose();
    } catch (err) {
      setBusy(false);
      setError(err);
    }
  };
  const p = preview.data;

  return (
    <Dialog
      open
      title={t('withdraw.title', { dish: dish.name })}
      onClose={close}
      footer={
        <>
          <Button variant="ghost" onClick={close} disabled={busy}>
            {t('withdraw.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" loading={busy} disabled={!p || p.withdrawn}>
            {t('withdraw.submit')}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="copy-menu"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        noValidate
      >
        <FormErrorNotice error={error} isShown={(k) => k === 'substitute_dish_id'} fallback={t('errors.saveFailed')} />
        {!p ? (
          <Spinner block />
        ) : (
          <p className="copy-menu__hint" role="status">
            {p.withdrawn
              ? t('withdraw.already')
              : t('withdraw.affected', {
                  orders: p.orders,
                  eaters: p.eaters,
                  portions: p.portions,
                  amount: formatEuros(p.amount, i18n.language),
                })}
          </p>
        )}
        <fieldset className="copy-menu__choices">
          <legend>{t('withdraw.how')}</legend>
          <label className="copy-menu__option">
            <input type="radio" name={`${id}-mode`} checked={mode === 'refund'} onChange={() => setMode('refund')} />
            <span>{t('withdraw.refund')}</span>
          </label>
          <label className="copy-menu__option">
            <input
              type="radio"
              name={`${id}-mode`}
              checked={mode === 'substitute'}
              onChange={() => setMode('substitute')}
              disabled={options.length === 0}
            />
            <span>{t('withdraw.substitute')}</span>
          </label>
          {mode === 'substitute' && (
            <div className="field">
              <label className="field__label" htmlFor={`${id}-sub`}>
                {t('withdraw.substituteDish')}
              </label>
              <select
                id={`${id}-sub`}
                className="input"
                value={substitute}
                onChange={(e) => setSubstitute(e.target.value === '' ? '' : Number(e.target.value))}
                aria-invalid={subError ? true : undefined}
                aria-describedby={subError ? `${id}-sub-error` : undefined}
              >
                <option value="">{t('withdraw.choose')}</option>
                {options.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
              {subError && (
                <p className="field__error" id={`${id}-sub-error`}>
                  {subError}
                </p>
              )}
            </div>
          )}
        </fieldset>
        <p className="muted">{mode === 'refund' ? t('withdraw.refundHint') : t('withdraw.substituteHint')}</p>
      </form>
    </Dialog>
  );
}
