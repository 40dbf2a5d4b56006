import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { z } from 'zod';
import { useTranslation } from '../../../lib/i18n';
import { BUDGET_PERIODS, budgetRuleInput, type BudgetRuleInput } from '../../../../shared/schemas/budget-rules';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, TextField } from '../../../components/ui/field';
import { Notice } from '../../../components/ui/notice';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { fieldBinder, setServerErrors, useSchemaForm } from '../../../lib/forms';
import { eurosFromInput, eurosToInput } from '../../../lib/price';
import { formatEuros } from '../../../lib/format';
import { budgetsApi, type BudgetRule } from '../api';

/** What the form holds: amounts as typed, the two choices as words. */
interface RuleValues {
  period: (typeof BUDGET_PERIODS)[number];
  amount: string;
  covers: 'whole' | 'cap';
  cap: string;
  onOver: 'block' | 'warn';
}

/** The request schema, reached from what the form holds (amounts typed in euros must read as amounts). */
const ruleForm = (groupId: number | null) =>
  z
    .custom<RuleValues>()
    .superRefine((v, ctx) => {
      if (!eurosFromInput(v.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'budgets:errors.amount' });
      if (v.covers === 'cap' && !eurosFromInput(v.cap)) ctx.addIssue({ code: 'custom', path: ['cap'], message: 'budgets:errors.amount' });
    })
    .transform((v): BudgetRuleInput => ({
      group_id: groupId,
      period: v.period,
      amount: eurosFromInput(v.amount) ?? 0,
      cap: v.covers === 'cap' ? (eurosFromInput(v.cap) ?? 0) : null,
      blocking: v.onOver === 'block',
    }))
    .pipe(budgetRuleInput);

const valuesOf = (rule: BudgetRule | undefined): RuleValues => ({
  period: rule?.period ?? 'month',
  amount: eurosToInput(rule?.amount),
  covers: rule?.cap == null ? 'whole' : 'cap',
  cap: eurosToInput(rule?.cap),
  onOver: rule && !rule.blocking ? 'warn' : 'block',
});

const SHOWN = /^(period|amount|cap|group_id)$/;

/** The rule of one scope (the location, or a group): a summary, and the form to set or remove it. */
export function RuleForm({
  locationId,
  groupId,
  title,
  rule,
  onChanged,
}: {
  locationId: number;
  groupId: number | null;
  title: string;
  rule: BudgetRule | undefined;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation('budgets');
  const id = useId();
  const [saved, setSaved] = useState(false);
  const [removing, setRemoving] = useState(false);
  const form = useSchemaForm(ruleForm(groupId), { defaultValues: valuesOf(rule) });
  const field = fieldBinder(form);
  const covers = form.watch('covers');
  const save = useMutation({
    mutationFn: (input: BudgetRuleInput) => budgetsApi.setRule(locationId, input),
    onSuccess: (r) => {
      setSaved(true);
      form.reset(valuesOf(r ?? undefined));
      onChanged();
    },
    onError: (error) => setServerErrors(form, error, SHOWN),
  });
  const remove = useMutation({
    mutationFn: () => budgetsApi.deleteRule(locationId, groupId),
    onSuccess: () => {
      setSaved(false);
      setRemoving(false);
      form.reset(valuesOf(undefined));
      onChanged();
    },
  });
  const eur = (v: number) => formatEuros(v, i18n.language);
  const summary = rule
    ? t('rules.summary', {
        amount: eur(rule.amount),
        period: t(`rules.periods.${rule.period}`),
        covers: rule.cap === null ? t('rules.wholeOrder') : t('rules.capSummary', { cap: eur(rule.cap) }),
        onOver: rule.blocking ? t('rules.blockSummary') : t('rules.warnSummary'),
      })
    : t('rules.noRule');
  const headingId = `${id}-title`;
  return (
    <section className="budgets-rule" aria-labelledby={headingId}>
      <h3 id={headingId} className="budgets-rule__title">
        {title}
      </h3>
      <p className="muted">{summary}</p>
      {saved && <Notice tone="success">{t('rules.saved')}</Notice>}
      {save.isError && !Object.keys(form.formState.errors).length ? (
        <Notice tone="error">{errorMessage(save.error, t('saveFailed'))}</Notice>
      ) : null}
      <form className="budgets-rule__form" noValidate onSubmit={form.handleSubmit((input) => (setSaved(false), save.mutate(input)))}>
        <Field label={t('rules.period')} error={form.formState.errors.period?.message}>
          {(wiring) => (
            <select className="input" {...wiring} {...form.register('period')}>
              {BUDGET_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`rules.per.${p}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField label={t('rules.amount')} inputMode="decimal" required {...field('amount')} />
        <fieldset className="budgets-rule__choice">
          <legend className="field__label">{t('rules.covers')}</legend>
          <label>
            <input type="radio" value="whole" {...form.register('covers')} /> {t('rules.wholeOrder')}
          </label>
          <label>
            <input type="radio" value="cap" {...form.register('covers')} /> {t('rules.upTo')}
          </label>
        </fieldset>
        {covers === 'cap' && <TextField label={t('rules.cap')} inputMode="decimal" required {...field('cap')} />}
        <fieldset className="budgets-rule__choice">
          <legend className="field__label">{t('rules.onOver')}</legend>
          <label>
            <input type="radio" value="block" {...form.register('onOver')} /> {t('rules.block')}
          </label>
          <label>
            <input type="radio" value="warn" {...form.register('onOver')} /> {t('rules.warn')}
          </label>
        </fieldset>
        <div className="form-actions">
          <Button type="submit" variant="primary" loading={save.isPending}>
            {t('rules.save')}
          </Button>
          {rule && (
            <Button variant="ghost" aria-label={t('rules.removeNamed', { title })} onClick={() => setRemoving(true)}>
              {t('rules.remove')}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={removing}
        title={t('rules.removeTitle')}
        message={t('rules.removeMessage', { title })}
        confirmLabel={t('rules.remove')}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, t('saveFailed')) : null}
        onConfirm={() => remove.mutate()}
        onCancel={() => {
          setRemoving(false);
          remove.reset();
        }}
      />
    </section>
  );
}
