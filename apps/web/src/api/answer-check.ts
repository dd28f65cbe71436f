import type { ApiRoute } from '@polaris/contract';
import { ROUTE_SCHEMAS } from '@polaris/contract/schemas';

/**
 * Development and tests only (api/request.ts imports this behind `import.meta.env.DEV`): parses an answer with the
 * output schema the contract pairs with its route, and throws, naming the route and the fields, when it is not
 * what the contract says.
 */
export function checkAnswer(route: ApiRoute, answer: unknown): void {
  const schemas = ROUTE_SCHEMAS.find((entry) => entry.method === route.method && entry.path === route.path);
  if (!schemas) throw new Error(`${route.method} ${route.path} is not in the contract's route table`);
  const parsed = schemas.output.safeParse(answer);
  if (parsed.success) return;
  const where = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  throw new Error(`${route.method} ${route.path} answered what the contract does not say: ${where.join('; ')}`);
}
