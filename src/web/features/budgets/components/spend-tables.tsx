import { useTranslation } from '../../../lib/i18n';
import { formatEuros } from '../../../lib/format';
import type { SpendAnswer } from '../api';

/** A table that scrolls inside its card where it must (on a phone its rows are cards), captioned for screen readers. */
function ScrollTable({ caption, head, rows }: { caption: string; head: { text: string; num?: boolean }[]; rows: (string | number)[][] }) {
  const { t } = useTranslation('budgets');
  // Focusable so a keyboard can scroll it on a phone; named apart from its card's region.
  return (
    <div className="spend-scroll" role="region" aria-label={t('spend.tableOf', { title: caption })} tabIndex={0}>
      <table className="spend-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h.text} scope="col" className={h.num ? 'num' : undefined}>
                {h.text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, j) =>
                j === 0 ? (
                  <th key={j} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={j} className={head[j]?.num ? 'num' : undefined} data-label={head[j]?.text}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The month's figures: totals, per cost centre, per person (when names are shown), meetings and guests. */
export function SpendTables({ spend }: { spend: SpendAnswer }) {
  const { t, i18n } = useTranslation('budgets');
  const eur = (v: number) => formatEuros(v, i18n.language);
  const s = spend.totals;
  const totals: [string, string | number][] = [
    [t('spend.orders'), s.orders],
    [t('spend.foodValue'), eur(s.food_value)],
    [t('spend.subsidy'), eur(s.subsidy)],
    [t('spend.budgetUsed'), eur(s.budget_used)],
    [t('spend.bonus'), eur(s.bonus)],
    [t('spend.paidByEaters'), eur(s.paid_by_eaters)],
    [t('spend.companyOrders'), s.company_orders],
    [t('spend.companyAmount'), eur(s.company_amount)],
  ];
  return (
    <>
      <section className="card" aria-labelledby="spend-totals-title">
        <h2 id="spend-totals-title" className="card__title">
          {t('spend.totals')}
        </h2>
        <dl className="spend-totals">
          {totals.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="spend-centres-title">
        <h2 id="spend-centres-title" className="card__title">
          {t('spend.costCentres')}
        </h2>
        {spend.cost_centres.length === 0 ? (
          <p>{t('spend.noOrders')}</p>
        ) : (
          <ScrollTable
            caption={t('spend.costCentres')}
            head={[
              { text: t('spend.costCentre') },
              { text: t('spend.orders'), num: true },
              { text: t('spend.amount'), num: true },
              { text: t('spend.budgetUsed'), num: true },
              { text: t('spend.companyAmount'), num: true },
            ]}
            rows={spend.cost_centres.map((c) => [
              c.id === null ? t('spend.noCostCentre') : `${c.code} · ${c.title}`,
              c.orders,
              eur(c.amount),
              eur(c.budget_used),
              eur(c.company_amount),
            ])}
          />
        )}
      </section>
      {spend.names_visible && (
        <section className="card" aria-labelledby="spend-people-title">
          <h2 id="spend-people-title" className="card__title">
            {t('spend.people')}
          </h2>
          {spend.people.length === 0 ? (
            <p>{t('spend.noOrders')}</p>
          ) : (
            <ScrollTable
              caption={t('spend.people')}
              head={[
                { text: t('spend.name') },
                { text: t('spend.email') },
                { text: t('spend.orders'), num: true },
                { text: t('spend.amount'), num: true },
                { text: t('spend.budgetUsed'), num: true },
                { text: t('spend.budget'), num: true },
              ]}
              rows={spend.people.map((p) => [
                p.name || p.email,
                p.email,
                p.orders,
                eur(p.amount),
                eur(p.budget_used),
                p.budget ? t('spend.budgetPer', { amount: eur(p.budget.amount), period: t(`rules.periods.${p.budget.period}`) }) : '—',
              ])}
            />
          )}
        </section>
      )}
      <section className="card" aria-labelledby="spend-meetings-title">
        <h2 id="spend-meetings-title" className="card__title">
          {t('spend.meetings')}
        </h2>
        <ScrollTable
          caption={t('spend.meetings')}
          head={[{ text: t('spend.kind') }, { text: t('spend.count'), num: true }, { text: t('spend.amount'), num: true }]}
          rows={[
            [t('spend.meeting'), spend.meetings.meeting.count, eur(spend.meetings.meeting.amount)],
            [t('spend.guest'), spend.meetings.guest.count, eur(spend.meetings.guest.amount)],
          ]}
        />
      </section>
    </>
  );
}
