import { activitySchemas } from '@polaris/contract/schemas';
import type { Router } from '../../platform/router.ts';
import type { PromoService } from './promo.service.ts';

const tags = ['activity'];

/** Promo codes: the organizer's list, new codes and disabling; a guest's check before paying. */
export function promoRoutes(router: Router, { promos }: { promos: PromoService }): void {
  router.route({
    ...activitySchemas.promoCheck,
    summary: 'Check a promo code: the hidden ticket types it shows and what each type costs with it',
    tags,
    auth: 'user',
    // Codes are short: a guess per request, slowly.
    rateLimit: 'auth',
    handler: ({ input, user }) => promos.check(user.id, input),
  });

  router.route({
    ...activitySchemas.promoList,
    summary: "The activity's promo codes with their uses",
    tags,
    auth: 'user',
    handler: ({ input, user }) => promos.list(user.id, input.activityId),
  });

  router.route({
    ...activitySchemas.promoCreate,
    summary: 'A new promo code: percent or amount off, or free; for some ticket types or all; uses; a window',
    tags,
    auth: 'user',
    handler: ({ input, user }) => promos.create(user.id, input),
  });

  router.route({
    ...activitySchemas.promoDisable,
    summary: 'Disable a promo code (places paid with it keep their price)',
    tags,
    auth: 'user',
    handler: ({ input, user }) => promos.disable(user.id, input.activityId, input.promoId),
  });
}
