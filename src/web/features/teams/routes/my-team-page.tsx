import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../components/ui/form-error-notice';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { TEAM_KEY, useTeam } from '../api';
import { InviteForm } from '../components/invite-form';
import { MemberList } from '../components/member-list';
import { NotifyCard } from '../components/notify-card';
import { PendingInvitations } from '../components/pending-invitations';
import { ReportCard } from '../components/report-card';
import { WasteSummaryCard } from '../../../components/waste/waste-summary-card';
import '../../../styles/manage.css';
import '../teams.css';

/** /my-team: the location manager's team (spec 1, 2, 4, 7 "Team"). */
export function Component() {
  const { t } = useTranslation('teams');
  const team = useTeam();
  const client = useQueryClient();
  useDocumentTitle(t('title'));

  let body;
  if (team.isPending) {
    body = <Spinner block />;
  } else if (!team.data) {
    const forbidden = isApiError(team.error) && team.error.status === 403;
    body = forbidden ? (
      <Notice tone="info">{t('notManager')}</Notice>
    ) : (
      <Notice tone="error">
        {errorMessage(team.error, t('loadFailed'))}{' '}
        <Button size="sm" variant="ghost" onClick={() => void team.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  } else {
    const members = team.data.data;
    const active = members.filter((m) => m.activated).length;
    body = (
      <div className="team-layout">
        <section className="card team-card team-members" aria-labelledby="team-members-title">
          <h2 className="team-card__title" id="team-members-title">
            {t('members.title')}
          </h2>
          <p className="muted team-card__intro">{t('members.count', { count: members.length, active })}</p>
          <MemberList members={members} loading={team.isFetching} locationId={team.data.location.id} />
        </section>
        <div className="team-actions">
          <InviteForm inviteUrl={team.data.location.invite_url} onInvited={() => void client.invalidateQueries({ queryKey: TEAM_KEY })} />
          <PendingInvitations />
          <NotifyCard />
          <section className="card team-card" aria-labelledby="team-closed-title">
            <h2 className="team-card__title" id="team-closed-title">
              <Link className="link" to={`/locations/${team.data.location.id}/closed-days`}>
                {t('closedDays')}
              </Link>
            </h2>
            <p className="muted team-card__intro">{t('closedDaysIntro')}</p>
          </section>
          <section className="card team-card" aria-labelledby="team-budgets-title">
            <h2 className="team-card__title" id="team-budgets-title">
              <Link className="link" to={`/locations/${team.data.location.id}/budgets`}>
                {t('budgets')}
              </Link>
            </h2>
            <p className="muted team-card__intro">{t('budgetsIntro')}</p>
          </section>
          <ReportCard />
          <WasteSummaryCard pickLocation={false} />
        </div>
      </div>
    );
  }

  return (
    <section className="page team-page">
      <h1 className="page__title">
        {t('title')}
        {team.data && <span className="muted team-page__location"> {team.data.location.title}</span>}
      </h1>
      {body}
    </section>
  );
}
