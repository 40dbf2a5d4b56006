import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { eaterRouteFiles, eaterRoutes } from './eater-routes';
import type { RouteTables } from './feature-tables';
import { staffRouteFiles, staffRoutes } from './staff-routes';

/** Every feature's routes file, found the way both groups find theirs. */
const allRouteFiles = Object.keys(import.meta.glob('../features/*/*.routes.ts'));

/** The tree's two layouts with the given tables (the layouts' elements do not matter here). */
function tree(...tables: RouteTables[]): RouteObject[] {
  return [
    { id: 'public', children: tables.flatMap((t) => t.public) },
    { id: 'app', children: tables.flatMap((t) => t.protected) },
  ];
}

/** An address for each route with a path: parameters filled in, nested paths joined. */
function addresses(routes: RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`.replace(/\/+/g, '/');
    const own = route.path === undefined ? [] : [path.replace(/:[^/]+/g, '7').replace(/\*$/, 'x') || '/'];
    return [...own, ...addresses(route.children ?? [], path)];
  });
}

const leafPath = (routes: RouteObject[], address: string) => matchRoutes(routes, address)?.at(-1)?.route.path;

describe('route tables split between the entry and the staff chunk (decision 090)', () => {
  it('every feature is in exactly one group', () => {
    expect([...eaterRouteFiles, ...staffRouteFiles].sort()).toEqual([...allRouteFiles].sort());
    expect(eaterRouteFiles.filter((f) => staffRouteFiles.includes(f))).toEqual([]);
    expect(staffRouteFiles.length).toBeGreaterThan(10);
  });

  const staffAddresses = addresses([...staffRoutes.public, ...staffRoutes.protected]);

  it('every staff address reaches the eater tables only through their catch-all, so the staff tables load for it', () => {
    expect(staffAddresses).toContain('/kds/7');
    for (const address of staffAddresses) expect(leafPath(tree(eaterRoutes), address), address).toBe('*');
  });

  it('with the staff tables added every staff address opens its own page', () => {
    for (const address of staffAddresses) expect(leafPath(tree(eaterRoutes, staffRoutes), address), address).not.toBe('*');
  });

  it("the eater's pages do not need the staff tables", () => {
    for (const address of addresses([...eaterRoutes.public, ...eaterRoutes.protected]).filter((a) => a !== '/x'))
      expect(leafPath(tree(eaterRoutes), address), address).not.toBe('*');
  });
});
