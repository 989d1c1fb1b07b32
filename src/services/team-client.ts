import {
  API_TEAM,
  type DowngradeRow,
  type Invitation,
  type PlanState,
  type SubscriptionRow,
  type SubSeller,
  type TeamRole,
  type TeamUser,
  type TeamUsers,
  type UpgradeAnswer,
} from '../domain/team-contract';
import type { RoleDraft } from '../domain/team-forms';
import { dataOf } from './answer';
import type { Http } from './types';

// The team and plans area's calls (src/domain/team-contract.ts).

export const fetchTeam = (http: Http): Promise<TeamUsers> => dataOf(http.get(API_TEAM.users));
export const fetchRoles = (http: Http): Promise<TeamRole[]> => dataOf(http.get(API_TEAM.roles));
export const inviteUser = (http: Http, body: unknown): Promise<TeamUser> => dataOf(http.post(API_TEAM.invite, body));
export const changeUserRole = (http: Http, accountId: number, role: string): Promise<TeamUser> =>
  dataOf(
    http.put(
      API_TEAM.editUser(accountId),
      /^\d+$/.test(role) ? { role: 'USER', teamRoleId: Number(role) } : { role, teamRoleId: null },
    ),
  );
export const setUserActive = (http: Http, accountId: number, activated: boolean): Promise<TeamUser> =>
  dataOf(http.put(API_TEAM.userStatus(accountId), { activated }));
export const saveRole = (http: Http, d: RoleDraft): Promise<TeamRole> =>
  dataOf(
    d.roleId === null
      ? http.post(API_TEAM.roles, { roleName: d.roleName, permissions: d.permissions })
      : http.put(API_TEAM.role(d.roleId), { roleName: d.roleName, permissions: d.permissions }),
  );
export const deleteRole = (http: Http, roleId: number): Promise<{ roleId: number }> =>
  dataOf(http.delete(API_TEAM.role(roleId)));
export const readInvitation = (http: Http, token: string): Promise<Invitation> =>
  dataOf(http.get(API_TEAM.invitation(token)));
export const acceptInvitation = (http: Http, body: unknown): Promise<{ email: string }> =>
  dataOf(http.post(API_TEAM.acceptInvitation, body));

export const fetchPlanState = (http: Http): Promise<PlanState> => dataOf(http.get(API_TEAM.plan));
export const upgradePlan = (http: Http, body: unknown): Promise<UpgradeAnswer> =>
  dataOf(http.put(API_TEAM.upgrade, body));
export const fetchSubscriptions = (http: Http): Promise<SubscriptionRow[]> => dataOf(http.get(API_TEAM.subscriptions));
export const fetchDowngrades = (http: Http): Promise<DowngradeRow[]> => dataOf(http.get(API_TEAM.downgrades));
export const requestDowngrade = (http: Http, plan: string): Promise<DowngradeRow> =>
  dataOf(http.post(API_TEAM.downgrades, { plan }));
export const cancelDowngrade = (http: Http, id: number): Promise<DowngradeRow> =>
  dataOf(http.delete(API_TEAM.downgrade(id)));
export const downloadSubscriptionInvoice = (http: Http, id: number): Promise<Blob> =>
  http.download(API_TEAM.invoicePdf(id));

export const fetchSubSellers = (http: Http): Promise<SubSeller[]> => dataOf(http.get(API_TEAM.sellers));
export const createSubSeller = (http: Http, body: unknown): Promise<SubSeller> =>
  dataOf(http.post(API_TEAM.newSeller, body));
export const switchIntoSeller = (http: Http, orgId: number): Promise<{ accessToken: string }> =>
  dataOf(http.post(API_TEAM.switchSeller(orgId)));
