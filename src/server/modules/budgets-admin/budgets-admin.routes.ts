import { idParams } from '../../../shared/schemas/ids.js';
import {
  budgetRule,
  budgetRuleInput,
  budgetRuleList,
  budgetRuleScopeQuery,
  groupInput,
  groupList,
  locationGroup,
  userGroupInput,
  userGroupResult,
} from '../../../shared/schemas/budget-rules.js';
import { spendAnswer, spendExportQuery, spendQuery } from '../../../shared/schemas/spend.js';
import { userCtx, type App } from '../../lib/context.js';
import { sendFile } from '../../lib/download.js';
import { fileResponse } from '../../lib/openapi.js';
import { XLSX_TYPE } from '../../lib/spreadsheet.js';
import { createGroup, deleteGroup, listGroups, renameGroup, setUserGroup } from './groups.service.js';
import { deleteRule, listRules, setRule } from './rules.service.js';
import { spendCsv, spendXlsx } from './spend.exports.js';
import { spendOf } from './spend.service.js';

/**
 * The employer's controls (issue 29, decision 074): groups of a location and who is in them, the
 * budget rules' editor, and the spend page with its CSV/XLSX. Routes are open to signed-in users;
 * the services decide (an administrator any location, a location manager their own; for spend,
 * kitchen staff the aggregates without names).
 */
export async function budgetsAdminRoutes(app: App) {
  const access = { access: 'user' } as const;
  const tags = ['budgets'];

  app.get('/locations/:id/groups', { config: access, schema: { tags, params: idParams, response: { 200: groupList } } }, async (req) =>
    listGroups(userCtx(req), req.params.id),
  );
  app.post(
    '/locations/:id/groups',
    { config: access, schema: { tags, params: idParams, body: groupInput, response: { 201: locationGroup } } },
    async (req, reply) => reply.status(201).send(await createGroup(userCtx(req), { locationId: req.params.id, input: req.body, who: req })),
  );
  app.put(
    '/groups/:id',
    { config: access, schema: { tags, params: idParams, body: groupInput, response: { 200: locationGroup } } },
    async (req) => renameGroup(userCtx(req), { groupId: req.params.id, input: req.body, who: req }),
  );
  app.delete('/groups/:id', { config: access, schema: { tags, params: idParams, response: { 200: locationGroup } } }, async (req) =>
    deleteGroup(userCtx(req), { groupId: req.params.id, who: req }),
  );
  app.put(
    '/users/:id/group',
    { config: access, schema: { tags, params: idParams, body: userGroupInput, response: { 200: userGroupResult } } },
    async (req) => setUserGroup(userCtx(req), { userId: req.params.id, groupId: req.body.group_id, who: req }),
  );

  app.get(
    '/locations/:id/budget-rules',
    { config: access, schema: { tags, params: idParams, response: { 200: budgetRuleList } } },
    async (req) => listRules(userCtx(req), req.params.id),
  );
  app.put(
    '/locations/:id/budget-rules',
    { config: access, schema: { tags, params: idParams, body: budgetRuleInput, response: { 200: budgetRule, 201: budgetRule } } },
    async (req, reply) => {
      const { rule, created } = await setRule(userCtx(req), { locationId: req.params.id, input: req.body, who: req });
      return reply.status(created ? 201 : 200).send(rule);
    },
  );
  app.delete(
    '/locations/:id/budget-rules',
    { config: access, schema: { tags, params: idParams, querystring: budgetRuleScopeQuery, response: { 200: budgetRule } } },
    async (req) => deleteRule(userCtx(req), { locationId: req.params.id, groupId: req.query.group_id ?? null, who: req }),
  );

  app.get('/spend', { config: access, schema: { tags, querystring: spendQuery, response: { 200: spendAnswer } } }, async (req) =>
    spendOf(userCtx(req), req.query),
  );
  // Fetched with the Authorization header and saved from a blob (decision 012), like the invoices' exports.
  app.get(
    '/spend/export',
    {
      config: access,
      schema: {
        tags,
        querystring: spendExportQuery,
        otherResponses: { 200: fileResponse('The spend of the month (CSV or XLSX)', 'text/csv', XLSX_TYPE) },
      },
    },
    async (req, reply) => {
      const { format, ...q } = req.query;
      const spend = await spendOf(userCtx(req), q);
      const name = `spend-${spend.location ? `location-${spend.location.id}` : 'all'}-${spend.month}.${format}`;
      return format === 'csv'
        ? sendFile(reply, spendCsv(spend, req.lang), 'text/csv; charset=utf-8', name)
        : sendFile(reply, await spendXlsx(spend, req.lang), XLSX_TYPE, name);
    },
  );
}
