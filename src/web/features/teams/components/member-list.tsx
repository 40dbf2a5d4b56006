import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Table, type Column } from '../../../components/ui/table';
import { isApiError } from '../../../lib/api';
import { UserCostCentre } from '../../../components/cost-centres/user-cost-centre';
import { TEAM_KEY, teamApi, type TeamMember } from '../api';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

/** The team table: name, e-mail, activated; activate/deactivate with confirmation, not on the own row (spec 4). */
export function MemberList({ members, loading, locationId }: { members: TeamMember[]; loading: boolean; locationId: number }) {
  const { t } = useTranslation('teams');
  const client = useQueryClient();
  const [asking, setAsking] = useState<TeamMember | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const toggle = useMutation({
    mutationFn: (m: TeamMember) => (m.activated ? teamApi.deactivate(m.id) : teamApi.activate(m.id)),
    onMutate: () => setOutcome(null),
    onSuccess: (answer, m) => {
      setAsking(null);
      setOutcome({
        tone: 'success',
        text: answer?.message ?? t(m.activated ? 'members.deactivated' : 'members.activated', { name: m.first_name }),
      });
    },
    onError: (error) => {
      setAsking(null);
      if (!(isApiError(error) && error.isIgnored)) setOutcome({ tone: 'error', text: errorMessage(error, t('members.updateFailed')) });
    },
    onSettled: () => client.invalidateQueries({ queryKey: TEAM_KEY }),
  });

  const name = (m: TeamMember) => m.first_name || m.email;
  const columns: Column<TeamMember>[] = [
    {
      key: 'first_name',
      header: t('members.name'),
      sortable: true,
      className: 'team-col-name',
      sortValue: (m) => m.first_name.toLocaleLowerCase(),
      cell: (m) => (
        <>
          <span className="team-member__name">{m.first_name || '—'}</span>
          {m.is_self && <span className="muted"> ({t('members.you')})</span>}
          {m.is_location_manager && !m.is_self && <span className="muted"> ({t('members.manager')})</span>}
          <span className="team-member__email-inline muted">{m.email}</span>
        </>
      ),
    },
    { key: 'email', header: t('members.email'), sortable: true, className: 'team-col-email', cell: (m) => m.email },
    {
      key: 'activated',
      header: t('members.status'),
      sortable: true,
      sortValue: (m) => (m.activated ? 1 : 0),
      className: 'team-col-status',
      cell: (m) => (
        <span className={`badge ${m.activated ? 'badge--ok' : 'badge--off'}`}>
          {m.activated ? t('members.active') : t('members.inactive')}
        </span>
      ),
    },
    {
      // The member's default cost centre (decision 075); the select shows only when the company has cost centres.
      key: 'cost_centre',
      header: t('members.costCentre'),
      className: 'team-col-cost-centre',
      cell: (m) => <UserCostCentre userId={m.id} locationId={locationId} value={m.cost_centre_id} />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">{t('members.actions')}</span>,
      align: 'end',
      className: 'team-col-actions',
      cell: (m) =>
        m.is_self ? null : (
          <Button
            size="sm"
            variant={m.activated ? 'ghost' : 'primary'}
            className={m.activated ? 'btn--danger-text' : undefined}
            disabled={toggle.isPending}
            aria-label={t(m.activated ? 'members.deactivateNamed' : 'members.activateNamed', { name: name(m) })}
            onClick={() => {
              setOutcome(null);
              setAsking(m);
            }}
          >
            {m.activated ? t('members.deactivate') : t('members.activate')}
          </Button>
        ),
    },
  ];

  return (
    <>
      <div aria-live="polite">{outcome && <Notice tone={outcome.tone}>{outcome.text}</Notice>}</div>
      <Table columns={columns} rows={members} rowKey={(m) => m.id} loading={loading} emptyText={t('members.empty')} perPage={50} />
      <ConfirmDialog
        open={asking !== null}
        title={asking?.activated ? t('members.deactivateTitle') : t('members.activateTitle')}
        message={
          asking
            ? t(asking.activated ? 'members.deactivateConfirm' : 'members.activateConfirm', { name: name(asking), email: asking.email })
            : ''
        }
        confirmLabel={asking?.activated ? t('members.deactivate') : t('members.activate')}
        tone={asking?.activated ? 'danger' : 'primary'}
        busy={toggle.isPending}
        onConfirm={() => asking && toggle.mutate(asking)}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
