import { route } from '../api-route.ts';
import type { EmptyInput } from '../auth.ts';
import type * as s from '../daogame.ts';

/** The daogame module's calls (apps/server/src/modules/daogame): paths and types only; schemas in daogame.schemas.ts. */
export const daogameApi = {
  home: route<typeof EmptyInput, typeof s.DaogameHomeOutput>('GET', '/daogame/home'),
  list: route<typeof s.DaogameListInput, typeof s.DaogameListOutput>('GET', '/daogame/list'),
  rank: route<typeof s.DaogameRankInput, typeof s.DaogameRankOutput>('GET', '/daogame/rank'),
  detail: route<typeof s.DaogameDetailInput, typeof s.DaogameDetailOutput>('GET', '/daogame/detail'),
};
