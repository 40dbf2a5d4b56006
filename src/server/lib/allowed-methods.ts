/**
 * Which methods each route path answers, collected from the app's routes as they are added
 * (an onRoute hook), so the not-found handler can tell "no such path" (404) from "this path,
 * another method" (405 with Allow). Patterns use Fastify's syntax: `:param` is one segment,
 * `*` the rest of the path.
 */
export function allowedMethods() {
  const routes = new Map<string, { pattern: RegExp; methods: Set<string> }>();
  return {
    add(route: { url: string; method: string | string[] }): void {
      let entry = routes.get(route.url);
      if (!entry) {
        const source = route.url
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('/');
        routes.set(route.url, (entry = { pattern: new RegExp(`^${source}$`), methods: new Set() }));
      }
      for (const m of Array.isArray(route.method) ? route.method : [route.method]) entry.methods.add(m.toUpperCase());
    },
    /** The methods some route answers at this URL (query ignored), sorted; empty for an unknown path. */
    at(url: string): string[] {
      const path = url.split('?', 1)[0]!;
      const found = new Set<string>();
      for (const { pattern, methods } of routes.values()) if (pattern.test(path)) for (const m of methods) found.add(m);
      return [...found].sort();
    },
  };
}
