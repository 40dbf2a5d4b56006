import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../lib/i18n';
import { ADMINS, hasRole } from '../../../../shared/roles';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api';
import { useMe } from '../../../lib/me';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { groupsKey, rulesKey, useGroups, useRules } from '../api';
import { GroupsCard } from '../components/groups-card';
import { PeopleCard } from '../components/people-card';
import { RuleForm } from '../components/rule-form';
import '../budgets.css';

/**
 * /locations/{id}/budgets: a location's budget rules, its groups and who is in them (issue 29,
 * decision 074). Its manager reaches it from "My team", an administrator from the locations list.
 */
export function Component() {
  const { t } = useTranslation('budgets');
  const params = useParams();
  const locationId = Number(params.id);
  const me = useMe();
  const client = useQueryClient();
  const groups = useGroups(locationId);
  const rules = useRules(locationId);
  const title = groups.data ? t('titleOf', { location: groups.data.location.title }) : t('title');
  useDocumentTitle(title);
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: groupsKey(locationId) }),
      client.invalidateQueries({ queryKey: rulesKey(locationId) }),
    ]);
  const back = hasRole(me.data?.role, ADMINS) ? { to: '/locations', text: t('backLocations') } : { to: '/my-team', text: t('backTeam') };

  let body;
  const error = groups.error ?? rules.error;
  if (groups.isPending || rules.isPending) body = <Spinner block />;
  else if (error || !groups.data || !rules.data)
    body =
      isApiError(error) && (error.status === 403 || error.status === 404) ? (
        <Notice tone="info">{t('notManager')}</Notice>
      ) : (
        <Notice tone="error">{t('loadFailed')}</Notice>
      );
  else {
    const ruleOf = (groupId: number | null) => rules.data.data.find((r) => r.group_id === groupId);
    body = (
      <div className="budgets-layout">
        <section className="card budgets-card" aria-labelledby="budgets-rules-title">
          <h2 id="budgets-rules-title" className="card__title">
            {t('rules.title')}
          </h2>
          <p className="muted">{t('rules.intro')}</p>
          <RuleForm
            key="location"
            locationId={locationId}
            groupId={null}
            title={t('rules.everyone')}
            rule={ruleOf(null)}
            onChanged={() => void refresh()}
          />
          {groups.data.data.map((g) => (
            <RuleForm
              key={`group-${g.id}`}
              locationId={locationId}
              groupId={g.id}
              title={t('rules.group', { title: g.title })}
              rule={ruleOf(g.id)}
              onChanged={() => void refresh()}
            />
          ))}
        </section>
        <div className="budgets-side">
          <GroupsCard locationId={locationId} groups={groups.data.data} onChanged={() => void refresh()} />
          <PeopleCard data={groups.data} onChanged={() => void refresh()} />
        </div>
      </div>
    );
  }

  return (
    <section className="page budgets-page">
      <p>
        <Link className="link" to={back.to}>
          {back.text}
        </Link>
      </p>
      <h1 className="page__title">{title}</h1>
      <p>
        {t('intro')}{' '}
        <Link className="link" to="/spend">
          {t('spendLink')}
        </Link>
      </p>
      {body}
    </section>
  );
}
